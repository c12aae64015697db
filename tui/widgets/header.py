"""The header: campaign, system, adventure, scene, round, phase — fitted to the width.

Parts are joined with `` │ ``; when they do not fit, the longest part that may shorten
first (the campaign's or the scene's name) loses words and ends with ``…``, then the
parts that may shorten later (the system's name). The round, the phase and the READ-ONLY
tag are never shortened, so the player view's tag never falls off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from rich.text import Text
from textual.strip import Strip

from tui.widgets.fit_words import fit_words
from tui.widgets.options import WidgetOptions
from tui.widgets.text_pane import StripPane

__all__ = ["HeaderBar", "fit_parts"]

SEP = " │ "


def fit_parts(parts: Sequence[tuple[str, int]], width: int) -> str:
    """``parts`` as ``(text, shorten)`` joined to fit ``width`` cells where possible:
    ``shorten`` 0 never, 1 first, 2 only when the first kind is as short as it goes. A part
    is shortened by words ("Ambush at the …", never "Ambush at the Mou…")."""
    whole = [t for t, _ in parts]
    texts = list(whole)
    room = [len(t) for t in whole]  # the cells each part may take
    order = [s for _, s in parts]

    def size() -> int:
        return sum(len(t) for t in texts) + len(SEP) * max(0, len(texts) - 1)

    for level in (1, 2):
        while size() > width:
            candidates = [i for i, t in enumerate(texts) if order[i] == level and room[i] > 6]
            if not candidates:
                break
            i = max(candidates, key=lambda i: len(texts[i]))
            room[i] = min(room[i], len(texts[i])) - 1
            texts[i] = fit_words(Text(whole[i]), room[i]).plain
    return SEP.join(texts)


class HeaderBar(StripPane):
    """One row: the fitted parts in bold."""

    DEFAULT_CSS = """
    HeaderBar { height: 1; }
    """

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self._parts: tuple[tuple[str, int], ...] = ()
        self._cache: tuple[object, list[Strip]] = ((), [])

    def show(self, parts: Sequence[tuple[str, int]]) -> None:
        if tuple(parts) != self._parts:
            self._parts = tuple(parts)
            self.refresh()

    @property
    def plain_text(self) -> str:
        return fit_parts(self._parts, self.content_size.width or 80)

    def render(self) -> Text:
        return Text(self.plain_text)

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        key = (self._parts, width, self.mono)
        if key != self._cache[0]:
            text = Text(
                fit_parts(self._parts, width), style="bold", no_wrap=True, overflow="ellipsis"
            )
            text.truncate(width, overflow="ellipsis")
            self._cache = (key, self.strips(text, width))
        lines = self._cache[1]
        return self.painted(lines[y]) if y < len(lines) else self.blank()
