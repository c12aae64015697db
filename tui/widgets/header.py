"""The header: campaign, system, adventure, scene, round, phase — fitted to the width.

Parts are joined with `` │ ``; when they do not fit, the longest shortenable part (the
campaign's or the scene's name) loses characters first and ends with ``…``. The round, the
phase and the READ-ONLY tag are never shortened, so the player view's tag never falls off.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.strip import Strip

from tui.widgets.text_pane import StripPane

__all__ = ["HeaderBar", "fit_parts"]

SEP = " │ "


def fit_parts(parts: Sequence[tuple[str, bool]], width: int) -> str:
    """``parts`` as ``(text, may shorten)`` joined to fit ``width`` cells where possible."""
    texts = [t for t, _ in parts]
    short = [s for _, s in parts]

    def size() -> int:
        return sum(len(t) for t in texts) + len(SEP) * max(0, len(texts) - 1)

    while size() > width:
        candidates = [i for i, t in enumerate(texts) if short[i] and len(t) > 4]
        if not candidates:
            break
        i = max(candidates, key=lambda i: len(texts[i]))
        texts[i] = texts[i][: len(texts[i]) - 2].rstrip() + "…"
    return SEP.join(texts)


class HeaderBar(StripPane):
    """One row: the fitted parts in bold."""

    DEFAULT_CSS = """
    HeaderBar { height: 1; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._parts: tuple[tuple[str, bool], ...] = ()
        self._cache: tuple[object, list[Strip]] = ((), [])

    def show(self, parts: Sequence[tuple[str, bool]]) -> None:
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
            text = Text(fit_parts(self._parts, width), style="bold", no_wrap=True,
                        overflow="ellipsis")
            text.truncate(width, overflow="ellipsis")
            self._cache = (key, self.strips(text, width))
        lines = self._cache[1]
        return self.painted(lines[y]) if y < len(lines) else self.blank()
