"""BRP (seed 000) at the table: resistance rolls made by either side, impossible checks
without a roll (or rolled to see how badly), and four free ticks once per downtime."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules import brp as rules
from tests.seeds import seed_passages
from tests.session.conftest import assert_odds_shown, brp_campaign, make_table, snapshot
from tui.session.table.table import Table

SEED = seed_passages("000")
ALICE, BORIS = "Alice Moore", "Boris Ivanov"


def table(faces: tuple[int, ...] = ()) -> Table:
    return make_table(brp_campaign(), faces=faces)


# -- resistance: who rolls ------------------------------------------------------------------


def test_str_13_lifts_siz_15_boulder_alice_rolls_40_or_less() -> None:
    """«персонаж с СИЛ 13 … имеет 40% шанс поднять камень РАЗ 15 … Камень не делает ничего,
    чтобы сопротивляться, поэтому он не будет бросать кубики»: the player's side rolls."""
    assert "Если бросок 40 или ниже, камень поднят" in SEED
    t = table()
    pv = t.preview("alice str vs boulder siz")
    assert "Alice Moore rolls (active), 40 or less to succeed" in pv.text
    fb = t.submit("alice str vs boulder siz = 40")
    assert fb.ok and "Alice Moore (active): 40 (typed), needing 40 or less" in fb.message
    assert fb.message.endswith("→ Alice Moore succeeds")
    entry = t.session.log[-1]
    assert (entry.inputs["by"], entry.inputs["roller"], entry.grade) == ("active", ALICE, "success")
    assert t.submit("alice str vs boulder siz = 41").message.endswith("→ Boulder resists")


def test_the_boulder_side_rolls_with_by_passive_and_the_odds_stay_40() -> None:
    """The passive side's roll is read against the same 40 (roll ≤ 40 → the active prevails)."""
    t = table(faces=(30,))
    line = "alice str vs boulder siz by=passive"
    pv = t.preview(line)
    brute = Fraction(
        sum(rules.resistance_roll(13, 15, f, by="passive").success for f in range(1, 101)), 100
    )
    assert brute == Fraction(40, 100)
    assert_odds_shown(pv.text, [("Alice Moore succeeds", brute), ("Boulder resists", 1 - brute)])
    assert "Boulder rolls (passive); 40 or less and Alice Moore prevails" in pv.text
    fb = t.submit(line)  # the app rolls 30 for the boulder: the stone is lifted
    assert fb.ok and "Boulder (passive): 30 (rolled)" in fb.message
    assert fb.message.endswith("→ Alice Moore succeeds")
    fb = t.submit("alice str vs boulder siz by=passive = 41")
    assert fb.ok and fb.message.endswith("→ Boulder resists")
    assert t.session.log[-1].inputs["by"] == "passive"
    assert t.submit("/undo").ok and t.session.log[-1].kind == "undo"


def test_in_doubt_the_passive_side_rolls() -> None:
    """«Если возникает ситуация, когда неясно, кто должен бросать, пусть бросает пассивная
    сторона»: two player characters arm-wrestling; and a boulder pressing on Alice."""
    assert "пусть бросает пассивная сторона" in SEED
    t = table()
    fb = t.submit("alice str vs boris str = 30")
    assert fb.ok and "Boris Ivanov (passive): 30" in fb.message
    assert t.session.log[-1].inputs["roller"] == BORIS
    fb = t.submit("boulder siz vs alice siz = 10")
    assert fb.ok and "Alice Moore (passive): 10" in fb.message


def test_bad_by_words_change_nothing() -> None:
    t = table()
    before = snapshot(t)
    for line, words in {
        "alice str vs boulder siz by=both": "active or passive",
        "alice str by=active vs boulder siz by=passive": "two different things",
        "alice spot hidden by=passive": "unknown option by=",
        "alice str vs boulder siz hard": "only by=active|passive",
    }.items():
        fb = t.submit(line)
        assert not fb.ok and words in fb.message, (line, fb.message)
    assert snapshot(t) == before


# -- impossible -----------------------------------------------------------------------------


def test_impossible_crossword_in_the_dark_fails_without_a_roll() -> None:
    """«бросок не разрешается. Попытка навыка просто проваливается»: no die is drawn."""
    assert "бросок не разрешается" in SEED
    t = table()  # no scripted dice: rolling would fail the test
    pv = t.preview("alice spot hidden impossible")
    assert "a failure with no roll" in pv.text and "Enter → " in pv.text
    fb = t.submit("alice spot hidden impossible")
    assert fb.ok and fb.message.endswith("no roll → failure")
    entry = t.session.log[-1]
    assert entry.inputs["dice"] == [] and entry.inputs["source"] == "no roll"
    assert entry.grade == "failure" and t.campaign.character(ALICE).ticks == ()


def test_impossible_may_be_rolled_to_see_how_badly() -> None:
    """«позволить игроку бросить и описать, насколько плохо провалилась попытка»."""
    assert "насколько плохо провалилась попытка" in SEED
    t = table(faces=(50,))
    pv = t.preview("alice spot hidden impossible roll")
    assert "rolled to see how badly" in pv.text
    assert_odds_shown(pv.text, [(lv.label, p) for lv, p in rules.odds(0).items()])
    assert rules.odds(0)[rules.Level.FUMBLE] == Fraction(5, 100)
    fb = t.submit("alice spot hidden impossible roll")
    assert fb.ok and "50 → failure" in fb.message
    fb = t.submit("alice spot hidden impossible = 97")
    assert fb.ok and "97 → fumble" in fb.message
    bad = t.submit("alice spot hidden roll")
    assert not bad.ok and "goes with impossible" in bad.message


# -- downtime ---------------------------------------------------------------------------------


def test_four_free_ticks_once_per_downtime() -> None:
    """«четыре «свободные» отметки опыта по их выбору»: once; a second /downtime is refused
    with the count already granted."""
    assert "четыре «свободные» отметки опыта" in SEED
    t = table()
    fb = t.submit("/downtime alice spot hidden, stealth, knowledge (occult)")
    assert fb.ok, fb.message
    before = snapshot(t)
    again = t.submit("/downtime alice knowledge (history)")
    assert not again.ok
    assert (
        "already took 3 free ticks in this downtime (Spot Hidden, Stealth, Knowledge "
        "(Occult))" in again.message
    )
    assert snapshot(t) == before
    assert t.submit("/downtime boris listen").ok  # each character has their own four
    # undo gives the choice back
    assert t.submit("/undo").ok and t.submit("/undo").ok
    assert t.submit("/downtime alice knowledge (history)").ok


def test_the_next_scene_or_adventure_starts_a_new_downtime() -> None:
    t = table()
    assert t.submit("/downtime alice stealth").ok
    refused = t.submit("/scene The cellar")
    assert refused.ok
    during = t.submit("/downtime alice listen")
    assert not during.ok and "end the scene first" in during.message
    assert t.submit("/endscene").ok
    assert t.submit("/downtime alice spot hidden").ok  # a new downtime after the scene
    assert not t.submit("/downtime alice knowledge (history)").ok
    later = make_table(replace(t.campaign, adventure=t.campaign.adventure + 1))
    assert later.submit("/downtime alice knowledge (history)").ok


@pytest.mark.parametrize("line", ["/downtime alice stealth", "/downtime boris listen"])
def test_downtime_record_survives_the_save(line: str) -> None:
    from tui.session.campaign.schema import from_doc, to_doc
    from tui.session.systems.registry import TRACKERS

    t = table()
    assert t.submit(line).ok
    assert from_doc(to_doc(t.campaign), TRACKERS) == t.campaign
