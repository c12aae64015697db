"""GURPS 4e ranged attacks worked out whole (seed 004): the Stevenson shotgun, close range,
pellets as shots, hits of rapid fire and their exact odds against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import TypedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError, gurps
from tests.seeds import seed_passages

SEED = seed_passages("004")


class _Weapon(TypedDict):
    """The keywords of one weapon, spread into ``ranged_fire``."""

    rof: str
    half_damage: int
    damage: str


STEVENSON: _Weapon = {"rof": "2x13", "half_damage": 40, "damage": "2d6-1"}


def test_seed_numbers_are_in_the_seed() -> None:
    for words in (
        "Стивенсона",
        "40 ярдам",
        "4 ярдам",
        "13 дробинками",
        "x6",
        "12d6-6",
        "DR 1 станет DR 6",
        "18 выпущенных пуль",
        "+4",
    ):
        assert words in SEED, words


def test_seed_stevenson_at_3_yd_deals_12d6_minus_6_and_dr_times_6() -> None:
    fire = gurps.ranged_fire(3, **STEVENSON, dr=1)
    assert fire.close and fire.close_range == 4
    assert fire.multiplier == 6  # 13 pellets // 2
    assert str(fire.damage) == "12d6-6" and str(fire.base_damage) == "2d6-1"
    assert (fire.base_dr, fire.dr) == (1, 6)
    assert fire.shots == 2 and fire.rof_bonus == 0  # two shells, no pellet bonus
    assert fire.range_penalty == -1
    assert fire.to_hit == -1


@pytest.mark.parametrize(
    ("yards", "close"),
    [(0, True), (4, True), ("4.0", True), (Fraction(401, 100), False), (5, False)],
)
def test_seed_close_range_is_up_to_4_yards_for_1_2d_40(
    yards: int | str | Fraction, close: bool
) -> None:
    fire = gurps.ranged_fire(yards, **STEVENSON)
    assert fire.close is close
    assert fire.multiplier == (6 if close else 1)


def test_seed_two_barrels_of_9_pellets_are_18_shots_plus_4() -> None:
    fire = gurps.ranged_fire(10, "2x9", half_damage=40)
    assert not fire.close and fire.shots == 18 and fire.rof_bonus == 4


def test_shots_count_shells_two_shells_of_2x13_fire_26_pellets() -> None:
    both = gurps.ranged_fire(30, **STEVENSON, shots=2)
    assert (both.shells, both.shots, both.rof_bonus) == (2, 26, 5)
    one = gurps.ranged_fire(30, **STEVENSON, shots=1)
    assert (one.shells, one.shots, one.rof_bonus) == (1, 13, 3)
    assert gurps.ranged_fire(30, **STEVENSON).shots == 26  # the full RoF by default
    assert str(both.damage) == "2d6-1" and both.multiplier == 1


def test_range_penalty_is_one_value_of_the_table_never_split() -> None:
    # -16 at 1000 yd is one penalty: the ±10 limit is for one situational modifier
    fire = gurps.ranged_fire(1000, "3")
    assert fire.range_penalty == -16 == gurps.range_penalty(1000)
    assert fire.shots == 3 and fire.rof_bonus == 0 and fire.close_range is None


def test_beyond_half_damage_is_told() -> None:
    assert gurps.ranged_fire(41, **STEVENSON).beyond_half_damage
    assert not gurps.ranged_fire(40, **STEVENSON).beyond_half_damage
    assert not gurps.ranged_fire(1000, "1").beyond_half_damage  # 1/2D unknown


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"distance": 3, "rof": "2x13"}, "half_damage is needed"),
        (
            {"distance": 3, "rof": "2x13", "half_damage": 40, "shots": 3},
            "shots must be within 1..2",
        ),
        ({"distance": 900, "rof": "1", "max_range": 800}, "within 0..800 yards"),
        ({"distance": -1, "rof": "1"}, "distance"),
        ({"distance": 3, "rof": "2y13"}, "rof"),
        ({"distance": 3, "rof": "1", "damage": 5}, "dice expression"),
        ({"distance": 3, "rof": "1", "dr": -1}, "dr"),
    ],
)
def test_bad_fire_is_refused_by_name(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(RulesError, match=words):
        gurps.ranged_fire(**kwargs)  # type: ignore[arg-type]


# --- hits -----------------------------------------------------------------------------------


def test_hits_are_rapid_fire_hits_of_the_margin() -> None:
    # Stevenson (Recoil 1) at 30 yd, 26 pellets, skill 11, rolled 7: margin 4 → 5 hits
    assert gurps.attack_hits(gurps.resolve(11, 7), 1, 26) == 5 == gurps.rapid_fire_hits(4, 1, 26)
    assert gurps.attack_hits(gurps.resolve(16, 3), 1, 2) == 2  # never more than the shots
    assert gurps.attack_hits(gurps.resolve(12, 9), 2, 10) == 2  # 1 + 3 // 2


def test_a_failure_never_hits_and_a_success_always_does() -> None:
    assert gurps.attack_hits(gurps.resolve(17, 17), 1, 5) == 0  # margin 0, but 17 fails
    low = gurps.resolve(2, 4)  # automatic success, margin -2
    assert low.success and gurps.attack_hits(low, 1, 5) == 1


def brute_hits(skill: int, recoil: int, shots: int) -> dict[int, Fraction]:
    """Every one of the 216 ordered 3d6 outcomes, hits counted from the definition."""
    counts: dict[int, int] = {}
    for dice in itertools.product(range(1, 7), repeat=3):
        total = sum(dice)
        auto_ok = total <= 4 or (total == 5 and skill >= 15) or (total == 6 and skill >= 16)
        auto_fail = total >= 17 or total >= skill + 10
        ok = auto_ok or (not auto_fail and total <= skill)
        n = min(shots, 1 + max(skill - total, 0) // recoil) if ok else 0
        counts[n] = counts.get(n, 0) + 1
    return {n: Fraction(c, 216) for n, c in sorted(counts.items())}


@pytest.mark.parametrize(
    ("skill", "recoil", "shots"),
    [
        (12, 1, 2),  # Stevenson at 3 yd (13 -1): two shells
        (11, 1, 26),  # Stevenson at 30 yd, both barrels (13 -7 +5)
        (9, 1, 13),  # one barrel at 30 yd (13 -7 +3)
        (15, 2, 10),
        (3, 1, 3),
        (20, 3, 100),
        (-5, 1, 4),
    ],
)
def test_hits_odds_match_brute_force(skill: int, recoil: int, shots: int) -> None:
    dist = gurps.hits_odds(skill, recoil, shots)
    assert dist == brute_hits(skill, recoil, shots)
    assert sum(dist.values()) == 1


@given(st.integers(-20, 30), st.integers(1, 6), st.integers(1, 40))
def test_hits_odds_sum_to_one_and_miss_is_the_failure_chance(
    skill: int, recoil: int, shots: int
) -> None:
    dist = gurps.hits_odds(skill, recoil, shots)
    assert sum(dist.values()) == 1
    levels = gurps.odds(skill)
    assert dist.get(0, 0) == levels[gurps.Level.FAILURE] + levels[gurps.Level.CRITICAL_FAILURE]
    assert max(dist) <= shots


def test_attack_hits_refuses_what_is_no_result() -> None:
    for bad in (None, 12, [3, 4, 5]):
        with pytest.raises(RulesError):
            gurps.attack_hits(bad, 1, 2)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="recoil"):
        gurps.attack_hits(gurps.resolve(10, 18), 0, 2)
