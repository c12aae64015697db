"""The help screen (f1): the keys active where it was opened, the roll-entry grammar, the
open campaign's system's modifiers and the slash commands.

The key list is generated from the active bindings of the screen below (focused widget, then
the screen, then the app), so a key remapped in the config's ``[keymap]`` shows its new key,
with the binding id to remap it by.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.help_text import GRAMMAR, PLAYERS_VIEW, modifiers
from tui.session.systems.registry import infos
from tui.session.table.table import Table

__all__ = ["HelpScreen", "key_rows", "keys_text"]


def key_rows(screen: Screen[object]) -> list[tuple[str, str, str]]:
    """``(keys, what, binding id)`` for what ``screen`` answers to now.

    Textual's pick per key (``active_bindings``, priority bindings first) is taken when it
    is one of ours (ours carry ids). A key it gives to one of Textual's own widget bindings
    (no id: the entry's page_up …) still reaches ours whenever that one does not apply
    (Textual skips it), so ours further along the chain are listed too; the chain is
    ``Screen._modal_binding_chain``, the same one (keymap applied) ``active_bindings`` reads.
    Keys a screen handles outside bindings come from its ``EXTRA_KEYS``. A binding whose
    action the node disables (``check_action`` is false: the players' view's undo …) is
    not listed.
    """
    rows: dict[tuple[str, str], list[str]] = {}
    taken: set[str] = set()

    def add(key: str, binding: Binding) -> None:
        if binding.id and binding.description and not binding.system and key not in taken:
            taken.add(key)
            rows.setdefault((binding.id, binding.description), []).append(key)

    for key, active in screen.active_bindings.items():
        add(key, active.binding)
    for node, bindings_map in screen._modal_binding_chain:
        for key, binding in bindings_map:
            if screen.app._check_action_state(binding.action, node) is not False:
                add(key, binding)
    extra: Sequence[tuple[str, str]] = getattr(screen, "EXTRA_KEYS", ())
    found = [(key, what, "") for key, what in extra]
    found += [("/".join(keys), what, ident) for (ident, what), keys in rows.items()]
    return found


def keys_text(rows: Sequence[tuple[str, str, str]]) -> str:
    lines = [f"  {keys:<15} {what:<22} {ident}".rstrip() for keys, what, ident in rows]
    return "KEYS (binding ids remap in config.toml [keymap])\n" + "\n".join(lines) + "\n"


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,f1,q", "dismiss", "Close help", id="help.close"),
        Binding("down,j", "scroll(1)", "Scroll down", show=False, id="help.down"),
        Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="help.up"),
    ]

    def __init__(
        self,
        commands: Sequence[tuple[str, str]] = (),
        keys: Sequence[tuple[str, str, str]] = (),
        modifiers: str = "",
        *,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.commands = commands
        self.keys = keys
        self.modifiers = modifiers
        self.read_only = read_only

    @classmethod
    def of(cls, table: Table | None, keys: Sequence[tuple[str, str, str]] = (), *,
           read_only: bool = False) -> HelpScreen:
        """The help of the open campaign: its commands and its system's modifiers; without
        a campaign (the picker), the registered systems. The players' view (``read_only``)
        explains itself instead of the roll-entry language, with its own commands only."""
        if table is None:
            shown = "" if read_only else modifiers(systems=[s.name for s in infos()])
            return cls([], keys, shown, read_only=read_only)
        commands = [(c.usage, c.help) for c in table.commands()]
        shown = "" if read_only else modifiers(table.system_name, table.system.entry_help)
        return cls(commands, keys, shown, read_only=read_only)

    def compose(self) -> ComposeResult:
        parts = [keys_text(self.keys)] if self.keys else []
        parts.append(PLAYERS_VIEW if self.read_only else GRAMMAR)
        if self.modifiers:
            parts.append(self.modifiers)
        if self.commands:
            lines = "\n".join(f"  {usage:<34} {text}" for usage, text in self.commands)
            parts.append(f"COMMANDS\n{lines}\n")
        body = "\n".join(parts) + "\nEscape closes this help."
        with VerticalScroll(id="help-body"):
            yield Static(body, markup=False)

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=step, animate=False)
