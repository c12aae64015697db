"""Rolled initiative for the systems without an order of their own: one character or all,
the GM's expression with attributes, typed dice; GURPS refuses it."""

from __future__ import annotations

from tests.session.conftest import age_campaign, gurps_campaign
from tests.session.scene_helpers import ok, refused, table_for, undo_restores


def test_roll_for_all_with_an_attribute_sorts_the_order() -> None:
    table = table_for(age_campaign(), faces=[1, 2, 3, 6, 6, 5, 2, 2, 2])
    ok(table, "/scene Tycho")
    feedback = undo_restores(table, "/init roll all 3d6 + Dexterity")
    assert "Naomi 3d6 [1 2 3] + Dexterity 3 = 9" in feedback.message
    assert "Amos 3d6 [6 6 5] + Dexterity 1 = 18" in feedback.message
    assert "Bobbie 3d6 [2 2 2] + Dexterity 1 = 7" in feedback.message
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order == ("Amos", "Naomi", "Bobbie")
    entry = table.session.log[-3]  # before the undo and the redo
    assert entry.kind == "roll" and entry.inputs["initiative"] == {
        "Naomi": 9,
        "Amos": 18,
        "Bobbie": 7,
    }


def test_one_roll_with_typed_dice_and_a_modifier() -> None:
    table = table_for(age_campaign())
    ok(table, "/scene Tycho", "/init amos 10", "/init bobbie 12")
    feedback = undo_restores(table, "/init roll naomi 3d6 + dex - 1 = 4 4 4")
    assert "Naomi 3d6-1 [4 4 4] + Dexterity 3 = 14" in feedback.message
    scene = table.campaign.scene
    assert scene is not None and scene.turn_order == ("Naomi", "Bobbie", "Amos")


def test_bad_initiative_lines_change_nothing() -> None:
    table = table_for(age_campaign())
    refused(table, "/init roll naomi 3d6", "no scene is running")
    ok(table, "/scene Tycho")
    refused(table, "/init roll naomi 3d6 + Luck", "Naomi has no attribute 'Luck'")
    refused(table, "/init roll naomi Dexterity", "needs dice")
    refused(table, "/init roll all 3d6 = 1 2 3", "one character's roll")
    refused(table, "/init roll naomi 3d6 = 1 2", "3d6 needs 3 dice, got 2")


def test_gurps_refuses_rolled_initiative_too() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse")
    refused(table, "/init roll all 3d6", "Basic Speed and DX")
