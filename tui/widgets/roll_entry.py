"""The roll entry: one line with history (Up/Down) and name completion (Tab).

The widget knows nothing about rules or the session. It asks its ``completer`` (a callable
set by the screen) for candidates; ``Changed`` on each keystroke (for the preview) comes
from :class:`~textual.widgets.Input`, and Enter calls ``on_commit`` with the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import Reactive
from textual.suggester import Suggester
from textual.widgets import Input

__all__ = ["RollEntry"]

Completer = Callable[[str], Sequence[str]]
HISTORY_LIMIT = 500
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


class _Suggest(Suggester):
    """Greyed-out inline suggestion: the first completion of what is typed."""

    def __init__(self, entry: RollEntry) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._entry = entry

    async def get_suggestion(self, value: str) -> str | None:
        options = self._entry.completions(value)
        return options[0] if options else None


class RollEntry(Input):
    """Input with history and completion; Enter hands the line to ``on_commit``."""

    # Input re-lays out the whole screen whenever the text width changes (its virtual size
    # is a layout reactive). The entry has a fixed size and never shows scrollbars, so a
    # repaint is enough: this keeps each keystroke and each committed roll within a frame.
    virtual_size = Reactive(Size(0, 0), repaint=True, layout=False)

    BINDINGS = [
        Binding("up", "history(-1)", "Previous line", show=False, id="entry.history_back"),
        Binding("down", "history(1)", "Next line", show=False, id="entry.history_forward"),
        Binding("tab", "complete", "Complete", show=False, id="entry.complete", priority=True),
    ]

    def __init__(
        self,
        *,
        on_commit: Callable[[str], None],
        completer: Completer | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(placeholder="alice spot hidden hard · 3d6+2 · /help", **kwargs)  # type: ignore[arg-type]
        self.completer: Completer = completer or (lambda _text: ())
        self.on_commit = on_commit
        self.suggester = _Suggest(self)
        self.history: list[str] = []
        self._cursor = 0
        self._draft = ""
        self._cycle: list[str] = []
        self._cycle_at = 0

    def completions(self, value: str) -> list[str]:
        """Full-line completions of ``value`` (empty when nothing fits)."""
        if not value.strip():
            return []
        try:
            return [c for c in self.completer(value) if c != value]
        except Exception:  # a completer must never break typing
            return []

    def action_complete(self) -> None:
        """Tab: accept the suggestion; Tab again cycles through the other candidates."""
        if self._cycle and self.value == self._cycle[self._cycle_at]:
            self._cycle_at = (self._cycle_at + 1) % len(self._cycle)
        else:
            self._cycle = self.completions(self.value)
            self._cycle_at = 0
        if self._cycle:
            self.value = self._cycle[self._cycle_at]
            self.cursor_position = len(self.value)
        else:
            self.app.bell()

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        if self._cursor == len(self.history):
            self._draft = self.value
        self._cursor = max(0, min(len(self.history), self._cursor + step))
        self.value = self.history[self._cursor] if self._cursor < len(self.history) else self._draft
        self.cursor_position = len(self.value)

    def load_history(self, lines: Sequence[str]) -> None:
        """Lines of an earlier session, placed before this session's (Up reaches them last)."""
        self.history[:0] = lines
        del self.history[:-HISTORY_LIMIT]
        self._cursor = len(self.history)

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
            del self.history[:-HISTORY_LIMIT]
        self._cursor = len(self.history)
        self._draft = ""

    def _on_paste(self, event: events.Paste) -> None:
        """Pasted text loses its control characters (a pasted escape sequence would reach
        the terminal when the entry repaints)."""
        event.text = _CONTROL.sub("", event.text.replace("\r\n", "\n").replace("\r", "\n")
                                  .replace("\t", " "))
        super()._on_paste(event)

    async def _on_key(self, event: events.Key) -> None:
        # Enter is handled here, in the order the keys arrived. As a binding it would bubble
        # to the app first, and over a slow SSH link the keys typed after it (which arrive in
        # the same packet) would already be in the line when it is submitted.
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.commit()
            return
        await super()._on_key(event)

    def commit(self) -> None:
        """Take the line: remember it, clear the entry at once, hand the line on.

        ``on_commit`` (set by the screen) handles the line right here, so the cleared entry
        and the result reach the screen in the same frame; a message would arrive a frame
        later.
        """
        line = self.value
        if line.strip():
            self.remember(line.strip())
        self.value = ""
        self.on_commit(line)
