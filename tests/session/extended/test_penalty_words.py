"""An extended check's consequences name each system's own kind of penalty (issue 32): a TN
in AGE only; a percentage off the skill in BRP, a skill modifier in GURPS, the range's top in
the Strange System, a modifier to the value in skirmish — through ``System.penalty_msg``."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.session.conftest import (
    age_campaign,
    brp_campaign,
    gurps_campaign,
    make_table,
    skirmish_campaign,
    strange_campaign,
)
from tests.session.scene_helpers import ok
from tui.session.campaign.model import Campaign
from tui.session.extended.view import describe_checks

CHECK = '/ext vault threshold=10 time=1h minor="alarm armed" major="tighter; tn+3"'

#: system → (campaign, a failing roll bound to the check, the penalty's words)
CASES: dict[str, tuple[Callable[[], Campaign], str, str, str]] = {
    "age": (age_campaign, "amos technology ext=vault = 1 1 1", "TN +2", "TN +3"),
    "brp": (brp_campaign, "alice stealth ext=vault = 99", "skill -2%", "skill -3%"),
    "gurps": (gurps_campaign, "vic stealth ext=vault = 6 6 6", "skill -2", "skill -3"),
    "strange": (
        strange_campaign,
        "даймитрий взлом ext=vault range=1,1 = 6 6 6 6",
        "range -2",
        "range -3",
    ),
    "skirmish": (skirmish_campaign, "samurai fighting ext=vault = 10", "value -2", "value -3"),
}


@pytest.mark.parametrize("system", sorted(CASES))
def test_consequences_name_the_systems_own_penalty(system: str) -> None:
    make, line, minor, major = CASES[system]
    t = make_table(make())
    assert t.campaign.system == system
    ok(t, CHECK)
    created = [e.effects for e in t.session.log if e.kind != "roll"][-1]
    assert f"consequence minor — alarm armed ({minor} until cleared)" in created, created
    assert f"consequence major — tighter ({major} permanently for all rolls)" in created
    ok(t, line)  # a failure: the minor consequence
    roll = [e for e in t.session.log if e.kind == "roll"][-1]
    assert f"consequence: minor — alarm armed ({minor} until cleared)" in roll.effects, roll.effects
    panel = " ".join(text for text, _style in describe_checks(t.system, t.campaign))
    assert f"minor: alarm armed ({minor} until cleared)" in panel
    if system != "age":
        assert "TN" not in " ".join(created) + " ".join(roll.effects) + panel
