"""The log panel: the newest log entries, coloured by grade, undone ones struck through.

It draws only what fits: entries are wrapped (and cached) newest first until the panel is
full, so committing a roll repaints one panel whatever the length of the log, and never
re-lays out the screen. PageUp/PageDown move the window back through the last
:data:`SHOWN` entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from rich.text import Text
from textual.strip import Strip

from tui.language import N_, _, tr
from tui.session.campaign.log import LogEntry, shown_effects, shown_text
from tui.widgets.options import WidgetOptions
from tui.widgets.text_pane import StripPane

__all__ = ["GRADE_STYLES", "MONO_GRADE_STYLES", "LogPanel", "entry_text", "grade_style"]

#: Named ANSI colours, so a theme (dark or light) and a 16-colour terminal map them; the
#: bright ones, because a 16-colour palette's plain red or magenta on black is too dark to
#: read. The words themselves carry the grade too. A fumble is white on red.
GRADE_STYLES = {
    "critical": "bold bright_magenta",
    "special": "bold bright_cyan",
    "success": "bright_green",
    "partial": "bright_yellow",
    "failure": "bright_red",
    "fumble": "bold bright_white on red",
}
#: Under NO_COLOR: attributes only (colours would become dark greys on a dark panel).
MONO_GRADE_STYLES = {
    "critical": "bold underline",
    "special": "bold",
    "success": "",
    "partial": "italic",
    "failure": "",
    "fumble": "bold reverse",
}


def grade_style(grade: str, *, mono: bool = False, default: str = "") -> str:
    """The style of a result of ``grade`` (``mono``: under NO_COLOR)."""
    return (MONO_GRADE_STYLES if mono else GRADE_STYLES).get(grade, default)


SHOWN = 200


def entry_text(entry: LogEntry, *, undone: bool = False, mono: bool = False) -> Text:
    """One log entry as styled text: time, what happened, its effects (a secret entry —
    the players' view never shows it — is marked for the GM)."""
    text = Text()
    stamp = entry.time[11:16] if len(entry.time) >= 16 else entry.time
    text.append(f"{stamp} ", style="dim")
    if entry.secret:
        text.append(_("secret "), style="dim italic")
    style = grade_style(entry.grade, mono=mono)
    if entry.kind == "info":
        style = "italic"
    if entry.kind in ("undo", "redo"):
        style = "italic dim"
    if undone:
        style = f"{style} strike dim".strip()
    text.append(shown_text(entry), style=style)
    for effect in shown_effects(entry):
        text.append(f"  ⟶ {effect}", style="dim" if undone else "bold")
    return text


class LogPanel(StripPane):
    """Shows the newest entries at the bottom; ``scroll_lines`` looks further back."""

    DEFAULT_CSS = """
    LogPanel { height: 1fr; }
    """

    #: what an empty panel says (the log search says "no entry matches")
    EMPTY = N_("Nothing rolled yet: type a roll below, or /help.")

    def __init__(self, *, empty: str = "", **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.empty = empty or self.EMPTY
        self._entries: list[LogEntry] = []
        self._undone: set[int] = set()
        self._back = 0  # lines scrolled back from the newest
        self._wrapped: dict[tuple[int, bool, int], list[Strip]] = {}
        self._version = 0  # bumped by every change of what the panel holds or where it looks
        self._visible_key: object = None
        self._visible_lines: list[Strip] = []  # painted in the panel's colours
        self._visible_height = 0

    @property
    def newest_seq(self) -> int:
        """``seq`` of the newest entry the panel holds (0 when empty)."""
        return self._entries[-1].seq if self._entries else 0

    @property
    def plain_text(self) -> str:
        """Every shown entry as plain text (for tests and screen readers)."""
        return "\n".join(entry_text(e, undone=e.seq in self._undone).plain for e in self._entries)

    def show(self, entries: Sequence[LogEntry], undone: set[int]) -> None:
        """Show the newest entries (a new entry brings the view back to the bottom)."""
        recent = list(entries[-SHOWN:])
        if recent and (not self._entries or recent[-1].seq != self._entries[-1].seq):
            self._back = 0
        self._entries = recent
        self._undone = set(undone)
        self._version += 1
        self.refresh()

    def scroll_lines(self, lines: int) -> None:
        """Move the view ``lines`` back (negative) or forward (positive)."""
        self._back = max(0, self._back - lines)
        self._version += 1
        self.refresh()

    def notify_style_update(self) -> None:
        self._visible_key = None  # its lines carry the old colours
        self._wrapped.clear()
        super().notify_style_update()

    def _lines_of(self, entry: LogEntry, width: int) -> list[Strip]:
        """The entry wrapped to ``width`` and painted in the panel's colours (cached: a new
        entry paints its own rows, not the screenful above it)."""
        undone = entry.seq in self._undone
        key = (entry.seq, undone, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 4 * SHOWN:
                self._wrapped.clear()
            lines = self.painted_strips(entry_text(entry, undone=undone, mono=self.mono), width)
            self._wrapped[key] = lines
        return lines

    def _visible(self) -> list[Strip]:
        """The painted strips that fill the panel, oldest first (made once per change: the
        panel asks for each of its rows on every repaint)."""
        size = self.shown_size
        key = (size, self._version)
        if key == self._visible_key:
            return self._visible_lines
        width, height = size.width, size.height
        lines: list[Strip] = []
        if width > 0 and height > 0 and not self._entries:
            hint = Text(tr(self.empty), style="dim italic")
            lines = self.painted_strips(hint, width)
        elif width > 0 and height > 0:
            need = height + self._back
            for entry in reversed(self._entries):
                lines[:0] = self._lines_of(entry, width)
                if len(lines) >= need:
                    break
        self._back = min(self._back, max(0, len(lines) - height))
        end = len(lines) - self._back
        self._visible_lines = lines[max(0, end - height) : end]
        self._visible_key = key
        self._visible_height = height
        return self._visible_lines

    def render_line(self, y: int) -> Strip:
        lines = self._visible()
        # newest at the bottom: pad above when the log does not fill the panel yet
        index = y - (self._visible_height - len(lines))
        return lines[index] if 0 <= index < len(lines) else self.blank()
