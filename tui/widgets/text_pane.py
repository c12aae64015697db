"""A fixed-size pane of styled text painted line by line from cached strips.

``Static.update`` converts and re-wraps its content and usually re-lays out the screen;
this pane only re-wraps when its text or width changes and never asks for a layout, which
keeps a committed roll within a frame (see ``tests/bench``).

Three rules hold for every pane: dark ANSI text colours are drawn bright (readable in 16
colours); a no-break space (``\u00a0``, :data:`KEEP`) is never a line break, so a sheet
never splits ``APP`` from ``10``; and under ``NO_COLOR`` our text keeps its attributes
(bold, reverse, underline …) but drops its colours, which Textual's monochrome filter would
turn into dark greys on a near-black panel.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise
from typing import Unpack, overload

from rich._wrap import divide_line
from rich.cells import get_character_cell_size
from rich.color import Color as RichColor
from rich.color import ColorType
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.strip import Strip

from tui.base.textsafe import visible
from tui.widgets.framed_rows import FramedWidget
from tui.widgets.options import WidgetOptions

__all__ = [
    "KEEP",
    "Rows",
    "StripPane",
    "TextPane",
    "head",
    "keep_together",
    "safe",
    "to_strips",
]

#: a space that never breaks a line in a pane (between a name and its value)
KEEP = "\u00a0"
_HELD = "\ue000"  # stands in for KEEP while Rich wraps (Rich breaks at every whitespace)


def keep_together(*parts: object) -> str:
    """``"APP 10"`` joined with no-break spaces: wrapped as one word."""
    return KEEP.join(str(p) for p in parts)


#: ANSI colours too dark on black in a 16-colour palette (red, blue, magenta) → bright ones
_BRIGHTER = {1: 9, 4: 12, 5: 13}


def _restyled(text: Text, change: Callable[[Style], Style]) -> Text:
    copy = text.copy()
    if copy.style:
        base = copy.style
        copy.style = change(Style.parse(base) if isinstance(base, str) else base)
    copy.spans = [
        type(span)(
            span.start,
            span.end,
            change(Style.parse(span.style) if isinstance(span.style, str) else span.style),
        )
        for span in copy.spans
    ]
    return copy


def uncoloured(text: Text) -> Text:
    """``text`` with the colours of its styles removed (attributes kept)."""
    return _restyled(text, lambda style: style.without_color)


def _bright(style: Style) -> Style:
    color = style.color
    if color is not None and color.number in _BRIGHTER and color.type is ColorType.STANDARD:
        return style + Style(color=RichColor.from_ansi(_BRIGHTER[color.number]))
    return style


def legible(text: Text) -> Text:
    """``text`` with dark ANSI foregrounds (red, blue, magenta) made bright, so that a
    16-colour terminal shows them readably on a dark panel; itself when none of its styles
    has one (a copy re-reads the whole text: 35,000 characters of an adventure's end)."""
    if not text.spans and not text.style:
        return text
    styles = {text.style, *(span.style for span in text.spans)}
    if not any(_darkened(style) for style in styles if style):
        return text
    return _restyled(text, _bright)


@lru_cache(maxsize=256)
def _darkened(style: Style | str) -> bool:
    """``style`` has a foreground :func:`_bright` changes."""
    parsed = Style.parse(style) if isinstance(style, str) else style
    return _bright(parsed) != parsed


def safe(text: Text) -> Text:
    """``text`` with its control characters made visible (spans stay: same length)."""
    shown = visible(text.plain, newlines=True)
    if shown is text.plain:
        return text
    copy = text.copy()
    copy.plain = shown
    return copy


def head(text: Text, size: int) -> Text:
    """The first ``size`` characters of ``text``, copying only those.

    Rich's ``text[:size]`` divides the whole text and builds each part anew, which strips
    control codes from all of it: 2 MB of notes cost ~100 ms for every screenful.
    """
    if size >= len(text):
        return text
    return Text(
        text.plain[:size],
        style=text.style,
        justify=text.justify,
        overflow=text.overflow,
        no_wrap=text.no_wrap,
        end=text.end,
        tab_size=text.tab_size,
        spans=[
            Span(span.start, min(span.end, size), span.style)
            for span in text.spans
            if span.start < size
        ],
    )


def to_strips(text: Text, width: int, console: Console, *, mono: bool = False) -> list[Strip]:
    """``text`` wrapped to ``width`` as paint-ready strips, each exactly ``width`` cells.

    Every pane paints through here, so no text of a save ever reaches the terminal as a
    control sequence (see :mod:`tui.base.textsafe`). ``mono`` (NO_COLOR) drops the colours.
    """
    return list(Rows(text, width, console, mono=mono))


#: the spaces between words (Rich's wrap ends a word after the spaces that follow it)
_SPACES = re.compile(r"\s+")


def _one_cell_each(plain: str) -> bool:
    """Every character of ``plain`` takes exactly one cell (no wide, no zero-width one)."""
    return all(c not in "\u200d\ufe0f" and get_character_cell_size(c) == 1 for c in set(plain))


def _after_spaces(plain: str, at: int) -> int:
    found = _SPACES.match(plain, at)
    return found.end() if found else at


def _breaks(plain: str, width: int) -> list[int]:
    """Where Rich's ``divide_line(plain, width, fold=True)`` breaks ``plain``, found a row at
    a time rather than a word at a time.

    Rich's word is its letters and the spaces after them (the first word also the spaces
    before). When every character takes one cell, a word fits the row begun at ``base``
    exactly when its letters end by ``base + width``, so the first word that does not is the
    one whose letters reach past that point: found by looking there (the row's last space
    before it, or the letters after it). It begins the next row, or is folded in pieces of
    ``width`` when its letters are longer than a row, as Rich does. 35,000 characters of an
    adventure's end took Rich 30 ms word by word. Other text is left to Rich (a test
    compares the two).
    """
    if not _one_cell_each(plain):
        return divide_line(plain, width, fold=True)
    size = len(plain)
    first = _after_spaces(plain, 0)  # the first letters (the spaces before are theirs)
    breaks: list[int] = []
    base = 0
    while True:
        reach = base + width
        if reach >= size:
            return breaks
        if plain[reach].isspace():
            start = _after_spaces(plain, reach)  # the next letters
            if start >= size:
                return breaks
        else:
            spaced = _TO_LAST_SPACE.match(plain, base, reach + 1)
            start = spaced.end() if spaced else base
        letters = start if start > first else first
        if start <= first:
            start = 0  # the first word
        letters_end = _LETTERS.match(plain, letters)
        assert letters_end is not None
        if letters_end.end() - start > width:  # longer than a row: rows of its own
            end = _after_spaces(plain, letters_end.end())
            breaks.extend(p for p in range(start, end, width) if p)
            base = start + width * ((end - start - 1) // width)
        else:
            breaks.append(start)  # never the first word: that one fits or folds
            base = start


#: up to the last space before a point (``match(plain, base, point + 1)``), and letters
_TO_LAST_SPACE = re.compile(r".*\s", re.DOTALL)
_LETTERS = re.compile(r"\S+")


class Rows(Sequence[Strip]):
    """``text`` wrapped to ``width`` (as :func:`to_strips`), each row made and painted when
    first asked for, then kept.

    Wrapping a text finds where its rows break (Rich's own ``divide_line``, so the breaks
    are Rich's); making a row cuts it out of its line with its styles, and painting it makes
    its segments. Only the breaks need the whole text: the log panel shows a screenful, and
    the end of 200 characters' adventure is one entry of 400 rows at 80 columns, of which
    it makes and paints the last twenty (``rows[-20:]``). A row is exactly the row of
    ``Text.wrap(console, width, overflow="fold")`` (a test compares them). ``paint`` gives
    a painted row its pane's colours.
    """

    def __init__(
        self,
        text: Text,
        width: int,
        console: Console,
        *,
        mono: bool = False,
        paint: Callable[[Strip], Strip] | None = None,
    ) -> None:
        text = safe(text)
        text = uncoloured(text) if mono else legible(text)
        self._held = KEEP in text.plain
        if self._held:
            text = text.copy()
            text.plain = text.plain.replace(KEEP, _HELD)
        self._width = width = max(1, width)
        self._console = console
        self._paint = paint
        self._cuts: list[tuple[Text, int, int]] = []  # each row: its line, where it starts, ends
        if text.no_wrap or text.justify not in (None, "default"):
            # what the rows below do not mirror (unwrapped, or padded): Rich wraps it all
            for line in text.wrap(console, width, overflow="fold"):
                self._cuts.append((line, 0, -1))
        else:
            # one line is itself (its rows are cut out of it, never changed): no copy
            lines = text.split(allow_blank=True) if "\n" in text.plain else [text]
            for line in lines:
                if "\t" in line:
                    line = line.copy()
                    line.expand_tabs(8)  # as Text.wrap does
                offsets = _breaks(line.plain, width)
                if not offsets:
                    self._cuts.append((line, 0, len(line)))
                    continue
                ends = [0, *offsets, len(line)]
                self._cuts.extend((line, a, b) for a, b in pairwise(ends))
        self._strips: list[Strip | None] = [None] * len(self._cuts)

    def _text_of(self, at: int) -> Text:
        """Row ``at`` as Rich's wrap makes it: cut out of its line (as ``Text.divide`` cuts),
        its end stripped, folded to the width."""
        line, start, end = self._cuts[at]
        if end < 0:  # wrapped whole by Rich
            return line
        if start == 0 and end == len(line):
            row = line.copy()
        else:
            row = Text(
                line.plain[start:end],
                style=line.style,
                justify=line.justify,
                overflow=line.overflow,
            )
            for span in line.spans:
                if span.start < end and span.end > start:
                    a, b = max(0, span.start - start), min(span.end, end) - start
                    if b > a:
                        row.spans.append(Span(a, b, span.style))
        row.rstrip_end(self._width)
        row.truncate(self._width, overflow="fold")
        return row

    def __len__(self) -> int:
        return len(self._strips)

    def _row(self, at: int) -> Strip:
        strip = self._strips[at]
        if strip is None:
            line = self._text_of(at)
            if self._held:
                line.plain = line.plain.replace(_HELD, " ")
            strip = (
                Strip(list(line.render(self._console, end="")))
                .extend_cell_length(self._width)
                .crop(0, self._width)
            )
            if self._paint is not None:
                strip = self._paint(strip)
            self._strips[at] = strip
        return strip

    @overload
    def __getitem__(self, at: int) -> Strip: ...

    @overload
    def __getitem__(self, at: slice) -> list[Strip]: ...

    def __getitem__(self, at: int | slice) -> Strip | list[Strip]:
        if isinstance(at, slice):
            return [self._row(i) for i in range(*at.indices(len(self._strips)))]
        if at < 0:
            at += len(self._strips)
        if not 0 <= at < len(self._strips):
            raise IndexError(at)
        return self._row(at)


class StripPane(FramedWidget):
    """A widget painted from strips it caches, in its own colours, without re-layout."""

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self._style_cache: Style | None = None
        self._blank: Strip | None = None

    def base_style(self) -> Style:
        """The widget's own colours, computed once (``rich_style`` walks every ancestor)."""
        if self._style_cache is None:
            self._style_cache = self.rich_style
        return self._style_cache

    def notify_style_update(self) -> None:
        self._style_cache = None
        self._blank = None
        super().notify_style_update()

    @property
    def mono(self) -> bool:
        """NO_COLOR is set: paint attributes, not colours."""
        return self.app.no_color

    def strips(self, text: Text, width: int) -> list[Strip]:
        """``text`` wrapped to ``width`` for this pane (see :func:`to_strips`)."""
        return to_strips(text, width, self.app.console, mono=self.mono)

    def painted(self, strip: Strip) -> Strip:
        return strip.apply_style(self.base_style())

    def painted_strips(self, text: Text, width: int) -> list[Strip]:
        """``text`` wrapped to ``width`` and painted in the pane's colours, to be cached."""
        return [self.painted(line) for line in self.strips(text, width)]

    def painted_rows(self, text: Text, width: int) -> Rows:
        """:meth:`painted_strips`, each row painted only once it is asked for."""
        return Rows(text, width, self.app.console, mono=self.mono, paint=self.painted)

    def blank(self) -> Strip:
        """An empty row (the same one each time, so it is framed once)."""
        width = self.shown_size.width
        if self._blank is None or self._blank.cell_length != width:
            self._blank = Strip([Segment(" " * width, self.base_style())], width)
        return self._blank


class TextPane(StripPane):
    """Shows one :class:`~rich.text.Text`, wrapped to the pane's width, top-aligned."""

    DEFAULT_CSS = """
    TextPane { height: 1fr; }
    """

    #: texts shown lately by key (:meth:`update_keyed`), newest last, with their rows
    RECENT = 8

    def __init__(self, text: Text | str = "", **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self._text = Text(text) if isinstance(text, str) else text
        self._lines: list[Strip] = []
        self._width: tuple[int, int] = (-1, -1)  # the content size the rows were made for
        self._key: object = None
        self._recent: dict[int, tuple[object, Text, list[Strip], tuple[int, int]]] = {}

    def update(self, text: Text | str) -> None:
        """Show ``text`` instead (repaints only this pane)."""
        self._remember()
        self._key = None
        self._text = Text(text) if isinstance(text, str) else text
        self._width = (-1, -1)
        self.refresh()

    def update_keyed(self, key: object, make: Callable[[], Text]) -> None:
        """Show the text of ``key`` (an immutable value: the same object, the same text),
        made by ``make`` unless one of the last :data:`RECENT` keys shown: switching back
        to a sheet shown a moment ago reuses its rows."""
        self._remember()
        hit = self._recent.pop(id(key), None)
        if hit is not None and hit[0] is key:
            _, self._text, self._lines, self._width = hit
        else:
            self._text, self._width = make(), (-1, -1)
        self._key = key
        self.refresh()

    def notify_style_update(self) -> None:
        self._width = (-1, -1)  # the rows carry the old colours
        self._recent.clear()
        super().notify_style_update()

    def _remember(self) -> None:
        if self._key is not None:
            self._recent[id(self._key)] = (self._key, self._text, self._lines, self._width)
            while len(self._recent) > self.RECENT:
                del self._recent[next(iter(self._recent))]

    def render(self) -> Text:
        """The text shown (tests and tools read it; painting uses :meth:`render_line`)."""
        return self._text

    def _strips(self) -> list[Strip]:
        """The rows that show, painted in the pane's colours (once per text and size: a
        sheet shown a moment ago comes back painted)."""
        width, height = self.shown_size
        if (width, height) != self._width:
            self._lines = [self.painted(line) for line in self._shown_strips(width, height)]
            self._width = (width, height)
        return self._lines

    def _shown_strips(self, width: int, height: int) -> list[Strip]:
        """The rows that show, wrapped from only as much text as they need: 10 MB of notes
        on a sheet cost what one screenful does. A prefix that wraps to two rows more than
        the pane holds gives exactly the rows of the whole text (a row's break depends on
        the word after it, at most); one that gives fewer is doubled until it is enough."""
        text = self._text
        if height <= 0:
            return []
        size = (height + 2) * (max(1, width) + 1)
        while size < len(text):
            rows = self.strips(head(text, size), width)
            if len(rows) >= height + 2:
                return rows[:height]
            size *= 4
        return self.strips(text, width)[:height]

    def render_line(self, y: int) -> Strip:
        lines = self._strips()
        return lines[y] if y < len(lines) else self.blank()
