"""The log panel: the newest log entries, coloured by grade, undone ones struck through."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.session.log import LogEntry

__all__ = ["GRADE_STYLES", "LogPanel"]

#: Named ANSI colours so a 16-colour terminal shows them as intended; the words themselves
#: carry the grade, so nothing is lost under NO_COLOR.
GRADE_STYLES = {
    "critical": "bold magenta",
    "special": "bold cyan",
    "success": "green",
    "partial": "yellow",
    "failure": "red",
    "fumble": "bold red reverse",
}
SHOWN = 200


class LogPanel(VerticalScroll):
    """Shows the last :data:`SHOWN` entries; the newest at the bottom, kept in view."""

    DEFAULT_CSS = """
    LogPanel { height: 1fr; }
    LogPanel > Static { width: 100%; }
    """

    def compose(self):  # type: ignore[no-untyped-def]
        yield Static(id="log-lines")

    def show(self, entries: Sequence[LogEntry], undone: set[int]) -> None:
        text = Text(no_wrap=False, overflow="fold")
        for entry in entries[-SHOWN:]:
            if text:
                text.append("\n")
            stamp = entry.time[11:16] if len(entry.time) >= 16 else entry.time
            text.append(f"{stamp} ", style="dim")
            style = GRADE_STYLES.get(entry.grade, "")
            if entry.kind in ("undo", "redo"):
                style = "italic dim"
            if entry.seq in undone:
                style = f"{style} strike dim".strip()
            text.append(entry.text, style=style)
            for effect in entry.effects:
                text.append(f"  ⟶ {effect}", style="dim" if entry.seq in undone else "bold")
        self.query_one("#log-lines", Static).update(text)
        self.scroll_end(animate=False)
