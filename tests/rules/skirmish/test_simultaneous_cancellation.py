"""Skirmish contests with several dice: cancellation is simultaneous (seed 003, issue 32).

The seed: «каждый больший результат броска отменяет меньшие результаты броска другого игрока,
даже если он сам в свою очередь будет отменён». A Lucky Chance cancels every success of the
opponent, but the opponent's successes still cancel the Lucky side's lower dice.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules import skirmish


def cancelled(
    mine: tuple[skirmish.Result, ...], theirs: tuple[skirmish.Result, ...], raw: bool
) -> list[bool]:
    """Die by die: is each of ``mine`` cancelled by some die of ``theirs``? (All at once.)"""
    out = []
    for me in mine:
        gone = not me.success
        for other in theirs:
            if not other.success:
                continue
            if other.lucky and not me.lucky:
                gone = True  # a Lucky Chance cancels every success of the opponent
            if other.lucky and me.lucky:
                gone = True  # Lucky on both sides: all cancelled
            mine_key = (me.face, me.roll if raw else 0)
            other_key = (other.face, other.roll if raw else 0)
            if not me.lucky and other_key >= mine_key:
                gone = True  # a higher or equal success cancels, itself cancelled or not
        out.append(gone)
    return out


def kept(
    a_value: int, a_rolls: list[int], b_value: int, b_rolls: list[int], die: str, raw: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    a = tuple(skirmish.test(a_value, r, die) for r in a_rolls)
    b = tuple(skirmish.test(b_value, r, die) for r in b_rolls)
    a_kept = tuple(r.face for r, gone in zip(a, cancelled(a, b, raw), strict=True) if not gone)
    b_kept = tuple(r.face for r, gone in zip(b, cancelled(b, a, raw), strict=True) if not gone)
    return a_kept, b_kept


def test_seed_lucky_5_and_2_against_7_keeps_only_the_5() -> None:
    """Value 5 rolls 5 (Lucky) and 2, value 8 rolls 7: the 7 cancels the 2, the Lucky 5
    cancels the 7."""
    fight = skirmish.contest(5, [5, 2], 8, [7])
    assert fight.a_lucky and not fight.b_lucky
    assert fight.a_hits == (5,)
    assert fight.b_hits == ()
    assert fight.winner == "a"
    assert fight.label.startswith("a wins: 1 hit (5) with a lucky chance")


def test_lucky_sides_higher_plain_success_survives() -> None:
    # a (value 5) rolls a Lucky 5 and a plain 4; b (value 9) rolls a plain 2, below both
    fight = skirmish.contest(5, [5, 4], 9, [2])
    assert fight.a_hits == (5, 4) and fight.b_hits == ()


def test_lucky_side_loses_its_equal_plain_die() -> None:
    fight = skirmish.contest(6, [6, 3], 9, [3])
    assert fight.a_hits == (6,) and fight.b_hits == ()


@pytest.mark.parametrize(
    ("a", "na", "b", "nb", "die", "raw"),
    [
        (5, 2, 8, 1, "d10", False),
        (6, 3, 9, 2, "d10", False),
        (12, 2, 7, 2, "d10", False),
        (6, 2, 6, 2, "d20", True),
        (11, 2, 4, 2, "d12", False),
    ],
)
def test_every_roll_keeps_what_die_by_die_cancellation_keeps(
    a: int, na: int, b: int, nb: int, die: str, raw: bool
) -> None:
    """Brute force over every ordered roll: hits and winners from the die-by-die reading;
    the winner distribution equals ``contest_odds`` exactly."""
    sides = range(1, skirmish.SIDES[die] + 1)
    wins: Counter[str | None] = Counter()
    for ra in itertools.product(sides, repeat=na):
        for rb in itertools.product(sides, repeat=nb):
            fight = skirmish.contest(a, list(ra), b, list(rb), die, raw)
            a_kept, b_kept = kept(a, list(ra), b, list(rb), die, raw)
            assert (fight.a_hits, fight.b_hits) == (a_kept, b_kept), (ra, rb)
            wins["a" if a_kept else "b" if b_kept else None] += 1
    total = sum(wins.values())
    expected = {k: Fraction(wins[k], total) for k in ("a", "b", None)}
    assert skirmish.contest_odds(a, b, die, raw, a_dice=na, b_dice=nb) == expected
