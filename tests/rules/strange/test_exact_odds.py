"""Strange System exact odds against an independent brute force over every die."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.strange import DEFAULT_LADDER, Grade, impact_odds, odds, outcome_odds, resolve

D6 = range(1, 7)


def gm_ranges(count: int) -> Counter[tuple[tuple[int, int], ...]]:
    """Every GM roll of ``count`` × 2d6, as ranges, with how many ordered rolls give each."""
    return Counter(
        tuple(
            (min(dice[i], dice[i + 1]), max(dice[i], dice[i + 1])) for i in range(0, 2 * count, 2)
        )
        for dice in itertools.product(D6, repeat=2 * count)
    )


def brute(required: int, modifier: int, opposed: bool) -> tuple[Counter[Grade], Counter[int]]:
    """Classify every (GM dice, player dice) outcome with ``resolve``; counts, not fractions.

    GM rolls giving the same range(s) are grouped by multiplicity: the player's 1296 rolls are
    still enumerated and resolved for each of them.
    """
    grades: Counter[Grade] = Counter()
    impacts: Counter[int] = Counter()
    for ranges, weight in gm_ranges(2 if opposed else 1).items():
        resist = ranges[1] if opposed else None
        for dice in itertools.product(D6, repeat=4):
            result = resolve(
                dice, ranges[0], required, resistance_range=resist, range_modifier=modifier
            )
            grades[result.grade] += weight
            impacts[result.impact] += weight
    return grades, impacts


def as_fractions(
    counts: Counter[int] | Counter[Grade], keys: list[object]
) -> dict[object, Fraction]:
    total = sum(counts.values())
    return {key: Fraction(counts.get(key, 0), total) for key in keys}  # type: ignore[call-overload]


@pytest.mark.parametrize("modifier", [-2, -1, 0, 1])
@pytest.mark.parametrize("required", [1, 2, 3, 4])
def test_unopposed_odds_match_brute_force(required: int, modifier: int) -> None:
    grades, impacts = brute(required, modifier, False)
    assert sum(grades.values()) == 36 * 6**4
    assert odds(required, modifier) == as_fractions(grades, list(Grade))
    assert impact_odds(required, modifier) == as_fractions(impacts, [0, 1, 2, 3, 4])
    assert impact_odds(required, modifier)[0] == 1


@pytest.mark.parametrize(("required", "modifier"), [(1, 0), (2, -1)])
def test_opposed_odds_match_brute_force(required: int, modifier: int) -> None:
    grades, impacts = brute(required, modifier, True)
    assert sum(grades.values()) == 36 * 36 * 6**4
    assert odds(required, modifier, opposed=True) == as_fractions(grades, list(Grade))
    assert impact_odds(required, modifier, opposed=True) == as_fractions(impacts, [0, 1, 2, 3, 4])


def test_every_ladder_level_has_every_grade_key_and_sums_to_one() -> None:
    for level in DEFAULT_LADDER:
        for opposed in (False, True):
            dist = odds(level.required_hits, opposed=opposed)
            assert list(dist) == list(Grade)
            assert sum(dist.values()) == 1
            assert dist[Grade.ABSOLUTE_CRITICAL] == Fraction(1, 1296)


def test_known_values() -> None:
    # Master with no modifiers: only E 0 (no die in range) fails outright.
    assert odds(1)[Grade.CRITICAL_SUCCESS] > odds(1, -1)[Grade.CRITICAL_SUCCESS]
    assert odds(2)[Grade.CRITICAL_SUCCESS] == 0  # H > 4 impossible with 4 dice
    assert odds(2)[Grade.PARTIAL_SUCCESS] == 0  # E = 1 is not above R/2 = 1


@pytest.mark.parametrize(
    ("args", "field"),
    [((0,), "required"), ((5,), "required"), ((2, 7), "range_modifier"), ((2, 0, 1), "opposed")],
)
def test_odds_reject_bad_input(args: tuple[object, ...], field: str) -> None:
    with pytest.raises(RulesError, match=field):
        odds(*args)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(-6, 6), st.booleans())
def test_odds_sum_to_one_and_match_the_joint_distribution(
    required: int, modifier: int, opposed: bool
) -> None:
    joint = outcome_odds(required, modifier, opposed)
    dist = odds(required, modifier, opposed)
    assert sum(dist.values()) == 1 == sum(impact_odds(required, modifier, opposed).values())
    for grade in Grade:
        assert dist[grade] == sum((p for (g, _), p in joint.items() if g is grade), Fraction(0))
    assert all(p >= 0 for p in dist.values())


def success(dist: dict[Grade, Fraction]) -> Fraction:
    return sum((p for g, p in dist.items() if g.success), Fraction(0))


@settings(max_examples=60, deadline=None)
@given(st.integers(-6, 5), st.booleans())
def test_success_never_decreases_as_skill_or_range_rises(modifier: int, opposed: bool) -> None:
    by_level = [success(odds(level.required_hits, modifier, opposed)) for level in DEFAULT_LADDER]
    assert by_level == sorted(by_level)
    assert success(odds(2, modifier + 1, opposed)) >= success(odds(2, modifier, opposed))
    if opposed:
        assert success(odds(2, modifier, True)) <= success(odds(2, modifier, False))
