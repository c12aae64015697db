"""The help screen (f1): the roll-entry grammar, the open campaign's system's modifiers, the
keys active where it was opened and the slash commands, laid out for the screen's width
(:func:`tui.screens.help_text.layout`) with examples from the open campaign.

The key list is generated from the active bindings of the screen below (focused widget, then
the screen, then the app), so a key remapped in the config's ``[keymap]`` shows its new key,
with the binding id to remap it by.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tui.base.textsafe import visible
from tui.language import _, tr
from tui.screens.help_text import (
    Examples,
    Section,
    examples_of,
    grammar,
    layout,
    modifiers,
    players_view,
)
from tui.screens.layout_keys import with_other_layout
from tui.session.systems.registry import infos
from tui.session.table.table import Table
from tui.widgets.options import WidgetOptions

__all__ = ["HelpBody", "HelpScreen", "key_rows", "keys_section", "keys_text"]


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
    found = [(key, tr(what), "") for key, what in extra]
    found += [("/".join(keys), tr(what), ident) for (ident, what), keys in rows.items()]
    return found


def keys_section(rows: Sequence[tuple[str, str, str]]) -> Section:
    """The KEYS section: the key, what it does and the binding id to remap it by."""
    return Section(
        _("KEYS (binding ids remap in config.toml [keymap])"),
        rows=tuple((keys, f"{what}  {ident}".rstrip()) for keys, what, ident in rows),
        left=15,
    )


def keys_text(rows: Sequence[tuple[str, str, str]], width: int = 78) -> str:
    return layout([keys_section(rows)], width)


class HelpBody(Static):
    """The help's sections, set again for the width whenever it changes."""

    def __init__(self, sections: Sequence[Section], **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.sections = list(sections)

    def text_for(self, width: int) -> Text:
        return Text(visible(layout(self.sections, max(20, width)), newlines=True))

    def render(self) -> Text:
        return self.text_for(self.content_size.width or 76)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.text_for(width).plain.splitlines())


class HelpScreen(ModalScreen[None]):
    BINDINGS = with_other_layout(
        [
            Binding("escape,f1,q", "dismiss", "Close help", id="help.close"),
            Binding("down,j", "scroll(1)", "Scroll down", show=False, id="help.down"),
            Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="help.up"),
        ]
    )

    def __init__(
        self,
        commands: Sequence[tuple[str, str]] = (),
        keys: Sequence[tuple[str, str, str]] = (),
        modifiers: Section | None = None,
        examples: Examples | None = None,
        *,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.commands = commands
        self.keys = keys
        self.modifiers = modifiers
        self.examples = examples or Examples()
        self.read_only = read_only

    @classmethod
    def of(
        cls,
        table: Table | None,
        keys: Sequence[tuple[str, str, str]] = (),
        *,
        read_only: bool = False,
    ) -> HelpScreen:
        """The help of the open campaign: its commands and its system's modifiers; without
        a campaign (the picker), the registered systems. The players' view (``read_only``)
        explains itself instead of the roll-entry language, with its own commands only."""
        if table is None:
            shown = None if read_only else modifiers(systems=[tr(s.name) for s in infos()])
            return cls([], keys, shown, read_only=read_only)
        commands = [(c.shown_usage, c.help) for c in table.commands()]
        shown = None if read_only else modifiers(table.system_name, table.system.entry_help)
        return cls(
            commands, keys, shown, examples_of(table.campaign, table.system), read_only=read_only
        )

    @property
    def sections(self) -> list[Section]:
        # the language first (what a GM pressing f1 at the table looks for), then the keys
        parts = [players_view()] if self.read_only else grammar(self.examples)
        if self.modifiers is not None:
            parts.append(self.modifiers)
        if self.keys:
            parts.append(keys_section(self.keys))
        if self.commands:
            parts.append(Section(_("COMMANDS"), rows=tuple(self.commands), left=34))
        parts.append(Section(_("Escape closes this help.")))
        return parts

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body"):
            yield HelpBody(self.sections)

    def action_scroll(self, step: int) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_relative(y=step, animate=False)
