"""Strange System checks and duels: 4d6 against the GM's ranges, hits, grades and impact.

Part of :mod:`rules.strange` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.errors import RulesError
from rules.exact import check_bool, check_face, check_int, check_rng
from rules.strange.grades import (
    MAX_DICE_MODIFIER,
    MAX_MODIFIER,
    Grade,
    grade_hits,
    modified_range,
    shifted,
)
from rules.strange.ladder import MAX_REQUIRED, Rank, check_rank

__all__ = [
    "MIN_ACTION_SECONDS",
    "MOUNT_SPEED_PER_ROUND",
    "Result",
    "Winner",
    "can_act",
    "can_act_count",
    "contest_winner",
    "range_from_dice",
    "resolve",
    "roll",
]

#: Shortest time any action takes, in seconds (also the time to cross the minimum distance).
MIN_ACTION_SECONDS = 2
#: A mount's base speed without modifiers, metres per round (seed's mounted archery example).
MOUNT_SPEED_PER_ROUND = 10

DICE = 4
ABSOLUTE = (4, 4, 4, 4)

Winner = Literal["a", "b"]
Span = tuple[int, int]


def _faces(
    name: str, values: object, length: int, what: str, parts: tuple[str, ...] = ()
) -> tuple[int, ...]:
    """Validate ``length`` d6 faces; the common case (plain ints in a tuple/list) is cheap."""
    if (
        isinstance(values, str)
        or not isinstance(values, tuple | list | Sequence)
        or len(values) != length
    ):
        raise RulesError(f"{name} must be {what}, got {values!r}")
    if all(type(v) is int and 1 <= v <= 6 for v in values):
        return tuple(values)
    names = [f"{name} {part}" for part in parts] or [f"{name}[{i}]" for i in range(length)]
    return tuple(check_face(names[i], v, 6) for i, v in enumerate(values))


def _modifier(name: str, value: object, bound: int) -> int:
    if type(value) is int and -bound <= value <= bound:
        return value
    return check_int(name, value, -bound, bound)


def _dice(name: str, dice: object) -> tuple[int, int, int, int]:
    a, b, c, d = _faces(name, dice, DICE, f"{DICE} d6 faces")
    return a, b, c, d


def _span(name: str, span: object) -> Span:
    low, high = _faces(name, span, 2, "a pair (low, high) within 1..6", ("low", "high"))
    if low > high:
        raise RulesError(f"{name} must have low <= high, got {low}-{high}")
    return low, high


def _count(dice: tuple[int, ...], span: Span | None) -> int:
    if span is None:
        return 0
    low, high = span
    return [low <= face <= high for face in dice].count(True)


def _span_text(span: Span | None) -> str:
    return "empty" if span is None else f"{span[0]}-{span[1]}"


def range_from_dice(d1: int, d2: int) -> Span:
    """The GM's 2d6 as a range: ``(min, max)`` of the two faces."""
    a = check_face("d1", d1, 6)
    b = check_face("d2", d2, 6)
    return min(a, b), max(a, b)


@dataclass(frozen=True, slots=True)
class Result:
    """A resolved check; carries everything needed to explain it in the log."""

    dice: tuple[int, int, int, int]
    success_range: Span
    range_modifier: int
    effective_range: Span | None
    resistance_range: Span | None
    required: int
    hits: int
    effective_hits: int
    resistance_hits: int
    grade: Grade
    impact: int
    dice_modifier: int = 0

    @property
    def values(self) -> tuple[int, ...]:
        """The dice after the roll-value modifier (each shifted, kept within 1..6)."""
        return shifted(self.dice, self.dice_modifier)

    @property
    def absolute(self) -> bool:
        """The dice as rolled were 4-4-4-4: an absolute critical, in a duel too."""
        return self.dice == ABSOLUTE

    @property
    def dice_text(self) -> str:
        """E.g. ``"3-3-4-5"`` or, with ``dice+1``, ``"3-3-4-5 +1 -> 4-4-5-6"``."""
        text = "-".join(map(str, self.dice))
        if self.dice_modifier:
            text += f" {self.dice_modifier:+d} -> {'-'.join(map(str, self.values))}"
        return text

    @property
    def extra_hits(self) -> int:
        """Hits beyond the requirement (each counted double in ``effective_hits``)."""
        return self.effective_hits - self.hits

    @property
    def success(self) -> bool:
        """The character reaches the goal (partial success or better)."""
        return self.grade.success

    @property
    def opposed(self) -> bool:
        """A resistance range was rolled."""
        return self.resistance_range is not None

    @property
    def label(self) -> str:
        """E.g. ``"partial success, impact 1 (3-3-5-5 vs 4-5: hits 2/1, effective 3;
        resistance 3-5: hits 4)"``."""
        dice = self.dice_text
        span = _span_text(self.success_range)
        if self.range_modifier:
            span += f" {self.range_modifier:+d} -> {_span_text(self.effective_range)}"
        head = self.grade.label + (f", impact {self.impact}" if self.impact else "")
        body = (
            f"{dice} vs {span}: hits {self.hits}/{self.required}, effective {self.effective_hits}"
        )
        if self.resistance_range is not None:
            body += f"; resistance {_span_text(self.resistance_range)}: hits {self.resistance_hits}"
        return f"{head} ({body})"


def resolve(
    dice: Sequence[int],
    success_range: Sequence[int],
    required: int,
    resistance_range: Sequence[int] | None = None,
    range_modifier: int = 0,
    *,
    dice_modifier: int = 0,
) -> Result:
    """Grade the player's 4d6 against the GM's range(s).

    ``resistance_range`` and ``range_modifier`` may be passed by position, as the spec shows.
    A roll-value modifier (``dice_modifier``) shifts each die before any hit is counted, in
    the success and the resistance range alike; a die stays within 1..6. 4-4-4-4 is read off
    the dice as rolled.

    Args:
        dice: the player's four d6 faces.
        success_range: ``(low, high)`` from the GM's first 2d6.
        required: hits the skill level needs (1..4), e.g. ``level.required_hits``.
        resistance_range: ``(low, high)`` from the GM's second 2d6 when the action is resisted.
        range_modifier: added to the top of the success range (negative shrinks it).
        dice_modifier: added to each die's value (−5..+5), kept within 1..6.
    """
    faces = _dice("dice", dice)
    span = _span("success_range", success_range)
    if not (type(required) is int and 1 <= required <= MAX_REQUIRED):
        check_int("required", required, 1, MAX_REQUIRED)
    _modifier("range_modifier", range_modifier, MAX_MODIFIER)
    _modifier("dice_modifier", dice_modifier, MAX_DICE_MODIFIER)
    resist = None if resistance_range is None else _span("resistance_range", resistance_range)
    effective_range = modified_range(span[0], span[1], range_modifier)
    values = shifted(faces, dice_modifier) if dice_modifier else faces
    hits = _count(values, effective_range)
    resisted = None if resist is None else _count(values, resist)
    grade, effective, impact = grade_hits(hits, required, resisted, faces == ABSOLUTE)
    return Result(
        dice=faces,
        success_range=span,
        range_modifier=range_modifier,
        effective_range=effective_range,
        resistance_range=resist,
        required=required,
        hits=hits,
        effective_hits=effective,
        resistance_hits=resisted or 0,
        grade=grade,
        impact=impact,
        dice_modifier=dice_modifier,
    )


def roll(
    required: int,
    *,
    rng: random.Random,
    success_range: Sequence[int] | None = None,
    resistance_range: Sequence[int] | None = None,
    opposed: bool = False,
    range_modifier: int = 0,
    dice_modifier: int = 0,
) -> Result:
    """Roll what is missing (GM's range(s), player's 4d6) with ``rng`` and resolve.

    A given ``resistance_range`` makes the check opposed whatever ``opposed`` says.
    """
    rng = check_rng(rng)
    check_int("required", required, 1, MAX_REQUIRED)
    check_bool("opposed", opposed)
    if success_range is None:
        success_range = range_from_dice(rng.randint(1, 6), rng.randint(1, 6))
    if resistance_range is None and opposed:
        resistance_range = range_from_dice(rng.randint(1, 6), rng.randint(1, 6))
    dice = tuple(rng.randint(1, 6) for _ in range(DICE))
    return resolve(
        dice,
        success_range,
        required,
        resistance_range=resistance_range,
        range_modifier=range_modifier,
        dice_modifier=dice_modifier,
    )


def contest_winner(
    a_effective: int,
    a_rank: Rank,
    b_effective: int,
    b_rank: Rank,
    *,
    a_absolute: bool = False,
    b_absolute: bool = False,
) -> Winner | None:
    """4-4-4-4 wins unless both rolled it; then higher effective hits; equal → higher rank
    (a skill rank or a danger class's, on one scale); equal rank → no winner."""
    check_int("a_effective", a_effective, 0, None)
    check_int("b_effective", b_effective, 0, None)
    check_rank("a_rank", a_rank)
    check_rank("b_rank", b_rank)
    if check_bool("a_absolute", a_absolute) != check_bool("b_absolute", b_absolute):
        return "a" if a_absolute else "b"
    if a_effective != b_effective:
        return "a" if a_effective > b_effective else "b"
    if a_rank != b_rank:
        return "a" if a_rank > b_rank else "b"
    return None


def can_act_count(
    dice: Sequence[int],
    success_range: Sequence[int],
    *,
    range_modifier: int = 0,
    dice_modifier: int = 0,
) -> int:
    """Under hard conditions: how many of the 4 dice (after ``dice_modifier``) are in range."""
    faces = _dice("dice", dice)
    span = _span("success_range", success_range)
    _modifier("range_modifier", range_modifier, MAX_MODIFIER)
    _modifier("dice_modifier", dice_modifier, MAX_DICE_MODIFIER)
    return _count(shifted(faces, dice_modifier), modified_range(span[0], span[1], range_modifier))


def can_act(
    dice: Sequence[int],
    success_range: Sequence[int],
    *,
    range_modifier: int = 0,
    dice_modifier: int = 0,
) -> bool:
    """Under hard conditions: may the character act at all? At least 2 of 4 dice in range."""
    count = can_act_count(
        dice, success_range, range_modifier=range_modifier, dice_modifier=dice_modifier
    )
    return 2 * count >= DICE
