"""AGE single tests: seed tables and examples, exact odds, opposed tests, Fortune."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import pytest

from rules import SYSTEMS, age
from rules.errors import RulesError
from tests.seeds import seed_passages

SEED = seed_passages("002")
FACES = range(1, 7)


def _seed_difficulty_rows() -> list[tuple[int, str, int, int]]:
    """(TN, Russian name, 50% modifier, 90% modifier) rows of the seed's difficulty table."""
    rows = re.findall(r"^(\d+)\t([^\t]+)\t([+-]\d+)\t([+-]\d+)$", SEED, re.MULTILINE)
    return [(int(tn), name, int(m50), int(m90)) for tn, name, m50, m90 in rows]


def _seed_threshold_rows() -> list[tuple[str, int]]:
    """(Russian name, threshold) rows of the seed's success-threshold table."""
    table = SEED.split("Сложность\tПорог успеха\n", 1)[1].split("\n\n", 1)[0]
    return [(name, int(value)) for name, value in re.findall(r"^([^\t]+)\t(\d+)$", table, re.M)]


# --- tables -----------------------------------------------------------------------------


def test_registry_serves_age() -> None:
    assert SYSTEMS["age"] is age


def test_difficulty_table_matches_seed_row_by_row() -> None:
    rows = _seed_difficulty_rows()
    assert len(rows) == 8
    assert [tn for tn, *_ in rows] == list(age.DIFFICULTIES.values())
    for (tn, russian, _, _), (name, value) in zip(rows, age.DIFFICULTIES.items(), strict=True):
        assert age.RUSSIAN_NAMES[name] == russian
        assert value == tn
        assert age.difficulty(russian) == tn
        assert age.difficulty_name(tn) == name


def test_difficulty_table_english_names() -> None:
    assert dict(age.DIFFICULTIES) == {
        "Routine": 7,
        "Easy": 9,
        "Average": 11,
        "Challenging": 13,
        "Hard": 15,
        "Very Hard": 17,
        "Formidable": 19,
        "Nearly Impossible": 21,
    }


def test_threshold_table_matches_seed() -> None:
    rows = _seed_threshold_rows()
    assert rows == [(age.RUSSIAN_NAMES[n], v) for n, v in age.THRESHOLDS.items()]
    assert dict(age.THRESHOLDS) == {
        "Easy": 5,
        "Average": 10,
        "Challenging": 15,
        "Hard": 20,
        "Very Hard": 25,
    }


@pytest.mark.parametrize(
    "key", ["very-hard", "Very Hard", "VERY_HARD", " very  hard ", "Очень сложно"]
)
def test_lookup_by_key(key: str) -> None:
    assert age.difficulty(key) == 17
    assert age.threshold(key) == 25


def test_lookup_keys_and_unknown_names() -> None:
    assert age.DIFFICULTY_BY_KEY["nearly-impossible"] == 21
    assert age.THRESHOLD_BY_KEY["challenging"] == 15
    assert age.difficulty_name(10) is None
    assert age.threshold_name(12) is None
    with pytest.raises(RulesError, match="difficulty"):
        age.difficulty("trivial")
    with pytest.raises(RulesError, match="threshold"):
        age.threshold("formidable")  # a TN name, not a threshold
    with pytest.raises(RulesError, match="difficulty"):
        age.difficulty(17)  # type: ignore[arg-type]


def test_seed_modifier_columns_are_a_rough_guide() -> None:
    """The seed's "50%" column really gives 5/8 and the "90%" column 103/108 (3d6 ≥ 10, ≥ 6)."""
    for tn, _, m50, m90 in _seed_difficulty_rows():
        assert age.odds(m50, tn) == Fraction(5, 8)
        assert age.odds(m90, tn) == Fraction(103, 108)


# --- simple tests -----------------------------------------------------------------------

SIMPLE_CHECK = re.compile(r"Простая проверка на (\w+) \(([^)]*)\), сложность (\d+)")


def test_seed_simple_check_examples() -> None:
    """Простая проверка на Ловкость (Акробатика), сложность 9; Силу (Мощь), 11; Восприятие, 13."""
    examples = SIMPLE_CHECK.findall(SEED)
    assert [(a, f, int(tn)) for a, f, tn in examples] == [
        ("Ловкость", "Акробатика", 9),
        ("Силу", "Мощь", 11),
        ("Восприятие", "Слух или Зрение", 13),
    ]
    assert [age.difficulty_name(int(tn)) for *_, tn in examples] == [
        "Easy",
        "Average",
        "Challenging",
    ]


def test_dexterity_acrobatics_tn_9() -> None:
    bonus = age.focus_bonus(2, True)  # Dexterity 2 with the Acrobatics focus
    assert bonus == 4
    hit = age.resolve((2, 1, 2), bonus, 9)
    assert (hit.total, hit.success, hit.margin, hit.drama) == (9, True, 0, 2)
    assert hit.doubles and hit.stunt_points == 2
    miss = age.resolve((1, 1, 2), bonus, 9)
    assert (miss.total, miss.success, miss.margin, miss.stunt_points) == (8, False, -1, 0)


def test_strength_might_tn_11_without_focus() -> None:
    bonus = age.focus_bonus(3, False, (-1,))  # Strength 3, no Might focus, wounded −1
    r = age.resolve((3, 4, 1), bonus, 11)
    assert (r.total, r.success, r.doubles, r.stunt_points) == (10, False, False, 0)
    assert r.label == "failure (3+4+drama 1+2 = 10 vs 11, margin -1)"


def test_perception_hearing_or_seeing_tn_13_one_focus_counts() -> None:
    """Two foci apply (Hearing or Seeing): only one ever counts."""
    assert age.focus_bonus(1, 2) == age.focus_bonus(1, True) == 3
    r = age.resolve((5, 2, 5), age.focus_bonus(1, 2), 13)
    assert (r.total, r.success, r.stunt_points) == (15, True, 5)
    assert r.label == "success, 5 stunt points (5+2+drama 5+3 = 15 vs 13, margin +2)"


def test_focus_bonus_rejects_bad_input() -> None:
    with pytest.raises(RulesError, match="focus"):
        age.focus_bonus(1, -1)
    with pytest.raises(RulesError, match="ability"):
        age.focus_bonus("2", True)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="modifier"):
        age.focus_bonus(2, True, (1.5,))  # type: ignore[arg-type]


def test_doubles_any_two_dice_and_stunts_only_on_success() -> None:
    assert age.resolve((1, 2, 1), 0, 3).doubles
    assert age.resolve((2, 1, 1), 0, 3).doubles
    assert not age.resolve((1, 2, 3), 0, 3).doubles
    fail_doubles = age.resolve((6, 6, 6), 0, 19)
    assert fail_doubles.doubles and fail_doubles.stunt_points == 0


@pytest.mark.parametrize(
    "dice", [(0, 1, 1), (1, 7, 1), (1, 1, -3), (1, 1), (1, 1, 1, 1), "123", (True, 1, 1), None]
)
def test_resolve_rejects_bad_dice(dice: object) -> None:
    with pytest.raises(RulesError, match=r"die|dice|Drama"):
        age.resolve(dice, 0, 11)  # type: ignore[arg-type]


def test_resolve_rejects_bad_bonus_and_tn() -> None:
    with pytest.raises(RulesError, match="bonus"):
        age.resolve((1, 2, 3), 1.5, 11)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="tn"):
        age.resolve((1, 2, 3), 1, "11")  # type: ignore[arg-type]


def test_roll_draws_from_injected_rng_only() -> None:
    expected = random.Random(2024)
    dice = tuple(expected.randint(1, 6) for _ in range(3))
    random.seed(0)
    r = age.roll(3, 11, rng=random.Random(2024))
    assert r == age.resolve(dice, 3, 11)  # type: ignore[arg-type]


# --- odds -------------------------------------------------------------------------------


def test_odds_match_brute_force() -> None:
    for bonus in range(-2, 13):
        for tn in range(5, 24):
            hits = sum(
                age.resolve(d, bonus, tn).success  # type: ignore[arg-type]
                for d in itertools.product(FACES, repeat=3)
            )
            assert age.odds(bonus, tn) == Fraction(hits, 216), (bonus, tn)


def test_outcome_odds_distribution() -> None:
    dist = age.outcome_odds(2, 11)
    assert list(dist) == [age.Outcome.FAILURE, age.Outcome.SUCCESS]
    assert sum(dist.values()) == 1
    assert dist[age.Outcome.SUCCESS] == age.odds(2, 11) == Fraction(160, 216)
    assert age.outcome_odds(20, 7)[age.Outcome.FAILURE] == 0
    assert age.Outcome.SUCCESS.label == "success"


# --- opposed tests ----------------------------------------------------------------------


def test_seed_opposed_spy_slips_past_bodyguard() -> None:
    """The spy's Communication (Deception) against the bodyguard's Perception (Seeing)."""
    spy = age.resolve((4, 3, 5), age.focus_bonus(2, True), 11)
    guard = age.resolve((5, 4, 1), age.focus_bonus(1, True), 11)
    assert (spy.total, guard.total) == (16, 13)
    assert age.opposed(spy, guard, 11) == "a"
    assert age.opposed(guard, spy, 11) == "b"


def test_opposed_tie_chain() -> None:
    # higher total
    assert age.opposed(age.resolve((6, 5, 1), 2, 9), age.resolve((3, 3, 3), 3, 9)) == "a"
    # total tie → higher Drama Die
    a, b = age.resolve((5, 4, 3), 2, 9), age.resolve((4, 3, 5), 2, 9)
    assert a.total == b.total == 14
    assert age.opposed(a, b) == "b"
    # the Drama Die outranks the bonus
    a, b = age.resolve((4, 3, 6), 1, 9), age.resolve((4, 4, 3), 3, 9)
    assert a.total == b.total and a.drama > b.drama and a.bonus < b.bonus
    assert age.opposed(a, b) == "a"
    # total and Drama tie → higher bonus (ability + focus)
    a, b = age.resolve((4, 4, 3), 3, 9), age.resolve((5, 5, 3), 1, 9)
    assert (a.total, a.drama) == (b.total, b.drama)
    assert age.opposed(a, b) == "a"
    # everything tied → no winner
    a, b = age.resolve((4, 4, 3), 3, 9), age.resolve((5, 3, 3), 3, 9)
    assert age.opposed(a, b) is None


def test_opposed_tn_gate() -> None:
    low, high = age.resolve((5, 5, 1), 3, 0), age.resolve((6, 5, 2), 3, 0)  # 14 and 16
    assert age.opposed(low, high, 15) == "b"
    assert age.opposed(high, low, 15) == "a"
    assert age.opposed(low, high, 17) is None  # neither reached the TN
    assert age.opposed(low, high, 14) == "b"
    assert age.opposed(low, high) == "b"  # no gate


def test_opposed_many() -> None:
    rs = [age.resolve((2, 2, 2), 0, 0), age.resolve((6, 5, 4), 0, 0), age.resolve((6, 4, 5), 0, 0)]
    assert age.opposed_many(rs) == 2  # 15 tie, Drama Die 5 beats 4
    assert age.opposed_many(rs, 16) is None
    assert age.opposed_many(rs[:1], 6) == 0
    assert age.opposed_many(rs[:1], 7) is None
    tied = [rs[1], rs[1], rs[0]]
    assert age.opposed_many(tied) is None
    with pytest.raises(RulesError, match="results"):
        age.opposed_many([])
    with pytest.raises(RulesError, match="results"):
        age.opposed_many([rs[0], (1, 2, 3)])  # type: ignore[list-item]


# --- Fortune ----------------------------------------------------------------------------


def test_fortune_sets_a_regular_die() -> None:
    r = age.resolve((2, 3, 1), 3, 11)
    assert not r.success
    spend = age.spend_fortune(r, 0, 6, 5)
    assert spend.cost == 2 and spend.points_left == 3
    assert spend.result.dice == (6, 3, 1) and spend.result.total == 13 and spend.result.success
    assert spend.before is r
    assert spend.label.startswith("Fortune 2 points: die 1 2 → 6, 3 left; success")


def test_fortune_sets_the_drama_die() -> None:
    r = age.resolve((4, 2, 1), 4, 13)
    spend = age.spend_fortune(r, 2, 4, 3)
    assert (spend.cost, spend.points_left) == (3, 0)
    assert spend.result.drama == 4 and spend.result.success and spend.result.stunt_points == 4


def test_fortune_not_enough_points_and_bad_input() -> None:
    r = age.resolve((4, 2, 1), 4, 13)
    with pytest.raises(RulesError, match="points available must be at least 3"):
        age.spend_fortune(r, 2, 6, 2)
    with pytest.raises(RulesError, match="points available must be at least 2"):
        age.spend_fortune(r, 1, 6, 1)
    with pytest.raises(RulesError, match="face"):
        age.spend_fortune(r, 1, 7, 10)
    with pytest.raises(RulesError, match="die index"):
        age.spend_fortune(r, 3, 6, 10)
    with pytest.raises(RulesError, match="points available"):
        age.spend_fortune(r, 0, 6, -1)
    with pytest.raises(RulesError, match="result"):
        age.spend_fortune((4, 2, 1), 0, 6, 5)  # type: ignore[arg-type]


def test_fortune_costs_are_configurable() -> None:
    costs = age.FortuneCosts(regular=1, drama=2)
    r = age.resolve((1, 1, 1), 0, 11)
    assert age.spend_fortune(r, 2, 6, 2, costs).points_left == 0
    assert age.spend_fortune(r, 0, 6, 2, costs=costs).points_left == 1
    with pytest.raises(RulesError, match="drama cost"):
        age.FortuneCosts(drama=-1)
