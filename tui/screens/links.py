"""The players' links (``/links``): each party character's page, as ``tablekeeper serve``
prints them, for the GM to read out or send. Escape closes it."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.base.textsafe import visible
from tui.language import _
from tui.screens.layout_keys import with_other_layout

__all__ = ["LinksScreen", "links_text"]


def links_text(rows: Sequence[tuple[str, str]], note: str) -> Text:
    """``NAME`` and its address, one character a line, then ``note`` (dim)."""
    text = Text()
    for name, url in rows:
        text.append(visible(name), style="bold")
        text.append("\n  ")
        text.append(url if url else _("no link yet: the server makes one within a second"))
        text.append("\n")
    if note:
        text.append(visible(note, newlines=True), style="dim")
    return text


class LinksScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    LinksScreen { align: center middle; }
    #links-box { width: 90%; height: auto; max-height: 90%; border: round $primary;
                 padding: 0 1; background: $surface; }
    """
    BINDINGS = with_other_layout([Binding("escape,q", "dismiss", "Close", id="links.close")])

    def __init__(self, rows: Sequence[tuple[str, str]], note: str) -> None:
        super().__init__()
        self.rows = list(rows)
        self.note = note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="links-box") as box:
            box.border_title = _("Players' links (Escape closes)")
            yield Static(links_text(self.rows, self.note), id="links-text")
