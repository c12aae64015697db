"""The Strange System round state ⇄ plain TOML-able values (kept in ``Scene.system``).

A check result is stored as its inputs (dice, ranges, requirement, modifier) and rebuilt with
``rules.strange.resolve`` on load, so a save never holds a derived number that could disagree
with the rules. Lists, never tuples, and no ``None``: a loaded state compares equal to the
saved one.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules import strange
from rules.errors import RulesError
from rules.strange import Grade, Result
from rules.strange.rounds import (
    Action,
    ActionStatus,
    CharacterTally,
    Goal,
    Phase,
    Reaction,
    RoundRecord,
    SceneKind,
    Summary,
    Verdict,
)
from rules.strange.rounds import Scene as Rounds
from tui.language import _
from tui.session.entry.rules_text import rules_message

__all__ = ["KIND_OF", "dump", "load"]

#: the model's scene kind → the rules' kind
KIND_OF = {"active": SceneKind.ACTIVE, "long": SceneKind.LONG_TERM}


def _result(r: Result) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "dice": list(r.dice),
        "range": list(r.success_range),
        "required": r.required,
        "mod": r.range_modifier,
    }
    if r.resistance_range is not None:
        doc["resist"] = list(r.resistance_range)
    if r.dice_modifier:
        doc["dice_mod"] = r.dice_modifier
    return doc


def _load_result(doc: Mapping[str, Any]) -> Result:
    resist = doc.get("resist")
    return strange.resolve(
        tuple(doc["dice"]),
        tuple(doc["range"]),
        int(doc["required"]),
        resistance_range=None if resist is None else tuple(resist),
        range_modifier=int(doc.get("mod", 0)),
        dice_modifier=int(doc.get("dice_mod", 0)),
    )


def _rank(rank: strange.Rank) -> int | str:
    """A rank as TOML: a whole number, or ``"5/3"`` for a danger class between levels."""
    return int(rank) if rank == int(rank) else strange.rank_text(rank)


def _load_rank(value: object) -> strange.Rank:
    if isinstance(value, str):
        try:
            rank = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                _("rank {value!r} is not a number such as 2 or 5/3").format(value=value)
            ) from None
        return strange.check_rank("rank", rank.numerator if rank.denominator == 1 else rank)
    return strange.check_rank("rank", value)


def _action(a: Action) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "number": a.number,
        "character": a.character,
        "method": a.method,
        "skill": a.skill,
        "rank": _rank(a.rank),
        "status": a.status.value,
        "repeat": a.repeat,
    }
    if a.target is not None:
        doc["target"] = a.target
    if a.result is not None:
        doc["result"] = _result(a.result)
    if a.outcome:
        doc["outcome"] = a.outcome
    return doc


def _load_action(doc: Mapping[str, Any]) -> Action:
    result = doc.get("result")
    return Action(
        number=int(doc["number"]),
        character=str(doc["character"]),
        method=str(doc["method"]),
        skill=str(doc["skill"]),
        rank=_load_rank(doc["rank"]),
        target=None if doc.get("target") is None else str(doc["target"]),
        result=None if result is None else _load_result(result),
        status=ActionStatus(doc["status"]),
        repeat=int(doc["repeat"]),
        outcome=str(doc.get("outcome", "")),
    )


def _reaction(r: Reaction) -> dict[str, Any]:
    return {
        "character": r.character,
        "action": r.action,
        "skill": r.skill,
        "rank": _rank(r.rank),
        "result": _result(r.result),
        "winner": r.winner or "",
    }


def _load_reaction(doc: Mapping[str, Any]) -> Reaction:
    winner = doc.get("winner") or None
    if winner not in (None, "action", "reaction"):
        raise ValueError(_("reaction winner {winner!r}").format(winner=winner))
    return Reaction(
        str(doc["character"]),
        int(doc["action"]),
        str(doc["skill"]),
        _load_rank(doc["rank"]),
        _load_result(doc["result"]),
        winner,
    )


def _goals(goals: tuple[Goal, ...]) -> list[dict[str, Any]]:
    return [
        {"actor": g.actor, "text": g.text, **({"carried": True} if g.carried else {})}
        for g in goals
    ]


def _load_goals(docs: Any) -> tuple[Goal, ...]:
    return tuple(Goal(str(d["actor"]), str(d["text"]), bool(d.get("carried", False))) for d in docs)


def _round(r: RoundRecord) -> dict[str, Any]:
    return {
        "number": r.number,
        "goals": _goals(r.goals),
        "actions": [_action(a) for a in r.actions],
        "skipped": list(r.skipped),
        "reactions": [_reaction(x) for x in r.reactions],
    }


def _load_round(doc: Mapping[str, Any]) -> RoundRecord:
    return RoundRecord(
        int(doc["number"]),
        _load_goals(doc.get("goals", [])),
        tuple(_load_action(a) for a in doc.get("actions", [])),
        tuple(str(s) for s in doc.get("skipped", [])),
        tuple(_load_reaction(x) for x in doc.get("reactions", [])),
    )


def _summary(s: Summary) -> dict[str, Any]:
    return {
        "first": s.first_round,
        "last": s.last_round,
        "tallies": [
            {
                "character": t.character,
                "actions": t.actions,
                "grades": [int(g) for g in t.grades],
                "successes": t.successes,
                "failures": t.failures,
                "impact": t.impact,
                "won": t.contests_won,
                "lost": t.contests_lost,
            }
            for t in s.tallies
        ],
    }


def _load_summary(doc: Mapping[str, Any]) -> Summary:
    tallies = tuple(
        CharacterTally(
            str(t["character"]),
            int(t["actions"]),
            tuple(Grade(int(g)) for g in t["grades"]),
            int(t["successes"]),
            int(t["failures"]),
            int(t["impact"]),
            int(t["won"]),
            int(t["lost"]),
        )
        for t in doc.get("tallies", [])
    )
    return Summary(int(doc["first"]), int(doc["last"]), tallies)


def dump(rounds: Rounds) -> dict[str, Any]:
    """The round state as plain values for ``Scene.system["strange"]``."""
    return {
        "kind": rounds.kind.value,
        "limit": rounds.limit,
        "round": rounds.round_number,
        "phase": rounds.phase.value,
        "goals": _goals(rounds.goals),
        "actions": [_action(a) for a in rounds.actions],
        "skipped": list(rounds.skipped),
        "reactions": [_reaction(r) for r in rounds.reactions],
        "history": [_round(r) for r in rounds.history],
        "verdicts": [
            {"kind": v.kind, "note": v.note, "summary": _summary(v.summary)}
            for v in rounds.verdicts
        ],
        "series_start": rounds.series_start,
        "streaks": [[*key, count] for key, count in rounds.streaks],
        "ended": rounds.ended,
        "end_note": rounds.end_note,
    }


def load(doc: Mapping[str, Any]) -> Rounds:
    """Rebuild the round state; ``RulesError`` names a damaged (hand-edited) save."""
    try:
        verdicts = []
        for v in doc.get("verdicts", []):
            if v["kind"] not in ("summed_up", "compromise", "radical_change"):
                raise ValueError(_("verdict kind {v!r}").format(v=v["kind"]))
            verdicts.append(Verdict(v["kind"], str(v.get("note", "")), _load_summary(v["summary"])))
        streaks = tuple(
            ((str(s[0]), str(s[1]), str(s[2])), int(s[3])) for s in doc.get("streaks", [])
        )
        return Rounds(
            kind=SceneKind(doc.get("kind", "active")),
            limit=int(doc.get("limit", 4)),
            round_number=int(doc.get("round", 1)),
            phase=Phase(doc.get("phase", "planning")),
            goals=_load_goals(doc.get("goals", [])),
            actions=tuple(_load_action(a) for a in doc.get("actions", [])),
            skipped=tuple(str(s) for s in doc.get("skipped", [])),
            reactions=tuple(_load_reaction(r) for r in doc.get("reactions", [])),
            history=tuple(_load_round(r) for r in doc.get("history", [])),
            verdicts=tuple(verdicts),
            series_start=int(doc.get("series_start", 1)),
            streaks=streaks,
            ended=bool(doc.get("ended", False)),
            end_note=str(doc.get("end_note", "")),
        )
    except (KeyError, TypeError, ValueError, IndexError, RulesError) as exc:
        raise RulesError(
            _("the saved round state (scene.system.strange) is damaged: {exc}").format(
                exc=rules_message(str(exc))
            )
        ) from None
