"""GURPS 4e damage: damage text, one roll per hit, DR (with armour divisors) off each hit,
then the wounding multiplier of the damage type.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.

Seed 004 stops at damage against DR; the rest follows the 4e Basic Set (B377-B379):
penetrating damage is basic damage less DR, DR first divided by the armour divisor
(``(2)`` ``(3)`` ``(5)`` ``(10)``, rounded down) or multiplied by ``(0.5)``; injury is the
penetrating damage times the type's wounding multiplier, rounded down, and at least 1 when
anything penetrates. A typed attack's basic damage is at least 1 (0 for crushing) whatever
the roll. Untyped damage (``kind=None``) keeps the seed's reading: DR off, nothing else.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import floor

from rules.dice import Expr, Roll, parse
from rules.dice import resolve as resolve_expr
from rules.dice import roll as roll_expr
from rules.errors import RulesError
from rules.exact import check_int

__all__ = [
    "DIVISORS",
    "MAX_HITS",
    "WOUNDING",
    "Damage",
    "DamageText",
    "DamageType",
    "damage_type",
    "effective_dr",
    "gurps_dice",
    "injury",
    "parse_damage",
    "parse_divisor",
    "resolve_damage",
    "roll_damage",
]

#: Most hits one damage roll takes (an input guard; 100 hits of 12d6 are 1200 dice).
MAX_HITS = 100


class DamageType(StrEnum):
    """A GURPS damage type, spelled as on a weapon table."""

    SMALL_PIERCING = "pi-"
    PIERCING = "pi"
    LARGE_PIERCING = "pi+"
    HUGE_PIERCING = "pi++"
    IMPALING = "imp"
    CUTTING = "cut"
    CRUSHING = "cr"
    BURNING = "burn"
    CORROSION = "cor"
    TOXIC = "tox"
    FATIGUE = "fat"

    @property
    def multiplier(self) -> Fraction:
        """The wounding multiplier against an ordinary (unliving-free) human torso."""
        return WOUNDING[self]

    @property
    def to_fatigue(self) -> bool:
        """True when the injury comes off FP rather than HP."""
        return self is DamageType.FATIGUE


#: Wounding multipliers by type (B379; torso of an ordinary living target).
WOUNDING: dict[DamageType, Fraction] = {
    DamageType.SMALL_PIERCING: Fraction(1, 2),
    DamageType.PIERCING: Fraction(1),
    DamageType.LARGE_PIERCING: Fraction(3, 2),
    DamageType.HUGE_PIERCING: Fraction(2),
    DamageType.IMPALING: Fraction(2),
    DamageType.CUTTING: Fraction(3, 2),
    DamageType.CRUSHING: Fraction(1),
    DamageType.BURNING: Fraction(1),
    DamageType.CORROSION: Fraction(1),
    DamageType.TOXIC: Fraction(1),
    DamageType.FATIGUE: Fraction(1),
}

#: The armour divisors of the Basic Set; (0.5) makes DR count double.
DIVISORS: tuple[Fraction, ...] = (
    Fraction(2),
    Fraction(3),
    Fraction(5),
    Fraction(10),
    Fraction(1, 2),
)

_TYPES = ", ".join(t.value for t in DamageType)
_DIVS = ", ".join(f"({float(d):g})" for d in DIVISORS)


def damage_type(text: object) -> DamageType:
    """The damage type named by ``text`` (``"imp"``, ``"CUT"``, a :class:`DamageType`)."""
    if isinstance(text, DamageType):
        return text
    if isinstance(text, str):
        with_type = {t.value: t for t in DamageType}.get(text.strip().lower())
        if with_type is not None:
            return with_type
    shown = repr(text) if len(repr(text)) <= 40 else repr(text)[:37] + "..."
    raise RulesError(f"damage type must be one of {_TYPES}, got {shown}")


def parse_divisor(value: object) -> Fraction:
    """An armour divisor: 1 (none), 2, 3, 5, 10 or 0.5, as a number or text such as ``"(2)"``."""
    if isinstance(value, bool):
        raise RulesError(f"armour divisor must be one of {_DIVS}, got {value!r}")
    number: Fraction | None = None
    exact = isinstance(value, float) and value in (0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
    if isinstance(value, int | Fraction | float) and (exact or not isinstance(value, float)):
        number = Fraction(value)
    elif isinstance(value, str):
        text = value.strip().removeprefix("(").removesuffix(")").strip()
        if re.fullmatch(r"\d{1,2}(\.5)?|0?\.5", text):
            number = Fraction(text)
    if number is None or (number != 1 and number not in DIVISORS):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise RulesError(f"armour divisor must be one of {_DIVS}, got {shown}")
    return number


def effective_dr(dr: int, divisor: int | Fraction | str = 1) -> int:
    """DR against an attack with armour divisor ``divisor`` (divided, rounded down)."""
    d = check_int("dr", dr, 0, 100_000)
    return floor(Fraction(d) / parse_divisor(divisor))


def injury(penetrating: int, kind: DamageType | str | None) -> int:
    """Injury from ``penetrating`` damage of type ``kind`` (None: no multiplier).

    Rounded down, and at least 1 whenever anything penetrated (B379).
    """
    pen = check_int("penetrating", penetrating, -(10**7), 10**7)
    if pen <= 0:
        return 0
    mult = Fraction(1) if kind is None else damage_type(kind).multiplier
    return max(1, floor(pen * mult))


# "2d+1", "2d6-1", "1d-1", "3d", "4d(3)", "12d6-6", "1d+2 (2)", "2d+1 cut", "3d pi++"
_DAMAGE = re.compile(
    r"\s*(?P<dice>\d{0,4}d\d{0,4}(?:\s*[+-]\s*\d{1,7})*|\d{1,7})"
    r"\s*(?:\(\s*(?P<div>[\d.]{1,4})\s*\))?"
    r"\s*(?P<type>[a-z+-]{2,5})?\s*",
    re.IGNORECASE,
)


def gurps_dice(text: str) -> Expr:
    """Dice in GURPS or ordinary notation: ``2d+1`` is ``2d6+1``; ``d`` alone is ``1d6``."""
    if not isinstance(text, str):
        raise RulesError(f"damage must be dice like '2d+1', got {text!r}")
    if len(text) > 200:
        raise RulesError(f"damage text too long ({len(text)} chars, at most 200)")
    return parse(re.sub(r"(?i)d(?![\d%])", "d6", text))


@dataclass(frozen=True, slots=True)
class DamageText:
    """A weapon's damage as written: dice, type (or None) and armour divisor (1 = none).

    ``str()`` gives it back in canonical form, e.g. ``2d6+1 cut`` or ``1d6+2(2) pi``.
    """

    expr: Expr
    kind: DamageType | None = None
    divisor: Fraction = Fraction(1)

    def __str__(self) -> str:
        div = "" if self.divisor == 1 else f"({float(self.divisor):g})"
        kind = "" if self.kind is None else f" {self.kind.value}"
        return f"{self.expr}{div}{kind}"


def parse_damage(text: str) -> DamageText:
    """Parse a GURPS damage text: ``2d+1 cut``, ``1d+2(2) pi``, ``4d(3) burn``, ``3d pi++``.

    The type is optional (``2d6-1``); ``sw``/``thr`` need the wielder's ST and are refused
    (GCS exports the worked-out dice). Raises ``RulesError`` naming what is wrong.
    """
    if not isinstance(text, str):
        raise RulesError(f"damage must be text like '2d+1 cut', got {type(text).__name__}")
    if len(text) > 200:
        raise RulesError(f"damage text too long ({len(text)} chars, at most 200)")
    if re.match(r"\s*(sw|thr)\b", text, re.IGNORECASE):
        raise RulesError(f"damage {text!r} is based on ST: write the dice, e.g. '2d-1 cut'")
    m = _DAMAGE.fullmatch(text)
    if m is None or not text.strip():
        raise RulesError(f"damage must look like '2d+1 cut' or '1d+2(2) pi', got {text!r}")
    expr = gurps_dice(m.group("dice"))
    divisor = parse_divisor(m.group("div")) if m.group("div") else Fraction(1)
    kind = damage_type(m.group("type")) if m.group("type") else None
    return DamageText(expr, kind, divisor)


@dataclass(frozen=True, slots=True)
class Damage:
    """The damage of one or more hits on a target with DR ``dr``.

    Attributes:
        expr: the damage per hit (e.g. ``12d6-6``); dr: the target's DR, before any divisor.
        rolls: one rolled (or typed) damage roll per hit.
        kind: the damage type (None: untyped, no multiplier, no minimum damage).
        divisor: the attack's armour divisor (1: none).
    """

    expr: Expr
    dr: int
    rolls: tuple[Roll, ...]
    kind: DamageType | None = None
    divisor: Fraction = Fraction(1)

    @property
    def hits(self) -> int:
        return len(self.rolls)

    @property
    def effective_dr(self) -> int:
        """DR after the armour divisor."""
        return floor(Fraction(self.dr) / self.divisor)

    @property
    def basic(self) -> tuple[int, ...]:
        """Basic damage of each hit: the roll's total (a typed attack does at least 1, cr 0)."""
        if self.kind is None:
            return tuple(r.total for r in self.rolls)
        least = 0 if self.kind is DamageType.CRUSHING else 1
        return tuple(max(least, r.total) for r in self.rolls)

    @property
    def penetrating(self) -> tuple[int, ...]:
        """What gets through DR on each hit (never below 0)."""
        return tuple(max(0, b - self.effective_dr) for b in self.basic)

    @property
    def injuries(self) -> tuple[int, ...]:
        """Injury of each hit: penetrating damage times the wounding multiplier."""
        return tuple(injury(p, self.kind) for p in self.penetrating)

    @property
    def total(self) -> int:
        """Injury of all hits together: what comes off HP (FP for ``fat``)."""
        return sum(self.injuries)

    @property
    def largest(self) -> int:
        """The largest injury of one hit (a major wound is judged per hit)."""
        return max(self.injuries, default=0)

    @property
    def label(self) -> str:
        """E.g. ``"2d6+1 cut vs DR 3: 9 - 3 = 6 ×1.5 = 9"`` (hits joined by ``;``)."""
        mult = None if self.kind is None else self.kind.multiplier
        parts = []
        for b, p, i in zip(self.basic, self.penetrating, self.injuries, strict=True):
            term = f"{b} - {self.effective_dr} = {p}" if self.effective_dr else str(b)
            if mult is not None and p > 0 and (mult != 1 or i != p):
                term += f" ×{float(mult):g} = {i}"
            parts.append(term)
        head = str(DamageText(self.expr, self.kind, self.divisor))
        dr = ""
        if self.dr:
            dr = f" vs DR {self.dr}"
            if self.divisor != 1:
                dr += f"→{self.effective_dr}"
        body = "; ".join(parts)
        if self.hits > 1:
            body += f"; total {self.total}"
        return f"{head}{dr}: {body}"


def _expr(expr: object) -> Expr:
    if isinstance(expr, Expr):
        return expr
    if not isinstance(expr, str):
        raise RulesError(f"damage must be dice like '2d6-1', got {expr!r}")
    return gurps_dice(expr)


def _checked(
    expr: object, dr: object, hits: object, kind: object, divisor: object
) -> tuple[Expr, int, int, DamageType | None, Fraction]:
    return (
        _expr(expr),
        check_int("dr", dr, 0, 100_000),
        check_int("hits", hits, 1, MAX_HITS),
        None if kind is None else damage_type(kind),
        parse_divisor(divisor),
    )


def resolve_damage(
    expr: str | Expr,
    faces: Sequence[int],
    *,
    dr: int = 0,
    hits: int = 1,
    kind: DamageType | str | None = None,
    divisor: int | Fraction | str = 1,
) -> Damage:
    """Damage from typed faces: every die of the first hit, then of the second, …"""
    e, d, n, k, div = _checked(expr, dr, hits, kind, divisor)
    if isinstance(faces, str | bytes) or not isinstance(faces, Sequence):
        raise RulesError(f"faces must be a list of die faces, got {faces!r}")
    need = e.dice_count * n
    if len(faces) != need:
        hit = "hit" if n == 1 else "hits"
        raise RulesError(f"{n} {hit} of {e} need {need} dice, got {len(faces)}")
    size = e.dice_count
    rolls = tuple(resolve_expr(e, list(faces[i * size : (i + 1) * size])) for i in range(n))
    return Damage(e, d, rolls, k, div)


def roll_damage(
    expr: str | Expr,
    *,
    dr: int = 0,
    hits: int = 1,
    kind: DamageType | str | None = None,
    divisor: int | Fraction | str = 1,
    rng: random.Random,
) -> Damage:
    """Roll the damage of ``hits`` hits with the injected generator."""
    e, d, n, k, div = _checked(expr, dr, hits, kind, divisor)
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random, got {rng!r}")
    return Damage(e, d, tuple(roll_expr(e, rng=rng) for _ in range(n)), k, div)
