"""Extended checks as save data: the GM's syntax, and ``ChallengeTest`` ⇄ ``ExtendedCheck``.

The mechanics live in :mod:`rules.age.challenge`; this module only translates. An
:class:`~tui.session.campaign.model.ExtendedCheck` keeps everything the rules value needs in plain
TOML-able data (no ``None``, no tuples, exact minutes as strings such as ``"30/7"``), so
``from_check(to_check(test, name)) == test`` and undo/redo/save never lose a detail.

Consequence syntax (``minor="…"``, ``major="…"``, ``serious="…"``): the text, then optionally
``;`` and one effect word (case-insensitive)::

    tn+2             minor: TN +2 until cleared
    tn+N[:SCOPE]     permanent TN +N for every roll, or for SCOPE ("Intelligence (Technology)",
                     "Technology" or "Intelligence"); on the minor level only ``tn+2`` with no
                     scope means "until cleared", any other ``tn+N`` is permanent
    time+N           minor: N extra minutes per roll until cleared; major/serious: N minutes lost
    halve · reset    halve the pool (round down) · pool back to 0
    close[:SCOPE]    the approach is closed (default: the skill of the roll that failed)
    blocked          no more rolls until ``/unblock`` (another test was done)
    none             text only, no mechanical effect

A level written without an effect word gets the default: minor → ``tn+2``, major → ``tn+1``,
serious → ``reset``. A level not written at all has no consequence (the level still rises).
"""

from __future__ import annotations

import re
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
    Result,
    Status,
)
from rules.errors import RulesError
from tui.session.campaign.model import ExtendedCheck
from tui.session.table.entry import EntryError
from tui.session.table.names import normal

__all__ = [
    "DEFAULT_EFFECTS",
    "LEVELS",
    "MAX_BUDGET",
    "check_name",
    "covers",
    "from_check",
    "parse_consequence",
    "parse_escalation",
    "parse_minutes",
    "parse_skills",
    "to_check",
]

LEVELS = (Level.MINOR, Level.MAJOR, Level.SERIOUS)
DEFAULT_EFFECTS: Mapping[Level, Effect] = {
    Level.MINOR: Effect.tn_plus_2_until_cleared(),
    Level.MAJOR: Effect.permanent_tn(1),
    Level.SERIOUS: Effect.reset_pool(),
}
MAX_BUDGET = 60 * 24 * 365  # a year of minutes is plenty for a long-term task
RESERVED = frozenset({"use", "drop", "none", "list"})
_NAME = re.compile(r"^[^\W_][\w.\-]{0,39}$")
_TIME = re.compile(r"^(?:(\d{1,4})d)?(?:(\d{1,5})h)?(?:(\d{1,6})(?:m|min)?)?$")
_EFFECT = re.compile(r"^(tn|time)\s*\+\s*(\d{1,4})\s*(?::\s*(.+))?$|^(close)\s*(?::\s*(.+))?$")
_WORDS = {"halve": EffectKind.HALVE_POOL, "reset": EffectKind.RESET_POOL,
          "blocked": EffectKind.BLOCKED, "block": EffectKind.BLOCKED}


def check_name(name: str) -> str:
    """A check name usable in ``ext=NAME``: one word of letters, digits, '.', '-' or '_'."""
    if name.casefold() in RESERVED:
        raise EntryError(f"{name!r} is a reserved word; pick another check name")
    if not _NAME.match(name):
        raise EntryError(
            f"check name {name!r}: one word of up to 40 letters, digits, '.', '-' or '_'"
        )
    return name


def parse_minutes(text: str) -> int:
    """``30m`` · ``1h`` · ``90`` · ``1h30m`` · ``2d`` → whole minutes (at least 1)."""
    raw = text.strip().casefold().replace(" ", "")
    m = _TIME.match(raw)
    if not raw or m is None or not any(m.groups()):
        raise EntryError(f"time {text!r}: write minutes like 30m, 1h, 90 or 1h30m")
    days, hours, minutes = (int(g) if g else 0 for g in m.groups())
    total = days * 1440 + hours * 60 + minutes
    if not 1 <= total <= MAX_BUDGET:
        raise EntryError(f"time {text!r} must be between 1 minute and 365 days")
    return total


def parse_escalation(text: str) -> Escalation:
    """``every=2`` (the level rises every 2 failures) or ``every=1,3,4`` (at these counts)."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts or not all(p.isdigit() and len(p) <= 4 for p in parts):
        raise EntryError(f"every={text!r}: write a number (every=2) or counts (every=1,3,4)")
    numbers = tuple(int(p) for p in parts)
    try:
        return Escalation.every(numbers[0]) if len(numbers) == 1 else Escalation.at(*numbers)
    except RulesError as exc:
        raise EntryError(f"every={text}: {exc}") from None


def parse_skills(text: str) -> tuple[str, ...]:
    """``"Dexterity (Stealth), Intelligence (Technology)"`` → the names, commas separating."""
    names = tuple(" ".join(p.split()) for p in text.split(",") if p.strip())
    if not names:
        raise EntryError("skills= needs skill names separated by commas")
    return names


def _effect(level: Level, word: str) -> Effect | None:
    """One effect word (see the module docstring) at ``level``; ``None`` for ``none``."""
    w = " ".join(word.split()).casefold()
    if w == "none":
        return None
    if w in _WORDS:
        return Effect(_WORDS[w])
    m = _EFFECT.match(w)
    if m is None:
        raise EntryError(f"unknown effect {word!r} (tn+N, time+N, halve, reset, close, blocked"
                         ", none)")
    scope = m.group(3) or m.group(5)
    if scope is not None:
        scope = " ".join(word.partition(":")[2].split())  # keep the GM's capitals
    if m.group(4):
        return Effect.close_approach(scope)
    amount = int(m.group(2))
    if amount < 1:
        raise EntryError(f"effect {word!r}: the amount must be at least 1")
    if m.group(1) == "time":
        if scope is not None:
            raise EntryError(f"effect {word!r}: time+N takes no ':' scope")
        return Effect.extra_time(amount) if level is Level.MINOR else Effect.lose_time(amount)
    if level is Level.MINOR and amount == 2 and scope is None:
        return Effect.tn_plus_2_until_cleared()
    return Effect.permanent_tn(amount, scope)


def parse_consequence(level: Level, text: str) -> Consequence:
    """``"guards alerted; tn+2"`` → the level's Consequence (default effect when none named)."""
    parts = [" ".join(p.split()) for p in text.split(";")]
    words: list[str] = []
    prose: list[str] = []
    for part in parts:
        if not part:
            continue
        (words if _is_effect(part) else prose).append(part)
    if len(words) > 1:
        raise EntryError(f"{level.label}: one effect per level, got {', '.join(words)}")
    effect = _effect(level, words[0]) if words else DEFAULT_EFFECTS[level]
    try:
        return Consequence("; ".join(prose), effect)
    except RulesError as exc:
        raise EntryError(f"{level.label}: {exc}") from None


def _is_effect(part: str) -> bool:
    w = part.casefold()
    return w == "none" or w in _WORDS or bool(_EFFECT.match(w))


def covers(allowed: str, skill: str) -> bool:
    """Whether an allowed-skill entry admits ``skill``: "Dexterity (Stealth)" only itself,
    "Dexterity" any Dexterity roll, "Stealth" any roll with that focus."""
    entry = normal(allowed)
    if entry == normal(skill):
        return True
    if "(" in allowed:
        return False
    ability, _, rest = skill.partition("(")
    return entry in (normal(ability), normal(rest.rstrip().removesuffix(")")))


# -- ChallengeTest ⇄ ExtendedCheck ----------------------------------------------------------
_KINDS = {k.name.lower(): k for k in EffectKind}


def _effect_doc(effect: Effect | None) -> dict[str, Any]:
    if effect is None:
        return {"effect": ""}
    return {"effect": effect.kind.name.lower(), "amount": effect.amount,
            "scope": effect.scope or ""}


def _effect_of(doc: Mapping[str, Any]) -> Effect | None:
    kind = str(doc.get("effect", ""))
    if not kind:
        return None
    if kind not in _KINDS:
        raise RulesError(f"unknown consequence effect {kind!r} in the save")
    return Effect(_KINDS[kind], int(doc.get("amount", 0)), str(doc.get("scope", "")) or None)


def _minutes(value: Fraction) -> str:
    return str(Fraction(value))


def _contribution_doc(c: Contribution) -> dict[str, Any]:
    r = c.result
    return {
        "who": c.who, "skill": c.skill, "success": r.success, "added": c.pool_added,
        "pool_after": c.pool_after, "minutes": _minutes(c.minutes),
        "elapsed_after": _minutes(c.elapsed_after), "cleared_minor": c.cleared_minor,
        "consequence": c.consequence.label if c.consequence is not None else "",
        "result": [*r.dice, r.bonus, r.tn],
    }


def to_check(test: ChallengeTest, name: str, *, allowed_skills: Sequence[str] = (),
             notes: Sequence[Mapping[str, Any]] = ()) -> ExtendedCheck:
    """The save form of ``test``. ``notes[i]`` adds table details (real dice, grade) to the
    i-th contribution; the rules fields always win."""
    contributions = []
    for i, c in enumerate(test.contributions):
        extra = dict(notes[i]) if i < len(notes) else {}
        contributions.append({**extra, **_contribution_doc(c)})
    consequences: dict[str, Any] = {
        "level": test.level.label,
        "failures": test.failures,
        "every": list(test.escalation.steps),
        "minor_active": test.minor_active,
        "permanent_tn": [{"amount": n, "scope": s or ""} for n, s in test.permanent_tn],
        "closed": list(test.closed),
        "blocked": test.blocked,
        "timed_out": test.timed_out,
        "elapsed_exact": _minutes(Fraction(test.elapsed)),
    }
    for lv in LEVELS:
        level = test.consequence(lv)
        if level is not None:
            consequences[lv.label] = {"text": level.text, **_effect_doc(level.effect)}
    return ExtendedCheck(
        name=name, tn=test.tn, threshold=test.threshold, time_budget=test.budget,
        pool=test.pool, elapsed=int(Fraction(test.elapsed)), status=test.status.value,
        allowed_skills=tuple(allowed_skills), contributions=tuple(contributions),
        consequences=consequences,
    )


def _contribution(doc: Mapping[str, Any]) -> Contribution:
    d1, d2, dd, bonus, tn = (int(x) for x in doc["result"])
    level = str(doc.get("consequence", ""))
    return Contribution(
        who=str(doc["who"]), skill=str(doc["skill"]), result=Result((d1, d2, dd), bonus, tn),
        pool_added=int(doc["added"]), pool_after=int(doc["pool_after"]),
        minutes=Fraction(str(doc["minutes"])), elapsed_after=Fraction(str(doc["elapsed_after"])),
        cleared_minor=bool(doc.get("cleared_minor", False)),
        consequence=Level[level.upper()] if level else None,
    )


def from_check(check: ExtendedCheck) -> ChallengeTest:
    """The rules value of a saved check; a damaged save raises ``RulesError`` naming it."""
    try:
        return _from_check(check)
    except (KeyError, ValueError, TypeError, AttributeError, ZeroDivisionError) as exc:
        if isinstance(exc, RulesError):
            raise
        raise RulesError(f"extended check {check.name!r} is damaged in the save: {exc!r}"
                         ) from None


def _from_check(check: ExtendedCheck) -> ChallengeTest:
    cq = check.consequences
    levels: dict[str, Consequence | None] = {}
    for lv in LEVELS:
        doc = cq.get(lv.label)
        levels[lv.label] = (Consequence(str(doc.get("text", "")), _effect_of(doc))
                            if isinstance(doc, Mapping) else None)
    steps = tuple(int(x) for x in cq.get("every", (1, 2, 3)))
    exact = cq.get("elapsed_exact")
    elapsed = Fraction(str(exact)) if exact is not None else Fraction(check.elapsed)
    test = ChallengeTest(
        tn=check.tn, threshold=check.threshold, budget=check.time_budget, pool=check.pool,
        elapsed=elapsed,
        contributions=tuple(_contribution(c) for c in check.contributions),
        status=Status(check.status),
        escalation=Escalation(steps),
        minor=levels["minor"], major=levels["major"], serious=levels["serious"],
        failures=int(cq.get("failures", 0)),
        level=Level[str(cq.get("level", "none")).upper()],
        minor_active=bool(cq.get("minor_active", False)),
        permanent_tn=tuple((int(p["amount"]), str(p.get("scope", "")) or None)
                           for p in cq.get("permanent_tn", ())),
        closed=tuple(str(s) for s in cq.get("closed", ())),
        blocked=bool(cq.get("blocked", False)),
        timed_out=bool(cq.get("timed_out", False)),
    )
    return test

