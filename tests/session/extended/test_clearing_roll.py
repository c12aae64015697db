"""A roll spent on a minor consequence (``clear``) adds nothing to the pool (issue 45): its
preview gives the chance after it, if it clears, in the rolls that still fit, at the
cleared TN — not the chance as if it added its Drama Die."""

from __future__ import annotations

from rules import age as age_rules
from tests.session.conftest import age_campaign, make_table, pct
from tests.session.scene_helpers import ok


def test_a_clearing_roll_previews_the_rolls_after_it_at_the_cleared_tn() -> None:
    t = make_table(age_campaign())
    ok(t, '/ext infiltrate threshold=15 time=30m tn=11 minor="noise; tn+2"')
    ok(t, "bobbie seeing ext=infiltrate = 1 1 1")  # a failure: the noise, TN 13 until cleared
    shown = t.preview("bobbie seeing ext=infiltrate clear").text
    assert "vs TN 13" in shown  # this roll is still made at the raised TN
    # after it: 30 - 8 minutes = 22 left, 4 a roll → 5 rolls, at TN 11, bonus 4 (Bobbie)
    p = age_rules.advanced_completion_odds(4, 11, 15, 5)
    assert (
        f"infiltrate: this roll only clears; if it does, {pct(p)} to complete in the 5 rolls "
        "left after it, all by Bobbie"
    ) in shown, shown
    # a roll for the pool still counts this one: 6 rolls left at TN 13
    plain = t.preview("bobbie seeing ext=infiltrate").text
    assert "to complete in the 6 rolls left" in plain
