"""Conditions with durations: counted down by the round (whatever advances it) and by the
character's own turn, ending with a log line in the same undo step."""

from __future__ import annotations

from tests.session.conftest import age_campaign
from tests.session.scene_helpers import (
    brp_campaign,
    ok,
    refused,
    strange_campaign,
    table_for,
    undo_restores,
)
from tui.session.campaign.model import Condition
from tui.session.table.table import Table


def conditions(table: Table, name: str) -> tuple[Condition, ...]:
    return table.campaign.character(name).conditions


def test_cond_sets_replaces_and_lists() -> None:
    table = table_for(brp_campaign())
    feedback = undo_restores(table, "/cond cultist stunned 2 rounds")
    assert feedback.message == "Cultist is stunned for 2 rounds"
    undo_restores(table, "/cond cultist on fire 3t")
    ok(table, "/cond cultist prone")
    assert conditions(table, "Cultist") == (
        Condition("stunned", 2, "rounds"),
        Condition("on fire", 3, "turns"),
        Condition("prone"),
    )
    feedback = undo_restores(table, "/cond cultist STUNNED 1 round")
    assert feedback.message == "Cultist: stunned now 1 round (was 2 rounds)"
    assert conditions(table, "Cultist")[0] == Condition("stunned", 1, "rounds")
    listing = table.submit("/cond cultist")
    assert listing.ok and listing.message == "Cultist: stunned 1 round, on fire 3 turns, prone"


def test_uncond_one_or_all() -> None:
    table = table_for(brp_campaign())
    ok(table, "/cond alice prone", "/cond alice blinded 2")
    undo_restores(table, "/uncond alice pro")
    assert [c.name for c in conditions(table, "Alice")] == ["blinded"]
    ok(table, "/cond alice prone")
    undo_restores(table, "/uncond alice all")
    assert conditions(table, "Alice") == ()
    refused(table, "/uncond alice prone", "no condition matches")
    refused(table, "/uncond alice all", "has no conditions")
    refused(table, "/cond alice stunned 0 rounds", "1..999")


def test_a_round_condition_expires_after_two_rounds_with_a_log_line() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/order", "/cond cultist stunned 2 rounds")
    for _ in range(3):
        ok(table, "/next")  # Boris, Cultist, then round 2
    assert conditions(table, "Cultist") == (Condition("stunned", 1, "rounds"),)
    ok(table, "/next", "/next")
    before = table.campaign
    feedback = table.submit("/next")  # round 3 begins
    assert feedback.message == "round 3: Alice's turn"
    assert feedback.outcome is not None
    assert feedback.outcome.draft.effects == ("Cultist: stunned ends",)
    assert conditions(table, "Cultist") == ()
    ok(table, "/undo")  # one step: the round and the expiry together
    assert table.campaign is before
    assert conditions(table, "Cultist") == (Condition("stunned", 1, "rounds"),)


def test_a_turn_condition_counts_the_characters_own_turns() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/order", "/cond boris dazed 2 turns", "/cond alice slowed 1t")
    ok(table, "/next")  # Alice's turn ends
    assert conditions(table, "Alice") == ()
    assert table.session.log[-1].effects == ("Alice: slowed ends",)
    assert conditions(table, "Boris") == (Condition("dazed", 2, "turns"),)
    ok(table, "/next", "/next", "/next")  # Boris's first turn ended, round 2, Alice again
    assert conditions(table, "Boris") == (Condition("dazed", 1, "turns"),)
    ok(table, "/next")
    assert conditions(table, "Boris") == ()


def test_strange_rounds_advance_by_phase_and_still_count_conditions_down() -> None:
    """No /next wraps a Strange System round: the round number rising is what counts."""
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Road",
        "/cond dallah winded 1 round",
        "/goal dallah win",
        "/phase",
        "kirma riding range=4,5 = 3 3 5 5",
        "/phase",
    )
    assert conditions(table, "Sir Dallah") == (Condition("winded", 1, "rounds"),)
    feedback = table.submit("/phase")  # reactions → planning of round 2
    assert feedback.ok, feedback.message
    scene = table.campaign.scene
    assert scene is not None and scene.round == 2
    assert conditions(table, "Sir Dallah") == ()
    assert feedback.outcome is not None
    assert "Sir Dallah: winded ends" in feedback.outcome.draft.effects


def test_a_new_scene_keeps_conditions() -> None:
    table = table_for(age_campaign())
    ok(table, "/scene A", "/cond naomi injured", "/scene B")
    assert conditions(table, "Naomi") == (Condition("injured"),)
