"""Strange System scenes and rounds as an immutable state machine.

A round runs PLANNING (each side or character states a goal, fixed for the round) → ACTIONS
(characters declare method and skill in order; a result with a guaranteed outcome is FINAL at
once, otherwise PENDING; a character may skip to react) → REACTIONS (pending actions are
resolved; a character who skipped reacts, with an opposed roll, to a pending action aimed at
them) → the next round's PLANNING. Every transition returns a new :class:`Scene`; illegal
ones raise ``RulesError``.

Round limit: the same action (same character, method and skill) may be declared 1..limit
rounds in a row. When an action of the current round reaches the limit, ``limit_reached`` is
set and the GM must sum up (:meth:`Scene.sum_up`, :meth:`Scene.compromise` or
:meth:`Scene.radical_change`) before the next round; summing up starts a new series.

Goals carry over: the next round of the same series starts with the goals of the round
before (marked ``carried``), since the same action may go on for up to ``limit`` rounds in
pursuit of the same goal; :meth:`Scene.set_goal` during planning changes one. Summing up
ends the series, and the next round starts without goals.

Interpretation decisions: a goal may be revised while planning is open and never after;
a FINAL action cannot be reacted to (its outcome is guaranteed); a reaction resolves the
action it answers, the winner decided like a duel (a lone 4-4-4-4, then effective hits,
then rank — a danger class on the skill ranks' scale).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rules.errors import RulesError
from rules.exact import check_bool, check_int
from rules.strange.core import Result, contest_winner
from rules.strange.ladder import Rank, check_rank
from rules.strange.records import (
    MAX_ROUND_LIMIT,
    Action,
    ActionKey,
    ActionStatus,
    CharacterTally,
    Goal,
    Phase,
    Reaction,
    RoundRecord,
    SceneKind,
    Summary,
    Verdict,
    VerdictKind,
    check_note,
    check_result,
    check_text,
    same_name,
    tallies,
)

__all__ = [
    "MAX_ROUND_LIMIT",
    "Action",
    "ActionStatus",
    "CharacterTally",
    "Goal",
    "Phase",
    "Reaction",
    "RoundRecord",
    "Scene",
    "SceneKind",
    "Summary",
    "Verdict",
    "VerdictKind",
    "new_scene",
]


@dataclass(frozen=True, slots=True)
class Scene:
    """The whole state of a scene: current round, its phase, and what happened so far.

    Build one with :func:`new_scene`; change it only through the transition methods.
    """

    kind: SceneKind
    limit: int
    round_number: int = 1
    phase: Phase = Phase.PLANNING
    goals: tuple[Goal, ...] = ()
    actions: tuple[Action, ...] = ()
    skipped: tuple[str, ...] = ()
    reactions: tuple[Reaction, ...] = ()
    history: tuple[RoundRecord, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    series_start: int = 1
    streaks: tuple[tuple[ActionKey, int], ...] = ()
    ended: bool = False
    end_note: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, SceneKind):
            raise RulesError(f"kind must be a SceneKind, got {self.kind!r}")
        check_int("round limit", self.limit, 1, MAX_ROUND_LIMIT)
        check_int("round_number", self.round_number, 1, None)

    # -- queries -------------------------------------------------------------------------

    @property
    def limit_reached(self) -> bool:
        """An action of this round hit the agreed limit: the GM must sum up."""
        return any(a.repeat >= self.limit for a in self.actions)

    @property
    def pending(self) -> tuple[Action, ...]:
        """Actions still waiting for an outcome."""
        return tuple(a for a in self.actions if a.status is ActionStatus.PENDING)

    @property
    def awaiting_reaction(self) -> tuple[str, ...]:
        """Skipped characters with a pending action aimed at them and no reaction yet."""
        return tuple(
            name
            for name in self.skipped
            if any(a.target is not None and same_name(a.target, name) for a in self.pending)
        )

    @property
    def round_complete(self) -> bool:
        """In REACTIONS with nothing pending: the round may close."""
        return self.phase is Phase.REACTIONS and not self.pending

    def goal_of(self, actor: str) -> Goal | None:
        """This round's goal of a side or character, if stated."""
        return next((g for g in self.goals if same_name(g.actor, actor)), None)

    def action(self, number: int) -> Action:
        """This round's action by its number."""
        check_int("action number", number, 1, None)
        if number > len(self.actions):
            raise RulesError(f"action number must be within 1..{len(self.actions)}, got {number}")
        return self.actions[number - 1]

    def summary(self) -> Summary:
        """Accumulated results since the last verdict, including the round in progress."""
        records = tuple(r for r in self.history if r.number >= self.series_start)
        last = self.round_number - 1
        if self.phase is not Phase.PLANNING:
            last = self.round_number
        if self.phase is not Phase.PLANNING and not self.ended:
            records += (self._record(),)
        return Summary(
            first_round=self.series_start,
            last_round=max(last, self.series_start),
            tallies=tallies(records),
        )

    @property
    def label(self) -> str:
        state = "ended" if self.ended else self.phase.label
        flag = ", limit reached" if self.limit_reached else ""
        return f"{self.kind.label}, round {self.round_number}, {state}{flag}"

    # -- transitions ---------------------------------------------------------------------

    def set_goal(self, actor: str, text: str) -> Scene:
        """State (or, while planning is open, revise) the goal of a side or character."""
        self._need(Phase.PLANNING, "a goal can only be set in the planning phase")
        goal = Goal(check_text("actor", actor), check_text("goal", text))
        kept = tuple(g for g in self.goals if not same_name(g.actor, goal.actor))
        return replace(self, goals=(*kept, goal))

    def begin_actions(self) -> Scene:
        """Close planning: the goals are now fixed for the round."""
        self._need(Phase.PLANNING, "actions begin only after planning")
        if not self.goals:
            raise RulesError("state at least one goal before the actions phase")
        return replace(self, phase=Phase.ACTIONS)

    def declare(
        self,
        character: str,
        method: str,
        skill: str,
        rank: Rank,
        *,
        target: str | None = None,
        result: Result | None = None,
        final: bool = False,
    ) -> Scene:
        """Declare the next action in order.

        Args:
            character: who acts.
            method: how (free text, e.g. "overhead cut").
            skill: the skill used.
            rank: the skill level's rank (or danger class) for tie-breaks.
            target: the character the action is aimed at, who may react if they skipped.
            result: the check's result, or None when it will be rolled later.
            final: the result has a guaranteed outcome and is told at once.
        """
        self._need(Phase.ACTIONS, "actions can only be declared in the actions phase")
        name = check_text("character", character)
        self._not_yet(name)
        check_rank("rank", rank)
        if result is not None:
            check_result(result)
        check_bool("final", final)
        if final and result is None:
            raise RulesError("a final action needs its result")
        aimed = None if target is None else check_text("target", target)
        action = Action(
            number=len(self.actions) + 1,
            character=name,
            method=check_text("method", method),
            skill=check_text("skill", skill),
            rank=rank,
            target=aimed,
            result=result,
            status=ActionStatus.FINAL if final else ActionStatus.PENDING,
            repeat=1,
        )
        repeat = dict(self.streaks).get(action.key, 0) + 1
        if repeat > self.limit:
            raise RulesError(
                f"this action was declared {self.limit} rounds in a row (the round limit): "
                "the GM must sum up first"
            )
        return replace(self, actions=(*self.actions, replace(action, repeat=repeat)))

    def skip(self, character: str) -> Scene:
        """The character skips the actions phase to react later."""
        self._need(Phase.ACTIONS, "a character can only skip during the actions phase")
        name = check_text("character", character)
        self._not_yet(name)
        return replace(self, skipped=(*self.skipped, name))

    def begin_reactions(self) -> Scene:
        """Close the actions phase."""
        self._need(Phase.ACTIONS, "reactions begin only after the actions phase")
        if not self.actions:
            raise RulesError("declare at least one action before the reactions phase")
        return replace(self, phase=Phase.REACTIONS)

    def resolve_action(
        self, number: int, *, result: Result | None = None, outcome: str = ""
    ) -> Scene:
        """Settle a pending action (optionally with its late roll) and note what happened."""
        self._need(Phase.REACTIONS, "pending actions are resolved in the reactions phase")
        action = self.action(number)
        if action.status is not ActionStatus.PENDING:
            raise RulesError(f"action #{number} is {action.status.label}, not pending")
        if result is not None and action.result is not None:
            raise RulesError(f"action #{number} already has a result")
        done = replace(
            action,
            result=action.result if result is None else check_result(result),
            status=ActionStatus.RESOLVED,
            outcome=check_note(outcome),
        )
        return self._with_action(done)

    def react(self, character: str, number: int, skill: str, rank: Rank, result: Result) -> Scene:
        """A skipped character answers the pending action aimed at them with an opposed roll.

        The winner is decided like a duel: a lone 4-4-4-4, then effective hits, then rank,
        else no winner.
        """
        self._need(Phase.REACTIONS, "reactions happen only in the reactions phase")
        name = check_text("character", character)
        if not any(same_name(s, name) for s in self.skipped):
            raise RulesError(f"{name} did not skip the actions phase, so cannot react")
        action = self.action(number)
        if action.target is None or not same_name(action.target, name):
            raise RulesError(f"action #{number} is not aimed at {name}")
        if action.status is not ActionStatus.PENDING:
            raise RulesError(f"action #{number} is {action.status.label}; only pending ones")
        reaction = self._contest(action, name, skill, rank, result)
        done = replace(action, status=ActionStatus.RESOLVED, outcome=reaction.label)
        return replace(self._with_action(done), reactions=(*self.reactions, reaction))

    def duel(self, number: int, character: str, skill: str, rank: Rank, result: Result) -> Scene:
        """The other side of a duel rolled with action ``number`` in the actions phase.

        A duel is told at once (both sides rolled 4d6 together), so the action stays FINAL;
        the other side's roll is kept as a reaction to it, decided as :meth:`react` decides,
        so the round's books count the contest for both (the loser's action is no success).
        """
        self._need(Phase.ACTIONS, "a duel is rolled with its action in the actions phase")
        name = check_text("character", character)
        action = self.action(number)
        if same_name(action.character, name):
            raise RulesError(f"{name} cannot duel their own action #{number}")
        if action.target is not None and not same_name(action.target, name):
            raise RulesError(f"action #{number} is aimed at {action.target}, not {name}")
        if any(r.action == number for r in self.reactions):
            raise RulesError(f"action #{number} already has its other side")
        reaction = self._contest(action, name, skill, rank, result)
        return replace(self, reactions=(*self.reactions, reaction))

    def next_round(self) -> Scene:
        """Close the round and open the next round's planning."""
        self._complete("the next round")
        if self.limit_reached:
            raise RulesError("the round limit is reached: the GM must sum up first")
        streaks = tuple((a.key, a.repeat) for a in self.actions)
        goals = tuple(replace(g, carried=True) for g in self.goals)
        return self._close(streaks=streaks, series_start=self.series_start, goals=goals)

    def sum_up(self, note: str = "", *, kind: VerdictKind = "summed_up") -> Scene:
        """The GM sums up the series from the accumulated results; a new series starts.

        Allowed when the round is complete (it is closed too) or during planning.
        """
        if kind not in ("summed_up", "compromise", "radical_change"):
            raise RulesError("verdict kind must be summed_up, compromise or radical_change")
        if self.phase is not Phase.PLANNING:
            self._complete("summing up")
        verdict = Verdict(kind, check_note(note), self.summary())
        state = replace(self, verdicts=(*self.verdicts, verdict))
        if self.phase is Phase.PLANNING:
            return replace(state, streaks=(), series_start=self.round_number, goals=())
        return state._close(streaks=(), series_start=self.round_number + 1)

    def compromise(self, note: str = "") -> Scene:
        """Neither side got the advantage: both gain and lose something (see :meth:`sum_up`)."""
        return self.sum_up(note, kind="compromise")

    def radical_change(self, note: str = "") -> Scene:
        """A compromise is impossible: the GM changes the scene radically (see :meth:`sum_up`)."""
        return self.sum_up(note, kind="radical_change")

    def end(self, note: str = "") -> Scene:
        """End the scene (its conditions are exhausted or changed radically), at any point.

        A round in progress is kept in ``history`` as it stands.
        """
        self._alive()
        history = self.history
        if self.phase is not Phase.PLANNING:
            history = (*history, self._record())
        return replace(self, ended=True, end_note=check_note(note), history=history)

    # -- helpers -------------------------------------------------------------------------

    def _alive(self) -> None:
        if self.ended:
            raise RulesError("the scene has ended")

    def _need(self, phase: Phase, message: str) -> None:
        self._alive()
        if self.phase is not phase:
            raise RulesError(f"{message} (now: {self.phase.label})")

    def _complete(self, what: str) -> None:
        self._need(Phase.REACTIONS, f"{what} comes after the reactions phase")
        if self.pending:
            numbers = ", ".join(f"#{a.number}" for a in self.pending)
            raise RulesError(f"resolve pending actions {numbers} before {what}")

    def _not_yet(self, name: str) -> None:
        if any(same_name(a.character, name) for a in self.actions):
            raise RulesError(f"{name} has already acted this round")
        if any(same_name(s, name) for s in self.skipped):
            raise RulesError(f"{name} has already skipped to react this round")

    def _contest(
        self, action: Action, name: str, skill: str, rank: Rank, result: Result
    ) -> Reaction:
        """``name``'s roll against ``action``: a lone 4-4-4-4, then effective hits, then
        rank, else no winner."""
        if action.result is None:
            raise RulesError(f"roll action #{action.number} before answering it")
        check_rank("rank", rank)
        mine = check_result(result)
        side = contest_winner(
            action.result.effective_hits,
            action.rank,
            mine.effective_hits,
            rank,
            a_absolute=action.result.absolute,
            b_absolute=mine.absolute,
        )
        winner: Literal["action", "reaction"] | None = (
            None if side is None else ("action" if side == "a" else "reaction")
        )
        return Reaction(name, action.number, check_text("skill", skill), rank, mine, winner)

    def _with_action(self, action: Action) -> Scene:
        actions = list(self.actions)
        actions[action.number - 1] = action
        return replace(self, actions=tuple(actions))

    def _record(self) -> RoundRecord:
        return RoundRecord(
            self.round_number, self.goals, self.actions, self.skipped, self.reactions
        )

    def _close(
        self,
        *,
        streaks: tuple[tuple[ActionKey, int], ...],
        series_start: int,
        goals: tuple[Goal, ...] = (),
    ) -> Scene:
        return replace(
            self,
            round_number=self.round_number + 1,
            phase=Phase.PLANNING,
            goals=goals,
            actions=(),
            skipped=(),
            reactions=(),
            history=(*self.history, self._record()),
            series_start=series_start,
            streaks=streaks,
        )


def new_scene(kind: SceneKind = SceneKind.ACTIVE, limit: int = MAX_ROUND_LIMIT) -> Scene:
    """A fresh scene in round 1's planning phase, with the agreed round limit (1..4)."""
    return Scene(kind=kind, limit=limit)
