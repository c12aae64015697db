"""The key footer: Textual's :class:`~textual.widgets.Footer`, in the GM's language, rebuilt
only when what it shows changes.

Bindings are declared once, at import, in English (their descriptions are the catalog's
message ids); the footer translates each key it shows when it is composed, so switching the
language needs no new bindings.

Textual's footer rebuilds its keys every time the screen's bindings are updated (focus moves,
a placeholder changes …): five times while the main screen opens, each mounting and styling a
widget per key. This one compares what it would show (key, description, enabled, tooltip of
every shown binding) with what it shows and rebuilds only on a difference.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from tui.i18n import tr

__all__ = ["Footer", "KeyFooter"]

Shown = tuple[tuple[object, ...], ...]


class Footer(TextualFooter):
    """The footer, translated."""

    def compose(self) -> Iterable[Widget]:  # type: ignore[override]
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = tr(widget.description)
                if widget.tooltip:
                    widget.tooltip = tr(str(widget.tooltip))
            yield widget


class KeyFooter(Footer):
    """The translated footer, rebuilt only when its keys change (the main screen's)."""

    _composed: Shown | None = None

    def _shown(self, screen: Screen[object]) -> Shown:
        """What composing shows: the shown bindings (in order) and the command palette's,
        looked up by its key. Hidden bindings come and go with the focus (an Input's
        cursor keys) and change nothing here."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, binding.key, binding.description, enabled, tooltip, binding.action,
             binding.group.description if binding.group else None, binding.show)
            for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show or key == palette)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self._shown(screen)
            if shown == self._composed and self._bindings_ready:
                return  # the same keys as shown: nothing to rebuild
            self._composed = shown
        super().bindings_changed(screen)
