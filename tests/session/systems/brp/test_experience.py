"""BRP experience without Textual: ticks from play, GM overrides, teaching, downtime, and the
end of an adventure as one undoable step."""

from __future__ import annotations

import pytest

from rules.errors import RulesError
from tests.session.conftest import make_table, snapshot
from tui.session.adventure.flow import commit, parse_die, unfinished
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError
from tui.session.entry.entry import EntryError
from tui.session.systems.brp.commands import skill_list
from tui.session.systems.brp.experience import Row, end_adventure, end_draft, experience_rows
from tui.session.table.table import Table


def campaign(adventure: int = 1) -> Campaign:
    alice = Character(
        "Alice Moore",
        attributes={"STR": 13, "INT": 16},
        skills={
            "Spot Hidden": 60,
            "Knowledge (Occult)": 35,
            "Knowledge (History)": 45,
            "Stealth": 40,
            "Library Use": 105,
            "Listen": 25,
            "Climb": 50,
        },
    )
    boris = Character(
        "Boris Ivanov",
        attributes={"STR": 11},
        skills={"Teach": 60, "Knowledge (Occult)": 40, "Listen": 50, "Spot Hidden": 35},
    )
    return Campaign("Ash Lane", "brp", adventure=adventure, characters=(alice, boris))


def table(faces: tuple[int, ...] = ()) -> Table:
    return make_table(campaign(), faces)


def ticks(t: Table, name: str) -> tuple[str, ...]:
    return t.campaign.character(name).ticks


# -- rows ------------------------------------------------------------------------------------
def test_row_improves_only_above_the_skill_or_on_00() -> None:
    row = Row("Alice Moore", "Knowledge (Occult)", 35)
    assert row.next_die == 100 and not row.done and row.status == "not rolled"
    up = row.entered(36)
    assert up.improved and up.wants_gain and up.next_die == 6 and not up.done
    assert up.status == "improves, roll d6"
    done = up.entered(4)
    assert done.done and done.new_value == 39 and done.status == "improved +4 → 39"
    same = row.entered(35)
    assert same.done and same.improved is False and same.new_value == 35
    assert same.status == "not improved"
    high = Row("Alice Moore", "Library Use", 105).entered(100)
    assert high.wants_gain and high.entered(6).new_value == 111
    assert Row("A", "B", 105).entered(99).new_value == 105


def test_row_rejects_bad_faces_and_extra_dice() -> None:
    row = Row("Alice Moore", "Stealth", 40)
    with pytest.raises(RulesError):
        row.entered(0)
    with pytest.raises(RulesError):
        row.entered(101)
    with pytest.raises(RulesError):
        row.entered(50).entered(7)
    with pytest.raises(RulesError, match="already rolled"):
        row.entered(20).entered(3)


def test_row_rolled_completes_what_is_missing_and_keeps_typed_dice() -> None:
    from tests.session.conftest import Scripted

    row = Row("Alice Moore", "Stealth", 40).entered(77)
    done = row.rolled(Scripted([5]))
    assert (done.roll, done.gain, done.roll_typed, done.gain_typed) == (77, 5, True, False)
    fresh = Row("Alice Moore", "Stealth", 40).rolled(Scripted([12]))
    assert (fresh.roll, fresh.gain, fresh.done) == (12, None, True)
    assert done.cleared() == Row("Alice Moore", "Stealth", 40)


@pytest.mark.parametrize(
    ("text", "sides", "face"),
    [("36", 100, 36), ("00", 100, 100), ("100", 100, 100), ("07", 100, 7), ("4", 6, 4)],
)
def test_parse_die(text: str, sides: int, face: int) -> None:
    assert parse_die(text, sides) == face


@pytest.mark.parametrize(
    ("text", "sides"),
    [("0", 100), ("101", 100), ("7", 6), ("00", 6), ("", 100), ("x1", 100), ("1000", 100)],
)
def test_parse_die_rejects(text: str, sides: int) -> None:
    with pytest.raises(EntryError, match=f"d{sides}"):
        parse_die(text, sides)


# -- ticks from play and GM overrides --------------------------------------------------------
def test_first_eligible_success_ticks_and_rows_list_every_ticked_skill() -> None:
    t = table()
    assert t.submit("alice spot hidden = 07").ok
    assert t.submit("alice knowledge occult easy = 10").ok  # easy: no tick
    assert t.submit("alice knowledge occult = 20").ok
    assert t.submit("boris spot hidden = 99").ok  # failure: no tick
    assert t.submit("/tick boris listen").ok
    assert ticks(t, "Alice Moore") == ("Spot Hidden", "Knowledge (Occult)")
    rows = experience_rows(t.campaign)
    assert [(r.character, r.skill, r.value) for r in rows] == [
        ("Alice Moore", "Spot Hidden", 60),
        ("Alice Moore", "Knowledge (Occult)", 35),
        ("Boris Ivanov", "Listen", 50),
    ]
    assert unfinished(rows) == list(rows)


def test_tick_and_untick_are_undoable_and_logged() -> None:
    t = table()
    before = t.campaign
    fb = t.submit("/tick alice knowledge (history)")
    assert fb.ok and ticks(t, "Alice Moore") == ("Knowledge (History)",)
    assert "Knowledge (History)" in t.session.log[-1].text
    assert not t.submit("/tick alice knowledge history").ok  # already ticked
    assert t.submit("/untick alice know hist").ok and ticks(t, "Alice Moore") == ()
    assert t.submit("/undo").ok and ticks(t, "Alice Moore") == ("Knowledge (History)",)
    assert t.submit("/undo").ok and t.campaign == before


@pytest.mark.parametrize(
    "line",
    [
        "/tick",
        "/tick alice",
        "/tick alice str",
        "/tick alice flying",
        "/tick nobody spot hidden",
        "/untick alice spot hidden",
        "/tick alice spot hidden stealth",
    ],
)
def test_bad_tick_lines_change_nothing(line: str) -> None:
    t = table()
    state = snapshot(t)
    fb = t.submit(line)
    assert not fb.ok and fb.message
    assert snapshot(t) == state


def test_commands_are_brp_only() -> None:
    from tests.session.conftest import gurps_campaign

    t = make_table(gurps_campaign())
    for line in (
        "/tick vic stealth",
        "/downtime vic stealth",
        "/endadventure",
        "/teach vic ruth stealth",
    ):
        assert not t.submit(line).ok


# -- teaching --------------------------------------------------------------------------------
def test_teach_caps_teach_at_the_teachers_skill_and_ticks_on_two_successes() -> None:
    t = table()
    # Boris Teach 60, Knowledge (Occult) 40: Teach counts as 40. 45 beats 40 → fails.
    fb = t.submit("/teach boris alice knowledge occult = 45 10")
    assert fb.ok and ticks(t, "Alice Moore") == ()
    entry = t.session.log[-1]
    assert entry.inputs["teach"] == 40 and "capped" in entry.text and entry.grade == "failure"
    fb = t.submit("/teach boris alice knowledge occult = 39 40")
    assert fb.ok and ticks(t, "Alice Moore") == ("Knowledge (Occult)",)
    assert t.session.log[-1].effects == ("tick: Alice Moore · Knowledge (Occult)",)
    assert t.submit("/undo").ok and ticks(t, "Alice Moore") == ()


def test_teach_needs_the_skill_roll_too_and_rolls_when_not_typed() -> None:
    t = table((10, 41))  # teach succeeds, the skill roll (40) fails
    assert t.submit("/teach boris alice knowledge occult").ok
    assert ticks(t, "Alice Moore") == ()
    entry = t.session.log[-1]
    assert entry.inputs["dice"] == [10, 41] and entry.inputs["source"] == "rolled"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/teach alice boris listen = 1 1", "no Teach"),
        ("/teach boris alice stealth = 1 1", "no Stealth"),
        ("/teach boris boris listen = 1 1", "themself"),
        ("/teach boris alice spot hidden = 1", "2 dice"),
        ("/teach boris alice spot hidden = 0 5", "1..100"),
        ("/teach boris", "student"),
    ],
)
def test_bad_teach_lines_change_nothing(line: str, words: str) -> None:
    t = table()
    state = snapshot(t)
    fb = t.submit(line)
    assert not fb.ok and words in fb.message
    assert snapshot(t) == state


# -- downtime --------------------------------------------------------------------------------
def test_skill_list_splits_at_commas_and_quotes_but_keeps_apostrophes() -> None:
    assert skill_list("alice spot hidden, knowledge (occult),stealth") == [
        "alice spot hidden",
        "knowledge (occult)",
        "stealth",
    ]
    assert skill_list('alice "spot hidden" "know occ" climb') == [
        "alice",
        "spot hidden",
        "know occ",
        "climb",
    ]
    assert skill_list("Ог'лай листен, 'spot hidden'") == ["Ог'лай листен", "spot hidden"]
    assert skill_list(" , ") == []


def test_downtime_grants_up_to_four_ticks_in_one_step() -> None:
    t = table()
    t.submit("/tick alice stealth")
    fb = t.submit('/downtime alice spot hidden, "knowledge (occult)", stealth, climb')
    assert fb.ok, fb.message
    assert ticks(t, "Alice Moore") == ("Stealth", "Spot Hidden", "Knowledge (Occult)", "Climb")
    assert "Stealth already ticked" in fb.message
    assert t.submit("/undo").ok and ticks(t, "Alice Moore") == ("Stealth",)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/downtime alice spot hidden, stealth, climb, listen, library use", "0..4"),
        ("/downtime alice spot hidden, spot hidden", "twice"),
        ("/downtime alice spot hidden stealth", "commas"),
        ("/downtime alice", "up to 4"),
        ("/downtime", "usage"),
        ("/downtime alice flying", "no skill"),
    ],
)
def test_bad_downtime_lines_change_nothing(line: str, words: str) -> None:
    t = table()
    state = snapshot(t)
    fb = t.submit(line)
    assert not fb.ok and words in fb.message, fb.message
    assert snapshot(t) == state


# -- end of the adventure --------------------------------------------------------------------
def played() -> Table:
    t = table()
    for line in (
        "alice knowledge occult = 20",
        "alice library use = 50",
        "boris spot hidden = 10",
        "alice spot hidden = 07",
    ):
        assert t.submit(line).ok
    return t


def test_end_adventure_applies_gains_clears_ticks_and_counts_the_adventure() -> None:
    t = played()
    rows = experience_rows(t.campaign)
    done = [
        rows[0].entered(36).entered(4),
        rows[1].entered(100).entered(2),
        rows[2].entered(12),
        rows[3].entered(35),
    ]
    assert [r.skill for r in rows] == [
        "Knowledge (Occult)",
        "Library Use",
        "Spot Hidden",
        "Spot Hidden",
    ]
    new = end_adventure(t.campaign, done)
    alice, boris = new.character("Alice Moore"), new.character("Boris Ivanov")
    assert alice.skills["Knowledge (Occult)"] == 39 and alice.skills["Library Use"] == 107
    assert alice.skills["Spot Hidden"] == 60 and boris.skills["Spot Hidden"] == 35
    assert alice.ticks == () and boris.ticks == () and new.adventure == 2
    draft = end_draft(t.campaign, done)
    assert "end of adventure 1" in draft.text and "2 of 4" in draft.text
    assert draft.effects[0] == "Alice Moore · Knowledge (Occult): improved +4 to 39 (36 over 35)"
    assert draft.effects[3] == "Boris Ivanov · Spot Hidden: no improvement (35 vs 35)"
    assert draft.inputs["rolls"][1]["roll"] == 100 and draft.inputs["rolls"][1]["gain"] == 2


def test_commit_is_one_undoable_step() -> None:
    t = played()
    before, log_len = t.campaign, len(t.session.log)
    rows = [r.entered(100).entered(1) for r in experience_rows(t.campaign)]
    fb = commit(t, rows)
    assert fb.ok and len(t.session.log) == log_len + 1 and t.campaign.adventure == 2
    assert t.session.undo() is not None
    assert t.campaign == before


def test_commit_refuses_unrolled_or_stale_rows() -> None:
    t = played()
    state = snapshot(t)
    rows = list(experience_rows(t.campaign))
    half = [rows[0].entered(36), *(r.entered(1) for r in rows[1:])]
    fb = commit(t, half)
    assert not fb.ok and "not rolled yet" in fb.message
    assert snapshot(t) == state
    stale = [r.entered(1) for r in rows[:-1]]
    fb = commit(t, stale)
    assert not fb.ok and "ticks changed" in fb.message
    assert snapshot(t) == state
    with pytest.raises(CommandError):
        end_adventure(t.campaign, stale)


def test_end_adventure_without_ticks_still_starts_the_next_one() -> None:
    t = table()
    fb = t.submit("/endadventure")
    assert fb.ok and fb.action == "end_adventure"
    assert commit(t, []).ok and t.campaign.adventure == 2


def test_rolled_dice_are_kept_until_applied_and_stale_ones_dropped() -> None:
    from dataclasses import replace as dc_replace

    from tui.session.campaign.schema import from_doc, to_doc
    from tui.session.systems.brp.experience import PROGRESS, keep_rows
    from tui.session.systems.registry import TRACKERS

    c = campaign()
    alice = c.character("Alice Moore")
    c = c.with_character(dc_replace(alice, ticks=("Stealth", "Climb")))
    rows = experience_rows(c)
    rows = (rows[0].entered(42, typed=True).entered(3, typed=False), rows[1])
    kept = keep_rows(c, rows)
    assert len(kept.options[PROGRESS]) == 1  # only rows with dice are kept
    again = from_doc(to_doc(kept), TRACKERS)  # what a save and a reload give back
    assert experience_rows(again) == rows
    raised = again.with_character(again.character("Alice Moore").with_skill("Stealth", 41))
    assert experience_rows(raised)[0].roll is None  # the value changed: the roll is stale
    applied = end_adventure(kept, (rows[0], rows[1].entered(10)))
    assert PROGRESS not in applied.options


def test_rolled_at_once_is_the_die_by_die_roll() -> None:
    import random
    from dataclasses import astuple

    for seed in range(200):
        base = Row("Alice Moore", "Stealth", seed % 103)
        if seed % 3 == 1:
            base = base.entered(seed % 100 + 1, typed=True)
        row, rng = base, random.Random(seed)
        while row.next_die:
            row = row.entered(rng.randint(1, row.next_die), typed=False)
        rolled = base.rolled(random.Random(seed))
        assert rolled == row and rolled.improved == Row(*astuple(row)).improved


def test_a_long_end_of_adventure_logs_a_line_per_character() -> None:
    from tui.session.adventure.flow import DETAILED

    skills = {f"Skill {j}": 50 for j in range(DETAILED)}
    chars = tuple(Character(n, skills=skills, ticks=tuple(skills)) for n in ("Ann", "Bob"))
    c = Campaign("Long", "brp", characters=chars)
    rows = [  # Ann: every skill +3; Bob: none
        r.entered(60).entered(3) if r.character == "Ann" else r.entered(10)
        for r in experience_rows(c)
    ]
    draft = end_draft(c, rows)
    assert draft.effects == (
        f"Ann: {DETAILED} of {DETAILED} improved: "
        + ", ".join(f"Skill {j} +3 → 53" for j in range(DETAILED)),
        f"Bob: none of {DETAILED} improved",
    )
    # the rolls that improved are in the entry (the recap's gains), every die in the entries
    # that rolled it: the entry grows with what improved, not with the party
    assert draft.inputs["rolled"] == 2 * DETAILED
    assert [(r["character"], r["gain"]) for r in draft.inputs["rolls"]] == [("Ann", 3)] * DETAILED


def test_the_rows_are_made_once_per_party_and_kept_rolls() -> None:
    # the command that opens the end-of-adventure screen and the screen ask for the same
    # rows (2,600 with 200 characters): made once while the party and kept rolls are the same
    from tui.session.systems.brp.experience import keep_rows

    c = campaign()
    c = c.with_character(c.character("Alice Moore").with_ticks(("Spot Hidden", "Stealth")))
    rows = experience_rows(c)
    assert experience_rows(c) is rows and [r.skill for r in rows] == ["Spot Hidden", "Stealth"]
    rolled = keep_rows(c, (rows[0].entered(99, typed=True), rows[1]))
    again = experience_rows(rolled)
    assert again is not rows and again[0].roll == 99 and experience_rows(rolled) is again
    boris = c.with_character(c.character("Boris Ivanov").with_ticks(("Teach",)))
    assert [r.skill for r in experience_rows(boris)] == ["Spot Hidden", "Stealth", "Teach"]
