"""The scene panel's content as plain styled segments (no Textual, no Rich).

``scene_lines(campaign, limit)`` returns lines, each a list of ``(text, style)`` segments with
Rich style words (``bold``, ``dim``, ``reverse bold`` for the current actor …). The panel box
is about six lines high at 80×24, so when there are more lines than fit the least important
go first (maneuvers, goals, action lines) and a ``… N more`` line says so; the header, a round
limit warning, the pending list, the turn order and the extended checks stay.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from rules.errors import RulesError
from tui.session.campaign.model import Campaign, Scene

if TYPE_CHECKING:  # imported when a Strange/GURPS scene is drawn, not at start-up
    from rules.strange.rounds import Action
    from rules.strange.rounds import Scene as Rounds

__all__ = ["MAX_LINES", "Segment", "scene_lines"]

MAX_LINES = 6
ORDER_WIDTH = 40
Segment = tuple[str, str]  # (text, style)
_Line = tuple[int, list[Segment]]  # (importance: lower stays longer, segments)


def _checks(campaign: Campaign) -> Iterator[_Line]:
    if not campaign.checks:
        return
    from tui.session.extended.view import describe_checks  # loads rules.age only when needed

    for text, style in describe_checks(campaign):
        yield 2, [(text, style)]


def _header(scene: Scene, rounds: Rounds | None) -> list[Segment]:
    kind = " (long-term)" if scene.kind == "long" else ""
    line = [(scene.name, "bold"), (f"{kind}  round {scene.round}", "dim")]
    if scene.phase:
        line.append((f"  {scene.phase.upper()}", "bold cyan"))
    if rounds is not None:
        repeat = max((a.repeat for a in rounds.actions), default=0)
        if not repeat:
            repeat = max((n for _, n in rounds.streaks), default=0)
        line.append((f"  repeat {repeat}/{rounds.limit}",
                     "bold red" if rounds.limit_reached else "dim"))
    return line


def _action_line(action: Action, rounds: Rounds) -> list[Segment]:
    """Status first (the panel is narrow): ``#1 pending, full success: Dallah Wrestling → …``."""
    from rules.strange.rounds import ActionStatus

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
    from rules.strange.rounds import Phase

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


def _strange(rounds: Rounds) -> Iterator[_Line]:
    from rules.strange.rounds import Phase

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


def _short(name: str, names: tuple[str, ...]) -> str:
    """``Vic`` for "Vic Lockwood"; ``G. Moss`` when the first word is shared."""
    words = name.split()
    if len(words) < 2:
        return name
    if sum(1 for n in names if n.split()[:1] == words[:1]) == 1:
        return words[0]
    return f"{words[0][0]}. {words[-1]}"


def _order(scene: Scene) -> list[Segment]:
    """The turn order; past ~44 characters the others' names are shortened, never the
    current actor's (highlighted)."""
    names = scene.turn_order
    shorten = len(" › ".join(names)) > ORDER_WIDTH
    line: list[Segment] = [("order: ", "dim")]
    for i, name in enumerate(names):
        if i:
            line.append((" › ", "dim"))
        current = i == scene.current
        shown = name if current or not shorten else _short(name, names)
        line.append((shown, "reverse bold" if current else ""))
    return line


def _scene(campaign: Campaign, scene: Scene) -> Iterator[_Line]:
    rounds: Rounds | None = None
    damaged = ""
    if campaign.system == "strange":
        from tui.session.systems.strange.rounds import rounds_of

        try:
            rounds = rounds_of(campaign)
        except RulesError as exc:
            damaged = str(exc)
    yield 0, _header(scene, rounds)
    if damaged:
        yield 1, [(damaged, "red")]
    if rounds is not None:
        yield from _strange(rounds)
    if scene.turn_order:
        yield 2, _order(scene)
    if campaign.system != "gurps":
        return
    from tui.session.systems.gurps.maneuvers import describe, entries

    for name, entry in entries(campaign).items():
        try:
            yield 5, [(f"{name}: {describe(entry)}", "")]
        except (RulesError, ValueError, TypeError):
            yield 5, [(f"{name}: maneuver unreadable", "red")]


def scene_lines(campaign: Campaign, limit: int = MAX_LINES) -> list[list[Segment]]:
    """The panel's lines, at most ``limit``; the most important are kept."""
    lines: list[_Line] = []
    if campaign.scene is None:
        lines.append((0, [("No scene running — /scene NAME [active|long]", "dim")]))
    else:
        lines.extend(_scene(campaign, campaign.scene))
    lines.extend(_checks(campaign))
    if len(lines) <= limit:
        return [segs for _, segs in lines]
    ranked = sorted(range(len(lines)), key=lambda i: (lines[i][0], i))
    keep = sorted(ranked[: max(1, limit - 1)])
    out = [lines[i][1] for i in keep]
    out.append([(f"… {len(lines) - len(keep)} more line(s) hidden", "dim")])
    return out
