"""The character editor in a real terminal (80×24, tmux), driven by keys as a GM would:
/add opens it, fields are typed and confirmed, ctrl+z takes back one field, Escape leaves;
the save on disk has what the screen showed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-gurps.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "7"}


def _rows(screen: str) -> list[str]:
    """The editor box's last rows, bottom up: status (2), edit line, hint."""
    rows = screen.split("\n")
    bottom = max(i for i, r in enumerate(rows) if r.lstrip().startswith("╰") and "─" in r and i > 2)
    return [rows[bottom - k].strip("│╰╯╭╮ ") for k in range(1, 5)]


def _cleared(screen: str) -> bool:
    """The edit line is empty: it shows its placeholder, the row's hint, as the hint line
    above it does (keys sent in one read with ctrl+u would be taken for a paste)."""
    _s2, _s1, line, hint = _rows(screen)
    return line == hint != ""


def _edit_row(term: Terminal, downs: int, hint: str, text: str, shown: str) -> None:
    """From the Name row go ``downs`` rows down (to the row whose hint is ``hint``), edit it:
    Enter, replace the value, Enter. Each step waits for the screen: keys sent faster than
    a hand types may reach the app out of order (an escape sequence waits to be complete)."""
    if downs:
        term.press(*(["Down"] * downs))
    term.wait_until(lambda s: hint in _rows(s)[3], what=f"the row with the hint {hint!r}")
    term.press("Enter")
    screen = term.wait_for("Enter keeps it")
    if not _cleared(screen):  # an "+ add" row starts empty
        term.press("C-u")
        term.wait_until(_cleared, what="the edit line cleared")
    term.type(text)
    term.press("Enter")
    term.wait_for(shown)


def _top(term: Terminal) -> None:
    term.press("Home")
    term.wait_until(lambda s: "the name (unique)" in _rows(s)[3], what="the Name row")


def test_add_and_edit_a_character_by_keys(tmp_path: Path) -> None:
    save = tmp_path / "gurps.toml"
    shutil.copy(DEMO, save)
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV, cwd=tmp_path)
        term.wait_for("The Warehouse Job")
        term.type("/add Sniper npc")
        term.press("Enter")
        term.wait_for("Edit Sniper", "+ add attribute", "+ add skill")
        # Name is the first row: rename it
        attribute, skill = "NAME = VALUE (a number", "NAME = VALUE (a whole number)"
        _edit_row(term, 0, "the name", "Rooftop Sniper", "Sniper renamed Rooftop Sniper")
        # rows (section headers are skipped): Name, Player, Side, GM-only, the attributes,
        # + add attribute, the skills, + add skill, the resources, + add resource …
        _edit_row(term, 4, attribute, "Basic Speed = 6.5", "new attribute Basic Speed 6.5")
        _top(term)
        _edit_row(term, 5, attribute, "DX = 13", "new attribute DX 13")
        _top(term)
        _edit_row(term, 7, skill, "Guns (Rifle) = 15", "new skill Guns (Rifle) 15")
        _top(term)
        _edit_row(term, 9, "NAME = VALUE[/MAX]", "HP = 10/10", "new resource HP 10/10")
        _top(term)
        _edit_row(
            term, 7, "a whole number, or NEW NAME", "lots", "a skill value here is a whole number"
        )  # refused
        term.press("Escape")  # cancels the edit, stays in the editor
        term.wait_for("not changed")
        term.press("C-z")  # takes back the last confirmed field: HP
        term.wait_gone("HP 10/10")
        wait_for_file(
            lambda: "HP" not in load(save)[0].character("Rooftop Sniper").resources,
            what="the undone HP in the save",
        )
        term.press("Escape")  # leaves the editor
        term.wait_for("Rooftop Sniper (npc)")
        term.type("/scene Roof")
        term.press("Enter")
        term.wait_for("round 1")
        term.type("/order")
        term.press("Enter")
        term.wait_for("turn order: Rooftop Sniper")  # Basic Speed 6.5 acts first
        term.press("C-q")
        assert term.wait_exit() == 0
    sniper = load(save)[0].character("Rooftop Sniper")
    assert sniper.attributes == {"Basic Speed": 6.5, "DX": 13}
    assert sniper.skills == {"Guns (Rifle)": 15}
    assert sniper.resources == {} and sniper.side == "npc"
