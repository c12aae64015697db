"""Strange System round model: phases, skip-to-react, the round limit and summing up."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.strange import Grade, level_by_name, resolve
from rules.strange.rounds import (
    ActionStatus,
    Phase,
    Scene,
    SceneKind,
    new_scene,
)

SKILLED = level_by_name("Умелец")
PROFESSIONAL = level_by_name("Профессионал")

DALLAH_THROW = resolve((1, 6, 5, 5), (3, 6), SKILLED.required_hits)
BALGRUF_ATHLETICS = resolve((2, 4, 6, 6), (3, 6), PROFESSIONAL.required_hits)
LONGSWORD = resolve((1, 6, 6, 5), (2, 6), 2, resistance_range=(4, 6))


def planned(scene: Scene | None = None) -> Scene:
    scene = scene or new_scene(SceneKind.ACTIVE, limit=2)
    return scene.set_goal("Dallah", "throw Balgruf down").set_goal("Balgruf", "stay up")


def test_wrestling_round_balgruf_skips_and_wins_the_reaction() -> None:
    scene = planned().begin_actions()
    scene = scene.declare(
        "Dallah", "trip and throw", "Brawling", SKILLED.rank, target="Balgruf", result=DALLAH_THROW
    )
    scene = scene.skip("Balgruf")
    assert scene.actions[0].status is ActionStatus.PENDING
    scene = scene.begin_reactions()
    assert scene.awaiting_reaction == ("Balgruf",)
    assert not scene.round_complete
    scene = scene.react("Balgruf", 1, "Athletics", PROFESSIONAL.rank, BALGRUF_ATHLETICS)
    reaction = scene.reactions[0]
    assert (reaction.character, reaction.action, reaction.winner) == ("Balgruf", 1, "reaction")
    assert scene.actions[0].status is ActionStatus.RESOLVED
    assert "reaction wins" in scene.actions[0].outcome
    assert scene.round_complete and scene.awaiting_reaction == ()
    nxt = scene.next_round()
    assert (nxt.round_number, nxt.phase, nxt.actions) == (2, Phase.PLANNING, ())
    # the goals carry over into the next round of the series (the wrestling goes on)
    assert [(g.actor, g.text, g.carried) for g in nxt.goals] == [
        ("Dallah", "throw Balgruf down", True),
        ("Balgruf", "stay up", True),
    ]
    assert nxt.history[0].reactions == (reaction,)
    tallies = {t.character: t for t in nxt.summary().tallies}
    assert tallies["Balgruf"].contests_won == 1 and tallies["Dallah"].contests_lost == 1


def test_guaranteed_result_is_final_at_once_and_cannot_be_reacted_to() -> None:
    scene = planned().begin_actions()
    scene = scene.declare(
        "Dallah", "overhead cut", "Longsword", 2, target="Balgruf", result=LONGSWORD, final=True
    )
    scene = scene.skip("Balgruf").begin_reactions()
    assert scene.actions[0].status is ActionStatus.FINAL
    assert scene.round_complete
    with pytest.raises(RulesError, match="final"):
        scene.react("Balgruf", 1, "Parry", 2, BALGRUF_ATHLETICS)


def test_phases_run_in_order_and_every_transition_returns_a_new_state() -> None:
    start = new_scene(SceneKind.LONG_TERM, limit=3)
    assert (start.phase, start.round_number, start.kind.label) == (
        Phase.PLANNING,
        1,
        "long-term scene",
    )
    goal = start.set_goal("caravan", "reach the pass")
    assert start.goals == () and goal.goal_of("CARAVAN") is not None
    acting = goal.begin_actions()
    assert goal.phase is Phase.PLANNING and acting.phase is Phase.ACTIONS
    declared = acting.declare("Kirma", "scout ahead", "Riding", 3)
    assert acting.actions == () and declared.actions[0].number == 1
    reacting = declared.begin_reactions()
    resolved = reacting.resolve_action(1, result=resolve((4, 5, 1, 1), (4, 5), 1), outcome="ok")
    assert reacting.pending and not resolved.pending
    assert resolved.actions[0].result is not None and resolved.actions[0].outcome == "ok"
    assert resolved.next_round().phase is Phase.PLANNING


def test_goal_revised_while_planning_is_open() -> None:
    scene = planned().set_goal("dallah", "pin Balgruf")
    assert [g.text for g in scene.goals] == ["stay up", "pin Balgruf"]


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda s: s.begin_actions().set_goal("Dallah", "flee"), "planning"),
        (lambda s: s.begin_actions().set_goal("Ulfric", "watch"), "planning"),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "cut", "Longsword", 2, result=LONGSWORD, final=True)
                .begin_reactions()
                .set_goal("Balgruf", "win")
            ),
            "planning",
        ),
        (lambda s: s.declare("Dallah", "cut", "Longsword", 2), "actions phase"),
        (lambda s: s.skip("Dallah"), "actions phase"),
        (lambda s: s.begin_reactions(), "after the actions"),
        (lambda s: s.next_round(), "after the reactions"),
        (lambda s: new_scene().begin_actions(), "at least one goal"),
        (lambda s: s.begin_actions().begin_reactions(), "at least one action"),
        (lambda s: s.begin_actions().begin_actions(), "after planning"),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "cut", "Longsword", 2)
                .declare("Dallah", "kick", "Brawling", 1)
            ),
            "already acted",
        ),
        (
            lambda s: s.begin_actions().skip("Balgruf").declare("balgruf", "cut", "Sword", 2),
            "already skipped",
        ),
        (
            lambda s: s.begin_actions().declare("Dallah", "cut", "Longsword", 2, final=True),
            "needs its result",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, target="Balgruf", result=DALLAH_THROW)
                .begin_reactions()
                .react("Balgruf", 1, "Athletics", 2, BALGRUF_ATHLETICS)
            ),
            "did not skip",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, target="Ulfric", result=DALLAH_THROW)
                .skip("Balgruf")
                .begin_reactions()
                .react("Balgruf", 1, "Athletics", 2, BALGRUF_ATHLETICS)
            ),
            "not aimed at Balgruf",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, target="Balgruf")
                .skip("Balgruf")
                .begin_reactions()
                .react("Balgruf", 1, "Athletics", 2, BALGRUF_ATHLETICS)
            ),
            "roll action #1",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, target="Balgruf", result=DALLAH_THROW)
                .skip("Balgruf")
                .react("Balgruf", 1, "Athletics", 2, BALGRUF_ATHLETICS)
            ),
            "reactions phase",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, result=DALLAH_THROW)
                .begin_reactions()
                .next_round()
            ),
            "resolve pending actions #1",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, result=DALLAH_THROW)
                .begin_reactions()
                .resolve_action(2)
            ),
            "action number",
        ),
        (
            lambda s: (
                s.begin_actions()
                .declare("Dallah", "throw", "Brawling", 1, result=DALLAH_THROW)
                .begin_reactions()
                .resolve_action(1, result=DALLAH_THROW)
            ),
            "already has a result",
        ),
        (lambda s: s.begin_actions().declare("Dallah", " ", "Brawling", 1), "method"),
        (lambda s: s.begin_actions().declare("Dallah", "cut", "Sword", 0), "rank"),
        (lambda s: s.begin_actions().declare("Dallah", "cut", "Sword", 1, result="6-6"), "result"),
        (lambda s: s.end().set_goal("Dallah", "x"), "ended"),
    ],
)
def test_illegal_transitions_raise(build: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        build(planned())  # type: ignore[operator]


@pytest.mark.parametrize("limit", [0, 5, -1, True])
def test_round_limit_must_be_1_to_4(limit: int) -> None:
    with pytest.raises(RulesError, match="round limit"):
        new_scene(SceneKind.ACTIVE, limit=limit)


def play_round(scene: Scene, method: str = "overhead cut") -> Scene:
    """One round where Dallah repeats an action with a final result."""
    scene = scene.set_goal("Dallah", "wound Balgruf").begin_actions()
    scene = scene.declare("Dallah", method, "Longsword", 2, result=LONGSWORD, final=True)
    return scene.begin_reactions()


@pytest.mark.parametrize("limit", [1, 2, 3, 4])
def test_same_action_repeated_up_to_the_limit_then_the_gm_must_sum_up(limit: int) -> None:
    scene = new_scene(SceneKind.ACTIVE, limit=limit)
    for repeat in range(1, limit + 1):
        scene = play_round(scene)
        assert scene.actions[0].repeat == repeat
        assert scene.limit_reached is (repeat == limit)
        if repeat < limit:
            scene = scene.next_round()
    with pytest.raises(RulesError, match="sum up"):
        scene.next_round()
    summary = scene.summary()
    assert (summary.first_round, summary.last_round) == (1, limit)
    dallah = summary.tallies[0]
    assert dallah.actions == limit and dallah.successes == limit
    assert dallah.grades == (Grade.FULL_SUCCESS,) * limit
    after = scene.compromise("Dallah gains ground, loses his shield")
    assert after.phase is Phase.PLANNING and after.round_number == limit + 1
    assert after.verdicts[0].kind == "compromise"
    assert after.verdicts[0].summary == summary
    assert not after.limit_reached
    assert play_round(after).actions[0].repeat == 1  # a new series starts
    assert after.summary().first_round == limit + 1


def test_a_different_action_resets_the_count() -> None:
    scene = play_round(new_scene(limit=2)).next_round()
    scene = play_round(scene, method="thrust")
    assert scene.actions[0].repeat == 1 and not scene.limit_reached
    scene = play_round(scene.next_round(), method="thrust")
    assert scene.actions[0].repeat == 2 and scene.limit_reached


def test_sum_up_and_radical_change_are_verdicts_too() -> None:
    scene = play_round(new_scene(limit=4))
    summed = scene.sum_up("Balgruf yields")
    assert summed.verdicts[0].label == "summed up: Balgruf yields"
    changed = summed.radical_change("the hall catches fire")
    assert changed.verdicts[-1].kind == "radical_change"
    assert changed.round_number == summed.round_number  # during planning: no new round
    with pytest.raises(RulesError, match="verdict kind"):
        scene.sum_up("x", kind="surrender")  # type: ignore[arg-type]
    ended = changed.end("the fight is over")
    assert ended.ended and "ended" in ended.label


def test_impact_accumulates_in_the_summary() -> None:
    bow = resolve((3, 3, 4, 5), (4, 5), 2, resistance_range=(3, 4), range_modifier=-1)
    scene = new_scene(limit=2).set_goal("Kirma", "shoot the orc").begin_actions()
    scene = scene.declare("Kirma", "shoot", "Bow", 2, target="Og'lai", result=bow, final=True)
    kirma = scene.begin_reactions().summary().tallies[0]
    assert (kirma.failures, kirma.impact) == (1, 2)


actions = st.lists(
    st.tuples(st.sampled_from(["cut", "thrust", "feint"]), st.booleans()), min_size=1, max_size=12
)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), actions)
def test_repeat_never_exceeds_the_limit(limit: int, plan: list[tuple[str, bool]]) -> None:
    scene = new_scene(limit=limit)
    for method, sum_up in plan:
        scene = play_round(scene, method)
        assert 1 <= scene.actions[0].repeat <= limit
        assert scene.limit_reached is (scene.actions[0].repeat == limit)
        scene = scene.sum_up() if scene.limit_reached or sum_up else scene.next_round()
    assert len(scene.history) == len(plan)


def test_scene_can_end_mid_round_and_keeps_that_round() -> None:
    scene = planned().begin_actions().declare("Dallah", "cut", "Longsword", 2, result=LONGSWORD)
    ended = scene.end("an earthquake")
    assert ended.ended and ended.end_note == "an earthquake"
    assert ended.history[-1].actions == scene.actions
    assert ended.summary().tallies[0].actions == 1  # not counted twice
    with pytest.raises(RulesError, match="ended"):
        ended.skip("Balgruf")


def test_an_action_beaten_by_a_reaction_is_no_success_in_the_books() -> None:
    # Dallah's throw is a full success on its own dice, but Balgruf's reaction wins
    scene = planned().begin_actions()
    scene = scene.declare(
        "Dallah", "trip and throw", "Brawling", SKILLED.rank, target="Balgruf", result=DALLAH_THROW
    )
    scene = scene.skip("Balgruf").begin_reactions()
    scene = scene.react("Balgruf", 1, "Athletics", PROFESSIONAL.rank, BALGRUF_ATHLETICS)
    tallies = {t.character: t for t in scene.summary().tallies}
    assert (tallies["Dallah"].successes, tallies["Dallah"].failures) == (0, 1)
    assert DALLAH_THROW.success  # the grade itself stays what the dice said


def test_a_duel_in_the_actions_phase_is_a_contest_for_both_sides() -> None:
    """The seed's wrestling as a duel typed at once: Balgruf wins; the books say so."""
    scene = planned().begin_actions()
    scene = scene.declare(
        "Dallah",
        "wrestling",
        "Brawling",
        SKILLED.rank,
        target="Balgruf",
        result=DALLAH_THROW,
        final=True,
    )
    scene = scene.duel(1, "Balgruf", "Athletics", PROFESSIONAL.rank, BALGRUF_ATHLETICS)
    assert scene.reactions[0].winner == "reaction"
    assert scene.actions[0].status is ActionStatus.FINAL
    tallies = {t.character: t for t in scene.summary().tallies}
    assert tallies["Dallah"].label == (
        "Dallah: 1 action, 0 successes, 1 failure, impact 0, contests 0 won / 1 lost"
    )
    assert tallies["Balgruf"].contests_won == 1 and tallies["Balgruf"].actions == 0
    # Dallah winning the same duel (his dice against weaker ones) is his success
    weak = resolve((1, 1, 2, 2), (3, 6), PROFESSIONAL.required_hits)
    won = planned().begin_actions()
    won = won.declare("Dallah", "wrestling", "Brawling", SKILLED.rank, result=DALLAH_THROW)
    won = won.duel(1, "Balgruf", "Athletics", PROFESSIONAL.rank, weak)
    dallah = {t.character: t for t in won.summary().tallies}["Dallah"]
    assert (dallah.successes, dallah.contests_won) == (1, 1)


def test_a_duel_is_refused_against_oneself_another_target_or_twice() -> None:
    scene = planned().begin_actions()
    scene = scene.declare(
        "Dallah", "wrestling", "Brawling", SKILLED.rank, target="Balgruf", result=DALLAH_THROW
    )
    with pytest.raises(RulesError, match="own action"):
        scene.duel(1, "dallah", "Brawling", SKILLED.rank, BALGRUF_ATHLETICS)
    with pytest.raises(RulesError, match="aimed at Balgruf"):
        scene.duel(1, "Kirma", "Riding", SKILLED.rank, BALGRUF_ATHLETICS)
    once = scene.duel(1, "Balgruf", "Athletics", PROFESSIONAL.rank, BALGRUF_ATHLETICS)
    with pytest.raises(RulesError, match="already"):
        once.duel(1, "Balgruf", "Athletics", PROFESSIONAL.rank, BALGRUF_ATHLETICS)
