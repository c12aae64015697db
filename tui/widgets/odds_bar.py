"""The odds as a picture: one compact bar, a share of cells per grade, best grade first.

Each grade has its own glyph as well as its colour, so the bar reads the same in a
16-colour terminal and under NO_COLOR (where only the glyphs are left): darker is better,
``·`` is a failure, ``×`` a fumble. A grade with any chance at all gets at least one cell,
so a rare critical is never invisible; the cells are shared out by largest remainder.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rich.text import Text

from tui.language import N_, tr
from tui.session.systems.interface import Chance
from tui.widgets.log_panel import grade_style

__all__ = ["GLYPHS", "ORDER", "WIDTH", "cells", "legend", "odds_bar"]

ORDER = ("critical", "special", "success", "partial", "failure", "fumble")
GLYPHS = {
    "critical": "█",
    "special": "▓",
    "success": "▒",
    "partial": "░",
    "failure": "·",
    "fumble": "×",
}
WIDTH = 20


def _rank(grade: str) -> int:
    return ORDER.index(grade) if grade in ORDER else len(ORDER)


def cells(odds: Sequence[Chance], width: int = WIDTH) -> list[tuple[str, int]]:
    """``(grade, cells)`` per grade with a chance, best first, the cells adding up to
    ``width`` (each at least one, when there are no more grades than cells)."""
    shares: dict[str, Fraction] = {}
    for chance in odds:
        if chance.p > 0:
            shares[chance.grade] = shares.get(chance.grade, Fraction(0)) + chance.p
    grades = sorted(shares, key=_rank)
    total = sum(shares.values(), Fraction(0))
    if not grades or total <= 0 or width <= 0:
        return []
    exact = {g: shares[g] / total * width for g in grades}
    given = {g: int(exact[g]) for g in grades}
    if len(grades) <= width:
        for g in grades:
            given[g] = max(1, given[g])
    # hand out (or take back) cells by the largest remainder until the row is exact
    while sum(given.values()) < width:
        g = max(grades, key=lambda g: (exact[g] - given[g], -_rank(g)))
        given[g] += 1
    while sum(given.values()) > width:
        g = max((g for g in grades if given[g] > 1), key=lambda g: (given[g] - exact[g], g))
        given[g] -= 1
    return [(g, given[g]) for g in grades if given[g]]


def odds_bar(odds: Sequence[Chance], width: int = WIDTH, *, mono: bool = False) -> Text:
    """``▕██▒▒▒▒▒▒·········×▏`` coloured by grade ("" when there are no odds)."""
    parts = cells(odds, width)
    if not parts:
        return Text()
    text = Text("▕", style="dim")
    for grade, count in parts:
        style = grade_style(grade, mono=mono) if mono else _bar_style(grade)
        text.append(GLYPHS.get(grade, "?") * count, style=style or None)
    text.append("▏", style="dim")
    return text


def _bar_style(grade: str) -> str:
    """The colour of a grade's cells (a fumble is red, not white on red, in the bar)."""
    return "bright_red" if grade == "fumble" else grade_style(grade).replace("bold ", "")


def legend(odds: Sequence[Chance]) -> str:
    """``█ critical ▒ success · failure``: which glyph stands for which grade."""
    seen = sorted({c.grade for c in odds if c.p > 0}, key=_rank)
    return "  ".join(f"{GLYPHS.get(g, '?')} {tr(g)}" for g in seen)


#: the grade words of the legend (success, failure and fumble are the systems' own terms)
GRADE_WORDS = (N_("critical"), N_("special"), N_("partial"))
