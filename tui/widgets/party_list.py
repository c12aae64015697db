"""The party list: one or two rows per character, drawn only where they show.

A long campaign has hundreds of characters; a list widget that measures and renders every
option costs about half a millisecond each before the list can paint (100 ms at 200). This
one knows each character's height without drawing it (:func:`rows_of`: the name row, and a
second row when the character has resources or conditions), so listing the party is a
prefix sum, and a row's text is built the first time it scrolls into view. A changed
character repaints its own rows; moving the highlight repaints the two characters concerned.

Keys (when focused): up/down, home/end, pageup/pagedown move the highlight; Enter selects
(the main screen opens the sheet). A click highlights and selects. Posts
:class:`PartyList.Highlighted` (only when the GM moves the highlight, not when the screen
sets it) and :class:`PartyList.Selected`, each with the character's index.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import ClassVar, Unpack

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from tui.session.campaign.model import Character
from tui.widgets.fit_words import fit_words
from tui.widgets.framed_rows import FramedWidget
from tui.widgets.options import WidgetOptions
from tui.widgets.text_pane import KEEP

__all__ = ["PartyList", "rows_of"]


def rows_of(ch: Character) -> int:
    """How many rows ``ch``'s entry takes: the name, then resources and conditions (the
    party panel's summary has a second row exactly when there is one of either)."""
    return 2 if ch.resources or ch.conditions else 1


class PartyList(ScrollView, FramedWidget, can_focus=True):
    """Characters drawn by ``summary(character)`` (a Text of :func:`rows_of` rows)."""

    DEFAULT_CSS = """
    PartyList {
        height: auto; max-height: 50%; overflow-x: hidden; scrollbar-size-vertical: 0;
        color: $foreground; background: $surface;
    }
    PartyList > .party-list--track { background: $scrollbar-background; }
    PartyList > .party-list--thumb { background: $scrollbar; }
    PartyList:focus { background-tint: $foreground 5%; }
    PartyList > .party-list--highlighted {
        color: $foreground; background: $block-cursor-blurred-background;
    }
    PartyList:focus > .party-list--highlighted {
        color: $block-cursor-foreground; background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "party-list--highlighted",
        "party-list--track",
        "party-list--thumb",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("home", "move(-1_000_000)", show=False),
        Binding("end", "move(1_000_000)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("enter", "select", show=False),
    ]

    class Highlighted(Message):
        """The highlight moved to the character at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Selected(Message):
        """Enter (or a click) on the character at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    def __init__(
        self, summary: Callable[[Character], Text], **kwargs: Unpack[WidgetOptions]
    ) -> None:
        super().__init__(**kwargs)
        self._summary = summary
        self._chars: list[Character] = []
        self._starts: list[int] = [0]  # the first row of each character, then the total
        self._texts: dict[int, tuple[Character, list[Text]]] = {}
        self._strips: dict[tuple[int, int, int, bool, bool | None], Strip] = {}
        self._looks: tuple[Style, Style] | None = None  # (plain, highlighted), per styling
        self._bar: tuple[Strip, Strip] | None = None  # the scroll bar's (track, thumb) cell
        self._dragging = False

    # -- contents ----------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self._chars)

    def set_characters(self, chars: Sequence[Character]) -> None:
        """List ``chars``; rows of characters that are the same objects as before at the
        same place keep their drawing, and only changed rows repaint while no height
        changed (else the list is measured again: a prefix sum, nothing drawn)."""
        old, new = self._chars, list(chars)
        self._chars = new
        starts = [0, *accumulate(rows_of(c) for c in new)]
        changed = [i for i, c in enumerate(new) if i >= len(old) or old[i] is not c]
        for i in changed:
            self._forget(i)
        for i in range(len(new), len(old)):
            self._forget(i)
        if starts != self._starts:
            self._starts = starts
            self._strips.clear()
            self.virtual_size = Size(self.virtual_size.width, starts[-1])
            self.refresh(layout=True)
        elif len(changed) > max(1, self.size.height):  # more than shows: one repaint
            self.refresh()
        else:
            for i in changed:
                self._refresh_character(i)
        if self.highlighted is not None and self.highlighted >= len(new):
            self.highlighted = len(new) - 1 if new else None

    @property
    def characters(self) -> list[Character]:
        """The characters listed, in order."""
        return list(self._chars)

    def redraw(self) -> None:
        """Draw every entry anew when it next shows (what a summary shows has changed)."""
        self._texts.clear()
        self._strips.clear()
        self.refresh()

    def prompt(self, index: int) -> Text:
        """The summary shown for the character at ``index`` (built if not yet), as drawn:
        the no-break spaces that hold its parts together for the fitting are spaces."""
        shown = Text("\n").join(self._lines(index))
        shown.plain = shown.plain.replace(KEEP, " ")
        return shown

    def _forget(self, index: int) -> None:
        self._texts.pop(index, None)
        for key in [k for k in self._strips if k[0] == index]:
            del self._strips[key]

    def _lines(self, index: int) -> list[Text]:
        ch = self._chars[index]
        cached = self._texts.get(index)
        if cached is None or cached[0] is not ch:
            lines = self._summary(ch).split("\n", allow_blank=True)
            cached = self._texts[index] = (ch, list(lines))
        return cached[1]

    # -- drawing -----------------------------------------------------------------------
    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._starts[-1]

    def notify_style_update(self) -> None:
        self._strips.clear()
        self._looks = None
        self._bar = None
        super().notify_style_update()

    def _styles(self) -> tuple[Style, Style]:
        """The plain and the highlighted row's style (worked out once per styling: asking
        Textual for a widget's style walks its ancestors)."""
        if self._looks is None:
            base = self.rich_style
            self._looks = (base, base + self.get_component_rich_style("party-list--highlighted"))
        return self._looks

    def _on_resize(self, event: events.Resize) -> None:
        self._strips.clear()

    def measured_size(self) -> Size:
        return self.scrollable_content_region.size

    def render_line(self, y: int) -> Strip:
        width, height = self.shown_size
        bar = None if self._starts[-1] <= height or width < 2 else self._on_thumb(y, height)
        row = self.scroll_offset.y + y
        if not 0 <= row < self._starts[-1]:
            empty = Strip.blank(width, self._styles()[0])
            return (
                empty
                if bar is None
                else Strip.join([empty.crop(0, width - 1), self._bar_cells()[bar]])
            )
        index = bisect_right(self._starts, row) - 1
        part = row - self._starts[index]
        lit = index == self.highlighted
        key = (index, part, width, lit, bar)
        drawn = self._strips.get(key)  # the same row drawn again is the same strip
        if drawn is None:
            lines = self._lines(index)
            drawn = self._draw(
                lines[part] if part < len(lines) else Text(),
                width if bar is None else width - 1,
                self._styles()[lit],
                index,
            )
            if bar is not None:
                drawn = Strip.join([drawn, self._bar_cells()[bar]])
            self._strips[key] = drawn
        return drawn

    def _bar_cells(self) -> tuple[Strip, Strip]:
        """The scroll bar's track and thumb cell, drawn in the last column. Textual's scroll
        bar is a widget of its own, repainted row by row through Rich whenever the list
        scrolls (about 4 ms a frame for 26 rows, more than the rows themselves)."""
        if self._bar is None:
            track, thumb = (
                self.rich_style + self.get_component_rich_style(f"party-list--{p}")
                for p in ("track", "thumb")
            )
            self._bar = (Strip([Segment(" ", track)], 1), Strip([Segment(" ", thumb)], 1))
        return self._bar

    def _on_thumb(self, y: int, height: int) -> bool:
        """Row ``y`` of the scroll bar is the thumb's."""
        total, top = self._starts[-1], self.scroll_offset.y
        start = top * height // total
        end = max(start + 1, -(-(top + height) * height // total))
        return start <= y < end

    def _draw(self, text: Text, width: int, style: Style, index: int) -> Strip:
        line = fit_words(text, width)  # by words: never "HP 10…", never half a name
        line.plain = line.plain.replace(KEEP, " ")  # same length: every span stays put
        console = self.app.console
        strip = Strip(line.render(console))  # the spans' styles; the line's own comes next
        if line.style:
            strip = strip.apply_style(console.get_style(line.style))
        return strip.crop_extend(0, width, None).apply_style(style).apply_meta({"party": index})

    def _refresh_character(self, index: int) -> None:
        if 0 <= index < len(self._chars):
            start = self._starts[index]
            self.refresh_lines(start, self._starts[index + 1] - start)

    # -- the highlight -----------------------------------------------------------------
    def validate_highlighted(self, value: int | None) -> int | None:
        if value is None or not self._chars:
            return None
        return max(0, min(len(self._chars) - 1, value))

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        for index in (old, new):
            if index is not None:
                for key in [k for k in self._strips if k[0] == index]:
                    del self._strips[key]
                self._refresh_character(index)
        if new is not None:
            self.scroll_to_highlight()

    def _move_to(self, index: int) -> None:
        """The GM moved the highlight (a key, a click): tell the screen. A highlight set by
        the screen itself posts nothing, so the two never chase each other."""
        before = self.highlighted
        self.highlighted = index
        if self.highlighted is not None and self.highlighted != before:
            self.post_message(self.Highlighted(self.highlighted))

    def scroll_to_highlight(self) -> None:
        index = self.highlighted
        if index is None or not self.is_mounted:
            return
        start = self._starts[index]
        self.scroll_to_region(
            Region(0, start, self.scrollable_content_region.width, self._starts[index + 1] - start),
            force=True,
            animate=False,
            immediate=True,
        )

    def action_move(self, by: int) -> None:
        if self._chars:
            self._move_to(
                (self.highlighted or 0) + by
                if self.highlighted is not None
                else (0 if by > 0 else len(self._chars) - 1)
            )

    def action_page(self, pages: int) -> None:
        if not self._chars:
            return
        here = self._starts[self.highlighted or 0]
        row = here + pages * max(1, self.scrollable_content_region.height)
        row = max(0, min(self._starts[-1] - 1, row))
        self._move_to(bisect_right(self._starts, row) - 1)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self.highlighted))

    # -- the mouse on the scroll bar (a click jumps there; dragging scrolls) -------------
    def _on_bar(self, x: int) -> bool:
        region = self.scrollable_content_region
        return self._starts[-1] > region.height and x >= region.width - 1

    def _scroll_bar_to(self, y: int) -> None:
        height = max(1, self.scrollable_content_region.height)
        self.scroll_to(y=max(0, y * self._starts[-1] // height - height // 2), animate=False)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        if self._on_bar(event.x):
            self._dragging = True
            self.capture_mouse()
            self._scroll_bar_to(event.y)
            event.stop()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self._dragging:
            self._scroll_bar_to(event.y)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        if self._dragging:
            self._dragging = False
            self.release_mouse()

    async def _on_click(self, event: events.Click) -> None:
        index = event.style.meta.get("party")
        if isinstance(index, int) and 0 <= index < len(self._chars):
            self._move_to(index)
            self.action_select()
