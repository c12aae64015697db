"""Resources with maxima: healing stops at the maximum unless forced, maxima are set and
removed with /hp, and running out of HP is logged whatever caused it."""

from __future__ import annotations

import pytest

from tests.session.conftest import age_campaign, brp_campaign, strange_campaign
from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Draft, Outcome
from tui.session.characters.commands import _down
from tui.session.characters.resources import bar, down_lines
from tui.session.systems.registry import tracker
from tui.session.table.table import Table


def hp(table: Table, name: str = "Alice Moore", resource: str = "HP") -> tuple[int, int | None]:
    ch = table.campaign.character(name)
    return ch.resources[resource], ch.maxima.get(resource)


def test_max_then_healing_stops_at_it_unless_forced() -> None:
    table = table_for(brp_campaign())
    feedback = undo_restores(table, "/hp alice max=11")
    assert feedback.message == "Alice Moore HP maximum 11 (HP 11/11)"
    ok(table, "/hp alice -6")
    feedback = undo_restores(table, "/hp alice +10")
    assert hp(table) == (11, 11)
    assert "stops at the maximum 11" in feedback.message
    undo_restores(table, "/hp alice +3!")
    assert hp(table) == (14, 11)
    ok(table, "/hp alice +2")  # already above: healing does not lower it
    assert hp(table) == (14, 11)
    ok(table, "/hp alice =20")  # =N sets what the GM typed, and says it is above
    assert hp(table) == (20, 11)
    assert "above the maximum 11" in table.session.log[-1].text


def test_a_maximum_on_a_new_resource_adds_it_full_and_max_none_removes_it() -> None:
    table = table_for(age_campaign())
    ok(table, "/hp naomi fortune max=15")
    assert hp(table, "Naomi", "Fortune") == (12, 15)
    undo_restores(table, "/hp amos toughness max=3")
    assert hp(table, "Amos", "toughness") == (3, 3)
    undo_restores(table, "/hp naomi fortune max=none")
    assert hp(table, "Naomi", "Fortune") == (12, None)
    refused(table, "/hp naomi fortune max=none", "no maximum to remove")
    refused(table, "/hp naomi fortune max=-3", "must be at least 0")


def test_one_line_may_set_the_maximum_and_the_value() -> None:
    table = table_for(brp_campaign())
    ok(table, "/hp boris =4 max=13")
    assert hp(table, "Boris Ivanov") == (4, 13)
    refused(table, "/hp boris +1 -2", "one change and at most one max=N")


def test_damage_past_zero_is_logged_and_healing_back_too() -> None:
    table = table_for(brp_campaign())
    ok(table, "/hp alice max=11")
    feedback = undo_restores(table, "/hp alice -13")
    assert feedback.outcome is not None
    assert feedback.outcome.draft.effects == ("Alice Moore is down (HP -2/11)",)
    assert table.session.log[-3].effects == ("Alice Moore is down (HP -2/11)",)
    ok(table, "/hp alice -1")  # already down: said once
    said_once = table.session.log[-1]
    assert said_once.effects == ()
    ok(table, "/hp alice +5")
    back_up = table.session.log[-1]
    assert back_up.effects == ("Alice Moore is back up (HP 2/11)",)


def test_a_wound_counter_at_zero_is_not_down() -> None:
    """The Strange System's light wounds count up from 0: only vital resources (HP) count."""
    table = table_for(strange_campaign())
    ok(table, "/hp даймитрий лёгкие =1", "/hp даймитрий лёгкие =0")
    assert all(e.effects == () for e in table.session.log)


def test_the_down_hook_follows_any_change_not_only_hp() -> None:
    before = Campaign("C", "brp", characters=(Character("A", resources={"HP": 2}),))
    after = before.with_character(before.characters[0].with_resource("HP", 0))
    out = _down(tracker("brp"), before, Outcome(after, Draft("roll", "a big hit")))
    assert out.draft.effects == ("A is down (HP 0)",)
    assert down_lines(before, before, ("HP",)) == []


@pytest.mark.parametrize(
    ("value", "top", "shape", "grade"),
    [
        (11, 11, "████", "good"),
        (6, 11, "██░░", "good"),
        (3, 11, "█░░░", "hurt"),
        (1, 11, "█░░░", "low"),
        (0, 11, "░░░░", "low"),
        (-4, 11, "░░░░", "low"),
        (15, 11, "████", "good"),
    ],
)
def test_bar(value: int, top: int, shape: str, grade: str) -> None:
    assert bar(value, top, 4) == (shape, grade)


def test_resource_errors_change_nothing() -> None:
    table = table_for(brp_campaign())
    refused(table, "/hp alice +5x", "is not a number")
    refused(table, "/hp alice max=abc", "is not a number")
    refused(table, "/hp alice mana +1", "no resource matches 'mana'")
