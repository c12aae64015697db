"""A check's time budget counts whole rolls (spec: floor(budget ÷ time per roll)), and the
panel says how many still fit, so it agrees with the refusal (issue 32)."""

from __future__ import annotations

from tests.session.conftest import brp_campaign, make_table
from tests.session.scene_helpers import ok, refused
from tui.session.extended.view import describe_check
from tui.session.table.table import Table


def panel(t: Table, name: str) -> str:
    return describe_check(t.system, t.campaign, t.campaign.check(name))[0][0]


def test_climb_threshold_3_in_30_minutes_is_one_roll_and_the_panel_says_so() -> None:
    t = make_table(brp_campaign(), faces=(50, 50))
    fb = ok(t, "/ext Climb threshold=3 time=30m per=20m")[0]
    assert "20 min per roll (1 roll)" in fb.message  # 30 ÷ 20: one roll fits
    assert "0/30 min (30 left)  1 roll fits" in panel(t, "Climb")
    ok(t, "alice stealth ext=Climb")  # 50 vs 40: a failure, and the time is spent
    line = panel(t, "Climb")
    assert "20/30 min (10 left)" in line and "fits" not in line and "✗ failed" in line
    refused(t, "alice stealth ext=Climb", "Climb is already failed")


def test_the_rolls_that_fit_count_down() -> None:
    t = make_table(brp_campaign(), faces=(50,))
    ok(t, "/ext Run threshold=10 time=1h per=12m")  # 12 min a roll: 5 rolls
    assert "0/60 min (60 left)  5 rolls fit" in panel(t, "Run")
    ok(t, "alice stealth ext=Run")
    assert "12/60 min (48 left)  4 rolls fit" in panel(t, "Run")
