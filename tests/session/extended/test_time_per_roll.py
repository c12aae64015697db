"""Outside AGE a roll of an extended check takes its own time (issue 45): ``per=`` sets it, a
system's default (10 minutes) stands in and says so, and creation warns when even the
party's best roller would hardly complete the check in its time.

AGE's pool is Drama Dice, so its budget ÷ (threshold / 2) is right there; BRP's "threshold 3
in an hour" is three successes, and the AGE formula gave it one roll of 40 minutes.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules import gurps as gurps_rules
from tests.session.conftest import age_campaign, brp_campaign, gurps_campaign, make_table
from tests.session.scene_helpers import ok, refused
from tui.session.campaign.schema import check_doc, check_from_doc
from tui.session.extended.data import from_check
from tui.session.extended.outlook import best_chance


def test_brp_decipher_an_hour_is_six_ten_minute_rolls_not_one() -> None:
    t = make_table(brp_campaign())
    fb = ok(t, "/ext Decipher threshold=3 time=1h")[0]
    assert "60 min, 10 min per roll (6 rolls)" in fb.message, fb.message
    entry = t.session.log[-1]
    assert "10 min a roll is this system's default: per= sets another" in entry.effects
    assert from_check(t.campaign.check("Decipher")).rolls_left == 6


def test_per_sets_the_time_a_roll_takes_and_survives_the_save() -> None:
    t = make_table(gurps_campaign())
    fb = ok(t, "/ext Safe threshold=4 time=1h per=15m")[0]
    assert "15 min per roll (4 rolls)" in fb.message
    assert not any("default" in e for e in t.session.log[-1].effects)
    chk = t.campaign.check("Safe")
    again = check_from_doc(check_doc(chk), "checks[0]")
    assert from_check(again).time_per_roll == 15 and from_check(again).rolls_left == 4


def test_age_keeps_the_seeds_time_per_roll() -> None:
    t = make_table(age_campaign())
    fb = ok(t, "/ext Safe threshold=10 time=1h")[0]
    assert "12 min per roll (5 rolls)" in fb.message  # 60 ÷ (10 / 2)
    ok(t, "/ext Door threshold=10 time=1h per=20m")
    assert from_check(t.campaign.check("Door")).rolls_left == 3


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("/ext Safe threshold=4 time=30m per=1h", "no roll fits"),
        ("/ext Safe threshold=4 time=1h per=soon", "write minutes like 30m"),
    ],
)
def test_a_time_per_roll_that_cannot_work_is_refused(line: str, why: str) -> None:
    refused(make_table(gurps_campaign()), line, why)


def test_gurps_safe_in_two_rolls_warns_at_creation_with_the_exact_best_chance() -> None:
    """Threshold 4 in two rolls completes only with two criticals (2 points each)."""
    t = make_table(gurps_campaign())
    ok(t, "/ext Safe threshold=4 time=1h per=30m")
    warning = [e for e in t.session.log[-1].effects if e.startswith("warning")]
    assert warning == [
        "warning: at best <0.1% to complete (Vic Lockwood, Lockpicking, every roll): "
        "more time= or a shorter per= gives the party a chance"
    ]
    # brute force: the party's best skill, both 3d6 rolls critical successes
    best = best_chance(t.system, t.campaign, t.campaign.check("Safe"))
    assert best is not None
    skill = max(13, 12, 9)  # Ruth's Guns 13, Vic's Stealth 12 and Lockpicking 9
    crit = Fraction(
        sum(
            1
            for d in itertools.product(range(1, 7), repeat=3)
            if gurps_rules.resolve(skill, sum(d)).level is gurps_rules.Level.CRITICAL_SUCCESS
        ),
        216,
    )
    assert best.p == crit * crit == Fraction(1, 2916)


def test_a_check_the_party_can_well_complete_gives_no_warning() -> None:
    t = make_table(brp_campaign())
    ok(t, "/ext Decipher threshold=3 time=1h")
    assert not any(e.startswith("warning") for e in t.session.log[-1].effects)
    best = best_chance(t.system, t.campaign, t.campaign.check("Decipher"))
    assert best is not None and best.p > Fraction(1, 2)
