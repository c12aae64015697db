"""Extended checks as save data: ``ChallengeTest`` / ``Race`` ⇄ ``ExtendedCheck``.

The mechanics live in :mod:`rules.age`; this module only translates. An
:class:`~tui.session.campaign.model.ExtendedCheck` keeps everything the rules value needs in
plain TOML-able data (no ``None``, no tuples, exact minutes as strings such as ``"30/7"``), so
``from_check(to_check(test, name)) == test`` and undo/redo/save never lose a detail.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.age import (
    ChallengeTest,
    Consequence,
    Contribution,
    Effect,
    EffectKind,
    Escalation,
    Level,
    Race,
    RaceStep,
    Result,
    Status,
)
from rules.errors import RulesError
from tui.language import _
from tui.session.campaign.model import ExtendedCheck

__all__ = ["LEVELS", "from_check", "from_race", "is_race", "race_sides", "to_check", "to_race"]

LEVELS = (Level.MINOR, Level.MAJOR, Level.SERIOUS)
_KINDS = {k.name.lower(): k for k in EffectKind}
RACE = "race"


def is_race(check: ExtendedCheck) -> bool:
    """Whether the check is a race (two sides, two pools) rather than a challenge test."""
    return check.consequences.get("kind") == RACE


def _effect_doc(effect: Effect | None) -> dict[str, Any]:
    if effect is None:
        return {"effect": ""}
    return {
        "effect": effect.kind.name.lower(),
        "amount": effect.amount,
        "scope": effect.scope or "",
    }


def _effect_of(doc: Mapping[str, Any]) -> Effect | None:
    kind = str(doc.get("effect", ""))
    if not kind:
        return None
    if kind not in _KINDS:
        raise RulesError(_("unknown consequence effect {kind!r} in the save").format(kind=kind))
    return Effect(_KINDS[kind], int(doc.get("amount", 0)), str(doc.get("scope", "")) or None)


def _minutes(value: Fraction) -> str:
    return str(Fraction(value))


def _result_doc(r: Result) -> list[int]:
    return [*r.dice, r.bonus, r.tn] + ([] if r.rating is None else [r.rating])


def _result(raw: Sequence[Any]) -> Result:
    values = [int(x) for x in raw]
    if len(values) not in (5, 6):
        raise RulesError(_("a saved result needs 5 or 6 numbers, got {n}").format(n=len(values)))
    d1, d2, dd, bonus, tn = values[:5]
    return Result((d1, d2, dd), bonus, tn, values[5] if len(values) == 6 else None)


def _contribution_doc(c: Contribution) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "who": c.who,
        "skill": c.skill,
        "success": c.success,
        "added": c.pool_added,
        "pool_after": c.pool_after,
        "minutes": _minutes(c.minutes),
        "elapsed_after": _minutes(c.elapsed_after),
        "cleared_minor": c.cleared_minor,
        "consequence": c.consequence.label if c.consequence is not None else "",
        "result": _result_doc(c.result),
    }
    if c.opponents:
        doc["opponents"] = [_result_doc(o) for o in c.opponents]
    return doc


def _state_doc(test: ChallengeTest) -> dict[str, Any]:
    """What changes from roll to roll, besides the contributions."""
    return {
        "pool": test.pool,
        "status": test.status.value,
        "level": test.level.label,
        "failures": test.failures,
        "minor_active": test.minor_active,
        "permanent_tn": [{"amount": n, "scope": s or ""} for n, s in test.permanent_tn],
        "closed": list(test.closed),
        "blocked": test.blocked,
        "timed_out": test.timed_out,
        "elapsed_exact": _minutes(Fraction(test.elapsed)),
    }


def to_check(
    test: ChallengeTest,
    name: str,
    *,
    allowed_skills: Sequence[str] = (),
    notes: Sequence[Mapping[str, Any]] = (),
) -> ExtendedCheck:
    """The save form of ``test``. ``notes[i]`` adds table details (real dice, grade) to
    the i-th contribution; the rules fields always win.

    The rules state beyond the model's own fields lives in ``consequences`` (its name is
    older than races): the levels and effects; ``previous``, the state before the last roll
    without its contributions (what Fortune spent on that roll re-decides from); each
    contribution's ``result`` ``[die 1, die 2, Drama Die, bonus, TN]`` plus the skill when it
    differs from the bonus, and ``opponents`` for an opposed test; a race (``kind = "race"``)
    has ``sides`` (lists of names), ``pools``, the ``winner``'s index (-1: none), its slices
    in ``contributions``, and ``time_budget = 0`` for no deadline.
    """
    contributions = []
    for i, c in enumerate(test.contributions):
        extra = dict(notes[i]) if i < len(notes) else {}
        contributions.append({**extra, **_contribution_doc(c)})
    state = _state_doc(test)
    consequences: dict[str, Any] = {k: v for k, v in state.items() if k not in ("pool", "status")}
    consequences["every"] = list(test.escalation.steps)
    for lv in LEVELS:
        level = test.consequence(lv)
        if level is not None:
            consequences[lv.label] = {"text": level.text, **_effect_doc(level.effect)}
    if test.per_roll is not None:  # minutes a roll, given (else AGE's budget ÷ threshold/2)
        consequences["per_roll"] = test.per_roll
    if isinstance(test.previous, ChallengeTest):
        consequences["previous"] = _state_doc(test.previous)
    return ExtendedCheck(
        name=name,
        tn=test.tn,
        threshold=test.threshold,
        time_budget=test.budget,
        pool=test.pool,
        elapsed=int(Fraction(test.elapsed)),
        status=test.status.value,
        allowed_skills=tuple(allowed_skills),
        contributions=tuple(contributions),
        consequences=consequences,
    )


def _contribution(doc: Mapping[str, Any]) -> Contribution:
    level = str(doc.get("consequence", ""))
    return Contribution(
        who=str(doc["who"]),
        skill=str(doc["skill"]),
        result=_result(doc["result"]),
        pool_added=int(doc["added"]),
        pool_after=int(doc["pool_after"]),
        minutes=Fraction(str(doc["minutes"])),
        elapsed_after=Fraction(str(doc["elapsed_after"])),
        cleared_minor=bool(doc.get("cleared_minor", False)),
        consequence=Level[level.upper()] if level else None,
        opponents=tuple(_result(o) for o in doc.get("opponents", ())),
    )


def _damaged(check: ExtendedCheck, exc: Exception) -> RulesError:
    if isinstance(exc, RulesError):
        return exc
    return RulesError(
        _("extended check {name!r} is damaged in the save: {exc!r}").format(
            name=check.name, exc=exc
        )
    )


_FAULTS = (KeyError, ValueError, TypeError, AttributeError, ZeroDivisionError, IndexError)


def from_check(check: ExtendedCheck) -> ChallengeTest:
    """The rules value of a saved check; a damaged save raises ``RulesError`` naming it."""
    if is_race(check):
        raise RulesError(_("{name} is a race, not a challenge test").format(name=check.name))
    try:
        return _from_check(check)
    except _FAULTS as exc:
        raise _damaged(check, exc) from None


def _state(
    check: ExtendedCheck,
    state: Mapping[str, Any],
    contributions: tuple[Contribution, ...],
    levels: Mapping[str, Consequence | None],
    steps: tuple[int, ...],
) -> ChallengeTest:
    exact = state.get("elapsed_exact")
    elapsed = Fraction(str(exact)) if exact is not None else Fraction(check.elapsed)
    per_roll = check.consequences.get("per_roll")
    return ChallengeTest(
        tn=check.tn,
        threshold=check.threshold,
        budget=check.time_budget,
        per_roll=None if per_roll is None else int(per_roll),
        pool=int(state.get("pool", check.pool)),
        elapsed=elapsed,
        contributions=contributions,
        status=Status(str(state.get("status", check.status))),
        escalation=Escalation(steps),
        minor=levels["minor"],
        major=levels["major"],
        serious=levels["serious"],
        failures=int(state.get("failures", 0)),
        level=Level[str(state.get("level", "none")).upper()],
        minor_active=bool(state.get("minor_active", False)),
        permanent_tn=tuple(
            (int(p["amount"]), str(p.get("scope", "")) or None)
            for p in state.get("permanent_tn", ())
        ),
        closed=tuple(str(s) for s in state.get("closed", ())),
        blocked=bool(state.get("blocked", False)),
        timed_out=bool(state.get("timed_out", False)),
    )


def _from_check(check: ExtendedCheck) -> ChallengeTest:
    cq = check.consequences
    levels: dict[str, Consequence | None] = {}
    for lv in LEVELS:
        doc = cq.get(lv.label)
        levels[lv.label] = (
            Consequence(str(doc.get("text", "")), _effect_of(doc))
            if isinstance(doc, Mapping)
            else None
        )
    steps = tuple(int(x) for x in cq.get("every", (1, 2, 3)))
    contributions = tuple(_contribution(c) for c in check.contributions)
    own = {**cq, "pool": check.pool, "status": check.status}
    test = _state(check, own, contributions, levels, steps)
    before = cq.get("previous")
    if isinstance(before, Mapping) and contributions:
        previous = _state(check, before, contributions[:-1], levels, steps)
        test = ChallengeTest(**{**_fields(test), "previous": previous})
    return test


def _fields(test: ChallengeTest) -> dict[str, Any]:
    return {name: getattr(test, name) for name in ChallengeTest.__dataclass_fields__}


# -- races ---------------------------------------------------------------------------------
def race_sides(check: ExtendedCheck) -> tuple[tuple[str, ...], ...]:
    """The characters on each side of a saved race."""
    sides = check.consequences.get("sides", ())
    return tuple(tuple(str(n) for n in side) for side in sides)


def _label(names: Sequence[str]) -> str:
    return " + ".join(names)


def _step_doc(step: RaceStep) -> dict[str, Any]:
    return {
        "who": list(step.who),
        "skills": list(step.skills),
        "results": [_result_doc(r) for r in step.results],
        "winner": -1 if step.winner is None else step.winner,
        "added": step.added,
        "pools_after": list(step.pools_after),
        "minutes": _minutes(step.minutes),
        "elapsed_after": _minutes(step.elapsed_after),
    }


def _step(doc: Mapping[str, Any]) -> RaceStep:
    winner = int(doc["winner"])
    return RaceStep(
        who=tuple(str(w) for w in doc["who"]),
        skills=tuple(str(s) for s in doc["skills"]),
        results=tuple(_result(r) for r in doc["results"]),
        winner=None if winner < 0 else winner,
        added=int(doc["added"]),
        pools_after=tuple(int(p) for p in doc["pools_after"]),
        minutes=Fraction(str(doc["minutes"])),
        elapsed_after=Fraction(str(doc["elapsed_after"])),
    )


def _race_state(race: Race) -> dict[str, Any]:
    return {
        "pools": list(race.pools),
        "status": race.status.value,
        "winner": -1 if race.winner is None else race.winner,
        "elapsed_exact": _minutes(Fraction(race.elapsed)),
    }


def to_race(
    race: Race,
    name: str,
    sides: Sequence[Sequence[str]],
    *,
    notes: Sequence[Mapping[str, Any]] = (),
) -> ExtendedCheck:
    """The save form of a race whose sides are these characters."""
    steps = []
    for i, step in enumerate(race.steps):
        extra = dict(notes[i]) if i < len(notes) else {}
        steps.append({**extra, **_step_doc(step)})
    consequences: dict[str, Any] = {
        "kind": RACE,
        "sides": [list(s) for s in sides],
        **_race_state(race),
    }
    if race.previous is not None:
        consequences["previous"] = _race_state(race.previous)
    return ExtendedCheck(
        name=name,
        tn=race.tn,
        threshold=race.threshold,
        time_budget=race.budget or 0,
        pool=max(race.pools),
        elapsed=int(Fraction(race.elapsed)),
        status=race.status.value,
        contributions=tuple(steps),
        consequences=consequences,
    )


def from_race(check: ExtendedCheck) -> Race:
    """The rules value of a saved race; a damaged save raises ``RulesError`` naming it."""
    if not is_race(check):
        raise RulesError(_("{name} is not a race").format(name=check.name))
    try:
        return _from_race(check)
    except _FAULTS as exc:
        raise _damaged(check, exc) from None


def _race_of(check: ExtendedCheck, state: Mapping[str, Any], steps: tuple[RaceStep, ...]) -> Race:
    winner = int(state.get("winner", -1))
    return Race(
        tn=check.tn,
        threshold=check.threshold,
        budget=check.time_budget or None,
        sides=tuple(_label(s) for s in race_sides(check)),
        pools=tuple(int(p) for p in state["pools"]),
        elapsed=Fraction(str(state.get("elapsed_exact", check.elapsed))),
        steps=steps,
        status=Status(str(state["status"])),
        winner=None if winner < 0 else winner,
    )


def _from_race(check: ExtendedCheck) -> Race:
    cq = check.consequences
    steps = tuple(_step(s) for s in check.contributions)
    race = _race_of(check, cq, steps)
    before = cq.get("previous")
    if isinstance(before, Mapping) and steps:
        previous = _race_of(check, before, steps[:-1])
        race = Race(
            **{**{n: getattr(race, n) for n in Race.__dataclass_fields__}, "previous": previous}
        )
    return race
