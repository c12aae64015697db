"""A fixed-size pane of styled text painted line by line from cached strips.

``Static.update`` converts and re-wraps its content and usually re-lays out the screen;
this pane only re-wraps when its text or width changes and never asks for a layout, which
keeps a committed roll within a frame (see ``tests/bench``).
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from tui.textsafe import visible

__all__ = ["StripPane", "TextPane", "safe", "to_strips"]


def safe(text: Text) -> Text:
    """``text`` with its control characters made visible (spans stay: same length)."""
    shown = visible(text.plain, newlines=True)
    if shown is text.plain:
        return text
    copy = text.copy()
    copy.plain = shown
    return copy


def to_strips(text: Text, width: int, console: Console) -> list[Strip]:
    """``text`` wrapped to ``width`` as paint-ready strips, each exactly ``width`` cells.

    Every pane paints through here, so no text of a save ever reaches the terminal as a
    control sequence (see :mod:`tui.textsafe`).
    """
    text = safe(text)
    return [
        Strip(list(line.render(console, end=""))).extend_cell_length(width).crop(0, width)
        for line in text.wrap(console, max(1, width), overflow="fold")
    ]


class StripPane(Widget):
    """A widget painted from strips it caches, in its own colours, without re-layout."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._style_cache: Style | None = None

    def base_style(self) -> Style:
        """The widget's own colours, computed once (``rich_style`` walks every ancestor)."""
        if self._style_cache is None:
            self._style_cache = self.rich_style
        return self._style_cache

    def notify_style_update(self) -> None:
        self._style_cache = None
        super().notify_style_update()

    def painted(self, strip: Strip) -> Strip:
        return strip.apply_style(self.base_style())

    def blank(self) -> Strip:
        return Strip([Segment(" " * self.content_size.width, self.base_style())])


class TextPane(StripPane):
    """Shows one :class:`~rich.text.Text`, wrapped to the pane's width, top-aligned."""

    DEFAULT_CSS = """
    TextPane { height: 1fr; }
    """

    def __init__(self, text: Text | str = "", **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._text = Text(text) if isinstance(text, str) else text
        self._lines: list[Strip] = []
        self._width = -1

    def update(self, text: Text | str) -> None:
        """Show ``text`` instead (repaints only this pane)."""
        self._text = Text(text) if isinstance(text, str) else text
        self._width = -1
        self.refresh()

    def render(self) -> Text:
        """The text shown (tests and tools read it; painting uses :meth:`render_line`)."""
        return self._text

    def _strips(self) -> list[Strip]:
        width = self.content_size.width
        if width != self._width:
            self._lines = to_strips(self._text, width, self.app.console)
            self._width = width
        return self._lines

    def render_line(self, y: int) -> Strip:
        lines = self._strips()
        return self.painted(lines[y]) if y < len(lines) else self.blank()
