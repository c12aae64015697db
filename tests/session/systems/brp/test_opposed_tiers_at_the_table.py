"""BRP opposed rolls at the table in three tiers (seed 000, issue 32): «Особый успех > Успех >
Провал», a critical is a special in a contest."""

from __future__ import annotations

from tests.session.conftest import brp_campaign, make_table


def test_02_critical_vs_10_special_is_no_winner() -> None:
    t = make_table(brp_campaign())
    # Alice Spot Hidden 60: 02 is a critical (≤ 3); Boris Spot Hidden 45: 09 a special (≤ 9)
    fb = t.submit("alice spot hidden = 02 vs boris spot hidden = 09")
    assert fb.ok, fb.message
    assert "Alice Moore wins" not in fb.message and "no winner" in fb.message, fb.message
    entry = t.session.log[-1]
    assert entry.grade == "partial"


def test_critical_vs_success_wins_as_a_special() -> None:
    t = make_table(brp_campaign())
    fb = t.submit("alice spot hidden = 02 vs boris spot hidden = 30")
    assert fb.ok and "Alice Moore wins" in fb.message, fb.message
