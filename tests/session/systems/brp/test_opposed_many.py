"""BRP opposed rolls of every acting side at the table (seed 000, 3.3 «все действующие
стороны»), and systems with two sides refusing a third by name."""

from __future__ import annotations

import itertools
from fractions import Fraction

from rules import brp as brp_rules
from tests.session.conftest import assert_odds_shown, snapshot
from tui.session.table.table import Table

LINE = "alice stealth vs boris listen vs alice spot hidden"


def _brute(chances: list[int], skills: list[int]) -> dict[int | None, Fraction]:
    """Every combination of d100 faces, each resolved and compared by the rules."""
    rows = [[brp_rules.resolve(c, f).level for f in range(1, 101)] for c in chances]
    groups = [{lv: row.count(lv) for lv in set(row)} for row in rows]
    out: dict[int | None, Fraction] = {}
    for combo in itertools.product(*(g.items() for g in groups)):
        weight = 1
        for _, n in combo:
            weight *= n
        winner = brp_rules.opposed_many(tuple(lv for lv, _ in combo), tuple(skills)).winner
        out[winner] = out.get(winner, Fraction(0)) + Fraction(weight, 100 ** len(chances))
    return out


def test_seed_all_acting_sides_preview_each_sides_chance(brp: Table) -> None:
    pv = brp.preview(LINE)
    assert pv.ok, pv.text
    assert (
        "Alice Moore Stealth 40% vs Boris Ivanov Listen 50% vs Alice Moore Spot Hidden 60%"
        in pv.text
    )
    brute = _brute([40, 50, 60], [40, 50, 60])
    assert_odds_shown(
        pv.text,
        [
            ("Alice Moore (Stealth) wins", brute[0]),
            ("Boris Ivanov wins", brute[1]),
            ("Alice Moore (Spot Hidden) wins", brute[2]),
            ("no winner", brute[None]),
        ],
    )
    assert [c.p for c in pv.odds] == [brute[0], brute[1], brute[2], brute[None]]


def test_seed_highest_quality_wins_others_lowered_all_successes_tick(brp: Table) -> None:
    """Boris's special (05 of 50) beats two plain successes: it is lowered by the best
    opposition to a success, and the two successes become failures, but still tick."""
    fb = brp.submit("alice stealth = 30 vs boris listen = 05 vs alice spot hidden = 50")
    assert fb.ok, fb.message
    assert fb.message == (
        "Alice Moore Stealth 30/40% (success→failure) vs Boris Ivanov Listen 05/50% "
        "(special success→success) vs Alice Moore Spot Hidden 50/60% (success→failure): "
        "Boris Ivanov wins"
    )
    entry = brp.session.log[-1]
    assert entry.grade == "failure" and entry.inputs["c"] == [50]
    assert set(brp.campaign.character("Alice Moore").ticks) == {"Stealth", "Spot Hidden"}
    assert brp.campaign.character("Boris Ivanov").ticks == ("Listen",)


def test_seed_equal_successes_the_higher_skill_rating(brp: Table) -> None:
    fb = brp.submit("alice stealth = 30 vs boris listen = 40 vs alice spot hidden = 50")
    assert fb.ok and fb.message.endswith(": Alice Moore (Spot Hidden) wins")
    assert "Spot Hidden 50/60% (success→success)" in fb.message
    assert brp.session.log[-1].grade == "success"


def test_seed_all_failed_no_winner(brp: Table) -> None:
    fb = brp.submit("alice stealth = 90 vs boris listen = 99 vs alice spot hidden = 80")
    assert fb.ok and fb.message.endswith(": no winner")
    assert "99/50% (fumble→fumble)" in fb.message
    assert brp.session.log[-1].grade == "partial"


def test_one_undo_takes_back_the_whole_roll(brp: Table) -> None:
    before = snapshot(brp)
    assert brp.submit("alice stealth = 30 vs boris listen = 05 vs alice spot hidden = 50").ok
    brp.session.undo()
    assert brp.campaign == before[0]


def test_resistance_roll_has_two_sides(brp: Table) -> None:
    before = snapshot(brp)
    fb = brp.submit("alice str vs boulder siz vs boris str")
    assert not fb.ok and "two sides" in fb.message
    assert snapshot(brp) == before


def test_a_two_sided_system_refuses_a_third_side_by_name(gurps: Table) -> None:
    before = snapshot(gurps)
    line = "vic stealth vs ruth guns vs moss brawling"
    for result in (gurps.preview(line), gurps.submit(line)):
        assert not result.ok
        msg = result.text if hasattr(result, "text") else result.message
        assert "GURPS" in msg and "two sides" in msg and "names 3" in msg
    assert snapshot(gurps) == before
