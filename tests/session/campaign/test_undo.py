"""Undo and redo restore exactly the previous and the next Campaign, for every command kind."""

from __future__ import annotations

import pytest

from tests.session.conftest import age_campaign, brp_campaign, make_table
from tui.session.campaign.model import Campaign
from tui.session.table.table import Table
from tui.session.tables import open_table


def roundtrip(table: Table, line: str) -> tuple[Campaign, Campaign]:
    """Submit ``line``; check undo restores the state before and redo the state after."""
    before = table.campaign
    fb = table.submit(line)
    assert fb.ok, (line, fb.message)
    after = table.campaign
    entries = len(table.session.log)
    assert table.submit("/undo").ok
    assert table.campaign == before
    assert table.session.log[-1].kind == "undo"
    assert table.session.log[-1].undoes == table.session.log[entries - 1].seq
    assert table.submit("/redo").ok
    assert table.campaign == after
    assert table.session.log[-1].kind == "redo"
    return before, after


@pytest.mark.parametrize(
    ("line", "changed"),
    [
        ("alice spot hidden = 07", True),  # roll with a tick
        ("3d6+2 = 1 2 3", False),  # free roll
        ("/hp alice -3", True),
        ("/note the stairs creak", False),
        ("/rename The Silent House", True),
    ],
)
def test_undo_redo_each_brp_command(line: str, changed: bool) -> None:
    table = make_table(brp_campaign())
    table.submit("/hp boris -1")  # some history before
    before, after = roundtrip(table, line)
    assert (before != after) is changed


def test_undo_of_a_tick_removes_it() -> None:
    table = make_table(brp_campaign())
    roundtrip(table, "alice spot hidden = 07")
    table.submit("/undo")
    assert table.campaign.character("Alice Moore").ticks == ()
    assert table.campaign == brp_campaign()


def test_undo_redo_fortune() -> None:
    table = make_table(age_campaign())
    assert table.submit("naomi stealth tn=17 = 3 4 2").ok
    before, after = roundtrip(table, "/fortune naomi die=3 face=6")
    assert before.character("Naomi").resources["Fortune"] == 12
    assert after.character("Naomi").resources["Fortune"] == 9


def test_a_new_change_clears_redo() -> None:
    table = make_table(brp_campaign())
    table.submit("/hp alice -1")
    table.submit("/undo")
    table.submit("/hp alice -2")
    assert not table.submit("/redo").ok
    assert table.campaign.character("Alice Moore").resources["HP"] == 9


def test_failed_command_is_not_an_undo_step() -> None:
    table = make_table(brp_campaign())
    table.submit("/hp alice -1")
    assert not table.submit("alice spot hidden = 101").ok
    table.submit("/undo")
    assert table.campaign == brp_campaign()
    assert not table.submit("/undo").ok


def test_150_changes_can_all_be_undone_and_redone() -> None:
    table = make_table(brp_campaign())
    states = [table.campaign]
    for i in range(150):
        assert table.submit(f"/hp alice ={i}").ok
        states.append(table.campaign)
    for i in range(150, 0, -1):
        assert table.campaign == states[i]
        assert table.submit("/undo").ok, i
    assert table.campaign == states[0] == brp_campaign()
    assert not table.submit("/undo").ok
    for i in range(1, 151):
        assert table.submit("/redo").ok
        assert table.campaign == states[i]
    assert not table.submit("/redo").ok


def test_hp_never_invents_a_resource_from_a_typo() -> None:
    from tui.session.campaign.model import Campaign, Character
    from tui.session.campaign.session import Session

    table = open_table(
        Session(
            Campaign("x", "skirmish", characters=(Character("Samurai", resources={"Wounds": 0}),))
        )
    )
    before = table.campaign
    for line in ("/hp samurai -1", "/hp samurai mana +1"):
        assert not table.submit(line).ok
        assert table.campaign == before and table.session.log == []
    # a one-letter typo names the resource it is close to: it never makes a new one
    assert table.submit("/hp samurai woundz +1").ok
    assert table.campaign.character("Samurai").resources == {"Wounds": 1}
    assert table.submit("/hp samurai morale =5").ok  # =N adds a resource on purpose
    assert table.campaign.character("Samurai").resources == {"Wounds": 1, "morale": 5}
