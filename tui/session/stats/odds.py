"""What counts as a success, and its exact chance in a plan's odds.

A roll's log grade is told from its first-named actor's point of view (an opposed roll is
``success`` when that character wins), and every system's odds name the same grades, so a
success is a ``critical``, ``special`` or ``success`` grade everywhere. ``partial`` (a
Strange System partial success or failure, an opposed roll nobody wins) is not a success:
the statistics count a roll as a yes or a no, and a partial result is neither a clean yes
nor the outcome a player hopes for.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Protocol

__all__ = ["SUCCESS_GRADES", "is_success", "success_chance"]

SUCCESS_GRADES = frozenset({"critical", "special", "success"})


class _Chance(Protocol):
    @property
    def p(self) -> Fraction: ...

    @property
    def grade(self) -> str: ...


def is_success(grade: str) -> bool:
    """Whether a log grade is a success for the roll's actor."""
    return grade in SUCCESS_GRADES


def success_chance(odds: Sequence[_Chance]) -> Fraction | None:
    """The chance of a success in ``odds`` (a plan's, summing to 1), or ``None`` when the
    odds do not describe a whole roll (none given, or they do not add up to 1)."""
    if not odds or sum((c.p for c in odds), Fraction(0)) != 1:
        return None
    return sum((c.p for c in odds if c.grade in SUCCESS_GRADES), Fraction(0))
