"""GURPS 4e damage types, wounding multipliers and armour divisors (Basic Set B377-B379),
each against a case worked out by hand, plus the damage text of weapon tables and GCS."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import floor

import pytest

from rules import RulesError, dice, gurps
from rules.gurps import DamageType


@pytest.mark.parametrize(
    ("kind", "penetrating", "injury"),
    [
        # pi- ×0.5: 7 → 3.5 → 3; 1 → 0.5 → at least 1
        ("pi-", 7, 3),
        ("pi-", 1, 1),
        ("pi", 7, 7),
        # pi+ ×1.5: 7 → 10.5 → 10
        ("pi+", 7, 10),
        ("pi++", 7, 14),
        ("imp", 7, 14),
        # cut ×1.5: 5 → 7.5 → 7
        ("cut", 5, 7),
        ("cr", 7, 7),
        ("burn", 7, 7),
        ("cor", 7, 7),
        ("tox", 7, 7),
        ("fat", 7, 7),
        ("imp", 0, 0),
        ("cut", -3, 0),
    ],
)
def test_each_wounding_multiplier_by_hand(kind: str, penetrating: int, injury: int) -> None:
    assert gurps.injury(penetrating, kind) == injury


def test_the_multiplier_table_is_the_basic_sets() -> None:
    table = {t.value: m for t, m in gurps.WOUNDING.items()}
    half, one, one_half, two = Fraction(1, 2), Fraction(1), Fraction(3, 2), Fraction(2)
    assert table == {
        "pi-": half,
        "pi": one,
        "pi+": one_half,
        "pi++": two,
        "imp": two,
        "cut": one_half,
        "cr": one,
        "burn": one,
        "cor": one,
        "tox": one,
        "fat": one,
    }
    assert DamageType.FATIGUE.to_fatigue and not DamageType.CRUSHING.to_fatigue


@pytest.mark.parametrize(
    ("dr", "divisor", "effective"),
    [
        (7, 2, 3),  # 3.5 rounded down
        (7, 3, 2),
        (12, 5, 2),
        (25, 10, 2),
        (9, 10, 0),
        (4, "0.5", 8),
        (4, "(2)", 2),
        (5, 1, 5),
    ],
)
def test_armour_divisors_divide_or_multiply_dr(dr: int, divisor: object, effective: int) -> None:
    assert gurps.effective_dr(dr, divisor) == effective  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["4", 4, "(7)", "x", 0, -2, 1.5, None])
def test_an_unknown_divisor_is_refused(bad: object) -> None:
    with pytest.raises(RulesError, match="armour divisor"):
        gurps.parse_divisor(bad)


def test_a_cutting_hit_through_dr_by_hand() -> None:
    # 2d+1 cut rolls 4+4+1 = 9 against DR 3: 6 penetrate, ×1.5 = 9 injury
    hit = gurps.resolve_damage("2d+1", [4, 4], dr=3, kind="cut")
    assert hit.basic == (9,) and hit.penetrating == (6,) and hit.injuries == (9,)
    assert hit.total == 9
    assert hit.label == "2d6+1 cut vs DR 3: 9 - 3 = 6 ×1.5 = 9"


def test_an_impaling_hit_with_an_armour_divisor_by_hand() -> None:
    # 1d+2(2) imp rolls 5+2 = 7 against DR 5: DR 5/2 = 2, 5 penetrate, ×2 = 10
    hit = gurps.resolve_damage("1d+2", [5], dr=5, kind="imp", divisor=2)
    assert hit.effective_dr == 2 and hit.penetrating == (5,) and hit.total == 10
    assert hit.label == "1d6+2(2) imp vs DR 5→2: 7 - 2 = 5 ×2 = 10"


def test_a_half_divisor_doubles_dr_by_hand() -> None:
    # 3d(0.5) cr rolls 12 against DR 4: DR 8, 4 penetrate, ×1
    hit = gurps.resolve_damage("3d", [4, 4, 4], dr=4, kind="cr", divisor="0.5")
    assert hit.effective_dr == 8 and hit.total == 4


def test_small_piercing_that_penetrates_does_at_least_one() -> None:
    # pi- 1d+1 rolls 1+1 = 2 against DR 1: 1 penetrates, ×0.5 = 0.5 → 1
    assert gurps.resolve_damage("1d+1", [1], dr=1, kind="pi-").total == 1
    # and nothing when nothing penetrates
    assert gurps.resolve_damage("1d+1", [1], dr=2, kind="pi-").total == 0


def test_typed_basic_damage_is_at_least_one_crushing_zero() -> None:
    # 1d-3 rolls 1 → -2: a cutting attack still does 1, a crushing one 0
    assert gurps.resolve_damage("1d-3", [1], kind="cut").basic == (1,)
    assert gurps.resolve_damage("1d-3", [1], kind="cut").total == 1
    assert gurps.resolve_damage("1d-3", [1], kind="cr").total == 0
    # untyped keeps the seed's reading: the roll as it is
    assert gurps.resolve_damage("1d-3", [1]).basic == (-2,)


def test_several_hits_each_take_dr_and_multiplier() -> None:
    # 2 hits of 1d pi+ vs DR 2: 6 → 4 ×1.5 = 6; 3 → 1 ×1.5 = 1.5 → 1
    hits = gurps.resolve_damage("1d", [6, 3], dr=2, hits=2, kind="pi+")
    assert hits.injuries == (6, 1) and hits.total == 7 and hits.largest == 6


def test_typed_damage_matches_brute_force_over_every_face() -> None:
    divisors: tuple[Fraction, ...] = (Fraction(1), Fraction(2), Fraction(1, 2))
    for kind, div, dr in itertools.product(DamageType, divisors, (0, 3, 7)):
        for faces in itertools.product(range(1, 7), repeat=2):
            got = gurps.resolve_damage("2d-1", list(faces), dr=dr, kind=kind, divisor=div).total
            least = 0 if kind is DamageType.CRUSHING else 1
            basic = max(least, sum(faces) - 1)
            pen = max(0, basic - floor(Fraction(dr) / Fraction(div)))
            want = 0 if pen == 0 else max(1, floor(pen * gurps.WOUNDING[kind]))
            assert got == want, (kind, div, dr, faces)


@pytest.mark.parametrize(
    ("text", "expr", "kind", "divisor", "shown"),
    [
        ("2d+1 cut", "2d6+1", "cut", 1, "2d6+1 cut"),
        ("1d+2(2) pi", "1d6+2", "pi", 2, "1d6+2(2) pi"),
        ("4d(3) burn", "4d6", "burn", 3, "4d6(3) burn"),
        ("2d6-1", "2d6-1", None, 1, "2d6-1"),
        ("1d-1 cr", "1d6-1", "cr", 1, "1d6-1 cr"),
        ("3d pi++", "3d6", "pi++", 1, "3d6 pi++"),
        ("1d+1 pi-", "1d6+1", "pi-", 1, "1d6+1 pi-"),
        ("2d (0.5) cr", "2d6", "cr", Fraction(1, 2), "2d6(0.5) cr"),
        ("  6d  IMP ", "6d6", "imp", 1, "6d6 imp"),
        ("12d6-6 pi", "12d6-6", "pi", 1, "12d6-6 pi"),
        ("1d fat", "1d6", "fat", 1, "1d6 fat"),
    ],
)
def test_damage_text_is_parsed(
    text: str, expr: str, kind: str | None, divisor: Fraction | int, shown: str
) -> None:
    got = gurps.parse_damage(text)
    assert str(got.expr) == expr and got.expr == dice.parse(expr)
    assert (got.kind.value if got.kind else None) == kind
    assert got.divisor == divisor and str(got) == shown


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("sw+2 cut", "based on ST"),
        ("thr imp", "based on ST"),
        ("2d+1 slash", "damage type"),
        ("2d+1(4) cut", "armour divisor"),
        ("", "look like"),
        ("cut", "look like"),
        ("2d+1 cut extra", "look like"),
        ("2000d cut", "too many dice"),
    ],
)
def test_bad_damage_text_names_the_problem(text: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        gurps.parse_damage(text)
