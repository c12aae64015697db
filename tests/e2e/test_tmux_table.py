"""Running the table in a real terminal (issue 9): a Strange round, then BRP experience.

The installed ``tablekeeper`` in tmux at 80×24, typed as a GM would; results read back from
the screen and from the save.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMOS = {p.stem.removeprefix("demo-"): p for p in demo_paths()}
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "7"}


def _copy(tmp_path: Path, system: str) -> Path:
    save = tmp_path / f"{system}.toml"
    shutil.copy(DEMOS[system], save)
    return save


def _line(term: Terminal, text: str, shown: str) -> None:
    term.type(text)
    term.press("Enter")
    term.wait_for(shown)


def test_strange_round_with_a_reaction(tmp_path: Path) -> None:
    """The seed's wrestling: Dallah acts, Balgruf skips and wins in the reactions phase."""
    save = _copy(tmp_path, "strange")
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV, cwd=tmp_path)
        term.wait_for("Северный тракт")
        _line(term, "/scene Tavern", "round 1")
        _line(term, "/goal dallah throw the jarl out", "PLANNING")
        _line(term, "/phase", "ACTIONS")
        _line(term, "/skip balgruf", "skip")
        _line(term, "/act dallah wrestling vs balgruf", "#1")
        _line(term, "dallah wrestling range=3,6 = 1 6 5 5", "pending")
        _line(term, "/phase", "REACTIONS")
        _line(term, "balgruf athletics = 2 4 6 6", "Балгруф")
        wait_for_file(lambda: len(load(save)[1]) >= 8, what="the reaction in the log")
        term.press("C-q")
        assert term.wait_exit() == 0
    campaign, log = load(save)
    assert campaign.scene is not None and campaign.scene.phase == "reactions"
    rolls = [e for e in log if e.kind == "roll"]
    assert len(rolls) == 2
    assert "1-6-5-5" in rolls[0].text and "pending" in " ".join(rolls[0].effects)
    assert "2-4-6-6" in rolls[1].text
    assert any("the reaction wins" in effect for effect in rolls[1].effects)


def test_brp_end_of_adventure_with_typed_rolls(tmp_path: Path) -> None:
    save = _copy(tmp_path, "brp")
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV, cwd=tmp_path)
        term.wait_for("The Whispering House")
        _line(term, "alice knowledge occult = 10", "Knowledge (Occult) 35%: 10")
        term.type("/endadventure")
        term.press("Enter")
        term.wait_for("Knowledge (Occult)", "35")
        term.type("36")
        term.press("Enter")
        term.wait_for("d6")
        term.type("4")
        term.press("Enter")
        term.wait_for("39")
        term.press("Enter")  # apply
        term.wait_for("adventure 2")
        wait_for_file(lambda: load(save)[0].adventure == 2, what="adventure 2 in the save")
        campaign = load(save)[0]
        alice = campaign.character("Alice Moore")
        assert alice.skills["Knowledge (Occult)"] == 39 and alice.ticks == ()
        term.press("C-z")  # the whole end of adventure is one step
        term.wait_for("adventure 1")
        wait_for_file(lambda: load(save)[0].adventure == 1, what="the undo in the save")
        assert load(save)[0].character("Alice Moore").skills["Knowledge (Occult)"] == 35
        term.press("C-q")
        assert term.wait_exit() == 0
