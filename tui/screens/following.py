"""A screen that follows the session: it repaints after every change, its own or not.

The character editor and sheet sit above the main screen; ctrl+z / ctrl+y (app-wide keys)
and the screen's own edits change the session under them. :class:`Follows` subscribes to
the session while the screen is mounted and calls :meth:`Follows.follow` once per change,
after the change (never inside it).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.screen import ModalScreen

from tui.base.textsafe import visible
from tui.language import _
from tui.screens.mount_guard import closed_before_mount
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.table.table import Table

__all__ = ["Follows"]


class Follows(ModalScreen[str | None]):
    """A modal screen over one character of ``table``; dismissed with its current name."""

    def __init__(self, table: Table, name: str) -> None:
        super().__init__()
        self.table = table
        self.who = name
        #: every name the character had while this screen was open, newest last (undoing a
        #: rename brings an older one back)
        self.names = [name]
        self._queued = False
        self._lost = False  # the character went while another screen was on top
        self._leaving = False

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.table.session.subscribe(self._changed)

    def on_unmount(self) -> None:
        self.table.session.unsubscribe(self._changed)

    def _changed(self, _campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        for entry in entries:  # a rename (the editor's entry names both names)
            old, new = entry.inputs.get("renamed"), entry.inputs.get("to")
            if (
                isinstance(old, str)
                and isinstance(new, str)
                and old in self.names
                and new not in self.names
            ):
                self.names.append(new)
        if not self._queued:
            self._queued = True
            self.call_later(self._follow_now)

    def _follow_now(self) -> None:
        self._queued = False
        if self._leaving or not self.is_attached:
            return
        if self.find() is None:
            if self.app.screen is self:
                self._gone()
            else:
                self._lost = True
            return
        self.follow()

    def on_screen_resume(self) -> None:
        if self._lost:
            self._lost = False
            self._follow_now()

    def _gone(self) -> None:
        self.app.notify(
            visible(_("{name} is no longer in the campaign").format(name=self.who)), markup=False
        )
        self.close(None)

    def close(self, result: str | None) -> None:
        """Dismiss once (a change and a key may both ask)."""
        if not self._leaving:
            self._leaving = True
            self.dismiss(result)

    def find(self) -> str | None:
        """The character's name now (following renames and their undo), or ``None``."""
        have = {c.name for c in self.table.campaign.characters}
        for name in reversed(self.names):
            if name in have:
                self.who = name
                return name
        return None

    def renamed(self, name: str) -> None:
        if name != self.who:
            self.names.append(name)
            self.who = name

    def follow(self) -> None:
        """Repaint from the session (subclasses)."""
