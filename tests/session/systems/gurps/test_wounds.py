"""GURPS injury at the table: typed damage through DR, the wound's consequences in the same
undo step, the HT rolls that answer them (/ht) with exact odds, the conditions that change
the numbers, and the line the entry is offered next. The demo's guards have HT 11, DR 1 and
12 HP."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tests.session.systems.gurps.test_attack import demo
from tui.session.campaign.model import Campaign, Condition
from tui.session.table.table import Table


def _conditions(table: Table, name: str) -> dict[str, Condition]:
    return {c.name: c for c in table.campaign.character(name).conditions}


def test_an_impaling_hit_with_an_armour_divisor_by_hand() -> None:
    table = table_for(demo())
    # 1d+2(2) imp rolls 3 + 2 = 5 against DR 1: DR 1/2 = 0, 5 penetrate, x2 = 10 injury
    fb = undo_restores(table, "/damage moss 1d+2(2) imp = 3")
    assert fb.message == (
        "Guard Moss takes 10 injury (1d6+2(2) imp vs DR 1→0: 5 ×2 = 10); HP 12 → 2"
    )
    assert fb.outcome is not None
    assert fb.outcome.draft.effects == (
        "shock -4 to DX and IQ rolls on Guard Moss's next turn",
        "major wound (more than HP/2 = 6): an HT roll against knockdown and stun",
        "Guard Moss is below 1/3 HP: Move and Dodge halved",
    )
    assert fb.outcome.next == "/ht moss knockdown"
    entry = [e for e in table.session.log if e.kind == "roll"][-1]
    assert entry.inputs["type"] == "imp" and entry.inputs["divisor"] == "2"


def test_the_damage_and_its_consequences_undo_as_one_step() -> None:
    table = table_for(demo())
    before = table.campaign
    ok(table, "/damage moss 2d cut = 6 5")  # 11 - 1 = 10, x1.5 = 15: HP 12 → -3
    moss = table.campaign.character("Guard Moss")
    assert moss.resources["HP"] == -3 and moss.condition("shock") is not None
    ok(table, "/undo")
    assert table.campaign is before


def test_a_small_wound_asks_for_nothing() -> None:
    table = table_for(demo())
    fb = ok(table, "/damage moss 1d pi- = 3")[0]  # 3 - 1 = 2, x0.5 = 1
    assert (
        fb.message == "Guard Moss takes 1 injury (1d6 pi- vs DR 1: 3 - 1 = 2 ×0.5 = 1); HP 12 → 11"
    )
    assert fb.outcome is not None and fb.outcome.next == ""
    assert _conditions(table, "Guard Moss")["shock"].mod == -1


def test_shock_adds_up_to_its_cap_and_lasts_one_turn() -> None:
    table = table_for(demo())
    ok(table, "/damage moss 1d = 3", "/damage moss 1d = 3")  # 2 + 2 injury: shock -4
    shock = _conditions(table, "Guard Moss")["shock"]
    assert (shock.mod, shock.left, shock.unit) == (-4, 1, "turns")


def test_shock_takes_dx_and_iq_rolls_but_not_ht_or_defenses() -> None:
    table = table_for(demo())
    ok(table, "/damage moss 1d = 4")  # 3 injury: shock -3
    assert "Brawling 12 -3 (shock) → 9" in table.preview("moss brawling").text
    assert "shock" not in table.preview("moss HT").text
    assert "shock" not in table.preview("moss parry").text


def test_high_pain_threshold_has_no_shock_and_low_doubles_it() -> None:
    campaign = demo()
    moss = campaign.character("Guard Moss")
    high = campaign.with_character(replace(moss, extra={"traits": ["High Pain Threshold"]}))
    table = table_for(high)
    ok(table, "/damage moss 1d = 4")
    assert "shock" not in _conditions(table, "Guard Moss")
    low = campaign.with_character(replace(moss, extra={"pain_threshold": "low"}))
    table = table_for(low)
    ok(table, "/damage moss 1d = 4")  # 3 injury: -6
    assert _conditions(table, "Guard Moss")["shock"].mod == -6


@pytest.mark.parametrize(
    ("total", "outcome", "conditions"),
    [
        (11, "keeps standing", set()),
        (12, "stunned and knocked down", {"stunned", "prone"}),
        (16, "knocked out", {"unconscious", "prone"}),  # failed by 5
    ],
)
def test_the_knockdown_roll_applies_its_outcome(
    total: int, outcome: str, conditions: set[str]
) -> None:
    table = table_for(demo())
    line = f"/ht moss knockdown = {total}"
    fb = undo_restores(table, line) if conditions else ok(table, line)[0]
    assert fb.message == f"Guard Moss: HT roll against knockdown and stun 11: {total} → {outcome}"
    assert set(_conditions(table, "Guard Moss")) == conditions


def test_the_knockdown_preview_shows_its_exact_odds() -> None:
    table = table_for(demo())
    preview = table.preview("/ht moss knockdown")
    # HT 11: 3..11 succeed (135/216), 12..15 fail by 1..4 (25+21+15+10 = 71), 16..18 (10)
    assert [c.p for c in preview.odds] == [
        Fraction(135, 216),
        Fraction(71, 216),
        Fraction(10, 216),
    ]
    assert "keeps standing 62.5%" in preview.text


def test_a_death_check_at_minus_hp_then_dead() -> None:
    table = table_for(demo())
    fb = ok(table, "/damage moss 6d cr = 6 6 6 6 6 6")[0]  # 36 - 1 = 35: HP 12 → -23
    assert fb.outcome is not None and fb.outcome.next == "/ht moss death knockdown"
    assert "Guard Moss reached -1×HP: an HT roll against death each" in fb.outcome.draft.effects
    assert table.preview("/ht moss death").odds[0].p == Fraction(135, 216)
    fb = ok(table, "/ht moss death knockdown = 9 3")[0]
    assert fb.message == (
        "Guard Moss: HT roll against death 11: 9 → survives; "
        "HT roll against knockdown and stun 11: 3 → keeps standing"
    )
    assert "death_checks" not in table.campaign.character("Guard Moss").extra
    fb = ok(table, "/damage moss 2d cr = 1 1")[0]  # 2 - 1 = 1: HP -24 reaches -2×HP
    assert fb.outcome is not None and fb.outcome.next == "/ht moss death"
    fb = ok(table, "/ht moss death knockdown = 14 3")[0]  # a failed death check ends it
    assert fb.message == "Guard Moss: HT roll against death 11: 14 → dies"
    assert "dead" in _conditions(table, "Guard Moss")


def test_guard_pike_at_minus_63_is_dead_not_asked_to_stay_conscious() -> None:
    table = table_for(demo())
    fb = ok(table, "/damage pike 76")[0]  # 76 - DR 1 = 75: HP 12 → -63
    assert table.campaign.character("Guard Pike").resources["HP"] == -63
    assert fb.outcome is not None and fb.outcome.next == ""
    assert "Guard Pike is dead (-5×HP = -60)" in fb.outcome.draft.effects
    assert "dead" in _conditions(table, "Guard Pike")


def test_stunned_and_prone_change_the_defense_and_the_melee_attack() -> None:
    table = table_for(demo())
    ok(table, "/cond moss stunned", "/cond moss prone")
    text = table.preview("moss parry").text
    assert "Parry 9 -4 (stunned) -3 (prone) → 2" in text
    text = table.preview("pike parry").text
    assert "stunned" not in text


def test_a_turn_start_offers_the_ht_rolls_it_asks_for() -> None:
    table = table_for(demo())
    ok(table, "/scene Warehouse", "/order", "/cond moss stunned", "/damage moss 13")
    offered = ""
    for _ in range(3):  # Ruth, then the guards (Moss's turn)
        fb = ok(table, "/next")[0]
        assert fb.outcome is not None
        offered = fb.outcome.next or offered
    assert offered == "/ht moss conscious stun"
    fb = ok(table, f"{offered} = 10 10")[0]
    assert fb.message == (
        "Guard Moss: HT roll to stay conscious 11: 10 → stays conscious; "
        "HT roll to recover from stun 11: 10 → recovers"
    )
    assert "stunned" not in _conditions(table, "Guard Moss")


def test_a_hit_offers_the_damage_line_with_its_target_and_type() -> None:
    campaign: Campaign = demo()
    vic = campaign.character("Vic Lockwood")
    knife = {"skill": "Stealth", "damage": "1d+2(2) imp"}
    table = table_for(campaign.with_character(replace(vic, extra={"weapons": {"Knife": knife}})))
    fb = ok(table, "vic knife = 3 3 3 vs moss dodge = 6 6 6")[0]
    assert fb.outcome is not None and fb.outcome.next == "/damage moss 1d6+2(2) imp"
    fb = ok(table, "vic knife = 3 3 3")[0]
    assert fb.outcome is not None and fb.outcome.next == "/damage TARGET 1d6+2(2) imp"
    fb = ok(table, "vic knife = 6 6 6")[0]  # a miss asks for nothing
    assert fb.outcome is not None and fb.outcome.next == ""


def test_fatigue_damage_comes_off_fp() -> None:
    campaign = demo()
    moss = campaign.character("Guard Moss")
    table = table_for(campaign.with_character(moss.with_resource("FP", 11)))
    fb = ok(table, "/damage moss 1d fat dr=0 = 4")[0]
    assert fb.message == "Guard Moss takes 4 injury (1d6 fat: 4); FP 11 → 7"
    assert table.campaign.character("Guard Moss").resources["HP"] == 12


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/ht moss", ["usage: /ht"]),
        ("/ht moss dance", ["unknown HT roll 'dance'"]),
        ("/ht moss knockdown = 19", ["3d6 total 3..18"]),
        ("/ht moss knockdown = 10 10", ["more typed totals"]),
        ("/ht vic knockdown", ["Vic Lockwood has no HT (/attr vic HT 10 adds it)"]),
        ("/damage moss 1d fat", ["Guard Moss has no FP"]),
    ],
)
def test_bad_ht_and_damage_lines_change_nothing(line: str, words: list[str]) -> None:
    refused(table_for(demo()), line, *words)
