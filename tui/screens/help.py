"""The help screen (f1): key bindings, the roll-entry grammar and the slash commands."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.help_text import GRAMMAR, KEYS

__all__ = ["HelpScreen"]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,f1,q", "dismiss", "Close help", id="help.close"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False, id="help.down"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="help.up"),
    ]

    def __init__(self, commands: Sequence[tuple[str, str]] = ()) -> None:
        super().__init__()
        self.commands = commands

    def compose(self) -> ComposeResult:
        lines = "\n".join(f"  {usage:<34} {text}" for usage, text in self.commands)
        body = f"{KEYS}\n{GRAMMAR}\nCOMMANDS\n{lines}\n\nEscape closes this help."
        with VerticalScroll(id="help-body"):
            yield Static(body, markup=False)

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=step, animate=False)
