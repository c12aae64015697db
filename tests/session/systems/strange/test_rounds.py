"""Strange System rounds through the table: phases, goals, actions, skips, reactions, limit."""

from __future__ import annotations

from rules.strange.rounds import ActionStatus, Phase
from tests.session.scene_helpers import (
    ok,
    refused,
    strange_campaign,
    table_for,
    undo_restores,
)
from tui.session.systems.strange.codec import dump, load
from tui.session.systems.strange.rounds import rounds_of
from tui.session.table.table import Table


def planned(limit: int = 4) -> Table:
    table = table_for(strange_campaign())
    ok(
        table,
        f"/scene Wrestling limit={limit}",
        "/goal dallah throw Balgruf down",
        "/goal balgruf stay on his feet",
    )
    return table


def test_seed_wrestling_balgruf_skips_and_wins_the_reaction_with_typed_dice() -> None:
    table = planned()
    feedback = undo_restores(table, "/phase")
    assert "ACTIONS" in feedback.message
    assert table.campaign.scene is not None and table.campaign.scene.phase == "actions"
    undo_restores(table, "/act dallah wrestling vs balgruf trip and throw")
    roll = undo_restores(table, "dallah wrestling range=3,6 = 1 6 5 5")
    assert roll.outcome is not None
    assert "full success" in roll.outcome.draft.text
    assert "action #1: pending, awaiting Jarl Balgruf" in roll.outcome.draft.effects
    undo_restores(table, "/skip balgruf")
    feedback = undo_restores(table, "/phase")
    assert "REACTIONS" in feedback.message and "awaiting Jarl Balgruf's reaction" in (
        feedback.message
    )
    rounds = rounds_of(table.campaign)
    assert rounds.awaiting_reaction == ("Jarl Balgruf",)
    # the reaction rolls against the action's GM range, filled in by the plan hook
    assert "range 3–6" in table.preview("balgruf athletics = 2 4 6 6").text
    reaction = undo_restores(table, "balgruf athletics = 2 4 6 6")
    assert reaction.outcome is not None
    assert (
        "Jarl Balgruf reacts to #1 with Athletics: full success, the reaction wins"
        in reaction.outcome.draft.effects
    )
    rounds = rounds_of(table.campaign)
    assert rounds.actions[0].status is ActionStatus.RESOLVED
    assert rounds.reactions[0].winner == "reaction" and rounds.round_complete
    feedback = undo_restores(table, "/phase")
    scene = table.campaign.scene
    assert scene is not None and (scene.round, scene.phase) == (2, "planning")
    tallies = {t.character: t for t in rounds_of(table.campaign).summary().tallies}
    assert tallies["Jarl Balgruf"].contests_won == 1
    assert tallies["Sir Dallah"].contests_lost == 1


def test_reaction_typed_as_a_duel_reuses_the_rolled_action() -> None:
    table = planned()
    ok(
        table,
        "/phase",
        "/act dallah wrestling vs balgruf",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
    )
    # Dallah's dice are left out: the plan hook fills in the recorded 1-6-5-5 and range
    preview = table.preview("balgruf athletics = 2 4 6 6 vs dallah wrestling").text
    assert "Enter →" in preview and "1-6-5-5" in preview
    duel = ok(table, "balgruf athletics = 2 4 6 6 vs dallah wrestling")[0]
    assert duel.outcome is not None and "Jarl Balgruf" in duel.outcome.draft.text
    assert rounds_of(table.campaign).reactions[0].winner == "reaction"


def test_duel_in_reactions_with_other_dice_for_the_action_is_refused() -> None:
    table = planned()
    ok(
        table,
        "/phase",
        "/act dallah wrestling vs balgruf",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
    )
    refused(
        table, "balgruf athletics = 2 4 6 6 vs dallah wrestling = 6 6 6 6", "was rolled 1-6-5-5"
    )


def test_duel_in_reactions_also_gives_an_unrolled_action_its_dice() -> None:
    table = planned()
    ok(table, "/phase", "/act dallah wrestling vs balgruf", "/skip balgruf", "/phase")
    ok(table, "dallah wrestling = 1 6 5 5 vs balgruf athletics = 2 4 6 6 range=3,6")
    rounds = rounds_of(table.campaign)
    assert rounds.actions[0].result is not None and rounds.actions[0].result.dice == (1, 6, 5, 5)
    assert rounds.reactions[0].winner == "reaction"
    assert rounds.round_complete


def test_guaranteed_result_is_final_at_once() -> None:
    table = planned()
    ok(table, "/phase", "/act dallah longsword vs balgruf overhead cut")
    roll = ok(table, "dallah longsword range=2,6 resist=4,6 = 1 6 6 5")[0]
    assert roll.outcome is not None and "action #1: final" in roll.outcome.draft.effects
    assert rounds_of(table.campaign).actions[0].status is ActionStatus.FINAL


def test_roll_without_act_is_declared_in_order_and_final() -> None:
    table = planned()
    ok(table, "/phase", "kirma riding range=4,5 = 3 3 5 5")
    action = rounds_of(table.campaign).actions[0]
    assert (action.character, action.skill, action.target, action.status) == (
        "Kirma",
        "Riding",
        None,
        ActionStatus.FINAL,
    )


def test_pending_action_nobody_answers_stands_when_the_round_closes() -> None:
    table = planned()
    ok(
        table,
        "/phase",
        "/act dallah wrestling vs balgruf",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/phase",
    )
    feedback = ok(table, "/phase")[0]
    assert "#1 stand as rolled" in feedback.message
    record = rounds_of(table.campaign).history[0]
    assert record.actions[0].status is ActionStatus.RESOLVED
    assert record.actions[0].outcome == "stands"


def test_round_does_not_close_while_a_reaction_is_awaited() -> None:
    table = planned()
    ok(
        table,
        "/phase",
        "/act dallah wrestling vs balgruf",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
    )
    refused(table, "/phase", "Jarl Balgruf may react to #1", "/resolve 1")
    undo_restores(table, "/resolve 1 Balgruf lets himself fall")
    assert rounds_of(table.campaign).actions[0].outcome == "Balgruf lets himself fall"
    ok(table, "/phase")


def test_unrolled_action_is_settled_by_its_roll_in_reactions() -> None:
    table = planned()
    ok(table, "/phase", "/act kirma riding", "/phase")
    refused(table, "/phase", "roll #1 (Kirma, Riding)")
    roll = ok(table, "kirma riding range=4,5 = 3 3 5 5")[0]
    assert roll.outcome is not None and "action #1 resolved" in roll.outcome.draft.effects
    assert rounds_of(table.campaign).round_complete


def test_second_roll_and_other_skills_are_not_recorded_as_actions() -> None:
    table = planned()
    ok(table, "/phase", "/act dallah wrestling")
    other = ok(table, "dallah longsword range=2,6 = 1 2 3 4")[0]
    assert other.outcome is not None
    assert "not Sir Dallah's declared action (Wrestling): not recorded" in (
        other.outcome.draft.effects
    )
    assert rounds_of(table.campaign).actions[0].result is None
    ok(table, "dallah wrestling range=3,6 = 1 6 5 5")
    again = ok(table, "dallah wrestling range=3,6 = 6 6 6 6")[0]
    assert again.outcome is not None
    assert "Sir Dallah has already acted this round" in again.outcome.draft.effects


def test_phase_and_command_errors_leave_state_unchanged() -> None:
    table = table_for(strange_campaign())
    refused(table, "/phase", "no scene is running")
    ok(table, "/scene Duel")
    refused(table, "/phase", "state at least one goal")
    refused(table, "/act dallah wrestling", "actions phase")
    refused(table, "/skip dallah", "actions phase")
    refused(table, "/goal dallah", "usage")
    refused(table, "/goal nobody wins", "no character matches")
    refused(table, "/resolve x", "usage")
    ok(table, "/goal party win", "/phase")
    refused(table, "/goal dallah win", "planning phase")
    refused(table, "/act dallah", "skill")
    refused(table, "/act dallah flying", "no skill of Sir Dallah")
    refused(table, "/act dallah wrestling vs", "target")
    refused(table, "/act dallah wrestling vs dallah", "themself")
    ok(table, "/skip balgruf")
    refused(table, "/skip balgruf", "already skipped")
    refused(table, "/act balgruf athletics", "already skipped")
    refused(table, "/resolve 1", "reactions phase")
    refused(table, "/compromise", "actions")


def test_goal_may_be_revised_in_planning_and_is_shown() -> None:
    table = planned()
    undo_restores(table, "/goal dallah pin him")
    goals = {g.actor: g.text for g in rounds_of(table.campaign).goals}
    assert goals == {"Sir Dallah": "pin him", "Jarl Balgruf": "stay on his feet"}


def test_round_limit_warns_prompts_and_compromise_resets_the_count() -> None:
    table = planned(limit=2)
    for round_number in (1, 2):
        if round_number == 2:
            ok(table, "/goal dallah throw him again")
        ok(table, "/phase", "/act dallah wrestling vs balgruf trip")
        roll = ok(table, "dallah wrestling range=3,6 = 1 6 5 5")[0]
        assert roll.outcome is not None
        warned = any("round limit" in e for e in roll.outcome.draft.effects)
        assert warned == (round_number == 2)
        ok(table, "/phase")
        if round_number == 1:
            ok(table, "/phase")
    assert rounds_of(table.campaign).limit_reached
    prompt = refused(table, "/phase", "round limit 2 reached", "/compromise", "/summary")
    assert "rounds 1-2" in prompt.message
    summary = ok(table, "/summary")[0]
    assert "round limit 2 reached" in summary.message
    logged = table.session.log[-1]  # logged, but not an undo step
    assert (
        logged.kind == "info"
        and "Sir Dallah: 2 actions, 2 successes, 0 failures" in logged.effects[0]
    )
    feedback = undo_restores(table, "/compromise Dallah is tired, Balgruf bruised")
    assert "compromise: Dallah is tired, Balgruf bruised" in feedback.message
    rounds = rounds_of(table.campaign)
    assert (rounds.round_number, rounds.phase, rounds.streaks) == (3, Phase.PLANNING, ())
    assert rounds.verdicts[-1].kind == "compromise"
    # the count starts again: the same action is allowed in round 3
    ok(table, "/goal dallah one more try", "/phase", "/act dallah wrestling vs balgruf trip")


def test_over_the_limit_the_same_action_is_refused() -> None:
    table = planned(limit=1)
    ok(table, "/phase", "/act dallah wrestling vs balgruf trip", "/phase", "/resolve 1")
    refused(table, "/phase", "round limit 1 reached")
    ok(table, "/sumup Dallah is thrown")
    ok(table, "/goal dallah again", "/phase", "/act dallah wrestling vs balgruf trip")


def test_sumup_and_radical_need_text_and_record_their_kind() -> None:
    table = planned()
    refused(table, "/sumup", "say how")
    refused(table, "/radical", "say how")
    ok(table, "/radical the hall catches fire")
    assert rounds_of(table.campaign).verdicts[-1].kind == "radical_change"


def test_summary_without_results_says_so() -> None:
    table = planned()
    logged, before = len(table.session.log), table.campaign
    feedback = ok(table, "/summary")[0]
    assert feedback.message == "summary of round 1"
    # logged, so the lines stay readable in the log; the campaign itself is unchanged
    assert len(table.session.log) == logged + 1 and table.campaign == before
    assert table.session.log[-1].effects == ("no results yet",)


def test_strange_commands_are_not_offered_to_other_systems() -> None:
    from tests.session.scene_helpers import brp_campaign

    table = table_for(brp_campaign())
    ok(table, "/scene Cellar")
    refused(table, "/phase", "unknown command /phase")
    assert "phase" not in {c.name for c in table.commands()}


def test_round_state_codec_round_trips_every_part() -> None:
    table = planned(limit=3)
    ok(
        table,
        "/phase",
        "/act dallah wrestling vs balgruf trip",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
        "balgruf athletics = 2 4 6 6",
        "/phase",
        "/compromise both tired",
        "/goal kirma ride",
        "/phase",
        "kirma riding range=4,5 resist=3,5 = 3 3 5 5",
    )
    rounds = rounds_of(table.campaign)
    assert rounds.history and rounds.verdicts and rounds.actions
    assert load(dump(rounds)) == rounds


def test_damaged_round_state_is_reported_not_crashing() -> None:
    from dataclasses import replace

    table = planned()
    scene = table.campaign.scene
    assert scene is not None
    broken = replace(scene, system={"strange": {"phase": "dancing"}})
    table.session.campaign = replace(table.campaign, scene=broken)
    refused(table, "/phase", "damaged")
    # a plain roll still works while the state is unreadable
    ok(table, "kirma riding range=4,5 = 3 3 5 5")


def test_sumup_and_radical_undo_exactly() -> None:
    table = planned()
    undo_restores(table, "/sumup Balgruf holds")
    undo_restores(table, "/radical the hall burns")
    assert [v.kind for v in rounds_of(table.campaign).verdicts] == ["summed_up", "radical_change"]


def _panel(table: Table) -> str:
    from tui.session.systems.strange.view import fragments

    lines = fragments(table.campaign).before_order
    return "\n".join("".join(text for text, _style in line) for _order, line in lines)


def test_a_lost_duel_in_the_actions_phase_is_a_loss_in_every_book() -> None:
    """The issue's evening: the log says Balgruf wins the wrestling duel, so the panel,
    /summary, /compromise and the scene's end must not count it as Dallah's success."""
    table = planned(limit=2)
    ok(table, "/phase", "/act dallah wrestling vs balgruf")
    duel = ok(table, "dallah wrestling = 1 6 5 5 vs balgruf athletics = 2 4 6 6 range=3,6")[0]
    assert duel.message.endswith("Jarl Balgruf wins")
    panel = _panel(table)
    assert "#1 Jarl Balgruf wins" in panel and "full success (final)" not in panel
    dallah = "Sir Dallah: 1 action, 0 successes, 1 failure, impact 0, contests 0 won / 1 lost"
    balgruf = "Jarl Balgruf: 0 actions, 0 successes, 0 failures, impact 0, contests 1 won / 0 lost"
    ok(table, "/summary")
    assert table.session.log[-1].effects == (dallah, balgruf)
    ok(table, "/phase")
    assert ok(table, "/compromise")[0].outcome is not None
    assert table.session.log[-1].effects == (dallah, balgruf)
    # undo takes the duel and its contest back together
    before = table.campaign
    ok(table, "/undo", "/undo", "/undo")
    assert rounds_of(table.campaign).reactions == ()
    ok(table, "/redo", "/redo", "/redo")
    assert table.campaign == before
