"""The main screen's guided ways to a roll line: the roll form (ctrl+r), "who should roll
this?" (ctrl+b, ``/best``), the whole scene (f3) and Tab's completions; and its ways to a
character's sheet (f2 the next, f4 the selected, Enter on the party list). A base class of
:class:`~tui.screens.main.MainScreen`, which stays one screen in two modules; the line a form
builds is committed through the main screen's own path (:meth:`run_line`), as if typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui.language import _
from tui.screens.review import ReviewActions
from tui.session.table.table import Feedback

if TYPE_CHECKING:
    from tui.widgets.party import PartyPanel
    from tui.widgets.roll_entry import RollEntry

__all__ = ["TableActions"]


class TableActions(ReviewActions):
    """The roll form, "who should roll this?", the whole scene, Tab's completions and the
    ways to a sheet, for the main screen."""

    read_only: bool
    selected: str | None

    if TYPE_CHECKING:  # the main screen's, used here

        @property
        def entry(self) -> RollEntry: ...

        @property
        def party(self) -> PartyPanel: ...

        def show_feedback(self, feedback: Feedback) -> None: ...

        def run_line(self, line: str) -> None: ...

    def _complete(self, text: str) -> list[str]:
        """Tab's completions (loaded with the first Tab or by the warm-up, not to open)."""
        from tui.session.table.completion import complete_line

        return complete_line(self.table, text)

    def action_sheet(self) -> None:
        self.open_character("sheet", "")

    def open_character(self, screen: str, name: str) -> None:
        """The character sheet or editor (``screen``) of ``name`` (default: the selected)."""
        from tui.screens.characters import open_character

        open_character(self, screen, name or self.selected or "")

    def action_next_character(self) -> None:
        names = self.party.names
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.selected = names[i % len(names)]
        self.party.show(self.table.campaign, self.selected)

    def _refuse_read_only(self) -> bool:
        if self.read_only:
            self.show_feedback(Feedback(False, _("read-only player view: nothing can change")))
        return self.read_only

    def action_roll_form(self) -> None:
        """ctrl+r: the guided roll form, on the character of the typed line or the sheet."""
        from tui.screens.roll_form import RollFormScreen
        from tui.session.table.entry import Check

        if self._refuse_read_only():
            return
        self.table.warm_up()
        who = self.selected
        try:
            parsed = self.table.parse(self.entry.value) if self.entry.value.strip() else None
        except Exception:
            parsed = None
        if isinstance(parsed, Check):
            who = parsed.a.actor
        self.app.push_screen(RollFormScreen(self.table, who), self._chosen)

    def action_best(self) -> None:
        """ctrl+b: "who should roll this?" for the check typed in the entry."""
        from tui.session.table.entry import Check

        if self._refuse_read_only():
            return
        line = self.entry.value.strip()
        try:
            parsed = self.table.parse(line) if line else None
        except Exception:
            parsed = None
        if not isinstance(parsed, Check):
            self.show_feedback(
                Feedback(
                    False,
                    _("type a check first (e.g. alice spot hidden), then ctrl+b; or /best SKILL"),
                )
            )
            return
        side = parsed.a
        words = [side.skill, *side.words, *(f"{k}={v}" for k, v in side.options.items())]
        self.open_best(" ".join(words))

    def open_best(self, check: str) -> None:
        from tui.screens.best import BestScreen

        self.app.push_screen(BestScreen(self.table, check), self._chosen)

    def _chosen(self, line: str | None) -> None:
        """A line from the roll form or "who rolls?": committed as if typed."""
        self.entry.focus()
        if line:
            self.entry.value = ""
            self.run_line(line)

    def action_scene_details(self) -> None:
        from tui.screens.scene import SceneScreen

        self.app.push_screen(SceneScreen(self.table.campaign))
