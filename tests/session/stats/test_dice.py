"""Odds stored with each roll at the time, and the per-character statistics from them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.session.conftest import brp_campaign, make_table
from tui.session.campaign.log import LogEntry, entry_from_doc, entry_to_doc, parse_odds
from tui.session.stats import DiceStats


def test_a_roll_stores_its_chance_of_success_as_the_preview_had_it() -> None:
    t = make_table(brp_campaign(), faces=(31, 76, 40))
    shown = t.preview("alice spot hidden hard").odds
    assert t.submit("alice spot hidden hard").ok
    entry = t.session.log[-1]
    expected = sum(
        (c.p for c in shown if c.grade in ("critical", "special", "success")), Fraction(0)
    )
    assert parse_odds(entry.odds) == expected == Fraction(30, 100)
    assert entry.grade == "failure"
    assert t.submit("alice spot hidden vs boris").ok
    opposed = t.session.log[-1]
    won = sum(
        (c.p for c in t.preview("alice spot hidden vs boris").odds if c.grade == "success"),
        Fraction(0),
    )
    assert parse_odds(opposed.odds) == won


def test_a_sure_outcome_and_a_change_carry_no_odds() -> None:
    t = make_table(brp_campaign(), faces=())
    assert t.submit("alice spot hidden = 05").ok
    assert t.session.log[-1].odds  # a typed die still had odds before it was typed
    assert t.submit("/hp alice -2").ok
    assert t.session.log[-1].odds == ""
    assert t.submit("3d6 = 1 2 3").ok
    assert t.session.log[-1].odds == ""


def test_entries_know_their_scene_and_adventure() -> None:
    t = make_table(brp_campaign(), faces=(10, 90, 50))
    for line in (
        "alice stealth",
        "/scene Cellar",
        "alice stealth",
        "/endscene done",
        "/scene Attic",
        "boris listen",
    ):
        assert t.submit(line).ok, line
    scenes = [(e.text.split()[0], e.scene) for e in t.session.log]
    assert [s for _, s in scenes] == [0, 1, 1, 1, 2, 2]
    assert {e.adventure for e in t.session.log} == {1}


def test_old_entries_load_and_bad_odds_are_named() -> None:
    old = {"seq": 1, "time": "2024-01-01T00:00:00", "kind": "roll", "text": "x"}
    entry = entry_from_doc(old)
    assert (entry.odds, entry.scene, entry.adventure) == ("", 0, 0)
    assert entry_to_doc(entry) == old  # nothing new is written for an old entry
    new = LogEntry(2, "t", "roll", "y", odds="3/5", scene=4, adventure=2)
    assert entry_from_doc(entry_to_doc(new)) == new
    for bad in ("3/2", "x", "-1/2", "1/0", "١/٢", "1" * 300):
        with pytest.raises(ValueError, match="odds"):
            entry_from_doc({**old, "odds": bad})
    with pytest.raises(ValueError, match="scene"):
        entry_from_doc({**old, "scene": -1})


def _roll(seq: int, actor: str, odds: str, grade: str) -> LogEntry:
    return LogEntry(seq, "t", "roll", "r", actor=actor, grade=grade, odds=odds)


def test_statistics_leave_out_undone_rolls_and_count_redone_ones() -> None:
    log = [
        _roll(1, "A", "1/2", "success"),
        _roll(2, "A", "1/4", "failure"),
        LogEntry(3, "t", "undo", "undo: r", undoes=2),
        _roll(4, "B", "9/10", "critical"),
        LogEntry(5, "t", "undo", "undo: r", undoes=4),
        LogEntry(6, "t", "redo", "redo: r", undoes=4),
        _roll(7, "A", "", "success"),  # an old roll without odds is not counted
        _roll(8, "B", "1/3", "partial"),
    ]
    stats = DiceStats().feed(log)
    tallies = {t.name: t for t in stats.tallies()}
    assert tallies["A"].chances == (Fraction(1, 2),) and tallies["A"].successes == 1
    assert tallies["B"].chances == (Fraction(9, 10), Fraction(1, 3))
    assert tallies["B"].successes == 1  # a partial is no success
    total = stats.total("BRP")
    assert total.rolls == 3 and total.successes == 2
    assert total.expected == Fraction(1, 2) + Fraction(9, 10) + Fraction(1, 3)
    assert 0 < total.luck().percentile < 1
