"""Condition durations as the GM writes them: ``2 rounds``, ``1 turn``, ``3r``, ``4 t``.

One reading serves the save (``Stunned = "2 rounds"``) and the ``/cond`` command, so a
duration a GM can type is one a save can hold and the other way round.
"""

from __future__ import annotations

import re

from tui.language import _
from tui.session.campaign.model import Condition, DurationUnit

__all__ = [
    "MAX_LEFT",
    "MAX_MOD",
    "UNIT_WORDS",
    "condition_doc",
    "parse_condition",
    "parse_duration",
]

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


def condition_doc(condition: Condition) -> str | bool:
    """The save's value of a condition: ``true`` (until removed), or the words ``/cond``
    takes after the name: ``"3 turns"``, ``"3 turns mod=-2"``, ``"mod=+1 gm"``. One string
    keeps the conditions in the order they were set (a TOML sub-table would not)."""
    words = [condition.duration] if condition.duration else []
    if condition.mod:
        words.append(f"mod={condition.mod:+d}")
    if condition.gm_only:
        words.append("gm")
    return " ".join(words) or True


def parse_condition(text: str) -> tuple[int, DurationUnit, int, bool]:
    """``"3 turns mod=-2 gm"`` → ``(3, "turns", -2, True)``; every part optional, in any
    order; ``ValueError`` naming the problem otherwise."""
    words = text.split()
    mod, gm_only = 0, False
    rest: list[str] = []
    for word in words:
        key, sep, value = word.partition("=")
        if sep and key.casefold() == "mod":
            value = value.replace("−", "-")
            if not re.fullmatch(r"[+-]?\d{1,4}", value) or abs(int(value)) > MAX_MOD:
                raise ValueError(
                    _("mod= must be a whole number within -{most}..+{most}, got {value!r}").format(
                        most=MAX_MOD, value=value
                    )
                )
            mod = int(value)
        elif word.casefold() == "gm":
            gm_only = True
        else:
            rest.append(word)
    if not rest:
        return 0, "", mod, gm_only
    left, unit = parse_duration(" ".join(rest))
    return left, unit, mod, gm_only
