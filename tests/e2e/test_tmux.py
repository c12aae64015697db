"""The installed ``tablekeeper`` in a real terminal (tmux, 80×24): roll, tick, undo, reopen.

Everything the GM would see is read back with ``capture-pane``; everything that must last is
read back from the save with :func:`tui.store.load` while the app is still running (the
autosave thread writes it within moments of the Enter).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "20261130"}


def alice_ticks(save: Path) -> tuple[str, ...]:
    return load(save)[0].character("Alice Moore").ticks


def preview_rows(term: Terminal) -> str:
    """The two preview rows just above the roll entry and the footer."""
    return term.region(0, term.width, top=term.height - 4, bottom=term.height - 2)


def test_roll_tick_undo_quit_reopen(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMO_BRP, save)
    command = [tablekeeper_command(), str(save)]

    with Terminal(tmp_path) as term:
        term.start(command, env=ENV, cwd=tmp_path)
        term.wait_for("The Whispering House", "Alice Moore")
        assert "%" not in preview_rows(term)

        # the live preview shows exact odds while the line is being typed
        term.type("alice spot hidden = 07")
        term.wait_until(lambda _s: "%" in preview_rows(term), what="the odds preview")
        assert "Spot Hidden 60%" in preview_rows(term)
        assert "special success" in preview_rows(term)  # the odds name every grade

        term.press("Enter")
        term.wait_for("07 → special success")
        term.wait_for("Spot Hidden: 60 ✓")  # the tick on Alice's sheet
        wait_for_file(lambda: alice_ticks(save) == ("Spot Hidden",), what="the tick in the save")
        log = load(save)[1]
        assert [e.kind for e in log] == ["roll"] and log[0].inputs["source"] == "typed"

        term.press("C-z")
        term.wait_for("undo: Alice Moore · Spot Hidden 60%: 07")
        term.wait_gone("Spot Hidden: 60 ✓")
        wait_for_file(lambda: alice_ticks(save) == (), what="the tick to leave the save")
        assert [e.kind for e in load(save)[1]] == ["roll", "undo"]

        term.press("C-q")
        assert term.wait_exit() == 0

    with Terminal(tmp_path, name="again") as term:
        term.start(command, env=ENV, cwd=tmp_path)
        term.wait_for("Alice Moore · Spot Hidden 60%: 07 →", "special success")
        assert "Spot Hidden: 60 ✓" not in term.screen()  # still undone after reopening
        term.press("C-q")
        assert term.wait_exit() == 0
    assert alice_ticks(save) == ()
