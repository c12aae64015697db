"""Strange System rounds at the table: the rules' round state machine inside ``Scene.system``.

Pure functions ``Campaign -> Campaign`` (plus a message) over :mod:`rules.strange.rounds`; the
``/commands`` and roll hooks that use them are in :mod:`.commands`. The seed leaves it to the
table when a rolled action is told at once (:func:`is_final`) and when pending actions stand
(:func:`settle_standing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.errors import RulesError
from rules.strange import Grade, Result
from rules.strange.records import CharacterTally, Summary, Verdict, same_name
from rules.strange.rounds import Action, ActionStatus, Phase, new_scene
from rules.strange.rounds import Scene as Rounds
from tui.language import N_, Msg, _, joined, msg, nmsg, term, verbatim
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
    return Rounds(
        kind=KIND_OF.get(scene.kind, KIND_OF["active"]),
        limit=scene.round_limit,
        round_number=max(1, scene.round),
        phase=Phase(phase),
    )


def put(campaign: Campaign, rounds: Rounds) -> Campaign:
    """Store ``rounds`` in the running scene; mirror round, phase and limit on the scene."""
    scene = with_system(need_scene(campaign), "strange", dump(rounds))
    scene = replace(
        scene, round=rounds.round_number, phase=rounds.phase.value, round_limit=rounds.limit
    )
    return with_scene(campaign, scene)


def start(_campaign: Campaign, scene: Scene) -> Scene:
    """A new scene with a fresh round state (the system interface's ``scene_started``)."""
    rounds = new_scene(KIND_OF[scene.kind], scene.round_limit)
    return replace(with_system(scene, "strange", dump(rounds)), phase=rounds.phase.value)


def end(scene: Scene) -> tuple[str | Msg, list[str | Msg]]:
    """(summary, verdicts) of an ending scene (the system interface's ``scene_ended``), as
    messages: the scene history keeps them as they read, the log keeps their facts."""
    doc = scene.system.get("strange")
    if not isinstance(doc, Mapping):
        return "", []
    try:
        rounds = load(doc)
    except RulesError:
        return "", []
    summary = rounds.summary()
    said = joined(
        *[
            part
            for i, m in enumerate((head_msg(summary), *summary_lines(rounds)))
            for part in (("; " if i else ""), m)
        ]
    )
    return (said if summary.tallies else "", [verdict_msg(v) for v in rounds.verdicts])


def is_final(rounds: Rounds, target: str | None, result: Result) -> bool:
    """Nobody can react to this result any more, so it is FINAL (told at once): it aims at
    no one, the GM rolled a resistance range for it (the opposition is already in the roll,
    as in the seed's longsword example), its target has already acted this round, or it is
    4-4-4-4. Otherwise (aimed at someone who may still skip) it is PENDING."""
    if result.grade is Grade.ABSOLUTE_CRITICAL or target is None or result.opposed:
        return True
    return any(same_name(a.character, target) for a in rounds.actions)


def with_result(
    rounds: Rounds, number: int, result: Result, *, final: bool, outcome: str = ""
) -> Rounds:
    """Give a declared, not yet rolled action its roll (the rules declare with it at once)."""
    action = rounds.action(number)
    if action.result is not None:
        raise CommandError(_("action #{number} already has its roll").format(number=number))
    done = replace(
        action,
        result=result,
        outcome=outcome,
        status=ActionStatus.FINAL if final else ActionStatus.PENDING,
    )
    actions = list(rounds.actions)
    actions[number - 1] = done
    return replace(rounds, actions=tuple(actions))


def _awaits(action: Action, rounds: Rounds) -> bool:
    return action.target is not None and any(same_name(s, action.target) for s in rounds.skipped)


def settle_standing(rounds: Rounds) -> tuple[Rounds, list[int]]:
    """In REACTIONS: pending rolled actions nobody can answer any more (rolled, and the
    target did not skip) stand as rolled. One still awaiting a reaction or its roll blocks
    the next round; ``/resolve N`` lets it stand."""
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
            bits.append(
                _("roll #{n} ({name}, {skill}) or /resolve {n}").format(
                    n=a.number, name=a.character, skill=a.skill
                )
            )
        else:
            bits.append(
                _("{target} may react to #{n} with a roll, or /resolve {n} lets it stand").format(
                    target=a.target, n=a.number
                )
            )
    return "; ".join(bits)


def head_msg(summary: Summary) -> Msg:
    """``round 2`` or ``rounds 1-3`` (the rules' ``head``) as a fact."""
    if summary.first_round == summary.last_round:
        return msg("round {n}", n=summary.first_round)
    return msg("rounds {first}-{last}", first=summary.first_round, last=summary.last_round)


def tally_msg(t: CharacterTally) -> Msg:
    """One character's results (the rules' ``label``, word for word in English)."""
    return msg(
        "{name}: {actions}, {successes}, {failures}, impact {impact}, contests {won} "
        "won / {lost} lost",
        name=t.character,
        actions=nmsg("{n} action", "{n} actions", t.actions),
        successes=nmsg("{n} success", "{n} successes", t.successes),
        failures=nmsg("{n} failure", "{n} failures", t.failures),
        impact=t.impact,
        won=t.contests_won,
        lost=t.contests_lost,
    )


def limit_prompt(rounds: Rounds) -> Msg:
    """The prompt at the round limit: the GM's choices (``/summary`` lists the results)."""
    return msg(
        "round limit {limit} reached: sum up {rounds} with /compromise [TEXT] (both "
        "sides gain and lose something), /sumup TEXT or /radical TEXT; /summary lists "
        "the results",
        limit=rounds.limit,
        rounds=head_msg(rounds.summary()),
    )


def summary_lines(rounds: Rounds) -> tuple[Msg, ...]:
    """One line per character of the accumulated results (or that there are none yet)."""
    return tuple(tally_msg(t) for t in rounds.summary().tallies) or (msg("no results yet"),)


def pending_msg(rounds: Rounds) -> Msg:
    """The pending actions, ``#1 Dallah → Balgruf (not rolled)``, as a fact."""
    parts: list[str | Msg] = []
    for a in rounds.pending:
        at = f" → {a.target}" if a.target else ""
        if a.result is None:
            state: Msg = msg("not rolled")
        elif _awaits(a, rounds):
            state = msg("awaiting {name}'s reaction", name=str(a.target))
        else:
            state = term(a.result.grade.label)
        parts += [", "] if parts else []
        parts.append(
            msg("#{n} {name}{at} ({state})", n=a.number, name=a.character, at=at, state=state)
        )
    return joined(*parts)


#: the phases as the round line says them
PHASES = {
    Phase.PLANNING: N_("PLANNING"),
    Phase.ACTIONS: N_("ACTIONS"),
    Phase.REACTIONS: N_("REACTIONS"),
}
_HINTS = {
    Phase.PLANNING: N_("set goals with /goal CHAR TEXT"),
    Phase.ACTIONS: N_("declare with /act, roll, or /skip CHAR to react"),
    Phase.REACTIONS: N_("reaction rolls resolve the pending actions"),
}


def advance(campaign: Campaign) -> tuple[Campaign, Msg]:
    """``/phase``: PLANNING → ACTIONS → REACTIONS → the next round's PLANNING."""
    rounds = rounds_of(campaign)
    notes: list[str | Msg] = []
    if rounds.phase is Phase.PLANNING:
        rounds = rounds.begin_actions()
    elif rounds.phase is Phase.ACTIONS:
        rounds = rounds.begin_reactions()
        if rounds.pending:
            notes.append(msg("; pending: {actions}", actions=pending_msg(rounds)))
    else:
        rounds, settled = settle_standing(rounds)
        if rounds.pending:
            raise CommandError(
                _("round {round_number} is not over: {blockers}").format(
                    round_number=rounds.round_number, blockers=_blockers(rounds)
                )
            )
        if rounds.limit_reached:
            raise CommandError(limit_prompt(rounds).render())
        rounds = rounds.next_round()
        if settled:
            notes.append(
                msg("; {numbers} stand as rolled", numbers=", ".join(f"#{n}" for n in settled))
            )
        if rounds.goals:
            notes.append(
                msg(
                    "; goals carried over ({goals}): /goal CHAR TEXT changes one, "
                    "/phase keeps them",
                    goals="; ".join(g.label for g in rounds.goals),
                )
            )
    text = msg(
        "round {n}: {phase} — {hint}{note}",
        n=rounds.round_number,
        phase=term(PHASES[rounds.phase]),
        hint=term(_HINTS[rounds.phase]),
        note=joined(*notes),
    )
    return put(campaign, rounds), text


def verdict(campaign: Campaign, kind: str, note: str) -> tuple[Campaign, Msg, tuple[Msg, ...]]:
    """Sum up the series (compromise, summed up, radical change); the repeat count resets.

    Returns the next campaign, the log text and one line per character of the results.
    """
    rounds, _standing = settle_standing(rounds_of(campaign))
    if rounds.phase is Phase.ACTIONS:
        raise CommandError(_("sum up after the reactions phase or during planning (now: actions)"))
    if rounds.phase is Phase.REACTIONS and rounds.pending:
        raise CommandError(
            _("resolve the pending actions first: {blockers}").format(blockers=_blockers(rounds))
        )
    if kind == "compromise":
        rounds = rounds.compromise(note)
    elif kind == "radical_change":
        rounds = rounds.radical_change(note)
    else:
        rounds = rounds.sum_up(note)
    last = rounds.verdicts[-1]
    text = msg(
        "{verdict} ({rounds}); round {n}: {phase}",
        verdict=verdict_msg(last),
        rounds=head_msg(last.summary),
        n=rounds.round_number,
        phase=term(PHASES[Phase.PLANNING]),
    )
    lines = tuple(tally_msg(t) for t in last.summary.tallies)
    return put(campaign, rounds), text, lines


#: how the GM closes a series, as the log names it (the rules' kind, "_" as a space)
VERDICTS = {
    "compromise": N_("compromise"),
    "summed_up": N_("summed up"),
    "radical_change": N_("radical change"),
}


def verdict_msg(v: Verdict) -> Msg:
    """``compromise: both keep face`` (the rules' ``label``) as a fact."""
    kind = str(v.kind)
    said = term(VERDICTS[kind]) if kind in VERDICTS else verbatim(kind.replace("_", " "))
    return msg("{kind}: {note}", kind=said, note=v.note) if v.note else said
