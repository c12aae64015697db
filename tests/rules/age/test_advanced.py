"""AGE advanced tests: time per roll, the pool, completion odds against brute force."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction

import pytest

from rules import age
from rules.errors import RulesError

FACES = range(1, 7)


def test_seed_one_hour_threshold_10_is_12_minutes_per_roll() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    assert test.time_per_roll == 12
    assert test.rolls_left == 5
    named = age.AdvancedTest.create("average", "average", 60)
    assert (named.tn, named.threshold, named.threshold_name) == (11, 10, "Average")


def test_time_per_roll_is_exact() -> None:
    """No rounding: 60 minutes at threshold 7 is 120/7 minutes per roll; 3 rolls end within
    the hour (the fourth would end at 480/7 ≈ 68.6 minutes)."""
    test = age.AdvancedTest.create(11, 7, 60)
    assert test.time_per_roll == Fraction(120, 7)
    assert test.rolls_left == 3
    miss = age.resolve((1, 1, 1), 0, 11)
    for _ in range(3):
        test = test.contribute("Ana", "Strength (Might)", miss)
    assert test.elapsed == Fraction(360, 7) and test.status is age.Status.FAILED
    assert age.AdvancedTest.create(11, 15, 30).time_per_roll == 4


def test_pool_completes_at_threshold() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    test = test.contribute("Ana", "Intelligence (Technology)", age.resolve((5, 4, 6), 2, 11))
    assert (test.pool, test.elapsed, test.status) == (6, Fraction(12), age.Status.RUNNING)
    test = test.contribute("Ben", "Dexterity (Stealth)", age.resolve((1, 1, 5), 2, 11))
    assert test.pool == 6 and test.contributions[-1].pool_added == 0
    test = test.contribute("Ana", "Intelligence (Technology)", age.resolve((3, 3, 4), 2, 11))
    assert (test.pool, test.elapsed, test.status) == (10, Fraction(36), age.Status.DONE)
    assert test.needed == 0 and test.rolls_left == 0
    assert [c.who for c in test.contributions] == ["Ana", "Ben", "Ana"]
    assert test.contributions[0].label == (
        "Ana, Intelligence (Technology): success (5+4+drama 6+2 = 17 vs 11, margin +6); "
        "pool +6 → 6; 12 min elapsed"
    )
    with pytest.raises(RulesError, match="status must be running"):
        test.contribute("Ben", "Dexterity (Stealth)", age.resolve((6, 6, 6), 2, 11))


def test_fails_when_the_budget_is_spent() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    miss = age.resolve((1, 2, 3), 0, 11)
    for _ in range(4):
        test = test.contribute("Ana", "Strength (Might)", miss)
    assert test.status is age.Status.RUNNING and test.rolls_left == 1
    test = test.contribute("Ana", "Strength (Might)", age.resolve((6, 5, 4), 0, 11))
    assert (test.pool, test.elapsed, test.status) == (4, Fraction(60), age.Status.FAILED)
    assert test.completion_odds(5) == 0


def test_values_are_immutable() -> None:
    start = age.AdvancedTest.create(11, 10, 60)
    after = start.contribute("Ana", "Strength (Might)", age.resolve((6, 5, 4), 0, 11))
    assert (start.pool, start.contributions) == (0, ())
    assert after.pool == 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.pool = 3  # type: ignore[misc]


def test_contribute_validates() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    with pytest.raises(RulesError, match=r"result\.tn must be 11"):
        test.contribute("Ana", "Strength (Might)", age.resolve((6, 5, 4), 0, 13))
    with pytest.raises(RulesError, match="who"):
        test.contribute("", "Strength (Might)", age.resolve((6, 5, 4), 0, 11))
    with pytest.raises(RulesError, match="result"):
        test.contribute("Ana", "Strength (Might)", (6, 5, 4))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="threshold"):
        age.AdvancedTest.create(11, 0, 60)
    with pytest.raises(RulesError, match="budget"):
        age.AdvancedTest.create(11, 10, 0)
    with pytest.raises(RulesError, match="difficulty"):
        age.AdvancedTest.create("impossible", 10, 60)


# --- completion odds --------------------------------------------------------------------


def _single_roll_gains(bonus: int, tn: int) -> dict[int, int]:
    """Ways (of 216) one roll adds each amount to the pool, classified by ``resolve``."""
    gains: dict[int, int] = {}
    for d in itertools.product(FACES, repeat=3):
        r = age.resolve(d, bonus, tn)  # type: ignore[arg-type]
        gain = r.drama if r.success else 0
        gains[gain] = gains.get(gain, 0) + 1
    return gains


def _brute_completion(bonus: int, tn: int, threshold: int, rolls: int) -> Fraction:
    """Enumerate every sequence of roll outcomes; done if the running pool reaches threshold."""
    gains = _single_roll_gains(bonus, tn)
    done = 0
    for seq in itertools.product(gains.items(), repeat=rolls):
        pool = 0
        reached = threshold <= 0
        for gain, _ in seq:
            pool += gain
            reached = reached or pool >= threshold
        if reached:
            weight = 1
            for _, ways in seq:
                weight *= ways
            done += weight
    return Fraction(done, 216**rolls)


@pytest.mark.parametrize("bonus, tn", [(0, 11), (3, 13), (-2, 9), (5, 17), (20, 7)])
def test_completion_odds_match_brute_force(bonus: int, tn: int) -> None:
    for threshold in range(1, 9):
        for rolls in range(4):
            expected = _brute_completion(bonus, tn, threshold, rolls)
            assert age.advanced_completion_odds(bonus, tn, threshold, rolls) == expected


def test_completion_odds_two_rolls_by_raw_dice() -> None:
    """Fully independent check over all 216² ordered pairs of raw dice."""
    for bonus, tn, threshold in [(2, 11, 7), (4, 13, 3), (0, 9, 8)]:
        results = [
            age.resolve((a, b, c), bonus, tn) for a, b, c in itertools.product(FACES, repeat=3)
        ]
        gains = [r.drama if r.success else 0 for r in results]
        hits = sum(g1 + g2 >= threshold for g1, g2 in itertools.product(gains, repeat=2))
        assert age.advanced_completion_odds(bonus, tn, threshold, 2) == Fraction(hits, 216**2)


def test_completion_odds_edges() -> None:
    assert age.advanced_completion_odds(0, 11, 0, 0) == 1
    assert age.advanced_completion_odds(0, 11, 5, 0) == 0
    assert age.advanced_completion_odds(20, 7, 6, 1) == Fraction(1, 6)  # needs a Drama 6
    assert age.advanced_completion_odds(-20, 30, 1, 10) == 0
    with pytest.raises(RulesError, match="rolls"):
        age.advanced_completion_odds(0, 11, 5, -1)
    with pytest.raises(RulesError, match="threshold"):
        age.advanced_completion_odds(0, 11, age.MAX_THRESHOLD + 1, 1)


def test_pool_step_odds_sum_to_one() -> None:
    step = age.pool_step_odds(2, 11)
    assert sum(step.values()) == 1
    assert step[0] == 1 - age.odds(2, 11)
    assert {k: v * 216 for k, v in step.items()} == _single_roll_gains(2, 11)


def test_state_completion_odds_uses_the_rolls_left() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    test = test.contribute("Ana", "Strength (Might)", age.resolve((6, 5, 4), 2, 11))
    assert test.completion_odds(2) == age.advanced_completion_odds(2, 11, 6, 4)
