"""A table of many rows that paints only the rows on screen: a header, fixed-width columns, a
row cursor and zebra stripes, with cells asked for when a row comes into view.

Textual's ``DataTable`` measures and keeps every cell of every row it is given: 2,600 rows
(200 characters' experience rolls) took more than half a second to add and again to update.
Here the table holds only a row count and a function giving a row's cells; a row is rendered
when it is painted (and kept until its data or the cursor on it changes), so opening,
updating and scrolling cost what the visible rows cost, whatever the number of rows.
Columns have fixed widths (a long cell is cut after a whole word, with an ellipsis), so
nothing is measured.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.widgets.fit_words import fit_words

__all__ = ["RowTable"]

Cells = Callable[[int], Sequence[Text]]


class RowTable(ScrollView, can_focus=True):
    """Rows ``0 … count-1`` whose cells ``cells(i)`` gives (as :class:`Text`, never markup)."""

    DEFAULT_CSS = """
    RowTable { background: $surface; }
    RowTable > .row-table--header { text-style: bold; background: $panel; }
    RowTable > .row-table--even { background: $surface-lighten-1 30%; }
    RowTable > .row-table--cursor { background: $block-cursor-background;
                                     color: $block-cursor-foreground; text-style: bold; }
    RowTable:blur > .row-table--cursor { background: $block-cursor-blurred-background;
                                          text-style: none; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "row-table--header",
        "row-table--even",
        "row-table--cursor",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "Row up", show=False, id="rows.up"),
        Binding("down", "cursor(1)", "Row down", show=False, id="rows.down"),
        Binding("pageup", "page(-1)", "Page up", show=False, id="rows.page_up"),
        Binding("pagedown", "page(1)", "Page down", show=False, id="rows.page_down"),
        Binding("home", "to(0)", "First row", show=False, id="rows.first"),
        Binding("end", "to(-1)", "Last row", show=False, id="rows.last"),
    ]

    class RowHighlighted(Message):
        """The cursor moved to row ``cursor_row``."""

        def __init__(self, table: RowTable, cursor_row: int) -> None:
            super().__init__()
            self.table = table
            self.cursor_row = cursor_row

        @property
        def control(self) -> RowTable:
            return self.table

    def __init__(
        self,
        columns: Sequence[tuple[str, int]],
        cells: Cells,
        count: int = 0,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.columns = tuple(columns)
        self._cells = cells
        self._count = count
        self._cursor = 0
        self._strips: dict[tuple[int, int], Strip] = {}  # (row, width) → painted row

    # -- data ------------------------------------------------------------------------------
    @property
    def row_count(self) -> int:
        return self._count

    @property
    def cursor_row(self) -> int:
        return self._cursor

    def get_row_at(self, row: int) -> Sequence[Text]:
        """The cells of ``row`` (as the table paints them)."""
        return self._cells(row)

    def reset(self, count: int) -> None:
        """The rows were replaced: ``count`` of them now, every painted one stale."""
        self._count = count
        self._strips.clear()
        self._cursor = max(0, min(self._cursor, count - 1))
        self._resize()
        self.refresh()

    def refresh_rows(self, rows: Iterable[int]) -> None:
        """The cells of ``rows`` changed: paint them again (only those on screen cost: the
        painted rows are looked through once, not once per changed row — a roll of all
        2,600 rows changed every one)."""
        top = round(self.scroll_y)
        height = self.scrollable_content_region.height
        changed = set(rows)
        self._strips = {k: v for k, v in self._strips.items() if k[0] not in changed}
        for row in sorted(r for r in changed if top <= r < top + height - 1):
            self.refresh_line(row - top + 1)

    def _forget(self, row: int) -> None:
        for key in [k for k in self._strips if k[0] == row]:
            del self._strips[key]

    def _resize(self) -> None:
        width = sum(w for _, w in self.columns) + len(self.columns)
        self.virtual_size = Size(width, self._count + 1)

    # -- the cursor ------------------------------------------------------------------------
    def move_cursor(self, *, row: int) -> None:
        """Put the cursor on ``row`` (kept in range) and scroll it into view."""
        if not self._count:
            return
        row = max(0, min(row, self._count - 1))
        old, self._cursor = self._cursor, row
        if old != row:
            self.refresh_rows((old, row))
        self._scroll_to_cursor()
        if old != row:
            self.post_message(self.RowHighlighted(self, row))

    def _scroll_to_cursor(self) -> None:
        height = max(1, self.scrollable_content_region.height - 1)
        top = round(self.scroll_y)
        if self._cursor < top:
            self.scroll_to(y=self._cursor, animate=False, immediate=True)
        elif self._cursor >= top + height:
            self.scroll_to(y=self._cursor - height + 1, animate=False, immediate=True)

    def action_cursor(self, step: int) -> None:
        self.move_cursor(row=self._cursor + step)

    def action_page(self, step: int) -> None:
        self.move_cursor(
            row=self._cursor + step * max(1, self.scrollable_content_region.height - 1)
        )

    def action_to(self, row: int) -> None:
        self.move_cursor(row=row if row >= 0 else self._count - 1)

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1:
            self.move_cursor(row=round(self.scroll_y) + event.y - 1)

    # -- painting --------------------------------------------------------------------------
    def on_mount(self) -> None:
        self._resize()

    def _line(self, cells: Sequence[Text], style: Style, width: int) -> Strip:
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        for (_label, size), cell in zip(self.columns, cells, strict=False):
            piece = fit_words(cell, size).copy()  # a long cell cut after a whole word
            piece.truncate(size, pad=True)
            line.append(" ")
            line.append_text(piece)
        line.truncate(width, pad=True)
        segments = list(line.render(self.app.console))
        return Strip(Segment.apply_style(segments, style, None), width).simplify()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        scroll_x = round(self.scroll_x)
        base = self.rich_style
        if y == 0:
            header = [Text(label) for label, _ in self.columns]
            style = base + self.get_component_rich_style("row-table--header")
            return self._line(header, style, width + scroll_x).crop(scroll_x, scroll_x + width)
        row = round(self.scroll_y) + y - 1
        if not 0 <= row < self._count:
            return Strip.blank(width, base)
        key = (row, width + scroll_x)
        strip = self._strips.get(key)
        if strip is None:
            style = base
            if row % 2:
                style += self.get_component_rich_style("row-table--even")
            if row == self._cursor:
                style += self.get_component_rich_style("row-table--cursor")
            strip = self._line(self._cells(row), style, width + scroll_x)
            self._strips[key] = strip
        return strip.crop(scroll_x, scroll_x + width)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips.clear()  # a new theme or style: every painted row is stale

    def on_focus(self) -> None:
        self.refresh_rows((self._cursor,))

    def on_blur(self) -> None:
        self.refresh_rows((self._cursor,))
