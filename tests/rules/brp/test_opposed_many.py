"""BRP skill against skill with more than two sides: «все действующие стороны» (seed 000, 3.3).

Each test is named after the seed's sentence it reads.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

import pytest

from rules import brp
from rules.brp import Level
from rules.errors import RulesError
from tests.seeds import seed_passages

SEED = seed_passages("000")
F, S, SP, C, FU = Level.FAILURE, Level.SUCCESS, Level.SPECIAL, Level.CRITICAL, Level.FUMBLE


def test_seed_all_acting_sides_roll_and_compare() -> None:
    assert "все действующие стороны должны сделать соответствующие броски" in SEED


def test_seed_if_all_sides_failed_nobody_wins() -> None:
    """«Если все стороны провалились … никто не достигает своей цели»; a fumble stays one."""
    assert "Если все стороны провалились" in SEED
    out = brp.opposed_many((F, FU, F), (50, 60, 70))
    assert out.winner is None and out.after == (F, FU, F)


def test_seed_only_one_side_succeeded_unopposed() -> None:
    """«Если только одна сторона преуспела, навык выполняется без противодействия»."""
    assert "навык выполняется без противодействия" in SEED
    out = brp.opposed_many((F, SP, FU), (90, 20, 50))
    assert out.winner == 1 and out.after == (F, SP, FU)  # the special keeps its double effect


def test_seed_equal_successes_go_to_the_higher_skill_rating() -> None:
    """«Если броски успешны и равны … побеждает персонаж с более высоким рейтингом навыка»."""
    assert "более высоким рейтингом навыка" in SEED
    out = brp.opposed_many((S, S, S), (40, 65, 50))
    assert out.winner == 1 and out.after == (F, S, F)
    tie = brp.opposed_many((S, S, F), (65, 65, 90))
    assert tie.winner is None and tie.after == (F, F, F)


def test_seed_highest_quality_wins_and_lower_results_are_lowered() -> None:
    """«наивысшее качество успешного броска … определяет сторону … менее качественный
    результат понижается. Если это обычный Успех, он становится Провалом»; the winner drops
    by the best opposition («один уровень успеха … отменяет противоположный»)."""
    assert "менее качественный результат понижается" in SEED
    out = brp.opposed_many((S, SP, S, F), (90, 30, 80, 10))
    assert out.winner == 1 and out.after == (F, S, F, F)
    crit = brp.opposed_many((C, S, F), (50, 50, 50))
    assert crit.winner == 0 and crit.after == (S, F, F)  # a critical wins as a special does


def test_seed_special_against_special_both_fail_whoever_else_rolled() -> None:
    """«Особый успех против Особого успеха: … оба становятся провалами»: with a third side's
    plain success the highest quality is still shared, so nobody gets what they want."""
    assert "оба становятся провалами" in SEED
    out = brp.opposed_many((SP, SP, S), (40, 60, 90))
    assert out.winner is None and out.after == (F, F, F)


LEVELS = list(Level)


def test_two_sides_are_exactly_the_two_sided_rule() -> None:
    for a, b in itertools.product(LEVELS, repeat=2):
        for sa, sb in [(50, 50), (60, 40), (40, 60)]:
            two = brp.opposed(a, sa, b, sb)
            many = brp.opposed_many((a, b), (sa, sb))
            assert (many.after, many.winner) == (
                (two.a, two.b),
                {"a": 0, "b": 1, None: None}[two.winner],
            )


def test_order_of_sides_does_not_matter() -> None:
    for levels in itertools.product(LEVELS, repeat=3):
        skills = (50, 70, 50)
        out = brp.opposed_many(levels, skills)
        for perm in itertools.permutations(range(3)):
            other = brp.opposed_many(tuple(levels[i] for i in perm), tuple(skills[i] for i in perm))
            assert other.after == tuple(out.after[i] for i in perm)
            expected = None if out.winner is None else perm.index(out.winner)
            assert other.winner == expected


@pytest.mark.parametrize(
    ("chances", "skills"),
    [
        ((60, 45), (60, 45)),
        ((50, 50, 50), (50, 50, 50)),
        ((70, 35, 55), (70, 35, 55)),
        ((20, 95, 5), (40, 95, 10)),
    ],
)
def test_opposed_odds_match_brute_force(chances: tuple[int, ...], skills: tuple[int, ...]) -> None:
    """Every combination of d100 faces, each resolved and compared by the rules."""
    levels = [[brp.resolve(c, face).level for face in range(1, 101)] for c in chances]
    counts: dict[int | None, int] = {}
    # group each side's 100 faces by level first (the verdict depends on levels only)
    groups = [{lv: row.count(lv) for lv in set(row)} for row in levels]
    for combo in itertools.product(*(g.items() for g in groups)):
        weight = 1
        for _, n in combo:
            weight *= n
        winner = brp.opposed_many(tuple(lv for lv, _ in combo), skills).winner
        counts[winner] = counts.get(winner, 0) + weight
    brute = {k: Fraction(v, 100 ** len(chances)) for k, v in counts.items()}
    exact = brp.opposed_odds(chances, skills)
    assert {k: v for k, v in exact.items() if v} == brute
    assert sum(exact.values()) == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: brp.opposed_many(cast(Any, None), (1,)),
        lambda: brp.opposed_many((S,), cast(Any, None)),
        lambda: brp.opposed_many((S, cast(Any, "x")), (1, 2)),
        lambda: brp.opposed_many((S, S), (1,)),
        lambda: brp.opposed_many((), ()),
        lambda: brp.opposed_odds(cast(Any, None), (1,)),
        lambda: brp.opposed_odds((50, cast(Any, None)), (1, 2)),
    ],
)
def test_bad_arguments_are_rules_errors(call: Callable[[], object]) -> None:
    with pytest.raises(RulesError):
        call()
