"""The Strange System's part of the scene panel: repeat count, limit warning, goals, actions.

Returned as :class:`~tui.session.systems.interface.SceneFragments`; the shared scene view
(:mod:`tui.session.scenes.view`) places them around the turn order and drops the least
important lines (goals, action lines) first when the box is full.
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.errors import RulesError
from rules.strange.rounds import Action, ActionStatus, Phase
from rules.strange.rounds import Scene as Rounds
from tui.session.campaign.model import Campaign
from tui.session.systems.interface import Line, SceneFragments, Segment
from tui.session.systems.strange.rounds import rounds_of

__all__ = ["fragments"]


def fragments(campaign: Campaign) -> SceneFragments:
    """The running scene's round state as panel lines (a damaged state says so in red)."""
    try:
        rounds = rounds_of(campaign)
    except RulesError as exc:
        return SceneFragments(before_order=((1, [(str(exc), "red")]),))
    return SceneFragments(header=(_repeat(rounds),), before_order=tuple(_lines(rounds)))


def _repeat(rounds: Rounds) -> Segment:
    repeat = max((a.repeat for a in rounds.actions), default=0)
    if not repeat:
        repeat = max((n for _, n in rounds.streaks), default=0)
    return f"  repeat {repeat}/{rounds.limit}", "bold red" if rounds.limit_reached else "dim"


def _action_line(action: Action, rounds: Rounds) -> list[Segment]:
    """Status first (the panel is narrow): ``#1 pending, full success: Dallah Wrestling → …``."""
    at = f" → {action.target}" if action.target else ""
    who = f": {action.character} {action.skill}{at}"
    grade = action.result.grade.label if action.result is not None else "not rolled"
    head = (f"#{action.number} ", "")
    if action.status is ActionStatus.PENDING:
        return [head, (f"pending, {grade}", "yellow"), (who, "")]
    reaction = next((r for r in rounds.reactions if r.action == action.number), None)
    if reaction is not None:
        winner = {"action": action.character, "reaction": reaction.character,
                  None: "no one"}[reaction.winner]
        return [head, (f"{winner} wins", "bold"),
                (f": {action.character} {action.skill} {grade} vs {reaction.character} "
                 f"{reaction.skill} {reaction.result.grade.label}", "")]
    good = action.result is not None and action.result.success
    line = [head, (grade, "green" if good else "red")]
    if action.status is ActionStatus.FINAL:
        line.append((" (final)", "dim"))
    elif action.outcome:
        line.append((f" ({action.outcome})", "dim"))
    return [*line, (who, "")]


def _pending(rounds: Rounds) -> str:
    parts = []
    for a in rounds.pending:
        if a.result is None:
            parts.append(f"#{a.number} {a.character} to roll")
        elif a.target and any(s == a.target for s in rounds.skipped):
            parts.append(f"#{a.number} awaits {a.target}'s reaction")
        elif rounds.phase is Phase.ACTIONS:
            parts.append(f"#{a.number} stands unless {a.target} skips to react")
        else:
            parts.append(f"#{a.number} will stand")
    return "pending: " + "; ".join(parts)


def _lines(rounds: Rounds) -> Iterator[Line]:
    if rounds.limit_reached:
        yield 1, [(f"⚠ round limit {rounds.limit} reached: /summary, then /compromise, "
                   "/sumup or /radical", "bold yellow")]
    if rounds.goals:
        yield 5, [("goals: " + "; ".join(g.label for g in rounds.goals), "italic")]
    elif rounds.phase is Phase.PLANNING:
        yield 5, [("planning: /goal CHAR TEXT, then /phase", "dim")]
    for action in rounds.actions:
        yield 4, _action_line(action, rounds)
    if rounds.pending:
        yield 1, [(_pending(rounds), "bold yellow")]
    waiting = [s for s in rounds.skipped if not any(r.character == s for r in rounds.reactions)]
    if waiting:
        yield 3, [("skipped to react: " + ", ".join(waiting), "cyan")]
    if rounds.phase is Phase.PLANNING and rounds.verdicts:
        yield 6, [(f"last: {rounds.verdicts[-1].label}", "dim")]
