"""Exact odds of a Strange System check over the GM's 2d6 range(s) and the player's 4d6.

Part of :mod:`rules.strange` (import from there). Brute force of the opposed case is
36 × 36 × 1296 ≈ 1.7 million outcomes; instead each GM roll is reduced to its range (21
distinct ranges, weight 1 or 2 of 36), and for a pair of ranges every face of a player's die
falls in one of four categories (in the success range or not × in the resistance range or
not). The 35 ways to spread 4 dice over 4 categories are counted with multinomials, and the
single 4-4-4-4 outcome is moved to ABSOLUTE_CRITICAL. A roll-value modifier only changes
which category each face falls in (its shifted value's), so it costs nothing more.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import factorial

from rules.exact import check_bool, check_int, check_ints, complete
from rules.strange.grades import (
    MAX_DICE_MODIFIER,
    MAX_MODIFIER,
    Grade,
    grade_hits,
    modified_range,
)
from rules.strange.ladder import MAX_REQUIRED

__all__ = ["IMPACTS", "can_act_odds", "impact_odds", "odds", "outcome_odds"]

#: Every possible impact (resistance hits beyond effective hits): 0..4.
IMPACTS: tuple[int, ...] = (0, 1, 2, 3, 4)

_DICE = 4
_ABSOLUTE_FACE = 4

Outcome = tuple[Grade, int]


def _ranges() -> tuple[tuple[tuple[int, int], int], ...]:
    """Each range the GM's 2d6 can give, with how many of the 36 rolls give it."""
    counts = Counter((min(a, b), max(a, b)) for a in range(1, 7) for b in range(1, 7))
    return tuple(sorted(counts.items()))


_RANGES = _ranges()


def _spreads() -> tuple[tuple[tuple[int, int, int, int], int], ...]:
    """Every way to put 4 dice into 4 categories, with its multinomial coefficient."""
    out = []
    for i in range(_DICE + 1):
        for j in range(_DICE + 1 - i):
            for k in range(_DICE + 1 - i - j):
                n = _DICE - i - j - k
                ways = factorial(_DICE) // (
                    factorial(i) * factorial(j) * factorial(k) * factorial(n)
                )
                out.append(((i, j, k, n), ways))
    return tuple(out)


_SPREADS = _spreads()


def _in(face: int, span: tuple[int, int] | None) -> bool:
    return span is not None and span[0] <= face <= span[1]


@lru_cache(maxsize=2048)
def _pair_counts(
    sizes: tuple[int, int, int, int], absolute_cat: int, required: int, opposed: bool
) -> tuple[tuple[Outcome, int], ...]:
    """Outcome counts over the 1296 player rolls for one pair of ranges.

    ``sizes`` are the faces in (both ranges, success only, resistance only, neither);
    ``absolute_cat`` is the category of face 4.
    """
    counts: Counter[Outcome] = Counter()
    for spread, ways in _SPREADS:
        n = ways
        for size, dice in zip(sizes, spread, strict=True):
            n *= size**dice
        if spread[absolute_cat] == _DICE:
            n -= 1  # the 4-4-4-4 roll is counted separately
        if n == 0:
            continue
        hits = spread[0] + spread[1]
        resisted = spread[0] + spread[2] if opposed else None
        grade, _, impact = grade_hits(hits, required, resisted, False)
        counts[grade, impact] += n
    counts[Grade.ABSOLUTE_CRITICAL, 0] += 1
    return tuple(counts.items())


def _categories(
    success: tuple[int, int] | None, resistance: tuple[int, int] | None, shift: int = 0
) -> tuple[tuple[int, int, int, int], int]:
    sizes = [0, 0, 0, 0]
    absolute_cat = 0
    for rolled in range(1, 7):
        face = min(6, max(1, rolled + shift))
        cat = (
            (0 if _in(face, resistance) else 1)
            if _in(face, success)
            else (2 if _in(face, resistance) else 3)
        )
        sizes[cat] += 1
        if rolled == _ABSOLUTE_FACE:
            absolute_cat = cat
    return (sizes[0], sizes[1], sizes[2], sizes[3]), absolute_cat


@lru_cache(maxsize=256)
def _outcomes(
    required: int, range_modifier: int, opposed: bool, shift: int = 0
) -> dict[Outcome, Fraction]:
    counts: Counter[Outcome] = Counter()
    resistances = _RANGES if opposed else (((0, 0), 1),)
    for (low, high), w_success in _RANGES:
        success = modified_range(low, high, range_modifier)
        for resistance, w_resist in resistances:
            sizes, absolute_cat = _categories(success, resistance if opposed else None, shift)
            weight = w_success * w_resist
            for key, n in _pair_counts(sizes, absolute_cat, required, opposed):
                counts[key] += weight * n
    total = sum(counts.values())
    return {key: Fraction(n, total) for key, n in sorted(counts.items())}


def _check(required: int, range_modifier: int, opposed: bool, dice_modifier: int) -> None:
    check_int("required", required, 1, MAX_REQUIRED)
    check_int("range_modifier", range_modifier, -MAX_MODIFIER, MAX_MODIFIER)
    check_bool("opposed", opposed)
    check_int("dice_modifier", dice_modifier, -MAX_DICE_MODIFIER, MAX_DICE_MODIFIER)


def outcome_odds(
    required: int, range_modifier: int = 0, opposed: bool = False, *, dice_modifier: int = 0
) -> dict[tuple[Grade, int], Fraction]:
    """Exact joint distribution of ``(grade, impact)`` (only possible pairs are present)."""
    _check(required, range_modifier, opposed, dice_modifier)
    return dict(_outcomes(required, range_modifier, opposed, dice_modifier))


def odds(
    required: int, range_modifier: int = 0, opposed: bool = False, *, dice_modifier: int = 0
) -> dict[Grade, Fraction]:
    """Exact chance of each grade (every grade present, summing to 1).

    Args:
        required: hits the skill level needs (1..4).
        range_modifier: applied to the top of the success range (−6..+6).
        opposed: the GM also rolls a resistance range.
        dice_modifier: added to each of the player's dice (−5..+5), kept within 1..6.
    """
    dist: dict[Grade, Fraction] = {}
    outcomes = outcome_odds(required, range_modifier, opposed, dice_modifier=dice_modifier)
    for (grade, _), p in outcomes.items():
        dist[grade] = dist.get(grade, Fraction(0)) + p
    return complete(dist, Grade)


def impact_odds(
    required: int, range_modifier: int = 0, opposed: bool = False, *, dice_modifier: int = 0
) -> dict[int, Fraction]:
    """Exact chance of each impact 0..4 (always 0 when unopposed)."""
    dist: dict[int, Fraction] = {}
    outcomes = outcome_odds(required, range_modifier, opposed, dice_modifier=dice_modifier)
    for (_, impact), p in outcomes.items():
        dist[impact] = dist.get(impact, Fraction(0)) + p
    return complete(dist, IMPACTS)


def can_act_odds(
    range_modifier: int = 0,
    *,
    dice_modifier: int = 0,
    success_range: tuple[int, int] | None = None,
) -> Fraction:
    """Exact chance that a character under hard conditions may act (2+ of 4d6 in range).

    Over the GM's 2d6 range as well, unless ``success_range`` (low, high) is known.
    """
    check_int("range_modifier", range_modifier, -MAX_MODIFIER, MAX_MODIFIER)
    check_int("dice_modifier", dice_modifier, -MAX_DICE_MODIFIER, MAX_DICE_MODIFIER)
    if success_range is None:
        ranges = _RANGES
    else:
        low, high = check_ints("success_range", success_range, 1, 6, length=2)
        if low > high:
            check_int("success_range low", low, 1, high)
        ranges = (((low, high), 1),)
    good = total = 0
    for (low, high), weight in ranges:
        span = modified_range(low, high, range_modifier)
        inside = sum(
            1
            for rolled in range(1, 7)
            if span is not None and span[0] <= min(6, max(1, rolled + dice_modifier)) <= span[1]
        )
        # at least 2 of 4 dice among ``inside`` of 6 faces: all but 0 or 1 hits
        outside = 6 - inside
        good += weight * (6**4 - outside**4 - 4 * inside * outside**3)
        total += weight * 6**4
    return Fraction(good, total)
