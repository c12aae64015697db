"""BRP opposed rolls in three tiers and the passive roller's reading (seed 000, issue 32).

The seed: «Представляйте уровни успеха как трёхступенчатую систему: Особый успех > Успех >
Провал» — a critical (its band lies inside the special band) is a special in a contest. And
for the resistance table: «одна из сторон — активная или пассивная — должна бросить D100 и
получить результат, равный или меньший указанного числа».
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules import brp
from rules.brp import Level

FU, F, S, SP, C = Level.FUMBLE, Level.FAILURE, Level.SUCCESS, Level.SPECIAL, Level.CRITICAL


def test_seed_02_critical_vs_10_special_both_special_no_winner() -> None:
    """At 50 % a 02 is a critical and a 10 a special: in a contest both are specials."""
    a, b = brp.resolve(50, 2).level, brp.resolve(50, 10).level
    assert (a, b) == (C, SP)
    out = brp.opposed(a, 50, b, 50)
    assert (out.winner, out.a, out.b) == (None, F, F)
    assert (out.a_rolled, out.b_rolled) == (C, SP)  # the log still names the critical
    assert brp.tick_eligible(out.a_rolled, "normal", True)
    assert brp.tick_eligible(out.b_rolled, "normal", True)
    assert out.label == "no winner: critical success vs special success → failure vs failure"


def test_critical_vs_success_is_specials_rule() -> None:
    out = brp.opposed(C, 20, S, 90)
    assert (out.winner, out.a, out.b) == ("a", S, F)
    out = brp.opposed(S, 90, C, 20)
    assert (out.winner, out.a, out.b) == ("b", F, S)


def test_critical_unopposed_keeps_its_own_level() -> None:
    out = brp.opposed(C, 20, F, 90)
    assert (out.winner, out.a, out.b) == ("a", C, F)
    out = brp.opposed(FU, 90, C, 20)
    assert (out.winner, out.a, out.b) == ("b", FU, C)


def test_critical_vs_critical_both_fail() -> None:
    out = brp.opposed(C, 20, C, 90)
    assert (out.winner, out.a, out.b) == (None, F, F)


def test_tiers() -> None:
    assert [brp.tier(lv) for lv in (FU, F, S, SP, C)] == [0, 0, 1, 2, 2]


def _expected(a: Level, sa: int, b: Level, sb: int) -> tuple[str | None, Level, Level]:
    """The rules.md table written out case by case, independently of the code's tiers."""
    good = {S: 1, SP: 2, C: 2}
    ta, tb = good.get(a, 0), good.get(b, 0)
    if ta == tb == 0:
        return None, a, b
    if ta == tb == 2:
        return None, F, F
    if ta == tb == 1:
        if sa == sb:
            return None, F, F
        return ("a", S, F) if sa > sb else ("b", F, S)
    if ta > tb:
        return "a", (a if tb == 0 else S), (b if tb == 0 else F)
    return "b", (a if ta == 0 else F), (b if ta == 0 else S)


@pytest.mark.parametrize(("sa", "sb"), [(50, 50), (70, 30), (30, 70)])
def test_every_pair_of_levels_matches_the_three_tier_table(sa: int, sb: int) -> None:
    for a, b in itertools.product(list(Level), repeat=2):
        out = brp.opposed(a, sa, b, sb)
        assert (out.winner, out.a, out.b) == _expected(a, sa, b, sb), (a, b)
        many = brp.opposed_many((a, b), (sa, sb))
        assert many.after == (out.a, out.b)


@pytest.mark.parametrize(
    ("ca", "cb"), [(50, 50), (100, 40), (60, 45), (95, 95), (12, 80), (0, 30), (200, 150)]
)
def test_opposed_odds_match_brute_force_over_all_faces(ca: int, cb: int) -> None:
    """All 100 × 100 faces, each resolved and compared with the independent table."""
    counts: dict[str | None, int] = {"a": 0, "b": 0, None: 0}
    for fa, fb in itertools.product(range(1, 101), repeat=2):
        la, lb = brp.resolve(ca, fa).level, brp.resolve(cb, fb).level
        counts[_expected(la, ca, lb, cb)[0]] += 1
    exact = brp.opposed_odds((ca, cb), (ca, cb))
    assert exact == {
        0: Fraction(counts["a"], 10000),
        1: Fraction(counts["b"], 10000),
        None: Fraction(counts[None], 10000),
    }
    assert sum(exact.values()) == 1


def test_three_sides_critical_and_special_share_the_top_tier() -> None:
    out = brp.opposed_many((SP, C, S), (50, 50, 50))
    assert out.winner is None and out.after == (F, F, F)


def test_seed_str_13_vs_siz_15_passive_rolls_30_active_prevails() -> None:
    """The passive side's roll is read against the same 40: 30 → the stone is lifted."""
    out = brp.resistance_roll(13, 15, 30, by="passive")
    assert out.success and out.target == 40
    assert not brp.resistance_roll(13, 15, 41, by="passive").success
    assert out.label == "active succeeds (30 vs 40, passive rolls)"


@pytest.mark.parametrize(("active", "passive"), [(13, 15), (10, 10), (18, 9), (3, 12), (20, 10)])
def test_passive_roller_reads_roll_at_or_under_the_chance(active: int, passive: int) -> None:
    chance = brp.resistance_chance(active, passive)
    automatic = chance in (0, 100)
    for face in range(1, 101):
        by_passive = brp.resistance_roll(active, passive, face, by="passive")
        by_active = brp.resistance_roll(active, passive, face, by="active")
        expected = chance == 100 if automatic else face <= chance
        assert by_passive.success is by_active.success is expected, face
    wins = sum(brp.resistance_roll(active, passive, f, by="passive").success for f in range(1, 101))
    assert brp.resistance_odds(active, passive) == Fraction(wins, 100)
