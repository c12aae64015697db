"""GURPS maneuvers: movement/defense, Aim and Evaluate counters feeding the next attack."""

from __future__ import annotations

from typing import Any

import pytest

from tests.session.scene_helpers import (
    gurps_campaign,
    ok,
    refused,
    table_for,
    undo_restores,
)
from tui.session.systems.gurps.maneuvers import attack_bonus, entries
from tui.session.table.table import Table


def fight() -> Table:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order")
    return table


def entry(table: Table, name: str) -> dict[str, Any]:
    return dict(entries(table.campaign)[name])


def next_round(table: Table) -> None:
    scene = table.campaign.scene
    assert scene is not None
    start = scene.round
    while table.campaign.scene is not None and table.campaign.scene.round == start:
        ok(table, "/next")


def test_maneuver_shows_movement_and_defense() -> None:
    table = fight()
    feedback = undo_restores(table, "/maneuver moss all-out-attack:determined_melee")
    assert feedback.message == ("Guard Moss: All-Out Attack: Determined +4 to hit "
                                "(half move, no defense)")
    feedback = ok(table, "/maneuver pike all_out_defense:increased_dodge")[0]
    assert feedback.message == ("Guard Pike: All-Out Defense: Increased Dodge "
                                "(half move, defends +2)")
    assert ok(table, "/man vic move")[0].message == "Vic Lockwood: Move (full move, defends)"


def test_aim_on_consecutive_turns_grows_and_feeds_the_attack_roll() -> None:
    table = fight()
    ok(table, "/maneuver ruth aim")
    assert entry(table, "Ruth Hale")["aim"] == 1 and entry(table, "Ruth Hale")["acc"] == 3
    ok(table, "/maneuver ruth aim")  # the same round again: only replaces the choice
    assert entry(table, "Ruth Hale")["aim"] == 1
    next_round(table)
    ok(table, "/maneuver ruth aim")
    assert entry(table, "Ruth Hale")["aim"] == 2
    next_round(table)
    ok(table, "/maneuver ruth attack")
    assert attack_bonus(table.campaign, "Ruth Hale") == [(4, "aim")]  # Acc 3, 2 s → +4
    assert "13 +4 → 17" in table.preview("ruth guns = 3 4 5").text
    roll = undo_restores(table, "ruth guns = 3 4 5")
    assert roll.outcome is not None
    assert "→ 17" in roll.outcome.draft.text
    assert "Ruth Hale: aim +4 used" in roll.outcome.draft.effects
    assert entry(table, "Ruth Hale")["spent"] is True
    assert attack_bonus(table.campaign, "Ruth Hale") == []
    second = ok(table, "ruth guns = 3 4 5")[0]
    assert second.outcome is not None and "13: 12" in second.outcome.draft.text


def test_a_skipped_turn_breaks_the_aim() -> None:
    table = fight()
    ok(table, "/maneuver ruth aim")
    next_round(table)
    next_round(table)
    ok(table, "/maneuver ruth aim")
    assert entry(table, "Ruth Hale")["aim"] == 1


def test_other_maneuvers_drop_the_counters_and_move_and_attack_loses_aim() -> None:
    table = fight()
    ok(table, "/aim ruth", "/aim ruth")
    ok(table, "/maneuver ruth move_and_attack:ranged")
    assert attack_bonus(table.campaign, "Ruth Hale") == [(-2, "ranged")]
    ok(table, "/aim ruth")
    next_round(table)
    ok(table, "/maneuver ruth ready")
    assert entry(table, "Ruth Hale")["aim"] == 0


def test_manual_counters_count_as_done_turns() -> None:
    table = fight()
    undo_restores(table, "/evaluate moss")
    ok(table, "/evaluate moss", "/evaluate moss", "/evaluate moss")
    assert entry(table, "Guard Moss")["evaluate"] == 4
    ok(table, "/maneuver moss aoa:determined_melee")
    # evaluate is capped at +3; Determined adds +4
    assert attack_bonus(table.campaign, "Guard Moss") == [(3, "evaluate"), (4, "determined")]
    roll = ok(table, "moss brawling = 5 5 5")[0]
    assert roll.outcome is not None and "12 +7 → 19" in roll.outcome.draft.text


def test_large_aim_bonus_is_split_into_legal_modifier_words() -> None:
    table = fight()
    ok(table, "/aim ruth acc=9", "/aim ruth", "/aim ruth", "/maneuver ruth attack")
    assert attack_bonus(table.campaign, "Ruth Hale") == [(11, "aim")]
    assert "+10 +1 → 24" in table.preview("ruth guns = 3 4 5").text


def test_contest_sides_both_get_their_bonus() -> None:
    table = fight()
    ok(table, "/evaluate moss", "/maneuver moss feint", "/evaluate pike",
       "/maneuver pike feint")
    roll = ok(table, "moss brawling = 3 3 3 vs pike brawling = 3 3 3")[0]
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == ("Guard Moss: evaluate +1 used",
                                          "Guard Pike: evaluate +1 used")


def test_aim_needs_a_known_acc() -> None:
    table = fight()
    refused(table, "/maneuver moss aim", "name the weapon (Pistol, Rifle)", "acc=N")
    ok(table, "/maneuver moss aim rifle")
    assert entry(table, "Guard Moss")["acc"] == 4
    assert entry(table, "Guard Moss")["weapon"] == "Rifle"
    refused(table, "/maneuver vic aim", "none recorded")
    ok(table, "/maneuver vic aim acc=1")
    assert entry(table, "Vic Lockwood")["acc"] == 1


@pytest.mark.parametrize(("line", "words"), [
    ("/maneuver", ["missing character"]),
    ("/maneuver ruth", ["needs a maneuver"]),
    ("/maneuver ruth dance", ["no maneuver matches"]),
    ("/maneuver ruth aoa:determined", ["ambiguous", "determined_melee"]),
    ("/maneuver ruth attack:strong", ["Attack has no options"]),
    ("/maneuver ruth all-out-attack:nap", ["option"]),
    ("/maneuver ruth aim acc=x", ["acc="]),
    ("/maneuver ruth aim bazooka", ["no weapon of Ruth Hale matches"]),
    ("/aim nobody", ["no character matches"]),
])
def test_maneuver_errors_leave_state_unchanged(line: str, words: list[str]) -> None:
    table = fight()
    refused(table, line, *words)


def test_maneuvers_need_a_scene_and_gurps() -> None:
    table = table_for(gurps_campaign())
    refused(table, "/maneuver ruth aim", "no scene is running")
    from tests.session.scene_helpers import brp_campaign

    other = table_for(brp_campaign())
    ok(other, "/scene Cellar")
    refused(other, "/maneuver alice aim", "unknown command")


def test_rolls_without_an_attack_maneuver_get_nothing() -> None:
    table = fight()
    ok(table, "/maneuver ruth aim")
    roll = ok(table, "ruth guns = 3 4 5")[0]  # still aiming: not the attack
    assert roll.outcome is not None and roll.outcome.draft.effects == ()
    assert entry(table, "Ruth Hale")["aim"] == 1


def test_aim_command_undoes_exactly() -> None:
    table = fight()
    undo_restores(table, "/aim ruth")
    undo_restores(table, "/aim ruth stevenson")
    assert entry(table, "Ruth Hale")["aim"] == 2
    assert entry(table, "Ruth Hale")["weapon"] == "Stevenson"
