"""The key footer: one drawn line of the screen's keys, in the GM's language.

It looks like Textual's :class:`~textual.widgets.Footer` (each shown binding as its key and
description, the command palette's key at the right behind a rule) but is a single widget
that draws its line, not a container of a widget per key. Textual's footer mounts, styles
and lays out a widget per key every time the screen's bindings change (five times while the
main screen opens): about 20 ms before the first frame and 45 ms more, with a second layout
of the whole screen, before the app answers its first key. Here a change of the keys is a
repaint of one line, and only when what it shows differs (hidden bindings come and go with
the focus, an Input's cursor keys, and change nothing).

A line too long for the terminal never cuts a label ("f1 Hel"): the palette's key loses
its label first, then whole keys go, the last first and the help key last of all.

Bindings are declared once, at import, in English (their descriptions are the catalog's
message ids); the footer translates each key it shows when it draws, so switching the
language needs no new bindings.

The mouse works as on Textual's footer: a key under the pointer is highlighted and shows its
tooltip; pressing it presses the key (a disabled key rings the bell).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from tui.language import tr

__all__ = ["Footer", "Key"]

#: the help key's binding id: the last key a narrow line drops (the help lists the others)
_HELP = "app.help"
#: what the line shows: one tuple per shown key (and the palette's), compared to skip redraws
Shown = tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class Key:
    """One key on the line: the key pressed when it is clicked, and what the line shows."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    action: str = ""
    id: str = ""  # the binding's id

    @property
    def width(self) -> int:
        """Its cells on the line (`` f1 Help ``)."""
        return cell_len(f" {self.display} ") + (
            cell_len(f"{self.description} ") if self.description else 0
        )


class Footer(Widget, can_focus=False):
    """The shown bindings of the screen, drawn on one line at the bottom."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    Footer {
        dock: bottom; height: 1;
        color: $footer-foreground; background: $footer-background;
    }
    Footer > .footer--key {
        color: $footer-key-foreground; background: $footer-key-background; text-style: bold;
    }
    Footer > .footer--description {
        color: $footer-description-foreground; background: $footer-description-background;
    }
    Footer > .footer--hover { color: $footer-key-foreground; background: $block-hover-background; }
    Footer > .footer--rule { color: $foreground 20%; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "footer--key",
        "footer--description",
        "footer--hover",
        "footer--rule",
    }

    def __init__(self) -> None:
        super().__init__()
        self._shown: Shown | None = None
        self._keys: tuple[Key, ...] = ()
        self._palette: Key | None = None
        self._hover: str | None = None
        self._columns: tuple[tuple[int, int, Key], ...] = ()  # (start, end, key) as drawn

    # -- what is shown ---------------------------------------------------------------------
    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and self._update():
            self.refresh()

    def _update(self) -> bool:
        """Read the screen's keys; True when they differ from what the line shows."""
        screen = self.screen
        palette = screen.app.COMMAND_PALETTE_BINDING
        active = screen.active_bindings
        shown = tuple(
            (
                key,
                binding.key,
                binding.key_display,
                binding.description,
                enabled,
                tooltip,
                binding.action,
                binding.show,
            )
            for key, (_node, binding, enabled, tooltip) in active.items()
            if binding.show or key == palette
        )
        if shown == self._shown:
            return False
        self._shown = shown
        keys: list[Key] = []
        actions: set[str] = set()
        for _node, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in actions:  # one key per action
                actions.add(binding.action)
                keys.append(self._key(binding, enabled, tooltip))
        self._keys = tuple(keys)
        self._palette = None
        if screen.app.ENABLE_COMMAND_PALETTE and palette in active:
            _node, binding, enabled, tooltip = active[palette]
            self._palette = self._key(binding, enabled, binding.tooltip or binding.description)
        return True

    def _key(self, binding: Binding, enabled: bool, tooltip: str) -> Key:
        return Key(
            binding.key,
            self.app.get_key_display(binding),
            tr(binding.description),
            enabled,
            tr(tooltip) if tooltip else "",
            binding.action,
            binding.id or "",
        )

    @property
    def keys(self) -> tuple[Key, ...]:
        """The keys the line shows, in order (the palette's last)."""
        if self._shown is None:
            self._update()
        return self._keys + ((self._palette,) if self._palette else ())

    # -- drawing ---------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        base = self.rich_style
        width = self.size.width
        if y != 0 or width <= 0:
            return Strip.blank(width, base)
        keys = self.keys
        key_style = base + self.get_component_rich_style("footer--key")
        text_style = base + self.get_component_rich_style("footer--description")
        left: list[Segment] = []
        columns: list[tuple[int, int, Key]] = []
        x = 0
        shown, labelled = self._fitting(width)
        for key in shown:
            parts = [(f" {key.display} ", key_style)]
            if key.description:
                parts.append((f"{key.description} ", text_style))
            size = self._draw(key, parts, left)
            columns.append((x, x + size, key))
            x += size
        right: list[Segment] = []
        room = width
        if self._palette is not None and keys:
            palette = self._palette
            right.append(Segment("▏", base + self.get_component_rich_style("footer--rule")))
            parts = [(palette.display, key_style), (" ", base)]
            if palette.description and labelled:
                parts.insert(1, (f" {palette.description}", text_style))
            size = 1 + self._draw(palette, parts, right)
            room = max(0, width - size)  # the palette's key covers the keys that overrun
            columns = [(a, min(b, room), k) for a, b, k in columns if a < room]
            columns.append((room + 1, room + size, palette))
        self._columns = tuple(columns)
        line = Strip.join([Strip(left).crop_extend(0, room, base), Strip(right)])
        return line.crop_extend(0, width, base)

    def _fitting(self, width: int) -> tuple[list[Key], bool]:
        """The keys that fit ``width`` whole, and whether the palette's label does too.

        Too long a line first loses the palette's label (its key stays), then whole keys,
        the last first; the help key goes last of all (it lists every key). A label is never
        cut: what does not fit is not drawn."""
        keys = list(self._keys)
        palette = self._palette
        if palette is None:
            return keys, True
        bare = 1 + cell_len(palette.display) + 1  # ▏^p
        label = cell_len(f" {palette.description}") if palette.description else 0
        helps = [k for k in keys if k.id == _HELP]
        order = [k for k in reversed(keys) if k.id != _HELP] + helps
        while keys and sum(k.width for k in keys) + bare > width:
            keys.remove(order.pop(0))
        return keys, sum(k.width for k in keys) + bare + label <= width

    def _draw(self, key: Key, parts: list[tuple[str, Style]], out: list[Segment]) -> int:
        """Append ``key``'s parts to ``out`` (hovered, or dim when disabled); its width."""
        extra = Style()
        if key.key == self._hover:
            extra = Style(bgcolor=self.get_component_rich_style("footer--hover").bgcolor)
        if not key.enabled:
            extra += Style(dim=True)
        for text, style in parts:
            out.append(Segment(text, style + extra))
        return sum(cell_len(text) for text, _style in parts)

    def _at(self, x: int) -> Key | None:
        return next((key for a, b, key in self._columns if a <= x < b), None)

    # -- the mouse -------------------------------------------------------------------------
    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._at(event.x)
        name = key.key if key else None
        if name != self._hover:
            self._hover = name
            self.tooltip = key.tooltip if key and key.tooltip else None
            self.refresh()

    def on_leave(self, event: events.Leave) -> None:
        if self._hover is not None:
            self._hover = None
            self.tooltip = None
            self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
