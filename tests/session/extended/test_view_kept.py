"""The scene panel's check lines are kept per check and state: a change that touches one check
of fifty describes that one again, not fifty (issue 48), and never shows a stale line."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.conftest import brp_campaign, make_table
from tests.session.scene_helpers import ok
from tui.language import set_language
from tui.session.campaign.model import ExtendedCheck
from tui.session.extended import view
from tui.session.extended.naming import ACTIVE
from tui.session.extended.view import describe_checks


def test_one_changed_check_of_fifty_is_described_again(monkeypatch: pytest.MonkeyPatch) -> None:
    t = make_table(brp_campaign(), faces=(50,))
    checks = tuple(
        ExtendedCheck(f"Task {k:02d}", tn=11, threshold=10, time_budget=60) for k in range(50)
    )
    campaign = replace(t.campaign, checks=checks)
    before = describe_checks(t.system, campaign)
    made: list[str] = []
    real = view._describe

    def counted(system: object, chk: ExtendedCheck, marker: str) -> list[tuple[str, str]]:
        made.append(chk.name)
        return real(system, chk, marker)  # type: ignore[arg-type]

    monkeypatch.setattr(view, "_describe", counted)
    assert describe_checks(t.system, campaign) == before and made == []
    changed = replace(checks[7], pool=4)
    after = replace(campaign, checks=(*checks[:7], changed, *checks[8:]))
    lines = describe_checks(t.system, after)
    assert made == ["Task 07"]
    assert "4/10" in lines[7][0] and lines[:7] == before[:7] and lines[8:] == before[8:]
    # selecting one describes it (and the one no longer selected) again, with its marker
    chosen = replace(after, options={**after.options, ACTIVE: "Task 03"})
    made.clear()
    marked = describe_checks(t.system, chosen)
    assert made == ["Task 03"] and marked[3][0].startswith("▸ ")
    made.clear()
    assert describe_checks(t.system, after) == lines and made == ["Task 03"]


def test_a_language_change_describes_them_again() -> None:
    t = make_table(brp_campaign(), faces=(50,))
    ok(t, "/ext Climb threshold=3 time=30m")
    english = describe_checks(t.system, t.campaign)
    try:
        set_language("ru")
        russian = describe_checks(t.system, t.campaign)
    finally:
        set_language("en")
    assert russian != english
    assert describe_checks(t.system, t.campaign) == english
