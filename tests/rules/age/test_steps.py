"""AGE advanced tests: the deadline, opposed steps, Fortune on a counted roll, generic odds.

Named after the seed's words (seed 002, «Сложные проверки», «Проверки-испытания»).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules import age
from rules.errors import RulesError
from tests.seeds import seed_passages

SEED = seed_passages("002")
STEALTH = "Dexterity (Stealth)"


def test_seed_complex_sealed_when_time_is_up_seven_rolls_not_eight() -> None:
    """30 minutes, 4 minutes a roll: «по истечении времени комплекс будет перекрыт» — a roll
    that would end at minute 32 cannot begin, so the test ends after 7 rolls."""
    assert "по истечении времени комплекс будет перекрыт" in SEED
    test = age.ChallengeTest.create(11, 15, 30, serious="sealed")
    assert test.time_per_roll == 4 and test.rolls_left == 7
    miss = age.resolve((1, 1, 1), 3, 11)
    for n in range(7):
        assert test.status is age.Status.RUNNING and test.rolls_left == 7 - n
        test = test.contribute("Kira", STEALTH, miss)
    assert (test.elapsed, test.status, test.timed_out) == (Fraction(28), age.Status.FAILED, True)
    with pytest.raises(RulesError, match="status must be running"):
        test.contribute("Kira", STEALTH, miss)


def test_extra_time_per_roll_counts_toward_the_deadline() -> None:
    """A minor consequence's extra time: the next roll must still end in time."""
    test = age.ChallengeTest.create(
        11, 10, 60, minor=age.Consequence("noisy", age.Effect.extra_time(10))
    )  # 12 a roll; after the first failure 22 a roll
    test = test.contribute("Kira", STEALTH, age.resolve((1, 1, 1), 3, 11))
    assert test.minutes_per_roll == 22 and test.rolls_left == 2  # 48 left
    test = test.contribute("Kira", STEALTH, age.resolve((6, 6, 2), 3, 11))
    assert test.elapsed == 34 and test.rolls_left == 1
    test = test.contribute("Kira", STEALTH, age.resolve((6, 6, 2), 3, 11))
    assert test.elapsed == 56 and test.status is age.Status.FAILED  # 4 left, 22 needed


def test_threshold_one_is_refused_no_roll_would_fit() -> None:
    with pytest.raises(RulesError, match="at least 2"):
        age.AdvancedTest.create(11, 1, 30)
    assert age.AdvancedTest.create(11, 2, 30).rolls_left == 1


def test_seed_opposed_roll_as_a_step() -> None:
    """«Игрок делает простой или встречный бросок за каждый временной промежуток»: an
    opposed step succeeds when the player wins it, and adds the player's Drama Die."""
    assert "простой или встречный бросок" in SEED
    test = age.AdvancedTest.create(11, 10, 60)
    kira = age.resolve((4, 4, 3), 5, 11, skill=5)  # 16
    guard = age.resolve((5, 5, 5), 2, 11, skill=2)  # 17: the guard wins
    test = test.contribute("Kira", STEALTH, kira, opponents=[guard])
    last = test.contributions[-1]
    assert not last.success and test.pool == 0 and last.opponents == (guard,)
    assert "vs 17 (not won)" in last.label
    test = test.contribute("Kira", STEALTH, kira, opponents=[age.resolve((1, 1, 1), 2, 11)])
    assert test.contributions[-1].success and test.pool == 3
    # a success on the dice that loses the opposed test is a failure of the step
    assert kira.success and not age.roll_succeeds(kira, [guard])


def test_opposed_step_failure_raises_the_consequence_level() -> None:
    test = age.ChallengeTest.create(11, 10, 60, minor="the guard looks up")
    kira = age.resolve((4, 4, 3), 5, 11)
    test = test.contribute("Kira", STEALTH, kira, opponents=[age.resolve((6, 6, 6), 0, 11)])
    assert (test.failures, test.level, test.minor_active) == (1, age.Level.MINOR, True)


def test_seed_fortune_on_a_counted_roll_recomputes_pool_and_consequences() -> None:
    """«при необходимости модифицирует его результат, тратя ОУ»: Fortune after a roll that
    counted re-decides it — here a failure (minor consequence) becomes a success."""
    assert "модифицирует его результат, тратя ОУ" in SEED
    test = age.ChallengeTest.create(11, 15, 30, minor="guards alerted; tn+2")
    test = test.contribute("Kira", STEALTH, age.resolve((4, 4, 3), 5, 11))  # pool 3
    missed = age.resolve((1, 2, 2), 5, 11)  # 10: a failure
    after = test.contribute("Kira", STEALTH, missed)
    assert (after.failures, after.minor_active, after.pool) == (1, True, 3)
    spend = age.spend_fortune(missed, 0, 6, 5)  # 15: a success, Drama Die 2
    amended = after.amend_last(spend.result)
    assert (amended.failures, amended.level, amended.minor_active) == (0, age.Level.NONE, False)
    assert (amended.pool, amended.elapsed, len(amended.contributions)) == (5, Fraction(8), 2)
    assert amended == test.contribute("Kira", STEALTH, spend.result)
    # and once something else changed the test, its last roll can no longer be amended
    cleared = after.clear_minor()
    with pytest.raises(RulesError, match="changed since its last roll"):
        cleared.amend_last(spend.result)


def test_amend_an_opposed_step_keeps_its_opponents() -> None:
    test = age.AdvancedTest.create(11, 10, 60)
    guard = age.resolve((4, 4, 4), 3, 11)  # 15
    kira = age.resolve((3, 3, 3), 5, 11)  # 14: lost
    after = test.contribute("Kira", STEALTH, kira, opponents=[guard])
    assert after.pool == 0
    better = age.spend_fortune(kira, 2, 5, 3).result  # 16, Drama Die 5
    assert after.amend_last(better).pool == 5


def test_pool_completion_odds_match_brute_force() -> None:
    """A generic step distribution (BRP progress by grade): every sequence of rolls."""
    step = {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(3, 20), 3: Fraction(1, 10)}
    for threshold, rolls in [(3, 2), (4, 3), (6, 4)]:
        brute = Fraction(0)
        for seq in itertools.product(step, repeat=rolls):
            p = Fraction(1)
            for k in seq:
                p *= step[k]
            if sum(seq) >= threshold:
                brute += p
        assert age.pool_completion_odds(step, threshold, rolls) == brute
    assert age.pool_completion_odds(age.pool_step_odds(3, 13), 15, 7) == (
        age.advanced_completion_odds(3, 13, 15, 7)
    )


def test_state_completion_odds_use_the_rolls_that_end_in_time() -> None:
    test = age.AdvancedTest.create(11, 15, 30)
    assert test.completion_odds(5) == age.advanced_completion_odds(5, 11, 15, 7)


@pytest.mark.parametrize(
    "call",
    [
        lambda: age.pool_completion_odds(None, 5, 3),  # type: ignore[arg-type]
        lambda: age.pool_completion_odds({1: "x"}, 5, 3),  # type: ignore[dict-item]
        lambda: age.pool_completion_odds({1: Fraction(3, 4), 2: Fraction(1, 2)}, 5, 3),
        lambda: age.AdvancedTest.create(11, 10, 60).contribute(
            "Kira",
            STEALTH,
            age.resolve((1, 1, 1), 1, 11),
            opponents=None,  # type: ignore[arg-type]
        ),
        lambda: age.AdvancedTest.create(11, 10, 60).amend_last(age.resolve((1, 1, 1), 1, 11)),
        lambda: age.Escalation.every(2).level(None),  # type: ignore[arg-type]
        lambda: age.ChallengeTest.create(11, 10, 60).consequence([1]),  # type: ignore[arg-type]
        lambda: age.ChallengeTest.create(11, 10, 60).is_closed(None),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_rules_errors(call: object) -> None:
    with pytest.raises(RulesError):
        call()  # type: ignore[operator]


def test_one_stunt_point_is_singular() -> None:
    assert "success, 1 stunt point (" in age.resolve((6, 1, 1), 4, 11).label
    assert "success, 2 stunt points (" in age.resolve((2, 5, 2), 4, 11).label
