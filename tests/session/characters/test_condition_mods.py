"""Conditions that change the numbers: ``/cond CHAR NAME [N rounds|turns] [mod=±N] [gm]``.
Every roll of the character takes the modifier (the system's unit: BRP percent, others
points) and the preview and the log name it; a GM-only condition stays out of the players'
view; the save keeps both, and a bad value in a save is refused by its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.session.conftest import brp_campaign, gurps_campaign, strange_campaign
from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tui.session.campaign.model import Condition
from tui.session.players.view import players_view
from tui.store import SaveError, dumps, load


def test_a_brp_condition_takes_percent_off_every_roll_and_is_named() -> None:
    table = table_for(brp_campaign())
    fb = undo_restores(table, "/cond alice bleeding mod=-20 3t")
    assert fb.message == "Alice Moore is bleeding -20 for 3 turns"
    preview = table.preview("alice spot hidden")
    plain = table_for(brp_campaign()).preview("alice spot hidden -20")
    assert preview.odds == plain.odds  # the odds of Spot Hidden 60 - 20
    assert "Alice Moore's conditions: bleeding -20" in preview.text
    fb = ok(table, "alice spot hidden = 45")[0]
    assert fb.outcome is not None
    assert fb.outcome.draft.effects[-1] == "Alice Moore's conditions: bleeding -20"
    assert fb.outcome.draft.grade == "failure"  # 45 > 40: the modifier counted


def test_a_roll_without_the_condition_is_untouched() -> None:
    table = table_for(brp_campaign())
    ok(table, "/cond alice bleeding mod=-20")
    assert "conditions" not in table.preview("boris listen").text


def test_each_side_of_an_opposed_roll_takes_its_own() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/cond vic blinded mod=-3", "/cond moss cheered mod=+1")
    text = table.preview("vic stealth vs moss brawling").text
    assert "Vic Lockwood's conditions: blinded -3" in text
    assert "Guard Moss's conditions: cheered +1" in text


def test_the_strange_system_shifts_the_range() -> None:
    table = table_for(strange_campaign())
    ok(table, "/cond даймитрий ранен mod=-1")
    shifted = table.preview("даймитрий взлом замков")
    typed = table_for(strange_campaign()).preview("даймитрий взлом замков mod=-1")
    assert shifted.odds == typed.odds


def test_a_gm_only_condition_is_hidden_from_the_players() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/cond moss stunned", "/cond moss bribed gm mod=+2")
    moss = table.campaign.character("Guard Moss")
    assert [c.name for c in moss.conditions] == ["stunned", "bribed"]
    seen = players_view(table.system, table.campaign).character("Guard Moss")
    assert [c.name for c in seen.conditions] == ["stunned"]
    assert table.session.log[-1].secret  # the /cond line too


def test_a_bad_modifier_is_refused() -> None:
    refused(table_for(brp_campaign()), "/cond alice bleeding mod=x", "mod= must be")
    refused(table_for(brp_campaign()), "/cond alice bleeding mod=-500", "mod= must be")


def test_the_save_keeps_the_modifier_and_the_gm_flag(tmp_path: Path) -> None:
    table = table_for(brp_campaign())
    ok(table, "/cond alice bleeding mod=-20 3t", "/cond alice cursed gm", "/cond alice prone")
    text = dumps(table.campaign)
    # the words /cond takes after the name, in the order the conditions were set
    assert 'bleeding = "3 turns mod=-20"\ncursed = "gm"\nprone = true' in text
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    again, _log = load(path)
    assert again.character("Alice Moore").conditions == (
        Condition("bleeding", 3, "turns", -20),
        Condition("cursed", gm_only=True),
        Condition("prone"),
    )


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ('"mod=x"', "mod= must be"),
        ('"mod=-900"', "mod= must be"),
        ('"2 weeks"', "a duration is N rounds or N turns"),
        ('"3 turns mod=-2 loud"', "a duration is N rounds or N turns"),
        ("{ mod = 1 }", "prone"),
    ],
)
def test_a_bad_condition_in_a_save_is_refused_by_its_key(
    tmp_path: Path, value: str, problem: str
) -> None:
    table = table_for(brp_campaign())
    ok(table, "/cond alice prone")
    text = dumps(table.campaign).replace("prone = true", f"prone = {value}")
    path = tmp_path / "c.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match="conditions") as caught:
        load(path)
    assert problem in str(caught.value)


def test_lifting_or_ending_a_gm_only_condition_tells_the_players_nothing() -> None:
    table = table_for(gurps_campaign())
    ok(table, "/scene Warehouse", "/order", "/cond moss bribed gm 1 round")
    ok(table, "/uncond moss bribed")
    assert table.session.log[-1].secret
    ok(table, "/cond moss bribed gm 1 round")
    for _ in range(3):  # to round 2: the condition ends
        ok(table, "/next")
    assert table.campaign.character("Guard Moss").condition("bribed") is None
    assert not any(
        "bribed" in e.text or any("bribed" in f for f in e.effects)
        for e in table.session.log
        if not e.secret
    )
