"""Strange System grades and the one grading rule shared by ``resolve`` and ``odds``.

Part of :mod:`rules.strange` (import from there). Kept apart so the exact-odds module and the
dice-level ``resolve`` classify outcomes with the very same function.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from rules.exact import check_bool, check_int, check_ints

__all__ = ["MAX_DICE_MODIFIER", "MAX_MODIFIER", "Grade", "grade_hits", "modified_range", "shifted"]

#: Range modifiers beyond ±5 change nothing more (the range is empty or reaches 6); ±6 is
#: accepted so stacked penalties do not error out.
MAX_MODIFIER = 6
#: A roll-value modifier shifts every die; ±5 already turns any die into a 6 or a 1.
MAX_DICE_MODIFIER = 5

_LABELS = {
    1: ("full failure", "Полный провал"),
    2: ("partial failure", "Частичный провал"),
    3: ("partial success", "Частичный успех"),
    4: ("full success", "Полный успех"),
    5: ("critical success", "Критический успех"),
    6: ("absolute critical", "Абсолютный критический успех"),
}


class Grade(IntEnum):
    """Result of a 4d6 check, ordered worst to best."""

    FULL_FAILURE = 1
    PARTIAL_FAILURE = 2
    PARTIAL_SUCCESS = 3
    FULL_SUCCESS = 4
    CRITICAL_SUCCESS = 5
    ABSOLUTE_CRITICAL = 6

    @property
    def label(self) -> str:
        """Plain lower-case English name, e.g. ``"partial success"``."""
        return _LABELS[self.value][0]

    @property
    def name_ru(self) -> str:
        """The seed's Russian name, e.g. ``"Частичный успех"``."""
        return _LABELS[self.value][1]

    @property
    def success(self) -> bool:
        """True from PARTIAL_SUCCESS up: the character reaches the goal."""
        return self >= Grade.PARTIAL_SUCCESS


def grade_hits(
    hits: int, required: int, resistance_hits: int | None, absolute: bool
) -> tuple[Grade, int, int]:
    """Grade a check from its hit counts; return ``(grade, effective_hits, impact)``.

    Args:
        hits: dice within the (modified) success range, H.
        required: hits the skill level needs, R.
        resistance_hits: dice within the resistance range, or None when unopposed.
        absolute: the dice were 4-4-4-4.
    """
    if not (
        type(hits) is int
        and type(required) is int
        and 0 <= hits <= 4
        and 1 <= required <= 4
        and type(absolute) is bool
        and (resistance_hits is None or type(resistance_hits) is int)
    ):
        check_int("hits", hits, 0, 4)
        check_int("required", required, 1, 4)
        if resistance_hits is not None:
            check_int("resistance_hits", resistance_hits, 0, 4)
        check_bool("absolute", absolute)
    effective = hits + max(0, hits - required)
    if absolute:
        # ABSOLUTE_CRITICAL is final: no step down and no consequence lands.
        return Grade.ABSOLUTE_CRITICAL, effective, 0
    if hits > 2 * required:
        grade = Grade.CRITICAL_SUCCESS
    elif effective >= required:
        grade = Grade.FULL_SUCCESS
    elif effective == required - 1 and 2 * effective > required:
        grade = Grade.PARTIAL_SUCCESS
    elif 2 * effective >= required:
        grade = Grade.PARTIAL_FAILURE
    else:
        grade = Grade.FULL_FAILURE
    impact = 0
    if resistance_hits is not None and resistance_hits > effective:
        impact = resistance_hits - effective
        if grade.success:
            grade = Grade(grade - 1)
    return grade, effective, impact


def modified_range(low: int, high: int, modifier: int) -> tuple[int, int] | None:
    """Apply a range modifier to the top of ``[low, high]``; None when the range is empty.

    A negative modifier shrinks the range from the top; a positive one widens it up to 6.
    """
    if not (type(low) is int and type(high) is int and type(modifier) is int):
        check_int("low", low)
        check_int("high", high)
        check_int("modifier", modifier)
    top = min(6, high + modifier)
    return (low, top) if top >= low else None


def shifted(dice: Sequence[int], modifier: int) -> tuple[int, ...]:
    """Each die plus ``modifier``, kept within 1..6 (a roll-value modifier, seed 001)."""
    if type(modifier) is not int:
        check_int("modifier", modifier)
    if isinstance(dice, tuple) and all(type(face) is int for face in dice):
        faces: tuple[int, ...] = dice
    else:
        faces = check_ints("dice", dice, 1, 6)
    if not modifier:
        return faces
    return tuple(min(6, max(1, face + modifier)) for face in faces)
