"""Strange System rounds at the table: the rules' round state machine inside ``Scene.system``.

Pure functions ``Campaign -> Campaign`` (plus a message) over :mod:`rules.strange.rounds`;
the ``/commands`` and roll hooks that use them are in
:mod:`tui.session.systems.strange.commands`.

Interpretation decisions (the seed leaves them to the table):

* A rolled action is FINAL (told at once) when nobody can still react to it: it aims at no
  one, the GM rolled a resistance range for it (the opposition is already in the roll, as in
  the seed's longsword example), its target has already acted this round, or it is 4-4-4-4.
  Otherwise (an action aimed at someone who may still skip) it is PENDING.
* Leaving REACTIONS settles the pending actions nobody can answer any more (rolled, and the
  target did not skip): they stand as rolled. A pending action still awaiting a reaction or
  its roll blocks the next round; ``/resolve N`` lets it stand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.errors import RulesError
from rules.strange import Grade, Result
from rules.strange.records import same_name
from rules.strange.rounds import Action, ActionStatus, Phase, new_scene
from rules.strange.rounds import Scene as Rounds
from tui.i18n import _
from tui.session.campaign.model import Campaign, Scene
from tui.session.campaign.session import CommandError
from tui.session.scenes.base import need_scene, with_scene, with_system
from tui.session.systems.strange.codec import KIND_OF, dump, load
from tui.session.systems.strange.side import DANGER, level_of

__all__ = [
    "DANGER",
    "advance",
    "end",
    "is_final",
    "level_of",
    "limit_prompt",
    "put",
    "rounds_of",
    "settle_standing",
    "start",
    "summary_lines",
    "verdict",
    "with_result",
]


def rounds_of(campaign: Campaign) -> Rounds:
    """The running scene's round state (a fresh one if the save has none yet)."""
    scene = need_scene(campaign)
    doc = scene.system.get("strange")
    if isinstance(doc, Mapping):
        return load(doc)
    phase = scene.phase if scene.phase in {p.value for p in Phase} else "planning"
    return Rounds(kind=KIND_OF.get(scene.kind, KIND_OF["active"]), limit=scene.round_limit,
                  round_number=max(1, scene.round), phase=Phase(phase))


def put(campaign: Campaign, rounds: Rounds) -> Campaign:
    """Store ``rounds`` in the running scene; mirror round, phase and limit on the scene."""
    scene = with_system(need_scene(campaign), "strange", dump(rounds))
    scene = replace(scene, round=rounds.round_number, phase=rounds.phase.value,
                    round_limit=rounds.limit)
    return with_scene(campaign, scene)


def start(_campaign: Campaign, scene: Scene) -> Scene:
    """A new scene with a fresh round state (the system interface's ``scene_started``)."""
    rounds = new_scene(KIND_OF[scene.kind], scene.round_limit)
    return replace(with_system(scene, "strange", dump(rounds)), phase=rounds.phase.value)


def end(scene: Scene) -> tuple[str, list[str]]:
    """(summary, verdicts) of an ending scene (the system interface's ``scene_ended``)."""
    doc = scene.system.get("strange")
    if not isinstance(doc, Mapping):
        return "", []
    try:
        rounds = load(doc)
    except RulesError:
        return "", []
    tallies = rounds.summary().tallies
    return (rounds.summary().label if tallies else "",
            [v.label for v in rounds.verdicts])


def is_final(rounds: Rounds, target: str | None, result: Result) -> bool:
    """Nobody can react to this result any more (see the module notes)."""
    if result.grade is Grade.ABSOLUTE_CRITICAL or target is None or result.opposed:
        return True
    return any(same_name(a.character, target) for a in rounds.actions)


def with_result(rounds: Rounds, number: int, result: Result, *, final: bool,
                outcome: str = "") -> Rounds:
    """Give a declared, not yet rolled action its roll (the rules declare with it at once)."""
    action = rounds.action(number)
    if action.result is not None:
        raise CommandError(_("action #{number} already has its roll").format(number=number))
    done = replace(action, result=result, outcome=outcome,
                   status=ActionStatus.FINAL if final else ActionStatus.PENDING)
    actions = list(rounds.actions)
    actions[number - 1] = done
    return replace(rounds, actions=tuple(actions))


def _awaits(action: Action, rounds: Rounds) -> bool:
    return action.target is not None and any(same_name(s, action.target)
                                             for s in rounds.skipped)


def settle_standing(rounds: Rounds) -> tuple[Rounds, list[int]]:
    """In REACTIONS: pending rolled actions nobody can answer stand as rolled."""
    settled: list[int] = []
    if rounds.phase is not Phase.REACTIONS:
        return rounds, settled
    for action in rounds.pending:
        if action.result is not None and not _awaits(action, rounds):
            rounds = rounds.resolve_action(action.number, outcome="stands")
            settled.append(action.number)
    return rounds, settled


def _blockers(rounds: Rounds) -> str:
    bits = []
    for a in rounds.pending:
        if a.result is None:
            bits.append(f"roll #{a.number} ({a.character}, {a.skill}) or /resolve {a.number}")
        else:
            bits.append(f"{a.target} may react to #{a.number} with a roll, "
                        f"or /resolve {a.number} lets it stand")
    return "; ".join(bits)


def limit_prompt(rounds: Rounds) -> str:
    """The prompt at the round limit: the GM's choices (``/summary`` lists the results)."""
    return (f"round limit {rounds.limit} reached: sum up {rounds.summary().head} with "
            "/compromise [TEXT] (both sides gain and lose something), /sumup TEXT or "
            "/radical TEXT; /summary lists the results")


def summary_lines(rounds: Rounds) -> tuple[str, ...]:
    """One line per character of the accumulated results (or that there are none yet)."""
    return rounds.summary().lines or ("no results yet",)


def pending_text(rounds: Rounds) -> str:
    parts = []
    for a in rounds.pending:
        at = f" → {a.target}" if a.target else ""
        if a.result is None:
            state = "not rolled"
        elif _awaits(a, rounds):
            state = f"awaiting {a.target}'s reaction"
        else:
            state = a.result.grade.label
        parts.append(f"#{a.number} {a.character}{at} ({state})")
    return ", ".join(parts)


_HINTS = {
    Phase.PLANNING: "set goals with /goal CHAR TEXT",
    Phase.ACTIONS: "declare with /act, roll, or /skip CHAR to react",
    Phase.REACTIONS: "reaction rolls resolve the pending actions",
}


def advance(campaign: Campaign) -> tuple[Campaign, str]:
    """``/phase``: PLANNING → ACTIONS → REACTIONS → the next round's PLANNING."""
    rounds = rounds_of(campaign)
    note = ""
    if rounds.phase is Phase.PLANNING:
        rounds = rounds.begin_actions()
    elif rounds.phase is Phase.ACTIONS:
        rounds = rounds.begin_reactions()
        if rounds.pending:
            note = f"; pending: {pending_text(rounds)}"
    else:
        rounds, settled = settle_standing(rounds)
        if rounds.pending:
            raise CommandError(_("round {round_number} is not over: {blockers}").format(
                round_number=rounds.round_number, blockers=_blockers(rounds)))
        if rounds.limit_reached:
            raise CommandError(limit_prompt(rounds))
        rounds = rounds.next_round()
        if settled:
            note = "; " + ", ".join(f"#{n}" for n in settled) + " stand as rolled"
        if rounds.goals:
            note += (f"; goals carried over ({'; '.join(g.label for g in rounds.goals)}): "
                     "/goal CHAR TEXT changes one, /phase keeps them")
    text = (f"round {rounds.round_number}: {rounds.phase.value.upper()} — "
            f"{_HINTS[rounds.phase]}{note}")
    return put(campaign, rounds), text


def verdict(campaign: Campaign, kind: str, note: str) -> tuple[Campaign, str, tuple[str, ...]]:
    """Sum up the series (compromise, summed up, radical change); the repeat count resets.

    Returns the next campaign, the log text and one line per character of the results.
    """
    rounds, _standing = settle_standing(rounds_of(campaign))
    if rounds.phase is Phase.ACTIONS:
        raise CommandError(_("sum up after the reactions phase or during planning (now: actions)"))
    if rounds.phase is Phase.REACTIONS and rounds.pending:
        raise CommandError(_("resolve the pending actions first: {blockers}").format(
            blockers=_blockers(rounds)))
    if kind == "compromise":
        rounds = rounds.compromise(note)
    elif kind == "radical_change":
        rounds = rounds.radical_change(note)
    else:
        rounds = rounds.sum_up(note)
    last = rounds.verdicts[-1]
    text = f"{last.label} ({last.summary.head}); round {rounds.round_number}: PLANNING"
    return put(campaign, rounds), text, last.summary.lines
