"""GURPS 4e ranged fire (seed 004): range table, cover, rapid fire, shotguns."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError, gurps
from rules.dice import parse
from tests.seeds import seed_passages

SEED = seed_passages("004")

# The Size and Speed/Range table as the spec prints it: (yards, penalty).
RANGE_ROWS = [
    (2, 0),
    (3, -1),
    (5, -2),
    (7, -3),
    (10, -4),
    (15, -5),
    (20, -6),
    (30, -7),
    (50, -8),
    (70, -9),
    (100, -10),
]


def reference_rows(decades: int) -> list[tuple[Fraction, int]]:
    """The table extended: rows at 2,3,5,7,10,15 × 10^k, one step each."""
    rows = []
    step = 0
    for k in range(decades):
        for base in (2, 3, 5, 7, 10, 15):
            rows.append((Fraction(base * 10**k), -step))
            step += 1
    return rows


REFERENCE_ROWS = reference_rows(14)


def reference_penalty(yards: Fraction) -> int:
    for top, penalty in REFERENCE_ROWS:
        if yards <= top:
            return penalty
    raise AssertionError("beyond the reference table")


# --- range --------------------------------------------------------------------------------


@pytest.mark.parametrize(("yards", "penalty"), RANGE_ROWS)
def test_every_row_of_the_range_table(yards: int, penalty: int) -> None:
    assert gurps.range_penalty(yards) == penalty


def test_between_rows_the_next_row_up_applies() -> None:
    assert gurps.range_penalty(4) == -2
    for (low, _), (high, penalty) in itertools.pairwise(RANGE_ROWS):
        for yards in range(low + 1, high + 1):
            assert gurps.range_penalty(yards) == penalty, yards
    assert gurps.range_penalty(Fraction(201, 100)) == -1
    assert gurps.range_penalty("2.5") == -1
    assert gurps.range_penalty(0) == 0
    assert gurps.range_penalty(1.5) == 0


def test_beyond_100_yards_each_x10_is_minus_6() -> None:
    expected = {150: -11, 200: -12, 300: -13, 500: -14, 700: -15, 1000: -16, 1500: -17}
    assert {y: gurps.range_penalty(y) for y in expected} == expected
    assert gurps.range_penalty(101) == -11
    for yards, penalty in RANGE_ROWS:
        assert gurps.range_penalty(yards * 10) == penalty - 6
        assert gurps.range_penalty(yards * 1000) == penalty - 18


def test_range_matches_reference_for_every_yard_and_row_edge() -> None:
    for yards in range(0, 2001):
        assert gurps.range_penalty(yards) == reference_penalty(Fraction(yards)), yards
    for top, penalty in REFERENCE_ROWS[:60]:
        assert gurps.range_penalty(top) == penalty
        assert gurps.range_penalty(top + Fraction(1, 1000)) == penalty - 1


@given(st.fractions(min_value=0, max_value=10**9), st.fractions(min_value=0, max_value=10**9))
def test_range_penalty_never_improves_with_distance(a: Fraction, b: Fraction) -> None:
    near, far = sorted((a, b))
    assert gurps.range_penalty(far) <= gurps.range_penalty(near) <= 0
    assert gurps.range_penalty(far) == reference_penalty(far)


@pytest.mark.parametrize("yards", [-1, "far", True, None, float("inf"), 10**13])
def test_bad_distance_is_refused(yards: object) -> None:
    with pytest.raises(RulesError, match="yards"):
        gurps.range_penalty(yards)  # type: ignore[arg-type]


def test_cover_penalty_is_minus_2() -> None:
    assert "частичные укрытия сокращают вероятность попадания. Обычно штраф -2" in SEED
    assert gurps.COVER_PENALTY == -2


# --- rapid fire ---------------------------------------------------------------------------

ROF_BOUNDARIES = [
    (1, 0),
    (4, 0),
    (5, 1),
    (8, 1),
    (9, 2),
    (12, 2),
    (13, 3),
    (16, 3),
    (17, 4),
    (24, 4),
    (25, 5),
    (49, 5),
    (50, 6),
    (99, 6),
    (100, 7),
    (199, 7),
    (200, 8),
    (399, 8),
    (400, 9),
    (799, 9),
    (800, 10),
]


@pytest.mark.parametrize(("shots", "bonus"), ROF_BOUNDARIES)
def test_rof_table_boundaries(shots: int, bonus: int) -> None:
    assert gurps.rof_bonus(shots) == bonus


def test_two_barrels_of_9_pellets_18_shots_plus_4() -> None:
    shots, bonus = (
        int(n) for n in re.findall(r"как (\d+) выпущенных пуль, и дает бонус \+(\d+)", SEED)[0]
    )
    assert (shots, bonus) == (18, 4)
    shells, pellets = gurps.parse_rof("2x9")
    assert shells * pellets == shots
    assert gurps.rof_bonus(shots) == bonus
    fire = gurps.shotgun("1d6+1", "2x9", 50, 30, 0)
    assert (fire.shots, fire.rof_bonus, fire.multiplier) == (18, 4, 1)


@given(st.integers(1, 10**6))
def test_rof_bonus_never_decreases(shots: int) -> None:
    assert gurps.rof_bonus(shots + 1) >= gurps.rof_bonus(shots) >= 0
    if shots >= 100:
        assert gurps.rof_bonus(2 * shots) == gurps.rof_bonus(shots) + 1


@pytest.mark.parametrize("shots", [0, -3, True, 2.0])
def test_rof_bonus_rejects_bad_shots(shots: object) -> None:
    with pytest.raises(RulesError, match="shots"):
        gurps.rof_bonus(shots)  # type: ignore[arg-type]


def test_rapid_fire_hits_per_recoil_of_margin() -> None:
    assert gurps.rapid_fire_hits(-1, 2, 10) == 0
    assert gurps.rapid_fire_hits(0, 2, 10) == 1
    assert gurps.rapid_fire_hits(1, 2, 10) == 1
    assert gurps.rapid_fire_hits(2, 2, 10) == 2
    assert gurps.rapid_fire_hits(5, 2, 10) == 3
    assert gurps.rapid_fire_hits(9, 1, 3) == 3  # never more than the shots fired
    with pytest.raises(RulesError, match="recoil"):
        gurps.rapid_fire_hits(3, 0, 3)


# --- shotguns -----------------------------------------------------------------------------


def test_parse_rof() -> None:
    assert re.search(r"в форме 3x9", SEED)
    assert gurps.parse_rof("3x9") == (3, 9)
    assert gurps.parse_rof("3") == (3, 1)
    assert gurps.parse_rof(" 2 X 13 ") == (2, 13)
    assert gurps.parse_rof("3×9") == (3, 9)
    assert gurps.parse_rof("20!") == (20, 1)


@pytest.mark.parametrize("rof", ["", "x9", "0x9", "3x0", "3x", "abc", "3x9x2", "-3", None])
def test_parse_rof_rejects_nonsense(rof: object) -> None:
    with pytest.raises(RulesError, match="rof"):
        gurps.parse_rof(rof)  # type: ignore[arg-type]


def seed_numbers() -> dict[str, str]:
    pats = {
        "half": r"половинчатая дальность равна (\d+) ярдам",
        "close": r"убойная дистанция будет равна (\d+) ярдам",
        "pellets": r"патрон с (\d+) дробинками",
        "mult": r"модификатор урона x(\d+)",
        "damage": r"а урон (\d+d\d+-\d+)",
        "close_damage": r"урон станет (\d+d\d+-\d+)",
        "dr": r"\(DR (\d+) станет DR \d+\)",
        "close_dr": r"\(DR \d+ станет DR (\d+)\)",
    }
    return {key: re.findall(pat, SEED)[0] for key, pat in pats.items()}


def test_stevenson_shotgun_at_close_range() -> None:
    n = seed_numbers()
    assert n == {
        "half": "40",
        "close": "4",
        "pellets": "13",
        "mult": "6",
        "damage": "2d6-1",
        "close_damage": "12d6-6",
        "dr": "1",
        "close_dr": "6",
    }
    assert "выстрелить из дробовика можно дважды за ход" in SEED
    assert gurps.close_range(int(n["half"])) == int(n["close"])
    rof = f"2x{n['pellets']}"
    for distance in (0, 3, 4):
        fire = gurps.shotgun(n["damage"], rof, int(n["half"]), distance, int(n["dr"]))
        assert fire.close
        assert fire.multiplier == int(n["mult"])
        assert str(fire.damage) == n["close_damage"]
        assert fire.damage == parse("12d6-6")
        assert fire.dr == int(n["close_dr"])
        assert (fire.shots, fire.rof_bonus) == (2, 0)  # pellets give no RoF bonus
        assert (str(fire.base_damage), fire.base_dr) == ("2d6-1", 1)
    assert fire.label == (
        "2x13 at 4 yd (within close range 4 yd): 2 shots +0, damage 12d6-6 (x6), DR 6"
    )


def test_stevenson_shotgun_beyond_close_range() -> None:
    fire = gurps.shotgun("2d6-1", "2x13", 40, 5, 1)
    assert not fire.close
    assert (fire.multiplier, str(fire.damage), fire.dr) == (1, "2d6-1", 1)
    assert (fire.shots, fire.rof_bonus) == (26, 5)
    one = gurps.shotgun("2d6-1", "2x13", 40, "4.5", 1, shells=1)
    assert (one.shots, one.rof_bonus, one.shells) == (13, 3, 1)


def test_close_range_is_an_exact_tenth() -> None:
    assert gurps.close_range(25) == Fraction(5, 2)
    assert gurps.shotgun("1d6", "1x9", 25, "2.5", 2).close
    assert not gurps.shotgun("1d6", "1x9", 25, 3, 2).close
    assert gurps.shotgun("1d6", "1x9", 25, "2.5", 2).multiplier == 4


def test_no_pellets_never_multiplies() -> None:
    fire = gurps.shotgun("2d6+2", "3", 100, 1, 4)
    assert (fire.close, fire.multiplier, str(fire.damage), fire.dr, fire.shots) == (
        False,
        1,
        "2d6+2",
        4,
        3,
    )


def test_shotgun_rejects_bad_input() -> None:
    with pytest.raises(RulesError, match="half_damage_range"):
        gurps.shotgun("2d6-1", "2x13", 0, 3, 1)
    with pytest.raises(RulesError, match="distance"):
        gurps.shotgun("2d6-1", "2x13", 40, -3, 1)
    with pytest.raises(RulesError, match="dr"):
        gurps.shotgun("2d6-1", "2x13", 40, 3, -1)
    with pytest.raises(RulesError, match="shells"):
        gurps.shotgun("2d6-1", "2x13", 40, 3, 1, shells=3)
    with pytest.raises(RulesError):
        gurps.shotgun("2q6", "2x13", 40, 3, 1)
