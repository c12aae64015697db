"""The dialogs that build a roll line for the GM: the roll form, "who should roll this?" and
the typed line's whole preview.

Each hands its line back to the main screen, which commits it as if typed
(:meth:`~tui.screens.main.MainScreen.run_chosen`); they open on the GM's table only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import _
from tui.session.table.table import Feedback

if TYPE_CHECKING:
    from tui.screens.main import MainScreen

__all__ = ["best", "roll_form", "whole_preview"]


def whole_preview(screen: MainScreen, _argument: str = "") -> None:
    """The typed line's whole preview on a screen of its own: rolling there commits the
    line, typing there goes on in the entry. Nothing typed: the bell."""
    from tui.screens.whole_preview import WholePreviewScreen, whole_text

    entry = screen.entry
    preview, line = screen.preview.typed, entry.value
    if preview is None or not line.strip() or not preview.text:
        screen.app.bell()
        return
    body = whole_text(preview.text, preview.odds, ok=preview.ok, mono=screen.mono)

    def closed(roll: bool | str | None) -> None:
        if isinstance(roll, str):  # typed there: the keys go on in the line
            if roll.startswith("/") and not entry.value.lstrip().startswith("/"):
                entry.value = ""  # a command begins: not glued to a roll line
            entry.resume(roll)
            return
        entry.focus()
        if roll and entry.value == line:
            screen.run_chosen(line)

    rolls = preview.ok and not screen.read_only and not line.lstrip().startswith("/")
    screen.app.push_screen(WholePreviewScreen(line, body, rolls=rolls), closed)


def roll_form(screen: MainScreen, _argument: str = "") -> None:
    """The guided roll form, on the character of the typed line, else the selected one."""
    from tui.screens.roll_form import RollFormScreen
    from tui.session.entry.entry import Check

    if screen.refuse_read_only():
        return
    table = screen.table
    table.warm_up()
    who = screen.selected
    typed = screen.entry.value
    try:
        parsed = table.parse(typed) if typed.strip() else None
    except Exception:
        parsed = None
    if isinstance(parsed, Check):
        who = parsed.a.actor
    screen.app.push_screen(RollFormScreen(table, who), screen.run_chosen)


def best(screen: MainScreen, check: str = "") -> None:
    """Every party member's odds for ``check`` (``/best SKILL``), else for the check typed in
    the entry; the one chosen rolls it."""
    from tui.screens.best import BestScreen
    from tui.session.entry.entry import Check

    if screen.refuse_read_only():
        return
    if check:
        screen.app.push_screen(BestScreen(screen.table, check), screen.run_chosen)
        return
    line = screen.entry.value.strip()
    try:
        parsed = screen.table.parse(line) if line else None
    except Exception:
        parsed = None
    if not isinstance(parsed, Check):
        screen.show_feedback(
            Feedback(
                False,
                _("type a check first (e.g. alice spot hidden), then ctrl+b; or /best SKILL"),
            )
        )
        return
    side = parsed.a
    words = [side.skill, *side.words, *(f"{k}={v}" for k, v in side.options.items())]
    best(screen, " ".join(words))
