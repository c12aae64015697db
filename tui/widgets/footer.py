"""Textual's footer with each key's description in the GM's language.

Bindings are declared once, at import, in English (their descriptions are the catalog's
message ids); the footer translates each key it shows when it is composed, so switching the
language needs no new bindings.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.widget import Widget
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from tui.i18n import tr

__all__ = ["Footer"]


class Footer(TextualFooter):
    """The footer, translated."""

    def compose(self) -> Iterable[Widget]:  # type: ignore[override]
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = tr(widget.description)
                if widget.tooltip:
                    widget.tooltip = tr(str(widget.tooltip))
            yield widget
