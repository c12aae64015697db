"""Safe dice expressions: ``3d6+2``, ``d100``, ``d%``, ``12d6-6``; parsed without ``eval``.

Grammar (spaces ignored, case-insensitive)::

    expr  := term (("+" | "-") term)*
    term  := [count] "d" (sides | "%") | integer

Hard caps, checked before any work: at most 1000 dice in one expression, at most 1000 faces
per die, at most 200 characters of input, constants within ±1,000,000.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import RulesError
from rules.exact import check_rng, check_sequence, convolve, sum_of_dice

__all__ = ["MAX_DICE", "MAX_FACES", "Expr", "Roll", "mean", "odds", "parse", "roll"]

MAX_DICE = 1000
MAX_FACES = 1000
MAX_CONSTANT = 1_000_000
MAX_LENGTH = 200
# Exact odds of a huge expression (1000d1000) would take minutes; refuse past this support.
MAX_ODDS_SPAN = 20_000

_TERM = re.compile(r"([+-]?)(?:(\d*)d(\d+|%)|(\d+))")


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides, added (sign +1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: int = 1


@dataclass(frozen=True, slots=True)
class Expr:
    """A parsed dice expression: dice groups plus a flat modifier."""

    dice: tuple[Dice, ...]
    modifier: int = 0

    @property
    def dice_count(self) -> int:
        return sum(d.count for d in self.dice)

    @property
    def minimum(self) -> int:
        return self.modifier + sum(d.count * (1 if d.sign > 0 else -d.sides) for d in self.dice)

    @property
    def maximum(self) -> int:
        return self.modifier + sum(d.count * (d.sides if d.sign > 0 else -1) for d in self.dice)

    def __mul__(self, n: object) -> Expr:
        """Multiply dice and modifier by ``n`` (GURPS shotgun: ``2d6-1`` × 6 = ``12d6-6``)."""
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        if n < 1:
            raise RulesError(f"multiplier must be at least 1, got {n}")
        return _checked(
            Expr(tuple(Dice(d.count * n, d.sides, d.sign) for d in self.dice), self.modifier * n)
        )

    __rmul__ = __mul__

    def __str__(self) -> str:
        parts: list[str] = []
        for d in self.dice:
            parts.append(f"{'-' if d.sign < 0 else '+'}{d.count}d{d.sides}")
        if self.modifier or not parts:
            parts.append(f"{self.modifier:+d}")
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled expression: every face in order of the dice groups, and the total."""

    expr: Expr
    faces: tuple[int, ...]
    total: int

    @property
    def label(self) -> str:
        return f"{self.expr} → {list(self.faces)} = {self.total}"


def _checked(expr: Expr) -> Expr:
    if expr.dice_count > MAX_DICE:
        raise RulesError(f"too many dice: {expr.dice_count} (at most {MAX_DICE})")
    if abs(expr.modifier) > MAX_CONSTANT:
        raise RulesError(f"modifier must be within ±{MAX_CONSTANT}, got {expr.modifier}")
    return expr


def parse(text: str) -> Expr:
    """Parse a dice expression; raise ``RulesError`` naming the problem."""
    if not isinstance(text, str):
        raise RulesError(f"dice expression must be a string, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise RulesError(f"dice expression too long ({len(text)} chars, at most {MAX_LENGTH})")
    if re.search(r"\d\s+\d", text):
        raise RulesError(f"bad dice expression {text!r}: a space inside a number")
    src = "".join(text.split()).lower()
    if not src:
        raise RulesError("empty dice expression")
    pos = 0
    groups: list[Dice] = []
    modifier = 0
    total_dice = 0
    while pos < len(src):
        m = _TERM.match(src, pos)
        if m is None or (pos > 0 and not m.group(1)):
            raise RulesError(f"bad dice expression {text!r} at character {pos + 1}")
        sign = -1 if m.group(1) == "-" else 1
        count_s, sides_s, const_s = m.group(2), m.group(3), m.group(4)
        if const_s is not None:
            if len(const_s) > 7 or int(const_s) > MAX_CONSTANT:
                raise RulesError(f"constant must be at most {MAX_CONSTANT}, got {const_s}")
            modifier += sign * int(const_s)
        else:
            # Compare lengths first so that a 10,000-digit count costs nothing.
            if count_s and (len(count_s) > 4 or int(count_s) > MAX_DICE):
                raise RulesError(f"too many dice: {count_s} (at most {MAX_DICE})")
            count = int(count_s) if count_s else 1
            if count < 1:
                raise RulesError("dice count must be at least 1")
            if sides_s == "%":
                sides = 100
            elif len(sides_s) > 4 or int(sides_s) > MAX_FACES:
                raise RulesError(f"too many faces: {sides_s} (at most {MAX_FACES})")
            else:
                sides = int(sides_s)
            if sides < 1:
                raise RulesError("a die needs at least 1 face")
            total_dice += count
            if total_dice > MAX_DICE:
                raise RulesError(f"too many dice: {total_dice} (at most {MAX_DICE})")
            groups.append(Dice(count, sides, sign))
        pos = m.end()
    return _checked(Expr(tuple(groups), modifier))


def _as_expr(expr: str | Expr) -> Expr:
    return expr if isinstance(expr, Expr) else parse(expr)


def roll(expr: str | Expr, *, rng: random.Random) -> Roll:
    """Roll ``expr`` with the injected generator."""
    e = _as_expr(expr)
    rng = check_rng(rng)
    faces: list[int] = []
    total = e.modifier
    for d in e.dice:
        for _ in range(d.count):
            face = rng.randint(1, d.sides)
            faces.append(face)
            total += d.sign * face
    return Roll(e, tuple(faces), total)


def resolve(expr: str | Expr, faces: tuple[int, ...] | list[int]) -> Roll:
    """Total typed-in faces for ``expr`` (one face per die, in order), validating each."""
    e = _as_expr(expr)
    check_sequence("faces", faces)
    faces = tuple(faces)
    if len(faces) != e.dice_count:
        raise RulesError(f"{e} needs {e.dice_count} dice, got {len(faces)}")
    total = e.modifier
    i = 0
    for d in e.dice:
        for _ in range(d.count):
            face = faces[i]
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= d.sides:
                raise RulesError(f"die {i + 1} must be within 1..{d.sides}, got {face!r}")
            total += d.sign * face
            i += 1
    return Roll(e, faces, total)


def mean(expr: str | Expr) -> Fraction:
    """Exact average total of ``expr``: the modifier plus (sides + 1) / 2 per die.

    Averages add, so this needs no distribution: ``1000d6`` costs what ``d6`` does.
    """
    e = _as_expr(expr)
    return e.modifier + sum(
        (Fraction(d.sign * d.count * (d.sides + 1), 2) for d in e.dice), Fraction(0)
    )


def odds(expr: str | Expr) -> dict[int, Fraction]:
    """Exact distribution of the total of ``expr``."""
    e = _as_expr(expr)
    span = e.maximum - e.minimum
    if span > MAX_ODDS_SPAN:
        raise RulesError(f"{e} has {span + 1} totals; exact odds limited to {MAX_ODDS_SPAN + 1}")
    dist: dict[int, Fraction] = {e.modifier: Fraction(1)}
    for d in e.dice:
        part = sum_of_dice(d.count, d.sides)
        if d.sign < 0:
            part = {-k: v for k, v in part.items()}
        dist = convolve(dist, part)
    return dict(sorted(dist.items()))
