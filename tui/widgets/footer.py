"""The key footer: Textual's :class:`~textual.widgets.Footer`, rebuilt only when what it shows
changes.

Textual's footer rebuilds its keys every time the screen's bindings are updated (focus moves,
a placeholder changes …): five times while the main screen opens, each mounting and styling a
widget per key. This one compares what it would show (key, description, enabled, tooltip of
every shown binding) with what it shows and rebuilds only on a difference.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

__all__ = ["KeyFooter"]

Shown = tuple[tuple[str, str, bool, str, bool], ...]


class KeyFooter(Footer):
    """A :class:`Footer` that skips rebuilding to the same keys."""

    _composed: Shown | None = None

    def _shown(self, screen: Screen[object]) -> Shown:
        # every binding, shown or not: the command palette's key is looked up by name
        return tuple((binding.key, binding.description, enabled, tooltip, binding.show)
                     for _node, binding, enabled, tooltip in screen.active_bindings.values())

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = self._shown(screen)
            if shown == self._composed and self._bindings_ready:
                return  # the same keys as shown: nothing to rebuild
            self._composed = shown
        super().bindings_changed(screen)
