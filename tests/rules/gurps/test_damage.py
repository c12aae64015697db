"""GURPS damage (seed 004): one damage roll per hit, the target's DR off each hit."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError, dice, gurps


def test_seed_stevenson_close_range_hit_12d6_minus_6_against_dr_1_times_6() -> None:
    fire = gurps.ranged_fire(3, "2x13", half_damage=40, damage="2d6-1", dr=1)
    assert fire.damage is not None
    faces = [3] * 12  # 36 - 6 = 30 basic damage
    hit = gurps.resolve_damage(fire.damage, faces, dr=fire.dr)
    assert hit.basic == (30,) and hit.injuries == (24,) and hit.total == 24
    assert hit.label == "12d6-6 vs DR 6: 30 - 6 = 24"


def test_dr_comes_off_each_hit_and_never_below_zero() -> None:
    # two hits of 2d6-1 against DR 5: 6+6-1 = 11 → 6; 1+2-1 = 2 → 0
    hits = gurps.resolve_damage("2d6-1", [6, 6, 1, 2], dr=5, hits=2)
    assert hits.basic == (11, 2) and hits.injuries == (6, 0) and hits.total == 6
    assert hits.label == "2d6-1 vs DR 5: 11 - 5 = 6; 2 - 5 = 0; total 6"
    assert gurps.resolve_damage("1d6-3", [1]).total == 0


def test_rolled_damage_takes_the_dice_from_the_generator() -> None:
    rolled = gurps.roll_damage("2d6-1", dr=1, hits=3, rng=random.Random(5))
    again = random.Random(5)
    expected = [dice.roll("2d6-1", rng=again).total for _ in range(3)]
    assert list(rolled.basic) == expected
    assert rolled.total == sum(max(0, b - 1) for b in expected)


@given(st.lists(st.integers(1, 6), min_size=4, max_size=4), st.integers(0, 20))
def test_total_is_the_sum_of_each_hit_less_dr(faces: list[int], dr: int) -> None:
    hit = gurps.resolve_damage("2d6", faces, dr=dr, hits=2)
    first, second = faces[0] + faces[1], faces[2] + faces[3]
    assert hit.total == max(0, first - dr) + max(0, second - dr)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: gurps.resolve_damage("2d6", [1, 2, 3]), "need 2 dice, got 3"),
        (lambda: gurps.resolve_damage("2d6", [1, 7]), "within 1..6"),
        (lambda: gurps.resolve_damage("2d6", [1, 2], hits=0), "hits"),
        (lambda: gurps.resolve_damage("2d6", [1, 2], dr=-1), "dr"),
        (lambda: gurps.resolve_damage(cast(Any, 12), [1, 2]), "dice like"),
        (lambda: gurps.resolve_damage("2d6", cast(Any, None)), "faces"),
        (lambda: gurps.roll_damage("2d6", rng=cast(Any, None)), "rng"),
        (lambda: gurps.roll_damage("2d6", hits=101, rng=random.Random()), "hits"),
    ],
)
def test_bad_damage_is_refused_by_name(call: Callable[[], object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        call()
