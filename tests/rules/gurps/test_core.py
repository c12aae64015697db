"""GURPS 4e success rolls and quick contests (seed 004): seed examples, exact odds, properties."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import SYSTEMS, RulesError, gurps
from rules.gurps import Level
from tests.seeds import seed_passages

SEED = seed_passages("004")
FACES = list(itertools.product(range(1, 7), repeat=3))


def reference_level(skill: int, roll: int) -> Level:
    """The seed's rules, written out independently of the module."""
    crit_success = roll in (3, 4) or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16)
    if crit_success:
        return Level.CRITICAL_SUCCESS
    if roll == 18 or (roll == 17 and skill <= 15) or roll - skill >= 10:
        return Level.CRITICAL_FAILURE
    if roll > 16 or roll > skill:
        return Level.FAILURE
    return Level.SUCCESS


# --- seed: modifiers --------------------------------------------------------------------


def test_lockpicking_9_in_darkness_then_trivial_lock() -> None:
    base = int(re.findall(r"взламывать замки у персонажа равно (\d+)", SEED)[0])
    darkness = int(re.findall(r"накладывает штраф (-\d+)", SEED)[0])
    trivial = int(re.findall(r"огромный бонус (\+\d+)", SEED)[0])
    assert (base, darkness, trivial) == (9, -5, 10)
    assert gurps.effective_skill(base, [darkness]) == 4
    assert gurps.effective_skill(base, [darkness, trivial]) == 14
    assert "уровень взлома становится 14" in SEED


def test_lockpicking_9_succeeds_on_9_and_fails_on_10() -> None:
    assert gurps.resolve(9, 9).level is Level.SUCCESS
    assert gurps.resolve(9, 9).margin == 0
    assert gurps.resolve(9, 10).level is Level.FAILURE
    assert gurps.resolve(9, 10).margin == -1


@pytest.mark.parametrize("mod", [-11, 11, 100, -1000])
def test_modifier_outside_ten_is_refused(mod: int) -> None:
    with pytest.raises(RulesError, match="modifier 2"):
        gurps.effective_skill(9, [-5, mod])


def test_modifier_must_be_an_integer() -> None:
    with pytest.raises(RulesError):
        gurps.effective_skill(9, [True])
    with pytest.raises(RulesError):
        gurps.effective_skill(9, [1.5])  # type: ignore[list-item]


def test_no_modifiers_is_base_skill() -> None:
    assert gurps.effective_skill(12) == 12
    assert gurps.effective_skill(12, iter([10, 10, 10])) == 42


# --- seed: criticals ----------------------------------------------------------------------


@pytest.mark.parametrize("roll", [3, 4])
def test_3_and_4_are_critical_successes_even_at_skill_3(roll: int) -> None:
    for skill in (3, -5, 9, 20):
        result = gurps.resolve(skill, roll)
        assert result.level is Level.CRITICAL_SUCCESS
        assert result.success


def test_5_is_critical_only_at_skill_15_or_more() -> None:
    assert gurps.resolve(15, 5).level is Level.CRITICAL_SUCCESS
    assert gurps.resolve(14, 5).level is Level.SUCCESS


def test_6_is_critical_only_at_skill_16_or_more() -> None:
    assert gurps.resolve(16, 6).level is Level.CRITICAL_SUCCESS
    assert gurps.resolve(15, 6).level is Level.SUCCESS


def test_18_is_always_a_critical_failure() -> None:
    for skill in (3, 16, 25, 100):
        assert gurps.resolve(skill, 18).level is Level.CRITICAL_FAILURE


def test_17_is_critical_failure_at_15_but_plain_failure_at_16() -> None:
    assert gurps.resolve(15, 17).level is Level.CRITICAL_FAILURE
    assert gurps.resolve(16, 17).level is Level.FAILURE
    assert gurps.resolve(25, 17).level is Level.FAILURE  # 17 never succeeds


def test_16_at_skill_6_is_a_critical_failure() -> None:
    assert "16 при уровне 6, 15 при уровне 5" in SEED
    assert gurps.resolve(6, 16).level is Level.CRITICAL_FAILURE
    assert gurps.resolve(5, 15).level is Level.CRITICAL_FAILURE
    assert gurps.resolve(6, 15).level is Level.FAILURE  # only 9 over: plain failure


def test_level_order_and_labels() -> None:
    assert Level.CRITICAL_FAILURE < Level.FAILURE < Level.SUCCESS < Level.CRITICAL_SUCCESS
    assert [lv.label for lv in Level] == [
        "critical failure",
        "failure",
        "success",
        "critical success",
    ]


def test_result_explains_itself() -> None:
    result = gurps.resolve_dice(14, (1, 1, 2))
    assert (result.skill, result.roll, result.dice, result.margin) == (14, 4, (1, 1, 2), 10)
    assert result.label == "critical success (rolled 4 [1, 1, 2] vs 14, margin +10)"
    assert gurps.resolve(9, 11).label == "failure (rolled 11 vs 9, margin -2)"
    assert not gurps.resolve(9, 11).success


def test_resolve_agrees_with_reference_everywhere() -> None:
    for skill in range(-20, 31):
        for roll in range(3, 19):
            assert gurps.resolve(skill, roll).level is reference_level(skill, roll), (skill, roll)


# --- dice entry and rolling ---------------------------------------------------------------


@pytest.mark.parametrize("dice", [(0, 1, 1), (1, 7, 1), (1, 1), (1, 1, 1, 1), "111", (1, 1, True)])
def test_resolve_dice_rejects_bad_faces(dice: object) -> None:
    with pytest.raises(RulesError):
        gurps.resolve_dice(10, dice)  # type: ignore[arg-type]


def test_roll_uses_only_the_injected_generator() -> None:
    random.seed(1)
    a = [gurps.roll(12, rng=random.Random(7)) for _ in range(3)]
    random.seed(2)
    b = [gurps.roll(12, rng=random.Random(7)) for _ in range(3)]
    assert a == b
    rng = random.Random(99)
    expected = random.Random(99)
    for _ in range(50):
        faces = tuple(expected.randint(1, 6) for _ in range(3))
        assert gurps.roll(12, rng=rng) == gurps.resolve_dice(12, faces)


@pytest.mark.parametrize("skill", [True, 1.5, "12", 1001, -1001])
def test_bad_skill_is_refused(skill: object) -> None:
    with pytest.raises(RulesError, match="skill"):
        gurps.resolve(skill, 10)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="skill"):
        gurps.odds(skill)  # type: ignore[arg-type]


# --- exact odds ---------------------------------------------------------------------------


def brute_odds(skill: int) -> dict[Level, Fraction]:
    counts = Counter(gurps.resolve_dice(skill, faces).level for faces in FACES)
    return {lv: Fraction(counts[lv], 216) for lv in Level}


def test_odds_match_brute_force_for_skills_minus_5_to_25() -> None:
    for skill in range(-5, 26):
        assert gurps.odds(skill) == brute_odds(skill), skill


def test_odds_far_outside_the_cached_range() -> None:
    for skill in (-1000, -8, -7, -6, 17, 40, 1000):
        assert gurps.odds(skill) == brute_odds(skill), skill


def test_odds_known_values() -> None:
    assert gurps.odds(10)[Level.SUCCESS] + gurps.odds(10)[Level.CRITICAL_SUCCESS] == Fraction(1, 2)
    # skill 16: 3-6 critical (20 ways), 18 the only critical failure
    assert gurps.odds(16) == {
        Level.CRITICAL_FAILURE: Fraction(1, 216),
        Level.FAILURE: Fraction(3, 216),
        Level.SUCCESS: Fraction(192, 216),
        Level.CRITICAL_SUCCESS: Fraction(20, 216),
    }


def test_odds_result_is_a_fresh_dict() -> None:
    first = gurps.odds(12)
    first[Level.SUCCESS] = Fraction(0)
    assert gurps.odds(12)[Level.SUCCESS] > 0


@given(st.integers(-1000, 1000))
def test_odds_sum_to_one_and_cover_every_level(skill: int) -> None:
    dist = gurps.odds(skill)
    assert list(dist) == list(Level)
    assert sum(dist.values()) == 1


@given(st.integers(-50, 50))
def test_success_never_decreases_with_skill(skill: int) -> None:
    def p(s: int) -> Fraction:
        d = gurps.odds(s)
        return d[Level.SUCCESS] + d[Level.CRITICAL_SUCCESS]

    assert p(skill + 1) >= p(skill)
    lower, higher = gurps.odds(skill), gurps.odds(skill + 1)
    assert higher[Level.CRITICAL_SUCCESS] >= lower[Level.CRITICAL_SUCCESS]
    assert higher[Level.CRITICAL_FAILURE] <= lower[Level.CRITICAL_FAILURE]


@given(st.integers(-1000, 1000), st.integers(3, 18))
def test_resolve_accepts_every_legal_roll(skill: int, roll: int) -> None:
    result = gurps.resolve(skill, roll)
    assert result.margin == skill - roll
    assert result.success == (result.level >= Level.SUCCESS)


@given(st.integers(-1000, 1000), st.integers().filter(lambda r: not 3 <= r <= 18))
def test_resolve_rejects_rolls_outside_3_to_18(skill: int, roll: int) -> None:
    with pytest.raises(RulesError, match=r"roll must be within 3\.\.18"):
        gurps.resolve(skill, roll)


@given(st.tuples(st.integers(-3, 9), st.integers(-3, 9), st.integers(-3, 9)))
def test_resolve_dice_accepts_only_faces_1_to_6(dice: tuple[int, int, int]) -> None:
    if all(1 <= d <= 6 for d in dice):
        assert gurps.resolve_dice(10, dice).roll == sum(dice)
    else:
        with pytest.raises(RulesError, match=r"1\.\.6"):
            gurps.resolve_dice(10, dice)


def test_registered_as_a_system() -> None:
    assert SYSTEMS["gurps"] is gurps


# --- seed: quick contest, both reach for the revolver ---------------------------------------
# The seed names no characters or numbers: "two people rush at once for the revolver lying on
# the table", each rolling DX. Here Anna has DX 12 and Boris DX 11.


def test_revolver_seed_text_is_a_dx_contest() -> None:
    assert "револьверу" in SEED
    assert "проверка ловкости" in SEED


def test_revolver_anna_succeeds_boris_fails() -> None:
    c = gurps.quick_contest(12, 12, 11, 13)
    assert (c.winner, c.margin) == ("a", 2)
    assert c.a.success and not c.b.success


def test_revolver_boris_succeeds_anna_fails() -> None:
    c = gurps.quick_contest(12, 15, 11, 11)
    assert (c.winner, c.margin) == ("b", 3)


def test_revolver_both_succeed_larger_margin_wins() -> None:
    c = gurps.quick_contest(12, 10, 11, 6)
    assert (c.a.margin, c.b.margin) == (2, 5)
    assert (c.winner, c.margin) == ("b", 3)


def test_revolver_both_fail_smaller_failure_wins() -> None:
    c = gurps.quick_contest(12, 14, 11, 12)
    assert (c.a.margin, c.b.margin) == (-2, -1)
    assert (c.winner, c.margin) == ("b", 1)


def test_revolver_tie_nobody_grabs_it() -> None:
    c = gurps.quick_contest(12, 10, 11, 9)
    assert (c.winner, c.margin) == (None, 0)
    assert c.label.startswith("no winner (a: success")
    both_fail = gurps.quick_contest(12, 14, 11, 13)
    assert (both_fail.winner, both_fail.margin) == (None, 0)


def test_criticals_do_not_change_the_margin_comparison() -> None:
    c = gurps.quick_contest(15, 5, 18, 8)
    assert c.a.level is Level.CRITICAL_SUCCESS and c.b.level is Level.SUCCESS
    assert c.winner is None


def test_contest_label_and_dice_kept() -> None:
    a = gurps.resolve_dice(12, (2, 3, 4))
    b = gurps.resolve_dice(11, (6, 6, 1))
    c = gurps.contest(a, b)
    assert c.a.dice == (2, 3, 4)
    assert c.label == (
        "a wins by 5 (a: success (rolled 9 [2, 3, 4] vs 12, margin +3); "
        "b: failure (rolled 13 [6, 6, 1] vs 11, margin -2))"
    )


def test_roll_contest_draws_a_then_b() -> None:
    rng, twin = random.Random(5), random.Random(5)
    c = gurps.roll_contest(12, 11, rng=rng)
    assert c.a == gurps.roll(12, rng=twin)
    assert c.b == gurps.roll(11, rng=twin)


TOTALS = Counter(sum(faces) for faces in FACES)


def brute_contest(a_skill: int, b_skill: int) -> dict[str | None, Fraction]:
    a_side = [(gurps.resolve(a_skill, t), w) for t, w in TOTALS.items()]
    b_side = [(gurps.resolve(b_skill, t), w) for t, w in TOTALS.items()]
    counts: Counter[str | None] = Counter()
    for (a, wa), (b, wb) in itertools.product(a_side, b_side):
        counts[gurps.Contest(a, b).winner] += wa * wb
    return {key: Fraction(counts[key], 216 * 216) for key in ("a", "b", None)}


def test_contest_odds_match_brute_force_for_skills_minus_5_to_25() -> None:
    for a_skill in range(-5, 26):
        for b_skill in range(-5, 26):
            assert gurps.contest_odds(a_skill, b_skill) == brute_contest(a_skill, b_skill)


def test_contest_odds_against_every_pair_of_faces() -> None:
    for a_skill, b_skill in [(12, 11), (3, 18)]:
        a_rolls = [gurps.resolve_dice(a_skill, faces) for faces in FACES]
        b_rolls = [gurps.resolve_dice(b_skill, faces) for faces in FACES]
        counts = Counter(gurps.contest(a, b).winner for a in a_rolls for b in b_rolls)
        expected = {key: Fraction(counts[key], 216**2) for key in ("a", "b", None)}
        assert gurps.contest_odds(a_skill, b_skill) == expected


@given(st.integers(-30, 40), st.integers(-30, 40))
def test_contest_odds_sum_to_one_symmetric_and_monotone(a_skill: int, b_skill: int) -> None:
    dist = gurps.contest_odds(a_skill, b_skill)
    assert list(dist) == ["a", "b", None]
    assert sum(dist.values()) == 1
    mirror = gurps.contest_odds(b_skill, a_skill)
    assert (dist["a"], dist["b"], dist[None]) == (mirror["b"], mirror["a"], mirror[None])
    assert gurps.contest_odds(a_skill + 1, b_skill)["a"] >= dist["a"]


def test_contest_rejects_bad_input() -> None:
    with pytest.raises(RulesError, match="roll"):
        gurps.quick_contest(12, 2, 11, 10)
    with pytest.raises(RulesError, match="b_skill"):
        gurps.contest_odds(12, "11")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        gurps.contest(gurps.resolve(12, 10), 10)  # type: ignore[arg-type]
