"""GURPS maneuvers follow the turn (seed 004): a maneuver lasts until that character's next
turn begins; Aim and Evaluate accumulate per turn and feed an attack; All-Out Attack, Move
and Attack and All-Out Defense change the rolls."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from rules import gurps
from tests.seeds import seed_passages
from tests.session.scene_helpers import (
    brp_campaign,
    gurps_campaign,
    ok,
    refused,
    table_for,
    undo_restores,
)
from tui.session.systems.gurps.state import entries
from tui.session.table.table import Table

SEED = seed_passages("004")


def fight() -> Table:
    """Vic (current) › Ruth › Moss › Pike, round 1 (Pike parries at 9)."""
    campaign = gurps_campaign()
    pike = campaign.character("Guard Pike")
    campaign = campaign.with_character(pike.with_skill("Parry", 9))
    table = table_for(campaign)
    ok(table, "/scene Warehouse", "/order")
    return table


def entry(table: Table, name: str) -> dict[str, Any]:
    return dict(entries(table.campaign).get(name, {}))


def current(table: Table) -> str:
    scene = table.campaign.scene
    assert scene is not None
    return scene.turn_order[scene.current]


def turn_of(table: Table, name: str) -> str:
    """/next until ``name``'s turn begins (at least once); the last /next message."""
    message = ok(table, "/next")[0].message
    while current(table) != name:
        message = ok(table, "/next")[0].message
    return message


def preview(table: Table, line: str) -> str:
    shown = table.preview(line)
    assert shown.ok, shown.text
    return shown.text


def test_maneuver_shows_movement_and_defense() -> None:
    table = fight()
    feedback = undo_restores(table, "/maneuver moss all-out-attack:determined_melee")
    assert feedback.message == (
        "Guard Moss: All-Out Attack: Determined +4 to hit (half move, no defense)"
    )
    feedback = ok(table, "/maneuver pike all_out_defense:increased_dodge")[0]
    assert feedback.message == (
        "Guard Pike: All-Out Defense: Increased Dodge (half move, defends +2)"
    )
    assert ok(table, "/man vic move")[0].message == "Vic Lockwood: Move (full move, defends)"
    assert ok(table, "/man vic maa")[0].message == (
        "Vic Lockwood: Move and Attack (full move, dodge/block only)"
    )


def test_seed_aim_1_s_acc_2_s_acc_plus_1_3_s_acc_plus_2_one_second_per_turn() -> None:
    assert (
        "за одну секунду получается бонус точности, за две – точность +1, за три и "
        "больше – точность +2" in SEED
    )
    table = fight()
    turn_of(table, "Ruth Hale")
    ok(table, "/aim ruth", "/aim ruth", "/maneuver ruth aim")  # one turn: still 1 s
    assert entry(table, "Ruth Hale")["aim"] == 1
    seconds = [1]
    for _ in range(3):
        message = turn_of(table, "Ruth Hale")
        assert "Ruth Hale's Aim ends (aimed Stevenson" in message
        ok(table, "/aim ruth")
        seconds.append(entry(table, "Ruth Hale")["aim"])
    assert seconds == [1, 2, 3, 4]
    turn_of(table, "Ruth Hale")
    ok(table, "/maneuver ruth attack")
    line = "ruth guns yd=5 = 3 4 5"
    assert "Guns (Shotgun) 13, Stevenson +5 (aim 4 s) -2 (5 yd) → 16" in preview(table, line)
    roll = undo_restores(table, line)
    assert roll.outcome is not None
    assert "Ruth Hale: aim 4 s +5 used" in roll.outcome.draft.effects
    assert entry(table, "Ruth Hale")["spent"] is True
    again = ok(table, line)[0]
    assert "13, Stevenson -2 (5 yd) → 11: 12 [3 4 5]" in again.message
    assert "[no aim bonus: the aim was used by an earlier attack this turn]" in again.message


@pytest.mark.parametrize(("seconds", "bonus"), [(1, 3), (2, 4), (3, 5)])
def test_aim_bonus_by_seconds_reaches_the_attack(seconds: int, bonus: int) -> None:
    table = fight()
    for _ in range(seconds):
        turn_of(table, "Ruth Hale")
        ok(table, "/aim ruth")
    turn_of(table, "Ruth Hale")
    ok(table, "/maneuver ruth attack")
    assert bonus == gurps.aim_bonus(3, seconds)
    assert f"+{bonus} (aim {seconds} s)" in preview(table, "ruth guns yd=2")


def test_aim_adds_only_to_an_attack_with_the_aimed_weapon() -> None:
    table = fight()
    turn_of(table, "Guard Moss")
    ok(table, "/maneuver moss aim rifle")
    assert entry(table, "Guard Moss")["aim_acc"] == 4
    turn_of(table, "Guard Moss")
    ok(table, "/maneuver moss attack")
    assert "[no aim bonus: Guard Moss aimed Rifle, not Pistol]" in preview(
        table, "moss guns pistol yd=10"
    )
    assert "+4 (aim 1 s) -4 (10 yd) → 12" in preview(table, "moss guns rifle yd=10")
    # naming no weapon: the one the skill names (Guns (Pistol) → Pistol), not the aimed one
    assert "Guns (Pistol) 12, Pistol -4 (10 yd) → 8 [no aim bonus" in preview(
        table, "moss guns yd=10"
    )


def test_a_roll_after_aim_without_an_attack_maneuver_says_why() -> None:
    table = fight()
    turn_of(table, "Ruth Hale")
    ok(table, "/maneuver ruth aim")
    same_turn = ok(table, "ruth guns = 3 4 5")[0]
    assert (
        "[no aim bonus: Ruth Hale is aiming this turn; it counts for an Attack on the "
        "next turn (/maneuver ruth attack)]"
    ) in same_turn.message
    assert same_turn.outcome is not None and same_turn.outcome.draft.effects == ()
    assert entry(table, "Ruth Hale")["aim"] == 1  # the roll spent nothing
    turn_of(table, "Ruth Hale")  # the aim is done; nothing declared yet
    assert "[no aim bonus: declare the attack first (/maneuver ruth attack)]" in preview(
        table, "ruth guns yd=3"
    )
    ok(table, "/maneuver ruth ready")
    assert "[no aim bonus: Ruth Hale's maneuver is Ready, not an Attack]" in preview(
        table, "ruth guns"
    )
    ok(table, "/maneuver ruth move-and-attack")
    shown = preview(table, "ruth guns yd=3")
    assert "-2 (Move and Attack) -1 (3 yd) → 10" in shown
    assert "[no aim bonus with Move and Attack]" in shown
    ok(table, "/maneuver ruth attack")  # changing back within the turn keeps the aim
    assert "+3 (aim 1 s)" in preview(table, "ruth guns yd=3")


def test_attack_replacing_aim_within_one_turn_says_the_aim_needs_its_turn() -> None:
    table = fight()
    turn_of(table, "Ruth Hale")
    ok(table, "/aim ruth")
    message = ok(table, "/maneuver ruth attack")[0].message
    assert "replaces this turn's Aim" in message
    assert "aim" not in preview(table, "ruth guns yd=3").split(" — ")[0]


def test_a_maneuver_lasts_until_that_characters_next_turn_begins() -> None:
    table = fight()
    turn_of(table, "Guard Pike")
    ok(table, "/maneuver pike aod:increased_parry")
    turn_of(table, "Ruth Hale")  # Pike's All-Out Defense holds through the others' turns
    assert "Guard Pike Parry 9 +2 (All-Out Defense) → 11" in preview(table, "pike parry")
    assert "Brawling 13 — " in preview(table, "pike brawling")  # no defense: no bonus
    feedback = undo_restores(table, "/next")  # Moss's turn: Pike's still holds
    assert entry(table, "Guard Pike")["maneuver"] == "all_out_defense"
    assert feedback.message == "Guard Moss's turn"
    ok(table, "/next")
    assert current(table) == "Guard Pike" and entry(table, "Guard Pike") == {}
    assert not any(name == "Guard Pike" for name in entries(table.campaign))


def test_next_ending_a_maneuver_says_so_and_undoes_in_one_step() -> None:
    table = fight()
    turn_of(table, "Guard Pike")
    ok(table, "/maneuver pike aod:increased_parry")
    turn_of(table, "Guard Moss")
    feedback = undo_restores(table, "/next")
    assert feedback.message == "Guard Pike's turn; Guard Pike's All-Out Defense ends"


def test_a_maneuver_declared_ahead_in_the_round_is_kept_when_the_turn_begins() -> None:
    table = fight()  # Vic's turn
    ok(table, "/maneuver ruth aim")
    ok(table, "/next")
    assert current(table) == "Ruth Hale"
    assert entry(table, "Ruth Hale")["maneuver"] == "aim"
    assert entry(table, "Ruth Hale")["own"] is True
    turn_of(table, "Ruth Hale")
    assert entry(table, "Ruth Hale")["aimed"] == 1


def test_seed_evaluate_plus_1_per_turn_at_most_3_helps_only_melee() -> None:
    assert "можно тратить до трёх секунд на оценку, чтобы получить бонус +3" in SEED
    table = fight()
    for _ in range(4):
        turn_of(table, "Guard Moss")
        ok(table, "/evaluate moss")
    turn_of(table, "Guard Moss")
    assert entry(table, "Guard Moss")["evaluated"] == 4
    ok(table, "/maneuver moss attack")
    assert "Brawling 12 +3 (evaluate 4 turns) → 15" in preview(table, "moss brawling")
    assert "[no evaluate bonus: Evaluate helps only melee attacks]" in preview(
        table, "moss guns pistol yd=5"
    )
    roll = ok(table, "moss brawling = 5 5 5")[0]
    assert roll.outcome is not None
    assert "Guard Moss: evaluate 4 turns +3 used" in roll.outcome.draft.effects


def test_all_out_attack_offers_the_options_of_the_weapons_type() -> None:
    table = fight()
    ranged = ok(table, "/maneuver ruth aoa")[0].message
    assert "options for a ranged attack: determined +1, suppression_fire" in ranged
    melee = ok(table, "/maneuver vic aoa")[0].message  # no weapon: unarmed
    assert "options for a melee attack: determined +4, double, feint, strong" in melee
    both = ok(table, "/maneuver moss aoa")[0].message  # a pistol and a rifle: any
    assert "options for an attack: determined_melee +4, double" in both
    assert "determined_ranged +1, suppression_fire (/maneuver moss aoa:OPTION)" in both
    assert "no bonus" not in ranged
    assert "[All-Out Attack without an option" in preview(table, "ruth guns yd=3")


def test_seed_determined_is_plus_4_melee_plus_1_ranged() -> None:
    assert "точная атака - +4 к попаданию" in SEED and "точная атака - +1 к попаданию" in SEED
    table = fight()
    ok(table, "/maneuver ruth aoa:determined")
    assert entry(table, "Ruth Hale")["option"] == "determined_ranged"
    assert "+1 (All-Out Attack: Determined) -1 (3 yd) → 13" in preview(table, "ruth guns yd=3")
    ok(table, "/maneuver moss aoa:determined")  # weapon type open: decided per attack
    assert entry(table, "Guard Moss")["option"] == "determined"
    assert "Brawling 12 +4 (All-Out Attack: Determined) → 16" in preview(table, "moss brawling")
    assert "+1 (All-Out Attack: Determined)" in preview(table, "moss guns pistol yd=2")
    ok(table, "/maneuver moss aoa:determined_melee")
    assert "[All-Out Attack: Determined (melee) does not help a ranged attack]" in preview(
        table, "moss guns pistol yd=2"
    )


def test_move_and_attack_in_melee_is_minus_4_and_at_most_9() -> None:
    table = fight()
    ok(table, "/maneuver pike move_and_attack")
    assert "Brawling 13 -4 (Move and Attack) (at most 9) → 9" in preview(table, "pike brawling")
    assert "Brawling 13 -2 -4 (Move and Attack) → 7" in preview(table, "pike brawling -2")


def test_contest_sides_both_get_their_bonus() -> None:
    table = fight()
    turn_of(table, "Guard Moss")
    ok(table, "/evaluate moss", "/next", "/evaluate pike")
    turn_of(table, "Guard Moss")
    ok(table, "/maneuver moss feint", "/next", "/maneuver pike feint")
    roll = ok(table, "moss brawling = 3 3 3 vs pike brawling = 3 3 3")[0]
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == (
        "Guard Moss: evaluate 1 turn +1 used",
        "Guard Pike: evaluate 1 turn +1 used",
    )


def test_aim_needs_a_known_acc() -> None:
    table = fight()
    refused(table, "/maneuver moss aim", "name the weapon (Pistol, Rifle)", "acc=N")
    ok(table, "/maneuver moss aim rifle")
    assert entry(table, "Guard Moss")["aim_acc"] == 4
    assert entry(table, "Guard Moss")["weapon"] == "Rifle"
    refused(table, "/maneuver vic aim", "none recorded")
    ok(table, "/maneuver vic aim acc=1")
    assert entry(table, "Vic Lockwood")["aim_acc"] == 1


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/maneuver", ["missing character"]),
        ("/maneuver ruth", ["needs a maneuver"]),
        ("/maneuver ruth dance", ["no maneuver matches"]),
        ("/maneuver moss aoa:d", ["ambiguous"]),
        ("/maneuver ruth attack:strong", ["Attack has no options"]),
        ("/maneuver ruth all-out-attack:nap", ["option"]),
        ("/maneuver ruth aim acc=x", ["acc="]),
        ("/maneuver ruth aim bazooka", ["no weapon of Ruth Hale matches"]),
        ("/aim nobody", ["no character matches"]),
    ],
)
def test_maneuver_errors_leave_state_unchanged(line: str, words: list[str]) -> None:
    table = fight()
    refused(table, line, *words)


def test_maneuvers_need_a_scene_and_gurps() -> None:
    table = table_for(gurps_campaign())
    refused(table, "/maneuver ruth aim", "no scene is running")
    other = table_for(brp_campaign())
    ok(other, "/scene Cellar")
    refused(other, "/maneuver alice aim", "unknown command")


def test_aim_and_the_attack_undo_exactly() -> None:
    table = fight()
    turn_of(table, "Ruth Hale")
    undo_restores(table, "/aim ruth")
    before = table.campaign
    assert ok(table, "/aim ruth stevenson")[0].ok and table.campaign == before  # same turn
    turn_of(table, "Ruth Hale")
    undo_restores(table, "/maneuver ruth attack")
    undo_restores(table, "ruth guns yd=3 = 4 4 4")
    assert entry(table, "Ruth Hale")["spent"] is True


def test_seed_strong_all_out_attack_damage_plus_2_or_1_per_die_in_the_suggestion() -> None:
    assert "+2 к урону или +1 к урону за каждый кубик" in SEED
    campaign = gurps_campaign()
    pike = campaign.character("Guard Pike")
    club = {
        "Club": {"damage": "1d6+1", "type": "melee"},
        "Maul": {"damage": "3d6", "type": "melee"},
    }
    table = table_for(campaign.with_character(replace(pike, extra={"weapons": club})))
    ok(table, "/scene Warehouse", "/order", "/maneuver pike aoa:strong")
    roll = ok(table, "pike brawling club = 3 3 3")[0]
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == ("damage: /damage TARGET 1d6+3",)  # +2
    roll = ok(table, "pike brawling maul = 3 3 3")[0]
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == ("damage: /damage TARGET 3d6+3",)  # +1 a die
    ok(table, "/maneuver pike attack")
    roll = ok(table, "pike brawling club = 3 3 3")[0]
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == ("damage: /damage TARGET 1d6+1",)


def test_turn_started_is_a_system_member_with_a_neutral_default() -> None:
    from tui.session.systems.interface import Defaults

    campaign = brp_campaign()
    assert Defaults().turn_started(campaign, "Alice") == (campaign, "")
    table = table_for(campaign)
    ok(table, "/scene Cellar", "/order")
    assert ok(table, "/next")[0].message == "Boris's turn"
