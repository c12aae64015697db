"""The Strange System's part of the scene panel: repeat count, limit warning, goals, actions.

Returned as :class:`~tui.session.systems.interface.SceneFragments`; the shared scene view
(:mod:`tui.session.scenes.view`) places them around the turn order and drops the least
important lines (goals, action lines) first when the box is full.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rules.errors import RulesError
from rules.strange.rounds import Action, ActionStatus, Phase
from rules.strange.rounds import Scene as Rounds
from tui.language import _, tr
from tui.session.campaign.model import Campaign
from tui.session.entry.rules_text import rules_message
from tui.session.systems.interface import Line, SceneFragments, Segment
from tui.session.systems.strange.rounds import rounds_of

__all__ = ["fragments"]


def fragments(campaign: Campaign) -> SceneFragments:
    """The running scene's round state as panel lines (a damaged state says so in red)."""
    try:
        rounds = rounds_of(campaign)
    except RulesError as exc:
        return SceneFragments(before_order=((1, [(rules_message(str(exc)), "red")]),))
    hints: tuple[Line, ...] = ()
    if not rounds.goals and rounds.phase is Phase.PLANNING:
        hints = ((5, [(_("planning: /goal CHAR TEXT, then /phase"), "dim")]),)
    return SceneFragments(
        header=(_repeat(rounds),), before_order=tuple(_lines(rounds)), hints=hints
    )


def _repeat(rounds: Rounds) -> Segment:
    repeat = max((a.repeat for a in rounds.actions), default=0)
    if not repeat:
        repeat = max((n for _, n in rounds.streaks), default=0)
    return (
        _("  repeat {n}/{limit}").format(n=repeat, limit=rounds.limit),
        "bold red" if rounds.limit_reached else "dim",
    )


def _action_line(action: Action, rounds: Rounds) -> list[Segment]:
    """Status first (the panel is narrow): ``#1 pending, full success: Dallah Wrestling → …``."""
    at = f" → {action.target}" if action.target else ""
    who = f": {action.character} {action.skill}{at}"
    grade = tr(action.result.grade.label) if action.result is not None else _("not rolled")
    head = (f"#{action.number} ", "")
    if action.status is ActionStatus.PENDING:
        return [head, (_("pending, {grade}").format(grade=grade), "yellow"), (who, "")]
    reaction = next((r for r in rounds.reactions if r.action == action.number), None)
    if reaction is not None:
        winner = {"action": action.character, "reaction": reaction.character, None: _("no one")}[
            reaction.winner
        ]
        return [
            head,
            (_("{name} wins").format(name=winner), "bold"),
            (
                _(": {a} {a_skill} {a_grade} vs {b} {b_skill} {b_grade}").format(
                    a=action.character,
                    a_skill=action.skill,
                    a_grade=grade,
                    b=reaction.character,
                    b_skill=reaction.skill,
                    b_grade=tr(reaction.result.grade.label),
                ),
                "",
            ),
        ]
    good = action.result is not None and action.result.success
    line = [head, (grade, "green" if good else "red")]
    if action.status is ActionStatus.FINAL:
        line.append((_(" (final)"), "dim"))
    elif action.outcome:
        line.append((f" ({outcome_text(action.outcome)})", "dim"))
    return [*line, (who, "")]


_DUEL = re.compile(r"^duel with (.+): (.+) wins$")


def outcome_text(outcome: str) -> str:
    """An action's outcome in the GM's language: the save keeps the rules' English words
    (``stands``, ``duel with Balgruf: Dallah wins``) or the GM's own note (shown as typed)."""
    if outcome == "stands":
        return _("stands")
    duel = _DUEL.match(outcome)
    if duel is None:
        return outcome
    who = _("no one") if duel.group(2) == "no one" else duel.group(2)
    return _("duel with {target}: {name} wins").format(target=duel.group(1), name=who)


def _pending(rounds: Rounds) -> str:
    parts = []
    for a in rounds.pending:
        if a.result is None:
            parts.append(_("#{n} {name} to roll").format(n=a.number, name=a.character))
        elif a.target and any(s == a.target for s in rounds.skipped):
            parts.append(_("#{n} awaits {name}'s reaction").format(n=a.number, name=a.target))
        elif rounds.phase is Phase.ACTIONS:
            parts.append(
                _("#{n} stands unless {name} skips to react").format(n=a.number, name=a.target)
            )
        else:
            parts.append(_("#{n} will stand").format(n=a.number))
    return _("pending: ") + "; ".join(parts)


def _lines(rounds: Rounds) -> Iterator[Line]:
    if rounds.limit_reached:
        yield (
            1,
            [
                (
                    _(
                        "⚠ round limit {limit} reached: /summary, then /compromise, /sumup or "
                        "/radical"
                    ).format(limit=rounds.limit),
                    "bold yellow",
                )
            ],
        )
    if rounds.goals:
        yield 5, [(_("goals: ") + "; ".join(g.label for g in rounds.goals), "italic")]
    for action in rounds.actions:
        yield 4, _action_line(action, rounds)
    if rounds.pending:
        yield 1, [(_pending(rounds), "bold yellow")]
    waiting = [s for s in rounds.skipped if not any(r.character == s for r in rounds.reactions)]
    if waiting:
        yield 3, [(_("skipped to react: ") + ", ".join(waiting), "cyan")]
    if rounds.phase is Phase.PLANNING and rounds.verdicts:
        yield 6, [(_("last: {verdict}").format(verdict=rounds.verdicts[-1].label), "dim")]
