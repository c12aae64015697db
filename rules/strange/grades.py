"""Strange System grades and the one grading rule shared by ``resolve`` and ``odds``.

Part of :mod:`rules.strange` (import from there). Kept apart so the exact-odds module and the
dice-level ``resolve`` classify outcomes with the very same function.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["MAX_MODIFIER", "Grade", "grade_hits", "modified_range"]

#: Range modifiers beyond ±5 change nothing more (the range is empty or reaches 6); ±6 is
#: accepted so stacked penalties do not error out.
MAX_MODIFIER = 6

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
    top = min(6, high + modifier)
    return (low, top) if top >= low else None
