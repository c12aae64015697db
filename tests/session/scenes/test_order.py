"""Turn order: GURPS by Basic Speed then DX with ties reorderable; initiative elsewhere."""

from __future__ import annotations

import pytest

from tests.session.scene_helpers import (
    brp_campaign,
    gurps_campaign,
    ok,
    refused,
    strange_campaign,
    table_for,
    undo_restores,
)
from tui.session.campaign.model import Campaign, Character
from tui.session.table.table import Table


def gurps_table() -> Table:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse")
    return table


def order(table: Table) -> tuple[str, ...]:
    assert table.campaign.scene is not None
    return table.campaign.scene.turn_order


def current(table: Table) -> str:
    scene = table.campaign.scene
    assert scene is not None
    return scene.turn_order[scene.current]


def test_gurps_order_by_basic_speed_then_dx_and_ties_named() -> None:
    table = gurps_table()
    feedback = undo_restores(table, "/order")
    assert order(table) == ("Vic Lockwood", "Ruth Hale", "Guard Moss", "Guard Pike")
    assert "Guard Moss = Guard Pike" in feedback.message
    assert current(table) == "Vic Lockwood"


def test_gurps_order_of_named_combatants_is_still_by_speed() -> None:
    table = gurps_table()
    ok(table, '/order pike "guard moss" ruth')
    assert order(table) == ("Ruth Hale", "Guard Pike", "Guard Moss")


def test_next_moves_the_current_actor_and_wraps_into_the_next_round() -> None:
    table = gurps_table()
    ok(table, "/order")
    seen = [current(table)]
    for _ in range(3):
        undo_restores(table, "/next")
        seen.append(current(table))
    assert seen == ["Vic Lockwood", "Ruth Hale", "Guard Moss", "Guard Pike"]
    scene = table.campaign.scene
    assert scene is not None and scene.round == 1
    feedback = undo_restores(table, "/next")
    scene = table.campaign.scene
    assert scene is not None and (scene.round, scene.current) == (2, 0)
    assert feedback.message == "round 2: Vic Lockwood's turn"


def test_seed_speed_ties_are_the_gms_dx_is_only_the_default_order() -> None:
    """Seed 004: «При равенстве этого параметра … очередность определяет мастер» — DX only
    orders a Basic Speed tie by default; /swap, /up and /down reorder any speed tie."""
    table = gurps_table()
    feedback = ok(table, "/order")[0]
    assert order(table)[:2] == ("Vic Lockwood", "Ruth Hale")  # 5.75 each, DX 12 before 11
    assert "Vic Lockwood = Ruth Hale" in feedback.message
    refused(table, "/swap vic moss", "not tied (Basic Speed decides)")
    undo_restores(table, "/swap vic ruth")  # same speed, different DX: the GM's call
    assert order(table)[:2] == ("Ruth Hale", "Vic Lockwood")
    refused(table, "/down vic", "not tied")  # Vic (5.75) and Moss (5.5)
    undo_restores(table, "/swap pike moss")
    assert order(table)[2:] == ("Guard Pike", "Guard Moss")
    refused(table, "/up pike", "not tied")
    undo_restores(table, "/down pike")
    assert order(table)[2:] == ("Guard Moss", "Guard Pike")
    refused(table, "/down pike", "already last")
    ok(table, "/up vic")
    assert order(table)[:2] == ("Vic Lockwood", "Ruth Hale")
    ok(table, "/swap vic ruth", "/order")  # /order sorts again: DX within the tie
    assert order(table)[:2] == ("Vic Lockwood", "Ruth Hale")


def test_reordering_keeps_the_highlight_on_the_same_actor() -> None:
    table = gurps_table()
    ok(table, "/order", "/next", "/next")
    assert current(table) == "Guard Moss"
    ok(table, "/swap moss pike")
    assert current(table) == "Guard Moss" and order(table)[3] == "Guard Moss"
    ok(table, "/up")  # the current actor by default
    assert order(table)[2] == "Guard Moss"


def test_generic_initiative_sorts_and_orders_explicitly() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/order")
    assert order(table) == ("Alice", "Boris", "Cultist")
    undo_restores(table, "/init cultist 15")
    assert order(table) == ("Cultist", "Alice", "Boris")
    ok(table, "/init boris 12", "/init alice 12")
    assert order(table) == ("Cultist", "Boris", "Alice")  # ties keep their order
    ok(table, "/order alice cultist")
    assert order(table) == ("Alice", "Cultist")
    ok(table, "/swap alice cultist", "/up alice", "/down alice")
    assert order(table) == ("Cultist", "Alice")
    ok(table, "/order")
    assert order(table) == ("Cultist", "Alice", "Boris")  # initiative, ties: campaign order


def test_init_adds_a_missing_character_to_the_list() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/init alice 10")
    assert order(table) == ("Alice",)
    ok(table, "/init boris 11")
    assert order(table) == ("Boris", "Alice")
    assert current(table) == "Alice"


def test_strange_next_wraps_without_touching_the_phase_driven_round() -> None:
    table = table_for(strange_campaign())
    ok(table, "/scene Duel", "/order dallah balgruf", "/next", "/next")
    scene = table.campaign.scene
    assert scene is not None and (scene.round, scene.current) == (1, 0)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/next", ["no turn order yet"]),
        ("/up", ["no turn order yet"]),
        ("/swap vic", ["usage"]),
        ("/swap vic vic", ["named twice"]),
        ("/swap vic ruth", ["not in the turn order"]),
        ("/order vic nobody", ["no character matches"]),
        ("/init vic 3", ["Basic Speed and DX"]),
    ],
)
def test_order_errors_leave_state_unchanged(line: str, words: list[str]) -> None:
    table = gurps_table()
    refused(table, line, *words)


def test_gurps_order_names_a_combatant_without_basic_speed() -> None:
    campaign = gurps_campaign()
    campaign = Campaign(
        campaign.name,
        "gurps",
        characters=(*campaign.characters, Character("Dog", attributes={"DX": 9})),
    )
    table = table_for(campaign)
    ok(table, "/scene Yard")
    refused(table, "/order", "Dog has no Basic Speed")
    ok(table, "/order vic ruth")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/init", ["usage"]),
        ("/init alice", ["usage"]),
        ("/init alice x", ["usage"]),
        ("/init alice 99999", ["out of range"]),
        ("/init alice boris 3", ["unexpected"]),
        ("/up zed", ["no character matches"]),
    ],
)
def test_initiative_errors_leave_state_unchanged(line: str, words: list[str]) -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/order")
    refused(table, line, *words)


def test_order_needs_a_scene() -> None:
    refused(table_for(brp_campaign()), "/order", "no scene is running")


def test_up_and_down_undo_exactly() -> None:
    table = gurps_table()
    ok(table, "/order")
    undo_restores(table, "/up pike")
    assert order(table)[2:] == ("Guard Pike", "Guard Moss")
    undo_restores(table, "/down pike")
    assert order(table)[2:] == ("Guard Moss", "Guard Pike")
