"""BRP exact odds against brute force, hypothesis properties and input validation."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import brp
from rules.brp import Level
from rules.errors import RulesError

chances = st.integers(min_value=-50, max_value=2000)
faces = st.integers(min_value=1, max_value=100)
bad_faces = st.one_of(
    st.integers(max_value=0),
    st.integers(min_value=101),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.just(Fraction(50)),
)


def _brute_odds(chance: int) -> dict[Level, Fraction]:
    counts = Counter(
        brp.resolve(chance, face).level for (face,) in itertools.product(range(1, 101))
    )
    return {level: Fraction(counts[level], 100) for level in Level}


@pytest.mark.parametrize("chance", range(0, 201))
def test_odds_match_brute_force(chance: int) -> None:
    got = brp.odds(chance)
    assert got == _brute_odds(chance)
    assert list(got) == list(Level)  # every level present, in order
    assert sum(got.values()) == 1


def test_odds_of_60_by_hand() -> None:
    # crit 01-03, special 04-12, success 13-60, fumble 99-00.
    assert brp.odds(60) == {
        Level.CRITICAL: Fraction(3, 100),
        Level.SPECIAL: Fraction(9, 100),
        Level.SUCCESS: Fraction(48, 100),
        Level.FAILURE: Fraction(38, 100),
        Level.FUMBLE: Fraction(2, 100),
    }


def test_odds_result_is_a_fresh_dict() -> None:
    first = brp.odds(40)
    first[Level.CRITICAL] = Fraction(1)
    assert brp.odds(40)[Level.CRITICAL] == Fraction(2, 100)


@given(chances)
def test_odds_sum_to_one(chance: int) -> None:
    assert sum(brp.odds(chance).values()) == 1


@given(chances, faces)
def test_resolve_accepts_every_legal_face(chance: int, face: int) -> None:
    result = brp.resolve(chance, face)
    assert result.roll == face and result.level in Level
    assert result.label.endswith(f" vs {chance})")


@given(chances, bad_faces)
def test_resolve_rejects_illegal_faces(chance: int, face: object) -> None:
    with pytest.raises(RulesError, match="roll"):
        brp.resolve(chance, face)  # type: ignore[arg-type]


@given(st.one_of(st.booleans(), st.none(), st.floats(), st.text(max_size=3)), faces)
def test_resolve_rejects_non_integer_chance(chance: object, face: int) -> None:
    with pytest.raises(RulesError, match="chance"):
        brp.resolve(chance, face)  # type: ignore[arg-type]


def _at_least(chance: int, level: Level) -> Fraction:
    return sum((p for lv, p in brp.odds(chance).items() if lv >= level), Fraction(0))


@given(chances, chances)
def test_success_never_decreases_as_chance_rises(c1: int, c2: int) -> None:
    low, high = sorted((c1, c2))
    for level in (Level.SUCCESS, Level.SPECIAL, Level.CRITICAL):
        assert _at_least(low, level) <= _at_least(high, level)
    assert brp.odds(low)[Level.FUMBLE] >= brp.odds(high)[Level.FUMBLE]


@given(chances, faces)
def test_each_face_only_improves_with_chance(chance: int, face: int) -> None:
    assert brp.resolve(chance, face).level <= brp.resolve(chance + 1, face).level


def test_roll_uses_injected_generator() -> None:
    rng = random.Random(7)
    expected = random.Random(7).randint(1, 100)
    result = brp.roll(55, rng=rng)
    assert result == brp.resolve(55, expected)
    assert brp.roll_check(55, "hard", rng=random.Random(7)).roll == expected
    assert brp.roll_check(55, "automatic", rng=random.Random(7)).roll is None


@given(st.integers(0, 300), st.integers(0, 300), st.integers(0, 300))
def test_resistance_monotone(active: int, passive: int, extra: int) -> None:
    chance = brp.resistance_chance(active, passive)
    assert 0 <= chance <= 100 and chance % 5 == 0
    assert brp.resistance_chance(active + extra, passive) >= chance
    assert brp.resistance_chance(active, passive + extra) <= chance
    assert brp.resistance_chance(active, active) == 50


@given(st.integers(0, 40), st.integers(0, 40), faces)
def test_resistance_either_side_rolling_has_same_odds(active: int, passive: int, face: int) -> None:
    chance = brp.resistance_chance(active, passive)
    wins_active = sum(brp.resistance_roll(active, passive, f).success for f in range(1, 101))
    wins_passive = sum(
        brp.resistance_roll(active, passive, f, by="passive").success for f in range(1, 101)
    )
    assert wins_active == wins_passive == chance
    assert brp.resistance_odds(active, passive) == Fraction(chance, 100)
    assert brp.resistance_roll(active, passive, face).label


levels = st.sampled_from(list(Level))
skills = st.integers(0, 200)


@given(levels, skills, levels, skills)
def test_opposed_is_symmetric(a: Level, a_skill: int, b: Level, b_skill: int) -> None:
    ab = brp.opposed(a, a_skill, b, b_skill)
    ba = brp.opposed(b, b_skill, a, a_skill)
    swap = {"a": "b", "b": "a", None: None}
    assert swap[ab.winner] == ba.winner
    assert (ab.a, ab.b) == (ba.b, ba.a)
    # Cancellation never improves a level, and a winner always keeps a success.
    assert ab.a <= a and ab.b <= b
    if ab.winner == "a":
        assert ab.a >= Level.SUCCESS and ab.b < Level.SUCCESS
    if ab.winner is None:
        assert ab.a < Level.SUCCESS and ab.b < Level.SUCCESS


@given(skills, skills, faces)
def test_improvement_gets_harder_as_skill_rises(s1: int, s2: int, face: int) -> None:
    low, high = sorted((s1, s2))
    if brp.improves(high, face):
        assert brp.improves(low, face)


@given(skills, st.randoms(use_true_random=False))
def test_roll_experience_is_consistent(skill: int, rng: random.Random) -> None:
    up = brp.roll_experience(skill, rng=rng)
    assert up.improved == brp.improves(skill, up.roll)
    if up.improved:
        assert up.gain is not None and 1 <= up.gain <= 6
        assert up.new_skill == skill + up.gain
    else:
        assert up.gain is None and up.new_skill == skill


@given(skills)
def test_difficulty_orders_chances(skill: int) -> None:
    easy = brp.effective_chance(skill, "easy")
    normal = brp.effective_chance(skill, "normal")
    hard = brp.effective_chance(skill, "hard")
    assert easy >= normal >= hard >= 0
    assert hard * 2 in (skill, skill + 1)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: brp.effective_chance(50, "trivial"), "difficulty"),
        (lambda: brp.effective_chance(50, "automatic"), "automatic"),
        (lambda: brp.effective_chance(-1), "skill"),
        (lambda: brp.check(50, "normal"), "roll"),
        (lambda: brp.check(50, "automatic", 10), "roll"),
        (lambda: brp.check(50, "normal", 101), "roll"),
        (lambda: brp.tick_eligible(Level.SUCCESS, "normal", 1), "stakes"),  # type: ignore[arg-type]
        (lambda: brp.tick_eligible(2, "normal", True), "level"),  # type: ignore[arg-type]
        (lambda: brp.tick_eligible(Level.SUCCESS, "Normal", True), "difficulty"),
        (lambda: brp.opposed("special", 50, Level.SUCCESS, 40), "a must"),  # type: ignore[arg-type]
        (lambda: brp.opposed(Level.SUCCESS, 50, Level.SUCCESS, None), "b_skill"),  # type: ignore[arg-type]
        (lambda: brp.resistance_chance(-1, 10), "active"),
        (lambda: brp.resistance_roll(10, 10, None), "roll"),
        (lambda: brp.resistance_roll(10, 10, 0), "roll"),
        (lambda: brp.resistance_roll(10, 10, 50, by="both"), "by"),
        (lambda: brp.improves(35, 0), "roll"),
        (lambda: brp.experience_roll(35, 80), "gain_roll"),
        (lambda: brp.experience_roll(35, 80, 7), "gain_roll"),
        (lambda: brp.experience_roll(35, 10, 0), "gain_roll"),
        (lambda: brp.teach(50, 40, 101, 10), "roll"),
        (lambda: brp.teach(-5, 40, 10, 10), "teacher_teach"),
        (lambda: brp.downtime_ticks("Ride"), "skills"),
        (lambda: brp.downtime_ticks(["Ride", " "]), "downtime skill"),
        (lambda: brp.first_tick(set(), "Ride", Level.SUCCESS, "normal", True), "ticked"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_raises_rules_error_naming_the_field(call: object, field: str) -> None:
    with pytest.raises(RulesError, match=field):
        call()  # type: ignore[operator]


def test_labels() -> None:
    assert [lv.label for lv in Level] == [
        "fumble",
        "failure",
        "success",
        "special success",
        "critical success",
    ]
    assert Level.FUMBLE < Level.FAILURE < Level.SUCCESS < Level.SPECIAL < Level.CRITICAL
    assert brp.resolve(40, 100).label == "fumble (00 vs 40)"
    assert brp.resistance_roll(13, 15, 30, by="passive").label == (
        "active succeeds (30 vs 40, passive rolls)"
    )
    assert brp.experience_roll(35, 100, 3).label == "improved +3 to 38 (00 over 35)"
    assert brp.GAIN_DICE == "1d6"
