"""Extended checks as data: the GM's syntax and ChallengeTest ⇄ ExtendedCheck round trips."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest
import tomli_w

from rules import age
from rules.age import Effect, Level
from rules.errors import RulesError
from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import from_doc, to_doc
from tui.session.entry.entry import EntryError
from tui.session.extended.data import (
    covers,
    from_check,
    parse_consequence,
    parse_escalation,
    parse_minutes,
    parse_skills,
    to_check,
)
from tui.session.extended.save import from_race, is_race, to_race
from tui.session.systems.registry import TRACKERS

STEALTH = "Dexterity (Stealth)"
TECH = "Intelligence (Technology)"


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("30m", 30),
        ("1h", 60),
        ("90", 90),
        ("1h30m", 90),
        ("2h 5m", 125),
        ("45min", 45),
        ("1d", 1440),
        ("1H30M", 90),
    ],
)
def test_time_strings(text: str, minutes: int) -> None:
    assert parse_minutes(text) == minutes


@pytest.mark.parametrize("text", ["", "0", "m", "h30", "30s", "-5", "1.5h", "999999999"])
def test_bad_time_strings_name_the_problem(text: str) -> None:
    with pytest.raises(EntryError, match="time"):
        parse_minutes(text)


def test_escalation_every_n_or_explicit_counts() -> None:
    assert parse_escalation("2").steps == (2, 4, 6)
    assert parse_escalation("1,3,4").steps == (1, 3, 4)
    for bad in ("0", "3,2", "x", "1,2,3,4"):
        with pytest.raises(EntryError, match="every="):
            parse_escalation(bad)


def test_default_effects_per_level() -> None:
    assert parse_consequence(Level.MINOR, "guards alerted") == age.Consequence(
        "guards alerted", Effect.tn_plus_2_until_cleared()
    )
    assert parse_consequence(Level.MAJOR, "codes changed").effect == Effect.permanent_tn(1)
    assert parse_consequence(Level.SERIOUS, "lockdown").effect == Effect.reset_pool()


@pytest.mark.parametrize(
    ("level", "text", "effect"),
    [
        (Level.MINOR, "guards alerted; tn+2", Effect.tn_plus_2_until_cleared()),
        (Level.MINOR, "slowed; time+5", Effect.extra_time(5)),
        (Level.MINOR, "odd; tn+3", Effect.permanent_tn(3)),
        (Level.MAJOR, "tighter; tn+2:Intelligence (Technology)", Effect.permanent_tn(2, TECH)),
        (Level.MAJOR, "tighter; TN+1", Effect.permanent_tn(1)),
        (Level.MAJOR, "setback; halve", Effect.halve_pool()),
        (Level.MAJOR, "door sealed; close", Effect.close_approach()),
        (Level.MAJOR, "door sealed; close:Technology", Effect.close_approach("Technology")),
        (Level.SERIOUS, "alarm; time+10", Effect.lose_time(10)),
        (Level.SERIOUS, "lockdown; blocked", Effect.blocked()),
        (Level.SERIOUS, "start over; reset", Effect.reset_pool()),
        (Level.SERIOUS, "just flavour; none", None),
    ],
)
def test_effect_words(level: Level, text: str, effect: Effect | None) -> None:
    c = parse_consequence(level, text)
    assert c.effect == effect
    assert c.text == text.split(";")[0]


def test_effect_only_and_bad_effects() -> None:
    assert parse_consequence(Level.MINOR, "tn+2") == age.Consequence(
        "", Effect.tn_plus_2_until_cleared()
    )
    with pytest.raises(EntryError, match="one effect per level"):
        parse_consequence(Level.MAJOR, "x; halve; reset")
    with pytest.raises(EntryError, match="at least 1"):
        parse_consequence(Level.MAJOR, "x; tn+0")
    with pytest.raises(EntryError, match="no ':' scope"):
        parse_consequence(Level.MINOR, "x; time+5:Stealth")
    # the major level's "tn+2" is permanent: only the minor level has "until cleared"
    assert parse_consequence(Level.MAJOR, "x; tn+2").effect == Effect.permanent_tn(2)


def test_skills_and_covers() -> None:
    assert parse_skills("Dexterity (Stealth),  Intelligence  (Technology) ,") == (STEALTH, TECH)
    with pytest.raises(EntryError):
        parse_skills(" , ")
    assert covers(STEALTH, "dexterity (stealth)")
    assert not covers(STEALTH, "Dexterity")
    assert not covers(STEALTH, "Dexterity (Acrobatics)")
    assert covers("Dexterity", "Dexterity (Acrobatics)") and covers("Dexterity", "Dexterity")
    assert covers("Stealth", STEALTH) and not covers("Stealth", TECH)
    assert covers("Spot Hidden", "Spot Hidden") and not covers("Spot Hidden", "Listen")


def _busy_test() -> age.ChallengeTest:
    """A challenge with every kind of state: fractional time, effects, contributions."""
    t = age.ChallengeTest.create(
        13,
        9,
        70,
        escalation=age.Escalation.at(1, 2, 4),
        minor=age.Consequence("slowed", Effect.extra_time(3)),
        major=age.Consequence("codes changed", Effect.permanent_tn(2, TECH)),
        serious=age.Consequence("", Effect.blocked()),
    )
    t = t.contribute("Naomi", STEALTH, age.resolve((6, 5, 4), 5, 13))
    t = t.contribute("Amos", TECH, age.resolve((1, 1, 2), 4, 13))  # minor: +3 min per roll
    t = t.contribute("Amos", TECH, age.resolve((1, 2, 2), 4, 13))  # major: TN +2 (Tech)
    return t


def test_round_trip_rules_value_to_check_and_back() -> None:
    t = _busy_test()
    assert t.elapsed == Fraction(140, 9) * 3 + 3 and t.elapsed.denominator == 3
    assert t.permanent_tn == ((2, TECH),) and t.minor_active and t.level is Level.MAJOR
    chk = to_check(t, "hack", allowed_skills=(STEALTH, TECH))
    assert (chk.pool, chk.threshold, chk.time_budget, chk.status) == (4, 9, 70, "running")
    assert chk.elapsed == int(t.elapsed) and chk.consequences["elapsed_exact"] == "149/3"
    # the state before the last roll is kept for Fortune, and survives the round trip
    assert t.previous is not None and from_check(chk).previous == t.previous
    assert chk.contributions[0]["who"] == "Naomi" and chk.contributions[0]["added"] == 4
    assert from_check(chk) == t
    assert to_check(from_check(chk), "hack", allowed_skills=(STEALTH, TECH)) == chk


def test_round_trip_keeps_table_notes_and_survives_a_save() -> None:
    t = _busy_test()
    notes = [{"grade": "success", "dice": [6, 5, 4]}, {"grade": "failure", "dice": [1, 1, 2]}]
    chk = to_check(t, "hack", notes=notes)
    assert chk.contributions[0]["grade"] == "success" and chk.contributions[2].get("grade") is None
    again = to_check(from_check(chk), "hack", notes=chk.contributions)
    assert again == chk
    campaign = Campaign("C", "age", checks=(chk,))
    text = tomli_w.dumps(to_doc(campaign))
    loaded = from_doc(tomllib.loads(text), TRACKERS)
    assert loaded.checks[0] == chk
    assert from_check(loaded.checks[0]) == t


def test_finished_and_blocked_states_round_trip() -> None:
    t = age.ChallengeTest.create(11, 5, 10, serious="lockdown")  # 4 a roll: 2 rolls fit
    t = t.contribute("Naomi", STEALTH, age.resolve((1, 1, 1), 5, 11))
    t = t.contribute("Naomi", STEALTH, age.resolve((1, 1, 1), 5, 11, skill=3))
    assert t.status is age.Status.FAILED and t.timed_out
    assert from_check(to_check(t, "x")) == t
    b = age.ChallengeTest.create(11, 5, 30, minor=age.Consequence("", Effect.blocked()))
    b = b.contribute("Naomi", STEALTH, age.resolve((1, 1, 1), 5, 11))
    assert b.blocked and from_check(to_check(b, "y")) == b


def test_opposed_steps_and_races_round_trip() -> None:
    t = age.AdvancedTest.create(11, 10, 60)
    c = age.ChallengeTest.create(11, 10, 60, minor="seen")
    guard = age.resolve((6, 6, 6), 2, 11, skill=2)
    c = c.contribute("Naomi", STEALTH, age.resolve((3, 3, 3), 5, 11, skill=5), opponents=[guard])
    assert c.contributions[-1].opponents == (guard,) and c.failures == 1
    assert from_check(to_check(c, "x")) == c
    assert t.rolls_left == 5
    race = age.Race.create(11, 10, 30, ["Naomi", "Guard + Amos"])
    race = race.step(
        ["Naomi", "Guard"],
        [STEALTH, "Perception (Seeing)"],
        [age.resolve((5, 5, 5), 5, 11, skill=5), guard],
    )
    chk = to_race(race, "chase", [["Naomi"], ["Guard", "Amos"]], notes=[{"grade": "success"}])
    assert is_race(chk) and chk.contributions[0]["grade"] == "success"
    assert from_race(chk) == race and from_race(chk).previous == race.previous
    campaign = Campaign("C", "age", checks=(chk,))
    loaded = from_doc(tomllib.loads(tomli_w.dumps(to_doc(campaign))), TRACKERS)
    assert from_race(loaded.checks[0]) == race
    with pytest.raises(RulesError, match="is a race"):
        from_check(chk)


def test_damaged_check_is_a_rules_error() -> None:
    chk = to_check(_busy_test(), "hack")
    from dataclasses import replace

    from rules.errors import RulesError

    bad = replace(chk, consequences={**chk.consequences, "level": "catastrophic"})
    with pytest.raises(RulesError, match="hack"):
        from_check(bad)
    bad = replace(chk, contributions=({"who": "x"},))
    with pytest.raises(RulesError, match="damaged"):
        from_check(bad)
