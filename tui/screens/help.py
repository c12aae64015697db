"""The help screen (f1): key bindings, the roll-entry grammar, the system's modifiers and the
slash commands."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.help_text import GRAMMAR, KEYS, modifiers
from tui.session.systems.registry import infos
from tui.session.table.table import Table

__all__ = ["HelpScreen"]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,f1,q", "dismiss", "Close help", id="help.close"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False, id="help.down"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="help.up"),
    ]

    def __init__(self, commands: Sequence[tuple[str, str]] = (), modifiers: str = "") -> None:
        super().__init__()
        self.commands = commands
        self.modifiers = modifiers

    @classmethod
    def of(cls, table: Table | None) -> HelpScreen:
        """The help of the open campaign: its commands and its system's modifiers; without
        a campaign (the picker), the registered systems."""
        if table is None:
            return cls([], modifiers(systems=[s.name for s in infos()]))
        commands = [(c.usage, c.help) for c in table.commands()]
        return cls(commands, modifiers(table.system_name, table.system.entry_help))

    def compose(self) -> ComposeResult:
        lines = "\n".join(f"  {usage:<34} {text}" for usage, text in self.commands)
        body = (f"{KEYS}\n{GRAMMAR}\n{self.modifiers}\nCOMMANDS\n{lines}\n\n"
                "Escape closes this help.")
        with VerticalScroll(id="help-body"):
            yield Static(body, markup=False)

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=step, animate=False)
