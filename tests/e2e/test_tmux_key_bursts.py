"""Keys that reach the app in one read (one ``tmux send-keys`` call: a GM typing quickly
over SSH) take effect in the order typed, in a real terminal (80×24). Each burst below is
sent at once; only then is the screen read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tests.e2e.test_tmux_editor import _rows
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-age.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "7"}


def _hint(term: Terminal, hint: str) -> None:
    term.wait_until(lambda s: hint in _rows(s)[3], what=f"the row with the hint {hint!r}")


def test_bursts_in_the_character_editor_act_in_the_order_typed(tmp_path: Path) -> None:
    save = tmp_path / "age.toml"
    shutil.copy(DEMO, save)
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV, cwd=tmp_path)
        term.wait_for("Infiltration at Tycho")
        term.type("/add Guard npc gm")
        term.press("Enter")
        term.wait_for("Edit Guard")
        _hint(term, "the name (unique)")
        # from Name: Down, then Enter edits Player (not Name); the name typed next goes
        # into the edit line that Enter opened, and Enter confirms it
        term.press("Down", "Enter", "A", "n", "n", "Enter")
        screen = term.wait_for("Guard: player Ann")
        assert "Edit Guard" in screen  # the name is untouched
        # from Side: Down Down Enter opens the row two below, Side is not switched
        term.press("Down")
        _hint(term, "Enter switches party / npc")
        term.press("Down", "Down", "Enter")
        screen = term.wait_for("add attribute: Enter keeps it")
        assert "now in the party" not in screen
        term.press("Escape")
        term.wait_for("not changed")
        # a rename confirmed and ctrl+z in the same burst: renamed, then taken back
        term.press("Home")
        _hint(term, "the name (unique)")
        term.press("Enter", "C-u", "B", "o", "b", "Enter", "C-z")
        term.wait_until(
            lambda s: "Guard renamed Bob" in s and "Edit Guard" in s, what="the rename and its undo"
        )
        wait_for_file(
            lambda: "Bob" not in [c.name for c in load(save)[0].characters],
            what="the undone rename in the save",
        )
        term.press("Escape", "C-q")  # leave the editor and quit, in one burst too
        assert term.wait_exit() == 0
    guard = load(save)[0].character("Guard")
    assert guard.player == "Ann" and guard.side == "npc" and guard.gm_only
