"""The dice statistics as pictures: a luck bar and the distribution of successes.

:func:`luck_bar` is one row: where the observed count stands among equally likely tables
(the percentile), ``●`` on a track from cursed to blessed. :func:`distribution_chart` draws
the exact distribution of the number of successes as vertical bars in eighth-blocks, the
bar of the observed count picked out (and marked ``▲`` below it); counts are binned when
there are more of them than columns. Plain Rich text, so it needs no plotting library.
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from tui.session.stats.poisson import Luck

__all__ = ["distribution_chart", "luck_bar"]

_EIGHTHS = " ▁▂▃▄▅▆▇█"


def luck_bar(percentile: Fraction, width: int = 12, *, mono: bool = False) -> Text:
    """``cursed ────●──── blessed`` squeezed into ``width`` cells of track."""
    width = max(3, width)
    at = min(width - 1, int(percentile * width))
    text = Text()
    text.append("─" * at, style="dim")
    text.append("●", style="bold" if mono else "bold bright_yellow")
    text.append("─" * (width - at - 1), style="dim")
    return text


def _window(shape: tuple[float, ...], observed: int) -> tuple[int, int]:
    """The counts worth drawing: those with a chance above a thousandth of the likeliest
    one's, and the observed count; the far tails would be flat lines."""
    top = max(shape, default=0.0)
    shown = [k for k, p in enumerate(shape) if p >= top / 1000] or [0]
    return min(shown[0], observed), max(shown[-1], observed)


def distribution_chart(luck: Luck, width: int, height: int = 6, *, mono: bool = False) -> Text:
    """The chance of each number of successes as bars ``height`` rows high, then an axis
    row (the first and last count drawn) and a row marking the observed count."""
    width, height = max(8, width), max(2, height)
    lo, hi = _window(luck.shape, luck.observed)
    counts = hi - lo + 1
    size = max(1, -(-counts // width))
    bars = [sum(luck.shape[k : min(k + size, hi + 1)]) for k in range(lo, hi + 1, size)]
    cell = max(1, min(6, width // len(bars)))
    top = max(bars) or 1.0
    levels = [round(b / top * height * 8) for b in bars]
    mine = (luck.observed - lo) // size
    pick = "bold reverse" if mono else "bold bright_yellow"
    plain = "" if mono else "bright_blue"
    text = Text()
    for row in range(height - 1, -1, -1):
        for i, level in enumerate(levels):
            char = _EIGHTHS[min(8, max(0, level - row * 8))]
            text.append(char * cell, style=pick if i == mine else plain)
        text.append("\n")
    span = len(levels) * cell
    first, last = str(lo), str(hi)
    axis = first + " " * max(1, span - len(first) - len(last)) + last if hi > lo else first
    text.append(axis, style="dim")
    text.append("\n")
    mark = f"▲ {luck.observed}"
    start = min(mine * cell, max(0, span - len(mark)))
    text.append(" " * start + mark, style=pick)
    return text
