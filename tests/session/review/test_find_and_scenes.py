"""Finding entries in the whole log, and the scene history as rows."""

from __future__ import annotations

from tests.session.conftest import brp_campaign, make_table
from tui.session.campaign.log import LogEntry
from tui.session.review.find import LogFilter, search
from tui.session.review.scenes import past_scenes


def _log() -> list[LogEntry]:
    t = make_table(brp_campaign(), faces=(3, 80, 99, 30))
    for line in (
        "/scene Cellar",
        "alice spot hidden",
        "boris listen",
        "/endscene done",
        "/scene Ёлка",
        "alice stealth",
        "/undo",
        "boris spot hidden",
    ):
        assert t.submit(line).ok, line
    return t.session.log


def test_words_match_anywhere_in_any_order_case_and_yo_folded() -> None:
    log = _log()
    found = search(log, LogFilter(text="CRIT spot"))
    assert [e.text for e in found.entries] == [
        "Alice Moore · Spot Hidden 60%: 03 → critical success"
    ]
    assert search(log, LogFilter(text="елка")).count == 1  # "Ёлка" as "елка"
    assert search(log, LogFilter(text="spot nothing")).count == 0


def test_character_kind_grade_and_scene_narrow_it() -> None:
    log = _log()
    assert {e.actor for e in search(log, LogFilter(actor="boris ivanov")).entries} == {
        "Boris Ivanov"
    }
    rolls = search(log, LogFilter(kind="roll"))
    assert rolls.count == 4 and all(e.kind == "roll" for e in rolls.entries)
    # listen 80 fails; 99 is Alice's fumble, 30 Boris's Spot Hidden success
    assert [e.text for e in search(log, LogFilter(grade="failure")).entries] == [
        "Boris Ivanov · Listen 50%: 80 → failure"
    ]
    second = search(log, LogFilter(scene=2))
    assert [e.kind for e in second.entries] == ["change", "roll", "undo", "roll"]
    assert second.undone == {e.seq for e in log if e.text.startswith("Alice Moore · Stealth")}
    assert {"Alice Moore", "Boris Ivanov"} <= search(log, LogFilter()).actors


def test_only_the_newest_matches_are_kept_but_all_are_counted() -> None:
    log = [LogEntry(i, "t", "roll", f"roll {i}") for i in range(1, 51)]
    found = search(iter(log), LogFilter(text="roll"), limit=10)
    assert found.count == 50 and [e.seq for e in found.entries] == list(range(41, 51))


def test_past_scenes_list_the_history_then_the_running_scene() -> None:
    t = make_table(brp_campaign(), faces=())
    assert past_scenes(t.campaign) == []
    for line in ("/scene Cellar long", "/endscene found it", "/scene Attic"):
        assert t.submit(line).ok
    rows = past_scenes(t.campaign)
    assert [(r.number, r.name, r.kind, r.summary, r.running) for r in rows] == [
        (1, "Cellar", "long", "found it", False),
        (2, "Attic", "active", "", True),
    ]
