"""AGE opposed tests (Встречные проверки) between two or more participants, and their odds.

The seed's chain, for any number of participants («процесс происходит точно так же»): whoever
did not reach the GM's TN cannot win; of the others the higher total wins; a tie goes to the
higher Drama Die, then to the higher skill — ability + focus (``Result.skill``), never the
situational modifiers; a tie on all three, or nobody reaching the TN, has no winner.

Exact odds enumerate each participant's 216 rolls once, grouped by (total, Drama Die): the
chance that participant *i* wins with a given roll is that roll's weight times, for every
other participant, the weight of the rolls that lose to it. That is a product of independent
factors, so *n* participants cost about 66 × n² multiplications of whole numbers instead of
216ⁿ cases; the counts are exact integers over 216ⁿ.

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rules.age.core import Result
from rules.errors import RulesError
from rules.exact import check_int, sum_of_dice

__all__ = [
    "MAX_SIDES",
    "Side",
    "opposed",
    "opposed_many",
    "opposed_odds",
    "opposed_pool_odds",
]

Side = Literal["a", "b"]

#: Most participants an opposed test's odds are computed for (a table is rarely larger).
MAX_SIDES = 16


def _check_results(results: object) -> list[Result]:
    if isinstance(results, str | bytes) or not isinstance(results, Sequence):
        raise RulesError(f"results must be a sequence of age Results, got {results!r}")
    checked: list[Result] = []
    for i, r in enumerate(results):
        if not isinstance(r, Result):
            raise RulesError(f"results[{i}] must be an age Result, got {type(r).__name__}")
        checked.append(r)
    if not checked:
        raise RulesError("results must hold at least one Result")
    return checked


def _gate(tn: object) -> int | None:
    return None if tn is None else check_int("tn", tn)


def opposed_many(results: Sequence[Result], tn: int | None = None) -> int | None:
    """Index of the winner of an opposed test among any number of participants.

    Whoever did not reach ``tn`` cannot win; then the higher total, the higher Drama Die, the
    higher ``skill`` (ability + focus, not situational modifiers); a tie on all three (or
    nobody reaching ``tn``) has no winner.
    """
    checked = _check_results(results)
    gate = _gate(tn)
    keys = {
        i: (r.total, r.drama, r.skill)
        for i, r in enumerate(checked)
        if gate is None or r.total >= gate
    }
    if not keys:
        return None
    best = max(keys.values())
    winners = [i for i, k in keys.items() if k == best]
    return winners[0] if len(winners) == 1 else None


def opposed(a: Result, b: Result, tn: int | None = None) -> Side | None:
    """Winner of a two-sided opposed test: ``"a"``, ``"b"`` or None (see ``opposed_many``)."""
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, Result):
            raise RulesError(f"{name} must be an age Result, got {type(value).__name__}")
    winner = opposed_many((a, b), tn)
    return None if winner is None else ("a", "b")[winner]


def _check_sides(bonuses: object, skills: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if isinstance(bonuses, str | bytes) or not isinstance(bonuses, Sequence):
        raise RulesError(f"bonuses must be a sequence of integers, got {bonuses!r}")
    if not 1 <= len(bonuses) <= MAX_SIDES:
        raise RulesError(f"bonuses must hold 1..{MAX_SIDES} participants, got {len(bonuses)}")
    b = tuple(check_int(f"bonuses[{i}]", v, -100, 100) for i, v in enumerate(bonuses))
    if skills is None:
        return b, b
    if isinstance(skills, str | bytes) or not isinstance(skills, Sequence):
        raise RulesError(f"skills must be a sequence of integers, got {skills!r}")
    if len(skills) != len(b):
        raise RulesError(
            f"skills must hold one value per participant ({len(b)}), got {len(skills)}"
        )
    return b, tuple(check_int(f"skills[{i}]", v, -100, 100) for i, v in enumerate(skills))


@lru_cache(maxsize=1)
def _two_dice() -> tuple[tuple[int, int], ...]:
    """(sum of the two regular dice, ways of 36)."""
    return tuple((s, int(p * 36)) for s, p in sum_of_dice(2, 6).items())


def _rolls(bonus: int) -> dict[tuple[int, int], int]:
    """Ways (of 216) of each (total, Drama Die) with ``bonus``."""
    return {(s + d + bonus, d): n for s, n in _two_dice() for d in range(1, 7)}


@lru_cache(maxsize=256)
def _win_counts(
    bonuses: tuple[int, ...], skills: tuple[int, ...], tn: int | None
) -> tuple[dict[tuple[int, int], int], int]:
    """Ways (of 216ⁿ) that participant i wins with Drama Die d: ``{(i, d): ways}``, and 216ⁿ."""
    rolls = [_rolls(b) for b in bonuses]
    low, high = min(bonuses) + 3, max(bonuses) + 18
    below = [_below(r, low, high) for r in rolls]
    wins: dict[tuple[int, int], int] = {}
    for i, mine in enumerate(rolls):
        for (t, d), ways in mine.items():
            if tn is not None and t < tn:
                continue  # short of the TN: cannot win
            product = ways
            for j, theirs in enumerate(rolls):
                if j == i:
                    continue
                lose = below[j][(t, d)]  # rolls short of the TN lie below any winner
                if skills[j] < skills[i]:
                    lose += theirs.get((t, d), 0)  # same total and Drama Die, lower skill
                product *= lose
                if not product:
                    break
            if product:
                wins[(i, d)] = wins.get((i, d), 0) + product
    return wins, 216 ** len(bonuses)


def _below(rolls: dict[tuple[int, int], int], low: int, high: int) -> dict[tuple[int, int], int]:
    """For every (total, Drama Die) in ``low..high`` × 1..6: ways ``rolls`` lie strictly below."""
    table: dict[tuple[int, int], int] = {}
    acc = 0
    for t in range(low, high + 1):
        for d in range(1, 7):
            table[(t, d)] = acc
            acc += rolls.get((t, d), 0)
    return table


def opposed_odds(
    bonuses: Sequence[int], tn: int | None = None, *, skills: Sequence[int] | None = None
) -> dict[int | None, Fraction]:
    """Exact chance that each participant wins (by index), and of no winner (``None``).

    ``bonuses[i]`` is participant i's test bonus, ``skills[i]`` its ability + focus for the
    tie-break (default: the bonuses). Sums to exactly 1.
    """
    b, s = _check_sides(bonuses, skills)
    wins, total = _win_counts(b, s, _gate(tn))
    out: dict[int | None, Fraction] = {i: Fraction(0) for i in range(len(b))}
    for (i, _), ways in wins.items():
        out[i] += Fraction(ways, total)
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out


def opposed_pool_odds(
    bonuses: Sequence[int], tn: int | None = None, *, skills: Sequence[int] | None = None
) -> dict[tuple[int, int] | None, Fraction]:
    """Exact chance of each (winner's index, winner's Drama Die), and of no winner (``None``).

    What an opposed step adds to an advanced test or a race: the winner's Drama Die to the
    winner's pool, nothing when nobody wins.
    """
    b, s = _check_sides(bonuses, skills)
    wins, total = _win_counts(b, s, _gate(tn))
    out: dict[tuple[int, int] | None, Fraction] = {
        key: Fraction(ways, total) for key, ways in sorted(wins.items())
    }
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out
