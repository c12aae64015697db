"""Adding, copying, removing and renaming characters at the table, each one undo step, and
what happens to the names the turn order, the scene state and the extended checks hold."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.conftest import gurps_campaign, strange_campaign
from tests.session.scene_helpers import brp_campaign, ok, refused, table_for, undo_restores
from tui.session.campaign.model import Campaign, Character
from tui.session.characters import roster
from tui.session.table.table import Table


def names(table: Table) -> list[str]:
    return [c.name for c in table.campaign.characters]


def order(table: Table) -> tuple[str, ...]:
    assert table.campaign.scene is not None
    return table.campaign.scene.turn_order


def actor(table: Table) -> str:
    scene = table.campaign.scene
    assert scene is not None
    return scene.turn_order[scene.current]


def test_add_creates_the_character_at_once_and_asks_for_the_editor() -> None:
    table = table_for(brp_campaign())
    feedback = undo_restores(table, "/add Cultist Leader npc gm")
    ch = table.campaign.character("Cultist Leader")
    assert (ch.side, ch.gm_only) == ("npc", True)
    assert (feedback.action, feedback.argument) == ("edit", "Cultist Leader")
    assert table.session.log[-3].text == "added Cultist Leader (npc, GM-only)"
    assert table.session.log[-3].inputs == {"added": "Cultist Leader"}


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("/add", "usage"),
        ("/add ALICE", "already a character called Alice"),
        ("/add /x", "cannot begin with '/'"),
        ("/add " + "x" * 61, "too long"),
    ],
)
def test_add_refuses_bad_names(line: str, problem: str) -> None:
    refused(table_for(brp_campaign()), line, problem)


def test_duplicate_numbers_copies_and_starts_them_fresh() -> None:
    guard = Character(
        "Guard",
        side="npc",
        skills={"Brawl": 40},
        resources={"HP": 3, "PP": 2},
        maxima={"HP": 12},
        ticks=("Brawl",),
        extra={"aliases": ["g"], "x": 1},
    )
    table = table_for(Campaign("C", "brp", characters=(guard, Character("Zed"))))
    undo_restores(table, "/dup guard x2")
    assert names(table) == ["Guard", "Guard 2", "Guard 3", "Zed"]
    copy = table.campaign.character("Guard 2")
    assert copy.resources == {"HP": 12, "PP": 2}  # full where a maximum says what full is
    assert copy.skills == guard.skills and copy.maxima == guard.maxima
    assert copy.ticks == () and copy.extra == {"x": 1}  # an alias names one character
    ok(table, "/dup guard 3")  # a copy of a copy continues the numbers
    assert names(table) == ["Guard", "Guard 2", "Guard 3", "Guard 4", "Zed"]
    refused(table, "/dup guard x21", "1..20")


def test_copies_join_the_turn_order_after_the_original_with_its_initiative() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/init alice 12", "/init cultist 9", "/init boris 5", "/next")
    assert actor(table) == "Cultist"
    undo_restores(table, "/dup cultist x2")
    assert order(table) == ("Alice", "Cultist", "Cultist 2", "Cultist 3", "Boris")
    assert actor(table) == "Cultist"
    scene = table.campaign.scene
    assert scene is not None and scene.system["init"]["Cultist 3"] == 9


def test_gurps_places_a_new_character_by_basic_speed_keeping_whose_turn_it_is() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order", "/next")
    assert order(table) == ("Vic Lockwood", "Ruth Hale", "Guard Moss")
    fast = Character("Sniper", side="npc", attributes={"DX": 14, "Basic Speed": 7.0})
    table.change(lambda c: roster.add(table.system, c, fast), "sniper")
    assert order(table) == ("Sniper", "Vic Lockwood", "Ruth Hale", "Guard Moss")
    assert actor(table) == "Ruth Hale"
    ok(table, "/add Dog npc")  # no Basic Speed yet: at the end, for /order to place later
    assert order(table)[-1] == "Dog" and actor(table) == "Ruth Hale"


def test_remove_keeps_the_log_and_drops_the_name_from_the_scene() -> None:
    table = table_for(brp_campaign(), faces=[20])
    ok(
        table,
        "cultist dodge",
        "/scene Cellar",
        "/init alice 12",
        "/init cultist 9",
        "/init boris 5",
        "/next",
    )
    entries = list(table.session.log)
    undo_restores(table, "/rm cultist")
    assert names(table) == ["Alice", "Boris"]
    assert order(table) == ("Alice", "Boris")
    assert actor(table) == "Boris"  # the removed one's turn passes on; the round stays
    scene = table.campaign.scene
    assert scene is not None and scene.round == 1 and "Cultist" not in scene.system["init"]
    assert table.session.log[: len(entries)] == entries  # its history stays in the log
    assert any(e.actor == "Cultist" and e.kind == "roll" for e in table.session.log)


def test_removing_the_last_actor_gives_the_turn_to_the_first() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/order", "/next", "/next")
    assert actor(table) == "Cultist"
    ok(table, "/rm cultist")
    assert actor(table) == "Alice"


def test_gurps_maneuvers_of_a_removed_character_go_with_it() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order", "/maneuver moss attack")
    scene = table.campaign.scene
    assert scene is not None and "Guard Moss" in scene.system["maneuvers"]
    ok(table, "/rm moss")
    scene = table.campaign.scene
    assert scene is not None and "Guard Moss" not in scene.system.get("maneuvers", {})


def test_strange_skipped_list_loses_a_removed_character() -> None:
    table = table_for(strange_campaign())
    ok(table, "/scene Road", "/goal даллах win", "/phase", "/skip балгруф")
    ok(table, "/rm балгруф")
    scene = table.campaign.scene
    assert scene is not None and "ярл Балгруф" not in str(scene.system["strange"]["skipped"])


def test_a_rename_follows_the_character_everywhere_the_state_names_it() -> None:
    table = table_for(gurps_campaign())
    ok(
        table,
        "/scene Warehouse",
        "/order",
        "/maneuver moss attack",
        "/ext Vault threshold=4 time=30m",
    )
    check = table.campaign.checks[0]
    contribution = {"who": "Guard Moss", "skill": "Brawling"}
    table.change(
        lambda c: c.with_check(replace(check, contributions=(contribution,))), "seed a contribution"
    )
    new = roster.rename(table.system, table.campaign, "Guard Moss", "Captain Moss")
    assert [c.name for c in new.characters][2] == "Captain Moss"
    assert new.scene is not None and "Captain Moss" in new.scene.turn_order
    assert "Captain Moss" in new.scene.system["maneuvers"]
    assert "Guard Moss" not in str(new.scene.system)
    assert new.checks[0].contributions[0]["who"] == "Captain Moss"


def test_a_strange_rename_reaches_goals_and_actions() -> None:
    table = table_for(strange_campaign())
    ok(table, "/scene Road", "/goal балгруф stay on his feet")
    new = roster.rename(table.system, table.campaign, "ярл Балгруф", "Jarl Balgruf")
    assert new.scene is not None
    goals = new.scene.system["strange"]["goals"]
    assert goals == [{"actor": "Jarl Balgruf", "text": "stay on his feet"}]
