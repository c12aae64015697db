"""GURPS through the table: modifiers, typed 3d6, quick contests, limits."""

from __future__ import annotations

from rules import gurps as gurps_rules
from tests.session.conftest import assert_odds_shown, gurps_campaign, make_table, snapshot
from tui.session.table.table import Table


def test_lockpicker_example_effective_14(gurps: Table) -> None:
    line = "lockpicker lockpicking -5 +10 = 4 3 5"
    pv = gurps.preview(line)
    assert pv.ok, pv.text
    assert "Lockpicking 9 -5 +10 → 14" in pv.text
    assert_odds_shown(pv.text, [(lv.label, p) for lv, p in gurps_rules.odds(14).items()])
    fb = gurps.submit(line)
    assert fb.ok
    assert fb.message == pv.text.split("\n  Enter → ")[1]
    assert "12 [4 3 5] → success (margin +2)" in fb.message
    entry = gurps.session.log[-1]
    assert entry.actor == "Vic Lockwood"
    assert entry.inputs["effective"] == 14 and entry.inputs["dice"] == [4, 3, 5]


def test_one_total_instead_of_three_dice(gurps: Table) -> None:
    fb = gurps.submit("vic lockpicking = 4")
    assert fb.ok and "critical success" in fb.message
    assert gurps.session.log[-1].grade == "critical"


def test_rolled_check_uses_three_dice_from_the_generator() -> None:
    table = make_table(gurps_campaign(), faces=[6, 6, 6])
    fb = table.submit("vic stealth")
    assert fb.ok and "18 [6 6 6] → critical failure" in fb.message
    assert table.session.log[-1].inputs["source"] == "rolled"


def test_quick_contest(gurps: Table) -> None:
    pv = gurps.preview("vic dx vs guard dx")
    assert pv.ok and "Vic Lockwood DX 12 vs Guard Moss DX 11" in pv.text
    dist = gurps_rules.contest_odds(12, 11)
    assert_odds_shown(
        pv.text,
        [
            ("Vic Lockwood wins", dist["a"]),
            ("Guard Moss wins", dist["b"]),
            ("no winner", dist[None]),
        ],
    )
    fb = gurps.submit("vic dx = 10 vs guard dx = 12")
    assert fb.ok and fb.message.endswith("→ Vic Lockwood by 3")
    fb = gurps.submit("vic dx = 12 vs guard dx = 9")
    assert fb.ok and fb.message.endswith("→ Guard Moss by 2")
    fb = gurps.submit("vic dx = 13 vs guard dx = 12")
    assert fb.ok and fb.message.endswith("→ no winner")  # both fail
    assert gurps.session.log[-1].grade == "partial"


def test_contest_with_skill_against_skill(gurps: Table) -> None:
    fb = gurps.submit("vic stealth = 3 3 3 vs guard moss brawling = 4 4 4")
    assert fb.ok and "Vic Lockwood" in fb.message.rsplit("→", 1)[1]


def test_modifiers_outside_ten_are_rejected(gurps: Table) -> None:
    gurps.submit("vic stealth = 10")
    before = snapshot(gurps)
    for line in ("vic lockpicking -11 = 10", "vic lockpicking +11", "vic dx vs guard dx +12"):
        fb = gurps.submit(line)
        assert not fb.ok and "must be within -10..+10" in fb.message, fb.message
        assert not gurps.preview(line).ok
    assert snapshot(gurps) == before
    assert gurps.submit("vic lockpicking -10 +10 = 10").ok


def test_bad_dice_are_rejected(gurps: Table) -> None:
    before = snapshot(gurps)
    cases = {
        "vic stealth = 3 4": "three dice or one 3d6 total",
        "vic stealth = 1 2 7": "within 1..6, got 7",
        "vic stealth = 19": "3..18, got 19",
        "vic stealth = 2": "3..18, got 2",
        "vic stealth hard": "unknown modifier 'hard'",
        "vic basic speed": "no skill",
    }
    for line, problem in cases.items():
        fb = gurps.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(gurps) == before


def test_float_attributes_are_not_rollable(gurps: Table) -> None:
    assert "Basic Speed" not in gurps.rollables("Vic Lockwood")
    assert "DX" in gurps.rollables("Vic Lockwood")
