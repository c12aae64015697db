"""A paste of several lines asks before it runs them (never silently only the first).

Enter runs every line in order, as if each were typed and committed; Escape runs none and
leaves the entry as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.base.textsafe import visible
from tui.language import _, ngettext

if TYPE_CHECKING:
    from tui.widgets.roll_entry import RollEntry

__all__ = ["PasteScreen", "ask_then_run"]

SHOWN = 12


class PasteScreen(ModalScreen[bool]):
    """Dismissed with True to run the lines."""

    DEFAULT_CSS = """
    PasteScreen { align: center middle; }
    #paste { width: 76; max-width: 100%; height: auto; max-height: 20; border: round $primary;
             padding: 0 1; background: $surface; }
    #paste-lines { height: auto; max-height: 14; color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "run", "Run every line", id="paste.run"),
        Binding("escape", "cancel", "Cancel", id="paste.cancel"),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        shown = Text()
        for i, line in enumerate(self.lines[:SHOWN]):
            if i:
                shown.append("\n")
            shown.append(f"{i + 1:>2}  ", style="dim")
            shown.append(visible(line))
        if len(self.lines) > SHOWN:
            more = len(self.lines) - SHOWN
            shown.append(
                "\n    "
                + _("… and {more}").format(
                    more=ngettext("{n} more line", "{n} more lines", more).format(n=more)
                )
            )
        with Vertical(id="paste"):
            yield Static(
                Text(
                    ngettext(
                        "You pasted {n} line: run each as if typed? Enter runs them all, Escape runs "  # noqa: E501
                        "none.",
                        "You pasted {n} lines: run each as if typed? Enter runs them all, Escape runs "  # noqa: E501
                        "none.",
                        len(self.lines),
                    ).format(n=len(self.lines)),
                    style="bold",
                )
            )
            yield Static(shown, id="paste-lines")

    def action_run(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)


def ask_then_run(
    app: App[object], lines: list[str], entry: RollEntry, run_line: Callable[[str], None]
) -> None:
    """Ask about a paste of several ``lines``; run each in order by ``run_line`` (as if typed)
    when the GM says so. The focus goes back to ``entry`` either way."""

    def answered(run: bool | None) -> None:
        if run:
            entry.value = ""
            for line in lines:
                run_line(line)
        entry.focus()

    app.push_screen(PasteScreen(lines), answered)
