"""Condition durations as the GM writes them: ``2 rounds``, ``1 turn``, ``3r``, ``4 t``.

One reading serves the save (``Stunned = "2 rounds"``) and the ``/cond`` command, so a
duration a GM can type is one a save can hold and the other way round.
"""

from __future__ import annotations

import re

from tui.language import _
from tui.session.campaign.model import Condition, DurationUnit

__all__ = ["MAX_LEFT", "MAX_MOD", "UNIT_WORDS", "condition_doc", "parse_duration"]

#: the longest duration a condition may have (a typo of 2000 rounds is refused)
MAX_LEFT = 999
#: the largest modifier a condition may carry, either way (BRP percent reach ±200)
MAX_MOD = 200
#: words for a unit → the stored unit
UNIT_WORDS: dict[str, DurationUnit] = {
    "round": "rounds",
    "rounds": "rounds",
    "rnd": "rounds",
    "rnds": "rounds",
    "r": "rounds",
    "turn": "turns",
    "turns": "turns",
    "t": "turns",
    # Russian, in every form a count takes (1 раунд, 2 раунда, 5 раундов), and short forms
    "раунд": "rounds",
    "раунда": "rounds",
    "раундов": "rounds",
    "р": "rounds",
    "ход": "turns",
    "хода": "turns",
    "ходов": "turns",
    "х": "turns",
}
_DURATION = re.compile(r"^\s*(\d+)\s*([a-zа-яё]+)\s*$")


def parse_duration(text: str) -> tuple[int, DurationUnit]:
    """``"2 rounds"`` → ``(2, "rounds")``; ``ValueError`` naming the problem otherwise."""
    m = _DURATION.match(text.casefold())
    if m is None or m[2] not in UNIT_WORDS:
        raise ValueError(_("a duration is N rounds or N turns, got {text!r}").format(text=text))
    left = int(m[1])
    if not 1 <= left <= MAX_LEFT:
        raise ValueError(
            _("a duration must be within {low}..{high}, got {value}").format(
                low=1, high=MAX_LEFT, value=left
            )
        )
    return left, UNIT_WORDS[m[2]]


def condition_doc(condition: Condition) -> str | bool | dict[str, str | int | bool]:
    """The save's value of a condition: its duration, or ``true`` (until removed); one with
    a modifier or for the GM only is a small table, ``{ duration = "3 turns", mod = -2,
    gm_only = true }`` (each key only when it says something)."""
    if not condition.mod and not condition.gm_only:
        return condition.duration or True
    out: dict[str, str | int | bool] = {}
    if condition.duration:
        out["duration"] = condition.duration
    if condition.mod:
        out["mod"] = condition.mod
    if condition.gm_only:
        out["gm_only"] = True
    return out
