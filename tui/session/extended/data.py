"""Extended checks in the GM's words: consequences, escalation, time, names and skills.

The mechanics live in :mod:`rules.age.challenge` and the save form (``to_check``/
``from_check``, re-exported here) in :mod:`tui.session.extended.save`; this module reads
what the GM types into them, the consequence syntax above all (:func:`parse_consequence`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.age import Consequence, Effect, EffectKind, Escalation, Level
from rules.errors import RulesError
from tui.language import _
from tui.session.entry.entry import EntryError
from tui.session.entry.names import normal
from tui.session.entry.rules_text import rules_message
from tui.session.extended.save import LEVELS, from_check, to_check

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
_WORDS = {
    "halve": EffectKind.HALVE_POOL,
    "reset": EffectKind.RESET_POOL,
    "blocked": EffectKind.BLOCKED,
    "block": EffectKind.BLOCKED,
}


def check_name(name: str) -> str:
    """A check name usable in ``ext=NAME``: one word of letters, digits, '.', '-' or '_'."""
    if name.casefold() in RESERVED:
        raise EntryError(
            _("{name!r} is a reserved word; pick another check name").format(name=name)
        )
    if not _NAME.match(name):
        raise EntryError(
            _("check name {name!r}: one word of up to 40 letters, digits, '.', '-' or '_'").format(
                name=name
            )
        )
    return name


def parse_minutes(text: str) -> int:
    """``30m`` · ``1h`` · ``90`` · ``1h30m`` · ``2d`` → whole minutes (at least 1)."""
    raw = text.strip().casefold().replace(" ", "")
    m = _TIME.match(raw)
    if not raw or m is None or not any(m.groups()):
        raise EntryError(
            _("time {text!r}: write minutes like 30m, 1h, 90 or 1h30m").format(text=text)
        )
    days, hours, minutes = (int(g) if g else 0 for g in m.groups())
    total = days * 1440 + hours * 60 + minutes
    if not 1 <= total <= MAX_BUDGET:
        raise EntryError(_("time {text!r} must be between 1 minute and 365 days").format(text=text))
    return total


def parse_escalation(text: str) -> Escalation:
    """``every=2`` (the level rises every 2 failures) or ``every=1,3,4`` (at these counts)."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts or not all(p.isdigit() and len(p) <= 4 for p in parts):
        raise EntryError(
            _("every={text!r}: write a number (every=2) or counts (every=1,3,4)").format(text=text)
        )
    numbers = tuple(int(p) for p in parts)
    try:
        return Escalation.every(numbers[0]) if len(numbers) == 1 else Escalation.at(*numbers)
    except RulesError as exc:
        raise EntryError(
            _("every={text}: {exc}").format(text=text, exc=rules_message(str(exc)))
        ) from None


def parse_skills(text: str) -> tuple[str, ...]:
    """``"Dexterity (Stealth), Intelligence (Technology)"`` → the names, commas separating."""
    names = tuple(" ".join(p.split()) for p in text.split(",") if p.strip())
    if not names:
        raise EntryError(_("skills= needs skill names separated by commas"))
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
        raise EntryError(
            _("unknown effect {word!r} (tn+N, time+N, halve, reset, close, blocked, none)").format(
                word=word
            )
        )
    scope = m.group(3) or m.group(5)
    if scope is not None:
        scope = " ".join(word.partition(":")[2].split())  # keep the GM's capitals
    if m.group(4):
        return Effect.close_approach(scope)
    amount = int(m.group(2))
    if amount < 1:
        raise EntryError(_("effect {word!r}: the amount must be at least 1").format(word=word))
    if m.group(1) == "time":
        if scope is not None:
            raise EntryError(_("effect {word!r}: time+N takes no ':' scope").format(word=word))
        return Effect.extra_time(amount) if level is Level.MINOR else Effect.lose_time(amount)
    if level is Level.MINOR and amount == 2 and scope is None:
        return Effect.tn_plus_2_until_cleared()
    return Effect.permanent_tn(amount, scope)


def parse_consequence(level: Level, text: str) -> Consequence:
    """``"guards alerted; tn+2"`` → the level's Consequence (default effect when none named).

    Consequence syntax (``minor="…"``, ``major="…"``, ``serious="…"``): the text, then optionally
    ``;`` and one effect word (case-insensitive)::

        tn+2           minor: TN +2 until cleared
        tn+N[:SCOPE]   permanent TN +N for every roll, or for SCOPE ("Intelligence
                       (Technology)", "Technology" or "Intelligence"); on the minor level
                       only ``tn+2`` with no scope means "until cleared"
        time+N         minor: N extra minutes per roll until cleared; major/serious: N
                       minutes lost
        halve · reset  halve the pool (round down) · pool back to 0
        close[:SCOPE]  the approach is closed (default: the skill of the roll that failed)
        blocked        no more rolls until ``/unblock`` (another test was done)
        none           text only, no mechanical effect

    A level written without an effect word gets the default: minor → ``tn+2``, major → ``tn+1``,
    serious → ``reset``. A level not written at all has no consequence (the level still rises).
    """
    parts = [" ".join(p.split()) for p in text.split(";")]
    words: list[str] = []
    prose: list[str] = []
    for part in parts:
        if not part:
            continue
        (words if _is_effect(part) else prose).append(part)
    if len(words) > 1:
        raise EntryError(
            _("{label}: one effect per level, got {words}").format(
                label=level.label, words=", ".join(words)
            )
        )
    effect = _effect(level, words[0]) if words else DEFAULT_EFFECTS[level]
    try:
        return Consequence("; ".join(prose), effect)
    except RulesError as exc:
        raise EntryError(
            _("{label}: {exc}").format(label=level.label, exc=rules_message(str(exc)))
        ) from None


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
