"""Rows framed once: a widget's border, padding and colours put around a row it drew before
come back without being worked out again.

Textual frames every row it repaints (its ``StylesCache.render_line``): it looks up the
border, padding, outline, tint and opacity and builds the row anew, about 40–90 µs a row.
When the log gains an entry every row above it moves up one: the same rows, each framed
again at its new place, and then split again for the screen (the splits are cached on
the framed row, so a new framed row misses them too).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Unpack

from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from textual._styles_cache import StylesCache
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.options import WidgetOptions

if TYPE_CHECKING:
    from rich.terminal_theme import TerminalTheme
    from textual.color import Color
    from textual.content import Content
    from textual.css.styles import StylesBase
    from textual.filter import LineFilter
    from textual.geometry import Spacing
    from textual.style import Style

__all__ = ["FramedRows", "FramedWidget"]

#: framed rows kept per widget row before the memo starts again (a repaint or two)
KEPT_PER_ROW = 3


def _frame(styles: StylesBase) -> tuple[object, ...]:
    """What of the widget's styles goes into framing a content row."""
    hatch = styles.hatch if styles.has_rule("hatch") else None
    return (styles.gutter, styles.border, styles.tint, styles.text_opacity, hatch)


def _outlined(styles: StylesBase) -> bool:
    return any(edge for edge, _ in styles.outline)


class FramedRows(StylesCache):
    """A styles cache that frames a content row once per row object (see the module).

    :class:`FramedRows` is the widget's styles cache, keeping the framed row of each content row
    by the row's identity: a pane that hands back the *same* :class:`~textual.strip.Strip` for
    an unchanged row (the log's painted entries, a sheet's cached rows) gets back the same
    framed row, and with it every cache Textual keeps on that row. A framed row is reused only
    while everything else that went into it is unchanged: the widget's size and content size,
    padding, colours, opacity, theme, and its border, outline, tint, hatch and text opacity
    (:func:`_frame`, read once per repaint). Border and padding rows, rows below the content,
    and widgets with an outline are framed by Textual as before.

    This builds on ``StylesCache``, which is Textual's own and not public; the dependency pin
    (``textual>=8.2.8,<8.3``) holds its signature, and ``tests/tui/test_framed_rows.py`` checks
    row for row that the framed rows are the ones Textual makes.
    """

    def __init__(self) -> None:
        super().__init__()
        self._framed: dict[int, tuple[Strip, tuple[object, ...], Strip]] = {}
        self._key: tuple[object, ...] | None = None  # this repaint's frame (None: not yet)
        self._rows = range(0)  # this repaint's content rows (none: Textual frames them all)

    def render(
        self,
        styles: StylesBase,
        size: Size,
        base_background: Color,
        background: Color,
        render_content_line: Callable[[int], Strip],
        filters: Sequence[LineFilter],
        border_title: tuple[Content, Color, Color, Style] | None,
        border_subtitle: tuple[Content, Color, Color, Style] | None,
        content_size: Size | None = None,
        padding: Spacing | None = None,
        crop: Region | None = None,
        opacity: float = 1.0,
        ansi_theme: TerminalTheme = DEFAULT_TERMINAL_THEME,
        native_ansi: bool = False,
    ) -> list[Strip]:
        self._key = None
        if len(self._framed) > KEPT_PER_ROW * max(1, size.height):
            self._framed.clear()
        return super().render(
            styles,
            size,
            base_background,
            background,
            render_content_line,
            filters,
            border_title,
            border_subtitle,
            content_size=content_size,
            padding=padding,
            crop=crop,
            opacity=opacity,
            ansi_theme=ansi_theme,
            native_ansi=native_ansi,
        )

    def render_line(
        self,
        styles: StylesBase,
        y: int,
        size: Size,
        content_size: Size,
        padding: Spacing,
        base_background: Color,
        background: Color,
        render_content_line: Callable[[int], Strip],
        border_title: tuple[Content, Color, Color, Style] | None,
        border_subtitle: tuple[Content, Color, Color, Style] | None,
        opacity: float,
        ansi_theme: TerminalTheme,
        native_ansi: bool,
    ) -> Strip:
        key = self._key
        if key is None:
            gutter = styles.gutter
            top = gutter.top
            end = min(top + content_size.height, size.height - gutter.bottom)
            self._rows = range(0) if _outlined(styles) else range(top, end)
            key = self._key = (
                _frame(styles),
                size,
                content_size,
                padding,
                base_background,
                background,
                opacity,
                id(ansi_theme),
                native_ansi,
            )
        if y not in self._rows:
            return super().render_line(
                styles,
                y,
                size,
                content_size,
                padding,
                base_background,
                background,
                render_content_line,
                border_title,
                border_subtitle,
                opacity,
                ansi_theme,
                native_ansi,
            )
        row = render_content_line(y - self._rows.start)
        hit = self._framed.get(id(row))
        if hit is not None and hit[0] is row and hit[1] == key:
            return hit[2]
        framed = super().render_line(
            styles,
            y,
            size,
            content_size,
            padding,
            base_background,
            background,
            lambda _y: row,
            border_title,
            border_subtitle,
            opacity,
            ansi_theme,
            native_ansi,
        )
        self._framed[id(row)] = (row, key, framed)
        return framed


class FramedWidget(Widget):
    """A widget whose unchanged rows are framed once (:class:`FramedRows`) and which reads
    its size once per repaint (:attr:`shown_size`): each read looks the widget up on its
    screen, and a repaint asks for every row.

    With another Textual base, name that one first (``class L(ScrollView, FramedWidget)``):
    Textual takes a widget's default CSS along its first bases only."""

    def __init__(self, *children: Widget, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(*children, **kwargs)
        self._styles_cache = FramedRows()
        self._painting: Size | None = None  # the size, while rows are asked for

    def measured_size(self) -> Size:
        """The size the rows are drawn for (the content size; a list with a scroll bar
        of its own says otherwise)."""
        return self.content_size

    @property
    def shown_size(self) -> Size:
        """:meth:`measured_size`, read once per repaint while rows are asked for."""
        return self.measured_size() if self._painting is None else self._painting

    def render_lines(self, crop: Region) -> list[Strip]:
        self._painting = self.measured_size()
        try:
            return super().render_lines(crop)
        finally:
            self._painting = None
