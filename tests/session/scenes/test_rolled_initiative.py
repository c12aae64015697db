"""A fresh rolled initiative of everyone starts the order from the top (issue 32): the
highest roller acts first, whoever held the turn before."""

from __future__ import annotations

from tests.session.conftest import age_campaign
from tests.session.scene_helpers import ok, table_for


def test_init_roll_all_restarts_from_the_top() -> None:
    table = table_for(age_campaign(), faces=[1, 2, 3, 6, 6, 5, 2, 2, 2])
    ok(table, "/scene Tycho", "/init naomi 20", "/init amos 10", "/init bobbie 5", "/next")
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order[scene.current] == "Amos"
    fb = ok(table, "/init roll all 3d6 + Dexterity")[0]  # Naomi 9, Amos 18, Bobbie 7
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order == ("Amos", "Naomi", "Bobbie")
    assert scene.current == 0
    assert fb.message.endswith("; Amos's turn")


def test_one_late_roll_keeps_the_current_actor() -> None:
    table = table_for(age_campaign(), faces=[6, 6, 6])
    ok(table, "/scene Tycho", "/init amos 10", "/init bobbie 12")  # Amos keeps the turn
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order[scene.current] == "Amos"
    ok(table, "/init roll naomi 3d6")  # 18 + 3: first in the order, but Amos keeps the turn
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order == ("Naomi", "Bobbie", "Amos")
    assert scene.turn_order[scene.current] == "Amos"


def test_init_roll_all_skips_who_lacks_the_attribute_and_says_whom() -> None:
    """Issue 45: BRP's Boulder (a door: SIZ only) refused ``/init roll all 1d10 + DEX``."""
    from tests.session.conftest import brp_campaign
    from tests.session.scene_helpers import refused

    table = table_for(brp_campaign(), faces=(3, 10))
    ok(table, "/scene Hall")
    fb = ok(table, "/init roll all 1d10 + DEX")[0]
    assert fb.message.startswith(
        "initiative: Alice Moore 1d10 [3] + DEX 12 = 15; Boris Ivanov 1d10 [10] + DEX 9 = 19"
    ), fb.message
    assert table.session.log[-1].effects == ("not rolled, without DEX: Boulder",)
    scene = table.campaign.scene
    assert scene is not None and "Boulder" not in scene.system.get("init", {})
    refused(table, "/init roll all 1d10 + FOO", "nobody has FOO: nothing to roll")
    refused(table, "/init roll boulder 1d10 + DEX", "Boulder has no attribute 'DEX'")
