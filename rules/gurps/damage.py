"""GURPS 4e damage: one damage roll per hit, the target's DR subtracted from each.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.dice import Expr, Roll, parse
from rules.dice import resolve as resolve_expr
from rules.dice import roll as roll_expr
from rules.errors import RulesError
from rules.exact import check_int

__all__ = ["MAX_HITS", "Damage", "resolve_damage", "roll_damage"]

#: Most hits one damage roll takes (an input guard; 100 hits of 12d6 are 1200 dice).
MAX_HITS = 100


@dataclass(frozen=True, slots=True)
class Damage:
    """The damage of one or more hits on a target with DR ``dr``.

    Attributes:
        expr: the damage per hit (e.g. ``12d6-6``); dr: DR subtracted from each hit.
        rolls: one rolled (or typed) damage roll per hit.
    """

    expr: Expr
    dr: int
    rolls: tuple[Roll, ...]

    @property
    def hits(self) -> int:
        return len(self.rolls)

    @property
    def basic(self) -> tuple[int, ...]:
        """Basic damage of each hit (the roll's total)."""
        return tuple(r.total for r in self.rolls)

    @property
    def injuries(self) -> tuple[int, ...]:
        """What gets through DR on each hit (never below 0)."""
        return tuple(max(0, b - self.dr) for b in self.basic)

    @property
    def total(self) -> int:
        """Injury of all hits together: what comes off HP."""
        return sum(self.injuries)

    @property
    def label(self) -> str:
        """E.g. ``"12d6-6 vs DR 6: 40 - 6 = 34"`` (one term per hit, joined by ``+``)."""
        parts = [
            f"{b} - {self.dr} = {i}" if self.dr else str(b)
            for b, i in zip(self.basic, self.injuries, strict=True)
        ]
        dr = f" vs DR {self.dr}" if self.dr else ""
        body = "; ".join(parts)
        if self.hits > 1:
            body += f"; total {self.total}"
        return f"{self.expr}{dr}: {body}"


def _expr(expr: object) -> Expr:
    if isinstance(expr, Expr):
        return expr
    if not isinstance(expr, str):
        raise RulesError(f"damage must be dice like '2d6-1', got {expr!r}")
    return parse(expr)


def _checked(expr: object, dr: object, hits: object) -> tuple[Expr, int, int]:
    return (_expr(expr), check_int("dr", dr, 0, 100_000), check_int("hits", hits, 1, MAX_HITS))


def resolve_damage(expr: str | Expr, faces: Sequence[int], *, dr: int = 0, hits: int = 1) -> Damage:
    """Damage from typed faces: every die of the first hit, then of the second, …"""
    e, d, n = _checked(expr, dr, hits)
    if isinstance(faces, str | bytes) or not isinstance(faces, Sequence):
        raise RulesError(f"faces must be a list of die faces, got {faces!r}")
    need = e.dice_count * n
    if len(faces) != need:
        hit = "hit" if n == 1 else "hits"
        raise RulesError(f"{n} {hit} of {e} need {need} dice, got {len(faces)}")
    size = e.dice_count
    rolls = tuple(resolve_expr(e, list(faces[i * size : (i + 1) * size])) for i in range(n))
    return Damage(e, d, rolls)


def roll_damage(expr: str | Expr, *, dr: int = 0, hits: int = 1, rng: random.Random) -> Damage:
    """Roll the damage of ``hits`` hits with the injected generator."""
    e, d, n = _checked(expr, dr, hits)
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random, got {rng!r}")
    return Damage(e, d, tuple(roll_expr(e, rng=rng) for _ in range(n)))
