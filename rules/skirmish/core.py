"""Skirmish characteristic tests on the d10 scale: outcomes, modifiers and exact odds.

Part of :mod:`rules.skirmish` (import from there). See that module for interpretation
decisions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal, TypeAlias, cast

from rules.errors import RulesError
from rules.exact import check_face, check_int, check_iterable, check_rng, complete, tally

__all__ = [
    "DIES",
    "ODDS_KEYS",
    "SIDES",
    "Die",
    "Outcome",
    "Result",
    "check_die",
    "effective_value",
    "lucky_from",
    "odds",
    "resolve",
    "roll",
    "test",
]

Die: TypeAlias = Literal["d10", "d12", "d20"]

#: The dice a group may play with (the d10 scale is read off a d12 as is, or a halved d20).
DIES: tuple[Die, ...] = ("d10", "d12", "d20")
SIDES: dict[str, int] = {"d10": 10, "d12": 12, "d20": 20}
#: Keys of ``odds``: a partition of the outcomes (lucky and catastrophic are split off).
ODDS_KEYS: tuple[str, ...] = ("success", "lucky", "catastrophic", "failure")

_TOP = 10  # the d10 scale: values above it succeed automatically
_CATASTROPHE = 4  # face >= value + 4 is a Catastrophic Failure ...
_SAFE_FROM = 7  # ... unless the value is 7 or more
_MODIFIER_KINDS = ("mul", "div", "add", "sub", "set")


class Outcome(IntEnum):
    """One die's result, ordered from worst to best."""

    CATASTROPHIC = 0
    FAILURE = 1
    SUCCESS = 2
    LUCKY = 3

    @property
    def label(self) -> str:
        """Plain-English name, e.g. ``"lucky chance"``."""
        return _OUTCOME_LABELS[self]

    @property
    def key(self) -> str:
        """The matching key of ``odds`` (``"lucky"``, ``"catastrophic"``...)."""
        return self.name.lower()


_OUTCOME_LABELS = {
    Outcome.CATASTROPHIC: "catastrophic failure",
    Outcome.FAILURE: "failure",
    Outcome.SUCCESS: "success",
    Outcome.LUCKY: "lucky chance",
}


def check_die(die: object) -> Die:
    """Return ``die`` if it is one of ``DIES``, else raise ``RulesError``."""
    if not isinstance(die, str) or die not in SIDES:
        raise RulesError(f"die must be one of {', '.join(DIES)}, got {die!r}")
    return cast(Die, die)


def _face(roll: int, die: Die) -> int:
    return (roll + 1) // 2 if die == "d20" else roll


def lucky_from(value: int) -> int | None:
    """Lowest face that is a Lucky Chance for a value above 10 (12 -> 8), else ``None``."""
    value = check_int("value", value)
    return _TOP - (value - _TOP) if value > _TOP else None


def _classify(value: int, roll: int, die: Die) -> Outcome:
    face = _face(roll, die)
    if value > _TOP:
        return Outcome.LUCKY if face >= 2 * _TOP - value else Outcome.SUCCESS
    if face <= value:
        lucky = roll == 2 * value if die == "d20" else face == value
        return Outcome.LUCKY if lucky else Outcome.SUCCESS
    if value < _SAFE_FROM and face >= value + _CATASTROPHE:
        return Outcome.CATASTROPHIC
    return Outcome.FAILURE


@dataclass(frozen=True, slots=True)
class Result:
    """One characteristic test: the die as rolled, its d10-scale face and the outcome."""

    value: int
    roll: int
    die: Die
    face: int
    outcome: Outcome

    @property
    def success(self) -> bool:
        """The test passed (a Lucky Chance is also a success)."""
        return self.outcome >= Outcome.SUCCESS

    @property
    def lucky(self) -> bool:
        """A Lucky Chance (Счастливый Случай)."""
        return self.outcome is Outcome.LUCKY

    @property
    def catastrophic(self) -> bool:
        """A Catastrophic Failure (Катастрофический Провал)."""
        return self.outcome is Outcome.CATASTROPHIC

    @property
    def automatic(self) -> bool:
        """The value is above 10, so the test succeeds whatever the die shows."""
        return self.value > _TOP

    @property
    def margin(self) -> int:
        """Value minus face: 0 or more on a success below 11."""
        return self.value - self.face

    @property
    def label(self) -> str:
        """E.g. ``"lucky chance (rolled 12 -> 6 on d20 vs 6)"``."""
        rolled = f"{self.roll} -> {self.face}" if self.die == "d20" else str(self.roll)
        detail = f"rolled {rolled} on {self.die} vs {self.value}"
        if self.automatic:
            detail += f", automatic, lucky on {lucky_from(self.value)}+"
        return f"{self.outcome.label} ({detail})"


def test(value: int, roll: int, die: str = "d10") -> Result:
    """Resolve one characteristic test from a die already rolled.

    Args:
        value: the characteristic after modifiers (any integer; see ``effective_value``).
        roll: the die as it landed (the raw d20 for ``"d20"``; 1..12 for ``"d12"``).
        die: one of ``DIES``.

    Raises:
        RulesError: unknown die, or a roll outside that die's faces.
    """
    kind = check_die(die)
    value = check_int("value", value)
    roll = check_face("roll", roll, SIDES[kind])
    return Result(value, roll, kind, _face(roll, kind), _classify(value, roll, kind))


#: The common name every system module exposes; same function as ``test``.
resolve = test


def roll(value: int, *, rng: random.Random, die: str = "d10") -> Result:
    """Roll one die from ``rng`` and resolve the test."""
    kind = check_die(die)
    rng = check_rng(rng)
    return test(value, rng.randint(1, SIDES[kind]), kind)


def effective_value(
    base: int, modifiers: Iterable[tuple[str, int]] = (), choose: int | None = None
) -> int:
    """Apply modifiers in the seed's order: multiply/divide, then add/subtract, then "set".

    Args:
        base: the characteristic from the model's profile.
        modifiers: ``(kind, n)`` pairs, kind in ``mul``, ``div``, ``add``, ``sub``, ``set``.
            Multipliers (n >= 0) and divisors (n >= 1) act as one fraction rounded down.
        choose: when "set" modifiers fix different values, the value the acting player
            picks; it must be one of them.

    Raises:
        RulesError: a malformed modifier, several distinct "set" values without a valid
            ``choose``, or ``choose`` naming a value no "set" modifier gives.
    """
    base = check_int("base", base)
    numerator, denominator, shift = 1, 1, 0
    fixed: list[int] = []
    for i, modifier in enumerate(check_iterable("modifiers", modifiers)):
        if not isinstance(modifier, tuple | list) or len(modifier) != 2:
            raise RulesError(f"modifiers[{i}] must be a (kind, n) pair, got {modifier!r}")
        kind, amount = modifier
        if kind not in _MODIFIER_KINDS:
            raise RulesError(
                f"modifiers[{i}] kind must be one of {', '.join(_MODIFIER_KINDS)}, got {kind!r}"
            )
        name = f"modifiers[{i}] {kind} amount"
        if kind == "mul":
            numerator *= check_int(name, amount, 0)
        elif kind == "div":
            denominator *= check_int(name, amount, 1)
        elif kind == "add":
            shift += check_int(name, amount)
        elif kind == "sub":
            shift -= check_int(name, amount)
        else:
            fixed.append(check_int(name, amount))
    if choose is not None:
        choose = check_int("choose", choose)
        if choose not in fixed:
            allowed = ", ".join(map(str, sorted(set(fixed)))) or "none (no set modifier)"
            raise RulesError(f"choose must be one of the set values {allowed}, got {choose}")
        return choose
    if len(set(fixed)) > 1:
        options = ", ".join(map(str, sorted(set(fixed))))
        raise RulesError(f"choose is required: set modifiers give different values {options}")
    if fixed:
        return fixed[0]
    return base * numerator // denominator + shift


@lru_cache(maxsize=1024)
def _odds(value: int, die: Die) -> tuple[tuple[str, Fraction], ...]:
    dist = tally(_classify(value, r, die).key for r in range(1, SIDES[die] + 1))
    return tuple(complete(dist, ODDS_KEYS).items())


def odds(value: int, die: str = "d10") -> dict[str, Fraction]:
    """Exact chance of each outcome of one test, as four disjoint classes summing to 1.

    Keys: ``"lucky"`` (Lucky Chance), ``"success"`` (a success that is *not* a Lucky
    Chance), ``"catastrophic"`` (Catastrophic Failure) and ``"failure"`` (a failure that is
    *not* catastrophic). The chance to pass is ``success + lucky``.
    """
    return dict(_odds(check_int("value", value), check_die(die)))
