"""The log panel: the newest log entries, coloured by grade, undone ones struck through.

It draws only what fits: entries are wrapped (and cached) newest first until the panel is
full, so committing a roll repaints one panel whatever the length of the log, and never
re-lays out the screen. PageUp/PageDown move the window back through the last
:data:`SHOWN` entries. A panel made ``selectable`` (the main screen's) also highlights one
of them for copying (:meth:`LogPanel.start_selecting`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Unpack

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.strip import Strip

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.session.campaign.log import LogEntry, shown_effects, shown_text
from tui.widgets.options import WidgetOptions
from tui.widgets.text_pane import StripPane

__all__ = [
    "GRADE_STYLES",
    "MONO_GRADE_STYLES",
    "SELECTED",
    "LogPanel",
    "entry_text",
    "grade_style",
    "line_text",
]

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
#: The highlighted entry's rows, edge to edge: reverse swaps the panel's own colours, so it
#: shows in every theme, in 16 colours and under NO_COLOR alike (an attribute, not a colour).
SELECTED = Style(reverse=True, bold=True)
#: keys with these modifiers are keys, not typing, even with a character (alt+l is "l")
_MODIFIED = ("alt+", "ctrl+", "super+", "meta+", "hyper+")


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


def line_text(entry: LogEntry, *, undone: bool = False) -> str:
    """The entry as one line of plain text, as the log shows it (time, text, effects) in
    the current language, every control character made visible: what copying it gives."""
    return visible(entry_text(entry, undone=undone).plain)


class LogPanel(StripPane):
    """Shows the newest entries at the bottom; ``scroll_lines`` looks further back.

    Selecting (a ``selectable`` panel, from :meth:`start_selecting` or a click on an entry)
    the panel takes the focus and highlights one entry, kept by its ``seq``: entries logged
    meanwhile leave it where it is, and the view follows it (never further than it must).
    Up/Down move it one entry, PageUp/PageDown a panel's height, Home/End to the oldest kept
    and the newest; Enter (or ctrl+c) copies it (:meth:`copy_line`), Escape asks to leave
    (:class:`Leave`), and a typed character is handed on (:class:`Typed`): the panel is
    left for the roll entry without losing the key. Nothing of it costs a frame anything: the
    highlighted rows are painted once per change, like every other row.
    """

    DEFAULT_CSS = """
    LogPanel { height: 1fr; }
    LogPanel:focus { background-tint: $foreground 5%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Earlier line", show=False, id="log.up"),
        Binding("down", "move(1)", "Later line", show=False, id="log.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="log.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="log.page_down"),
        Binding("home", "move(-1_000_000)", "Oldest line", show=False, id="log.oldest"),
        Binding("end", "move(1_000_000)", "Newest line", show=False, id="log.newest"),
        Binding(
            "enter,ctrl+c",
            "copy",
            "Copy line",
            id="log.copy",
            tooltip=N_("Copy the highlighted line to the clipboard"),
        ),
        Binding("escape", "leave", "Back", id="log.leave", tooltip=N_("Back to the roll entry")),
    ]

    class Leave(Message):
        """Escape while selecting: the selection is gone; the focus should go back."""

    class Typed(Message):
        """A character typed while selecting (the selection is gone): it belongs in the
        roll entry."""

        def __init__(self, character: str) -> None:
            super().__init__()
            self.character = character

    #: what an empty panel says (the log search says "no entry matches")
    EMPTY = N_("Nothing rolled yet: type a roll below, or /help.")

    def __init__(
        self, *, empty: str = "", selectable: bool = False, **kwargs: Unpack[WidgetOptions]
    ) -> None:
        super().__init__(**kwargs)
        self.empty = empty or self.EMPTY
        self.selectable = selectable
        self._selected: int | None = None  # seq of the highlighted entry, while selecting
        self._lit: tuple[object, list[Strip]] = ((), [])  # its rows, highlighted
        self._entries: list[LogEntry] = []
        self._undone: set[int] = set()
        self._back = 0  # lines scrolled back from the newest
        self._wrapped: dict[tuple[int, bool, int], Sequence[Strip]] = {}
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

    @property
    def selecting(self) -> bool:
        """An entry is highlighted (the panel has, or had last, the focus)."""
        return self._selected is not None

    @property
    def selected_entry(self) -> LogEntry | None:
        """The highlighted entry (None when not selecting)."""
        at = self._index(self._selected)
        return self._entries[at] if at is not None else None

    @property
    def newest_entry(self) -> LogEntry | None:
        return self._entries[-1] if self._entries else None

    def line_of(self, entry: LogEntry) -> str:
        """``entry`` as plain text, as this panel shows it (see :func:`line_text`)."""
        return line_text(entry, undone=entry.seq in self._undone)

    def show(self, entries: Sequence[LogEntry], undone: set[int]) -> None:
        """Show the newest entries (a new entry brings the view back to the bottom, or as
        near it as keeps the highlighted entry in view)."""
        recent = list(entries[-SHOWN:])
        if recent and (not self._entries or recent[-1].seq != self._entries[-1].seq):
            self._back = 0
        self._entries = recent
        self._undone = set(undone)
        if self._selected is not None and self._index(self._selected) is None:
            # out of the kept entries (older than all), or gone (the view reloaded): the
            # nearest later one stays highlighted
            later = (e.seq for e in recent if e.seq >= self._selected)
            self._selected = next(later, recent[-1].seq if recent else None)
        if self._selected is not None:
            self._keep_in_view()
        self._version += 1
        self.refresh()

    # -- the selection ---------------------------------------------------------------------
    def allow_focus(self) -> bool:
        """Only while selecting: Tab and shift+Tab pass the panel by otherwise."""
        return self._selected is not None

    def start_selecting(self) -> bool:
        """Highlight the newest entry (unless one already is) and take the focus; False
        when the log is empty or the panel is not selectable."""
        if not self.selectable or not self._entries:
            return False
        if self._selected is None:
            self.select(self._entries[-1].seq)
        self.focus()
        return True

    def toggle_selecting(self) -> None:
        """Into the panel, its newest entry highlighted (a notice when the log is empty); out
        of it, as Escape leaves, when the panel has the focus."""
        if self.has_focus:
            self.action_leave()
        elif not self.start_selecting():
            self.app.notify(_("Nothing in the log to select yet."), timeout=5, markup=False)

    def stop_selecting(self) -> None:
        """No entry highlighted any more (the view stays where it is)."""
        if self._selected is not None:
            self._selected = None
            self._version += 1
            self.refresh()

    def select(self, seq: int) -> None:
        """Highlight the entry ``seq`` (one the panel holds) and bring it into view."""
        if self._index(seq) is None:
            return
        self._selected = seq
        self._keep_in_view()
        self._version += 1
        self.refresh()

    def action_move(self, step: int) -> None:
        """Up/Down (Home/End): ``step`` entries later (positive) or earlier, within the
        kept ones."""
        at = self._index(self._selected)
        if at is not None:
            self.select(self._entries[max(0, min(len(self._entries) - 1, at + step))].seq)

    def action_page(self, pages: int) -> None:
        """PageUp/PageDown: as many entries as fill the panel but a row, at least one."""
        at = self._index(self._selected)
        width, height = self.shown_size
        if at is None or width <= 0:
            return
        rows, step = 0, 0
        while rows < max(1, height - 1):
            nxt = at + (step + 1) * (1 if pages > 0 else -1)
            if not 0 <= nxt < len(self._entries):
                break
            step += 1
            rows += len(self._lines_of(self._entries[nxt], width))
        self.action_move(max(1, step) * (1 if pages > 0 else -1))

    def action_copy(self) -> None:
        if self._selected is not None:
            self.copy_line()

    def copy_line(self) -> None:
        """The highlighted entry, else the newest, to the clipboard as the panel shows it,
        and a notice saying which."""
        entry = self.selected_entry
        if entry is not None:
            said = _("Copied the log line: {text}")
        else:
            entry = self.newest_entry
            said = _("Copied the newest log line (none selected): {text}")
        if entry is None:
            self.app.notify(_("Nothing to copy yet: the log is empty."), timeout=5, markup=False)
            return
        text = self.line_of(entry)
        self.app.copy_to_clipboard(text)
        self.app.notify(said.format(text=text), timeout=5, markup=False)

    def action_leave(self) -> None:
        self.stop_selecting()
        self.post_message(self.Leave())

    def on_key(self, event: events.Key) -> None:
        """A character typed while selecting: handed on to be typed where it belongs."""
        if (
            self._selected is not None
            and event.is_printable
            and event.character
            and not event.key.startswith(_MODIFIED)
        ):
            event.stop()
            event.prevent_default()
            self.stop_selecting()
            self.post_message(self.Typed(event.character))

    def on_click(self, event: events.Click) -> None:
        """A click on an entry highlights it (a selectable panel)."""
        if not self.selectable or not self._entries:
            return
        offset = event.get_content_offset(self)
        if offset is None:
            return
        entry = self._entry_at(offset.y)
        if entry is not None:
            self.select(entry.seq)
            self.focus()

    def _index(self, seq: int | None) -> int | None:
        """Where the entry ``seq`` is among those kept (looked for from the newest)."""
        if seq is None:
            return None
        for i in range(len(self._entries) - 1, -1, -1):
            if self._entries[i].seq == seq:
                return i
        return None

    def _keep_in_view(self) -> None:
        """Move the view as little as shows the highlighted entry (its top, if it is
        taller than the panel)."""
        at = self._index(self._selected)
        width, height = self.shown_size
        if at is None or width <= 0 or height <= 0:
            return
        below = sum(len(self._lines_of(e, width)) for e in self._entries[at + 1 :])
        rows = len(self._lines_of(self._entries[at], width))
        self._back = min(self._back, below)
        if below + rows > self._back + height:
            self._back = below + rows - height

    def _entry_at(self, y: int) -> LogEntry | None:
        """The entry drawn on content row ``y`` (None: a blank row)."""
        lines = self._visible()
        width = self.shown_size.width
        index = y - (self._visible_height - len(lines))
        if not 0 <= index < len(lines) or width <= 0:
            return None
        from_bottom = self._back + len(lines) - 1 - index  # rows below it, in the whole log
        for entry in reversed(self._entries):
            from_bottom -= len(self._lines_of(entry, width))
            if from_bottom < 0:
                return entry
        return None

    def scroll_lines(self, lines: int) -> None:
        """Move the view ``lines`` back (negative) or forward (positive)."""
        self._back = max(0, self._back - lines)
        self._version += 1
        self.refresh()

    def notify_style_update(self) -> None:
        self._visible_key = None  # its lines carry the old colours
        self._wrapped.clear()
        self._lit = ((), [])
        super().notify_style_update()

    def _lit_lines(self, entry: LogEntry, lines: Sequence[Strip]) -> list[Strip]:
        """``lines`` (the entry's rows) highlighted, made once per entry, state and width."""
        key = (entry.seq, entry.seq in self._undone, lines[0].cell_length if lines else 0)
        if self._lit[0] != key:
            self._lit = (key, [line.apply_style(SELECTED) for line in lines])
        return self._lit[1]

    def _lines_of(self, entry: LogEntry, width: int) -> Sequence[Strip]:
        """The entry wrapped to ``width`` and painted in the panel's colours (cached: a new
        entry paints its own rows, not the screenful above it; a row is painted once it
        shows, so an entry of hundreds of rows paints the few on screen)."""
        undone = entry.seq in self._undone
        key = (entry.seq, undone, width)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 4 * SHOWN:
                self._wrapped.clear()
            lines = self.painted_rows(entry_text(entry, undone=undone, mono=self.mono), width)
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
                rows = self._lines_of(entry, width)
                if entry.seq == self._selected:
                    rows = self._lit_lines(entry, rows)
                lines[:0] = rows[max(0, len(rows) - (need - len(lines))) :]
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
