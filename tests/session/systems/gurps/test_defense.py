"""GURPS active defenses through the table (seed 004): dodge, parry and block against the
character's value, All-Out Defense's +2, no defense after All-Out Attack."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from tests.seeds import seed_passages
from tests.session.conftest import assert_odds_shown
from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tests.session.systems.gurps.test_attack import demo
from tui.session.campaign.model import Character
from tui.session.systems.gurps.state import entries
from tui.session.table.table import Table

SEED = seed_passages("004")


def fight() -> Table:
    table = table_for(demo())
    ok(table, "/scene Warehouse", "/order")
    return table


def chances(skill: int) -> list[tuple[str, Fraction]]:
    counts = {"success": 0, "failure": 0}
    for dice in itertools.product(range(1, 7), repeat=3):
        t = sum(dice)
        won = t <= 4 or (t <= skill and t <= 16 and t < skill + 10)
        counts["success" if won else "failure"] += 1
    crit = Fraction(4, 216) if skill < 15 else Fraction(10, 216)
    return [("critical success", crit), ("success", Fraction(counts["success"], 216) - crit)]


def test_dodge_without_a_recorded_value_is_basic_speed_plus_3() -> None:
    table = fight()
    shown = table.preview("ruth dodge")
    assert shown.ok and shown.text.startswith("Ruth Hale Dodge 8 — ")  # 5.75 → 5 + 3
    assert_odds_shown(shown.text, chances(8))
    fb = ok(table, "ruth dodge -1 = 3 3 2")[0]
    assert fb.message == "Ruth Hale Dodge 8 -1 → 7: 8 [3 3 2] → failure (margin -1), not defended"
    assert table.session.log[-1].inputs["defense"] == "dodge"


def test_parry_and_block_come_from_the_sheet() -> None:
    table = fight()
    fb = ok(table, "moss parry = 4 3 2")[0]  # demo: Parry = 9
    assert fb.message == "Guard Moss Parry 9: 9 [4 3 2] → success (margin +0), defended"
    refused(table, "vic parry", "no skill of Vic Lockwood matches 'parry'")
    shield = Character("Shieldman", attributes={"Block": 10, "Basic Speed": 5})
    campaign = demo()
    other = table_for(replace(campaign, characters=(*campaign.characters, shield)))
    assert other.preview("shieldman block").text.startswith("Shieldman Block 10 — ")
    assert other.preview("shieldman dodge").text.startswith("Shieldman Dodge 8 — ")


def test_seed_all_out_defense_plus_2_to_the_chosen_defense() -> None:
    table = fight()
    ok(table, "/maneuver pike aod:increased_parry")
    assert "Guard Pike Parry 9 +2 (All-Out Defense) → 11" in table.preview("pike parry").text
    dodge = table.preview("pike dodge").text
    assert dodge.startswith(
        "Guard Pike Dodge 8 [no bonus: All-Out Defense: Increased Parry was chosen]"
    )


def test_all_out_defense_without_an_option_gives_the_first_defense_its_plus_2() -> None:
    table = fight()
    ok(table, "/maneuver moss all-out-defense")
    roll = undo_restores(table, "moss dodge = 5 5 5")
    assert roll.message.startswith("Guard Moss Dodge 8 +2 (All-Out Defense) → 10: 15")
    assert roll.outcome is not None and roll.outcome.draft.effects == (
        "Guard Moss: All-Out Defense: Increased Dodge (+2 to dodge until their next turn)",
    )
    assert entries(table.campaign)["Guard Moss"]["option"] == "increased_dodge"
    assert "+2" not in table.preview("moss parry").text.split(" — ")[0]


def test_seed_all_out_attack_leaves_no_active_defense() -> None:
    table = fight()
    ok(table, "/maneuver moss aoa:determined")
    refused(
        table,
        "moss dodge",
        "Guard Moss is on All-Out Attack: no active defense until Guard Moss's next turn begins",
    )
    ok(table, "/maneuver pike move-and-attack")
    refused(table, "pike parry", "dodge or block only, no parry")
    assert table.preview("pike dodge").ok


def test_an_active_defense_spoils_the_aim() -> None:
    table = fight()
    ok(table, "/next", "/aim ruth")  # Ruth's turn
    roll = ok(table, "ruth dodge = 3 3 3")[0]
    assert "[defending spoils Ruth Hale's aim]" in roll.message
    assert roll.outcome is not None
    assert roll.outcome.draft.effects == ("Ruth Hale's aim is lost (an active defense)",)
    for _ in range(4):
        ok(table, "/next")
    assert "Ruth Hale" not in entries(table.campaign)  # nothing carried into her turn


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("ruth dodge +11", "must be within -10..+10"),
        ("ruth dodge hard", "unknown modifier 'hard'"),
        ("ruth dodge yd=3", "unknown option yd="),
        ("ruth dodge = 1 2", "three dice or one 3d6 total"),
    ],
)
def test_bad_defense_lines_are_refused(line: str, words: str) -> None:
    refused(fight(), line, words)
