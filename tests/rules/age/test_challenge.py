"""AGE challenge tests: the seed's infiltration example end to end, then each effect."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import age
from rules.errors import RulesError
from tests.seeds import seed_passages

STEALTH = "Dexterity (Stealth)"
TECH = "Intelligence (Technology)"
SEEING = "Perception (Seeing)"
# The crew: Kira (Dexterity 3, Stealth), Tomas (Intelligence 2, Technology),
# Yusuf (Perception 2, Seeing). The seed leaves the TN to the GM: Average (11).
BONUS = {STEALTH: age.focus_bonus(3, True), TECH: age.focus_bonus(2, True), SEEING: 4}


def _infiltration() -> age.ChallengeTest:
    """The seed's example: threshold 15, 30 minutes, level rising every 2 failed rolls."""
    return age.ChallengeTest.create(
        "average",
        15,
        30,
        escalation=2,
        minor="Guards notice something; an opposed Dexterity (Stealth) vs their "
        "Perception (Seeing) neutralises it",
        major=age.Consequence(
            "Security is much tighter than expected", age.Effect.permanent_tn(2, TECH)
        ),
        serious="Security learns of the intrusion and sweeps the complex",
    )


def _roll(test: age.ChallengeTest, who: str, skill: str, dice: tuple[int, int, int]) -> age.Result:
    return age.resolve(dice, BONUS[skill], test.tn_for(skill))


def test_seed_infiltration_setup() -> None:
    seed = seed_passages("002")
    assert "порогом успеха 15" in seed and "примерно 4 минуты" in seed and "30 минут" in seed
    test = _infiltration()
    assert (test.threshold, test.budget, test.time_per_roll) == (15, 30, Fraction(4))
    # «по истечении времени комплекс будет перекрыт»: a roll must end within the 30 minutes,
    # so 7 rolls fit (the 8th would begin at minute 28 and end at 32)
    assert test.rolls_left == 7
    assert test.level is age.Level.NONE and test.status is age.Status.RUNNING
    assert test.major is not None and test.major.effect == age.Effect.permanent_tn(2, TECH)


def test_seed_infiltration_consequences_then_timeout_is_serious() -> None:
    t = _infiltration()
    t = t.contribute("Kira", STEALTH, _roll(t, "Kira", STEALTH, (4, 5, 3)))
    assert (t.pool, t.elapsed) == (3, Fraction(4))
    t = t.contribute("Tomas", TECH, _roll(t, "Tomas", TECH, (1, 2, 1)))
    assert (t.failures, t.level) == (1, age.Level.NONE)
    t = t.contribute("Yusuf", SEEING, _roll(t, "Yusuf", SEEING, (2, 1, 1)))
    # minor: the guards notice something
    assert (t.failures, t.level, t.minor_active) == (2, age.Level.MINOR, True)
    assert t.contributions[-1].consequence is age.Level.MINOR
    assert t.contributions[-1].label.endswith("pool stays 3, minor consequence; 12 min elapsed")
    # Kira's opposed Stealth against the guards' Perception (Seeing) neutralises it
    kira = age.resolve((5, 4, 2), BONUS[STEALTH], 11)
    guards = age.resolve((3, 3, 3), 1, 11)
    assert age.opposed(kira, guards, 11) == "a"
    t = t.clear_minor()
    assert not t.minor_active and t.level is age.Level.MINOR
    t = t.contribute("Tomas", TECH, _roll(t, "Tomas", TECH, (6, 5, 5)))
    assert (t.pool, t.elapsed) == (8, Fraction(16))
    t = t.contribute("Kira", STEALTH, _roll(t, "Kira", STEALTH, (1, 1, 3)))
    t = t.contribute("Tomas", TECH, _roll(t, "Tomas", TECH, (2, 2, 2)))
    # major: Intelligence (Technology) tests are permanently 2 harder
    assert (t.failures, t.level, t.elapsed) == (4, age.Level.MAJOR, Fraction(24))
    assert (t.tn_for(TECH), t.tn_for(STEALTH), t.tn_for(SEEING)) == (13, 11, 11)
    with pytest.raises(RulesError, match=r"result\.tn must be 13"):
        t.contribute("Tomas", TECH, age.resolve((4, 4, 4), BONUS[TECH], 11))
    assert t.rolls_left == 1
    t = t.contribute("Tomas", TECH, _roll(t, "Tomas", TECH, (4, 4, 4)))
    # the seventh roll ends at minute 28 with the pool short, and no further 4-minute roll
    # ends by minute 30: the complex is sealed (serious), and the test fails
    assert (t.pool, t.elapsed, t.rolls_left) == (12, Fraction(28), 0)
    assert (t.status, t.level, t.timed_out, t.failures) == (
        age.Status.FAILED,
        age.Level.SERIOUS,
        True,
        4,
    )
    assert t.contributions[-1].consequence is age.Level.SERIOUS
    serious = t.consequence(t.level)
    assert serious is not None and "sweeps the complex" in serious.text
    with pytest.raises(RulesError, match="status must be running"):
        t.contribute("Kira", STEALTH, age.resolve((6, 6, 6), BONUS[STEALTH], 11))


def test_seed_infiltration_success_in_time() -> None:
    t = _infiltration()
    for who, skill, dice in [
        ("Kira", STEALTH, (3, 4, 5)),
        ("Tomas", TECH, (5, 3, 6)),
        ("Yusuf", SEEING, (6, 2, 4)),
    ]:
        t = t.contribute(who, skill, _roll(t, who, skill, dice))
    assert (t.pool, t.elapsed, t.status, t.level) == (
        15,
        Fraction(12),
        age.Status.DONE,
        age.Level.NONE,
    )


def _simple(minor: age.Effect | None = None) -> age.ChallengeTest:
    return age.ChallengeTest.create(11, 10, 60, minor=age.Consequence("minor", minor))


MISS = age.resolve((1, 1, 2), 0, 11)


def test_tn_plus_2_until_a_success_clears_it() -> None:
    t = _simple(age.Effect.tn_plus_2_until_cleared()).contribute("Ana", TECH, MISS)
    assert t.tn_for(TECH) == t.tn_for(STEALTH) == 13
    with pytest.raises(RulesError, match=r"result\.tn must be 13"):
        t.contribute("Ana", TECH, age.resolve((6, 5, 4), 0, 11))
    t = t.contribute("Ana", TECH, age.resolve((6, 5, 4), 0, 13), clear_minor=True)
    assert (t.pool, t.minor_active, t.tn_for(TECH)) == (0, False, 11)
    assert t.contributions[-1].cleared_minor
    with pytest.raises(RulesError, match="clear_minor"):
        t.contribute("Ana", TECH, age.resolve((6, 5, 4), 0, 11), clear_minor=True)
    with pytest.raises(RulesError, match="no active minor"):
        t.clear_minor()


def test_failed_clearing_roll_counts_as_a_failure() -> None:
    t = _simple(age.Effect.tn_plus_2_until_cleared()).contribute("Ana", TECH, MISS)
    t = t.contribute("Ana", TECH, age.resolve((1, 1, 1), 0, 13), clear_minor=True)
    assert (t.minor_active, t.failures, t.level) == (True, 2, age.Level.MAJOR)


def test_extra_time_per_roll_until_cleared() -> None:
    t = _simple(age.Effect.extra_time(3)).contribute("Ana", TECH, MISS)
    assert (t.elapsed, t.minutes_per_roll) == (Fraction(12), Fraction(15))
    t = t.contribute("Ana", TECH, age.resolve((6, 5, 4), 0, 11), clear_minor=True)
    assert (t.elapsed, t.minutes_per_roll) == (Fraction(27), Fraction(12))


def test_halve_pool_rounds_down_and_reset_pool() -> None:
    hit = age.resolve((2, 3, 6), 3, 11)
    t = age.ChallengeTest.create(
        11,
        20,
        120,
        escalation=age.Escalation.at(1, 2),
        major=age.Consequence("x", age.Effect.halve_pool()),
        serious=age.Consequence("y", age.Effect.reset_pool()),
    )
    t = t.contribute("Ana", TECH, hit).contribute("Ana", TECH, age.resolve((5, 2, 1), 3, 11))
    t = t.contribute("Ana", TECH, age.resolve((1, 2, 1), 3, 11))
    assert (t.pool, t.level) == (7, age.Level.MINOR)
    t = t.contribute("Ana", TECH, MISS)
    assert (t.pool, t.level) == (3, age.Level.MAJOR)  # 7 halved, rounded down
    t = t.contribute("Ana", TECH, hit)
    assert t.pool == 9
    t = age.ChallengeTest.create(
        11,
        20,
        120,
        escalation=1,
        minor="a",
        major="b",
        serious=age.Consequence("restart", age.Effect.reset_pool()),
    )
    t = t.contribute("Ana", TECH, hit)
    for _ in range(3):
        t = t.contribute("Ana", TECH, MISS)
    assert (t.pool, t.level, t.status) == (0, age.Level.SERIOUS, age.Status.RUNNING)


def test_close_approach_and_scoped_permanent_tn() -> None:
    t = age.ChallengeTest.create(
        11,
        10,
        60,
        escalation=age.Escalation.at(2),
        minor=age.Consequence("codes changed", age.Effect.close_approach()),
    )
    t = t.contribute("Ana", TECH, MISS)
    assert not t.is_closed(TECH)
    t = t.contribute("Ana", TECH, MISS)
    assert t.is_closed(TECH) and t.is_closed("intelligence  (technology)")
    assert not t.is_closed("Intelligence (Engineering)")
    assert t.conditions[-1] == f"closed: {TECH}"
    with pytest.raises(RulesError, match="closed"):
        t.contribute("Ana", TECH, age.resolve((6, 6, 6), 0, 11))
    t = t.contribute("Ben", STEALTH, age.resolve((6, 6, 6), 0, 11))
    assert t.pool == 6
    u = age.ChallengeTest.create(
        11,
        10,
        60,
        escalation=1,
        minor="m",
        major=age.Consequence("M", age.Effect.permanent_tn(3, "Intelligence")),
    )
    u = u.contribute("Ana", STEALTH, MISS).contribute("Ana", STEALTH, MISS)
    assert (u.tn_for(TECH), u.tn_for("Intelligence (Engineering)"), u.tn_for(STEALTH)) == (
        14,
        14,
        11,
    )
    all_rolls = age.ChallengeTest.create(
        11, 10, 60, escalation=1, minor=age.Consequence("m", age.Effect.permanent_tn(1))
    )
    assert all_rolls.contribute("Ana", TECH, MISS).tn_for(SEEING) == 12


def test_lose_time_can_run_the_clock_out() -> None:
    t = age.ChallengeTest.create(
        11,
        10,
        60,
        escalation=age.Escalation.at(1, 2, 3),
        serious=age.Consequence("lockdown", age.Effect.lose_time(10)),
    )
    for _ in range(3):
        t = t.contribute("Ana", TECH, MISS)
    assert (t.elapsed, t.level, t.status) == (Fraction(46), age.Level.SERIOUS, age.Status.RUNNING)
    t = age.ChallengeTest.create(
        11,
        10,
        60,
        escalation=age.Escalation.at(1),
        minor=age.Consequence("alarm", age.Effect.lose_time(50)),
    )
    t = t.contribute("Ana", TECH, MISS)
    assert (t.elapsed, t.status, t.timed_out, t.level) == (
        Fraction(62),
        age.Status.FAILED,
        True,
        age.Level.SERIOUS,
    )
    assert t.contributions[-1].consequence is age.Level.SERIOUS


def test_blocked_until_another_test_is_done() -> None:
    t = age.ChallengeTest.create(
        11,
        10,
        60,
        escalation=age.Escalation.at(1),
        minor=age.Consequence("system locked", age.Effect.blocked()),
    )
    t = t.contribute("Ana", TECH, MISS)
    assert t.blocked and "blocked until another test is done" in t.conditions
    with pytest.raises(RulesError, match="blocked"):
        t.contribute("Ana", TECH, age.resolve((6, 6, 6), 0, 11))
    t = t.unblock()
    assert t.contribute("Ana", TECH, age.resolve((6, 6, 6), 0, 11)).pool == 6
    with pytest.raises(RulesError, match="not blocked"):
        t.unblock()


def test_escalation_rules() -> None:
    every = age.Escalation.every(2)
    assert [every.level(f) for f in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    explicit = age.Escalation.at(1, 3, 4)
    assert [explicit.level(f) for f in range(6)] == [0, 1, 1, 2, 3, 3]
    for bad in [(), (2, 2), (3, 1), (0, 1), (1, 2, 3, 4)]:
        with pytest.raises(RulesError, match="escalation"):
            age.Escalation(bad)


def test_effect_validation() -> None:
    with pytest.raises(RulesError, match="minor level only"):
        age.ChallengeTest.create(11, 10, 60, major=age.Consequence("x", age.Effect.extra_time(2)))
    with pytest.raises(RulesError, match="amount"):
        age.Effect.lose_time(0)
    with pytest.raises(RulesError, match="amount"):
        age.Effect(age.EffectKind.HALVE_POOL, 2)
    with pytest.raises(RulesError, match="scope"):
        age.Effect(age.EffectKind.RESET_POOL, 0, "Intelligence")
    assert age.Effect.permanent_tn(2, TECH).label == f"TN +2 permanently for {TECH}"
    assert age.Level.MAJOR.label == "major" and age.Level.NONE < age.Level.SERIOUS


def test_time_is_kept_as_a_fraction() -> None:
    t = age.ChallengeTest.create(11, 7, 10).contribute("Ana", TECH, MISS)
    assert t.elapsed == Fraction(20, 7) and isinstance(t.elapsed, Fraction)
    assert (
        t.label == "challenge test vs 11: pool 0/7, 2.9 min of 10 min, running, 1 failed, "
        "minor consequences"
    )
