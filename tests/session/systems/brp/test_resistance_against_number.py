"""BRP (seed 000): a characteristic against an object's plain value on the resistance table
(«тяжёлый камень может иметь РАЗ 15 … бросить свою СИЛ против РАЗ камня»), typed as
``alice str vs 15`` or ``alice str vs siz=15`` with no character standing for the object.
The object never rolls; the character's side does, against the table's number."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from rules import brp as rules
from tests.seeds import seed_passages
from tests.session.conftest import (
    age_campaign,
    assert_odds_shown,
    brp_campaign,
    gurps_campaign,
    make_table,
    snapshot,
    strange_campaign,
)
from tui.session.campaign.model import Campaign
from tui.session.entry.entry import Check, parse_line

SEED = seed_passages("000")
ALICE = "Alice Moore"


def brute(active: int, passive: int) -> Fraction:
    """The active side's chance counted over the hundred faces of the d100."""
    won = sum(rules.resistance_roll(active, passive, f).success for f in range(1, 101))
    return Fraction(won, 100)


@pytest.mark.parametrize("line", ["alice str vs 15", "alice str vs siz=15", "alice str vs siz 15"])
def test_str_13_against_a_siz_15_stone_is_40_percent_alice_rolling(line: str) -> None:
    """«персонаж с СИЛ 13 … имеет 40% шанс поднять камень РАЗ 15 … Камень не делает ничего,
    чтобы сопротивляться, поэтому он не будет бросать кубики»."""
    assert "имеет 40% шанс поднять камень РАЗ 15" in SEED
    t = make_table(brp_campaign())
    pv = t.preview(line)
    assert pv.ok, pv.text
    p = brute(13, 15)
    assert p == Fraction(40, 100)
    assert_odds_shown(pv.text, [(f"{ALICE} succeeds", p), (f"{ALICE} fails", 1 - p)])
    assert "resistance 40%" in pv.text
    assert f"{ALICE} rolls (active), 40 or less to succeed" in pv.text


def test_the_seed_s_40_lifts_the_stone_and_41_does_not_both_logged() -> None:
    """«Если бросок 40 или ниже, камень поднят. Бросок 41+ означает, что камень слишком
    тяжёл»: the log names the object's value, who rolled, and what it needed."""
    assert "Бросок 41+ означает, что камень слишком тяжёл" in SEED
    t = make_table(brp_campaign())
    fb = t.submit("alice str vs siz=15 = 40")
    assert fb.ok, fb.message
    assert fb.message == (
        f"{ALICE} STR 13 vs SIZ 15 (40%): {ALICE} (active): 40 (typed), "
        f"needing 40 or less to succeed → {ALICE} succeeds"
    )
    entry = t.session.log[-1]
    assert (entry.actor, entry.grade) == (ALICE, "success")
    assert entry.inputs["passive"] == 15 and entry.inputs["roller"] == ALICE
    fb = t.submit("alice str vs 15 = 41")
    assert fb.ok and fb.message.endswith(f"→ {ALICE} fails")
    assert t.session.log[-1].grade == "failure"


def test_the_app_rolls_for_the_character_and_the_odds_hold_over_every_value() -> None:
    t = make_table(brp_campaign(), faces=(55,))
    fb = t.submit("alice str vs 12")  # 13 vs 12: 55% → 55 succeeds
    assert (
        fb.ok
        and ": 55 (rolled)" in fb.message
        and "rolled 55 rolled" not in fb.message
        and fb.message.endswith("succeeds")
    )
    for value in (1, 3, 4, 13, 22, 23, 80):
        pv = t.preview(f"alice str vs {value}")
        p = brute(13, value)
        shown = [(f"{ALICE} succeeds", p), (f"{ALICE} fails", 1 - p)]
        assert_odds_shown(pv.text, shown)
        if p in (0, 1):
            assert "automatic, no roll" in pv.text


def test_the_number_side_keeps_the_first_sides_spelling_and_any_word() -> None:
    t = make_table(brp_campaign())
    assert "vs SIZ 15 →" in t.preview("alice str vs siz=15").text
    assert "vs РАЗ 15 →" in t.preview("alice str против РАЗ=15").text
    parsed = parse_line("alice str vs siz=15 = 40", ["Alice Moore"], lambda _n: ["STR", "SIZ"])
    assert isinstance(parsed, Check) and parsed.b is not None
    b = parsed.b
    assert (b.actor, b.skill, b.value, b.faces) == ("", "SIZ", 15, (40,))


def test_a_character_named_like_the_word_is_still_the_character() -> None:
    """``boulder=40`` is the Boulder of the campaign with a typed 40, not a value 40."""
    t = make_table(brp_campaign())
    fb = t.submit("alice str vs boulder=40")
    assert fb.ok and "vs Boulder SIZ 15 (40%)" in fb.message


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("alice spot hidden vs 15", "Spot Hidden is a skill"),
        ("alice str vs 15 hard", "a plain number (15) takes no modifiers"),
        ("alice str vs 15 by=passive", "it never rolls, Alice Moore does"),
        ("alice str by=passive vs siz=15", "SIZ 15 is an object's value: it never rolls"),
        ("alice str vs 15 vs 20", "one characteristic against it"),
        ("alice str vs boulder siz vs 15", "one characteristic against it"),
        ("alice str +5 vs 15", "takes no modifiers"),
    ],
)
def test_what_the_table_cannot_mean_is_refused_by_name(line: str, said: str) -> None:
    t = make_table(brp_campaign())
    before = snapshot(t)
    pv = t.preview(line)
    assert not pv.ok and said in pv.text, pv.text
    fb = t.submit(line)
    assert not fb.ok and said in fb.message
    assert snapshot(t) == before


@pytest.mark.parametrize(
    ("campaign", "line"),
    [
        (gurps_campaign, "vic lockpicking vs 15"),
        (age_campaign, "naomi stealth vs 15"),
        (strange_campaign, "кирма верховая езда vs 15"),
    ],
)
def test_systems_without_such_a_roll_refuse_a_plain_number_by_name(
    campaign: Callable[[], Campaign], line: str
) -> None:
    t = make_table(campaign())
    pv = t.preview(line)
    assert not pv.ok and "has no roll against a plain number (15)" in pv.text, pv.text
