"""GURPS 4e injury: what a wound does after it lands (shock, major wounds, knockdown and
stunning, staying conscious at 0 HP or below, death checks, reeling below 1/3 HP).

Part of :mod:`rules.gurps` (import from there). Seed 004 stops at DR; these are 4e Basic
Set facts (B419-B423, B142 for Pain Threshold), read as follows:

- Shock: -1 per HP of injury, at most -4; a victim with 20 or more HP takes -1 per full
  HP/10 of injury instead. High Pain Threshold: no shock; Low Pain Threshold: doubled (at
  most -8). It applies to DX and IQ (and the skills on them) on the victim's next turn.
- Major wound: one injury greater than HP/2 (exactly half is not). The HT roll against
  knockdown and stunning takes +3 with High Pain Threshold, -4 with Low. Failure: stunned
  and prone; failure by 5 or more, or a critical failure: unconscious.
- At 0 HP or below: an HT roll at each turn start, at -1 per full multiple of HP below
  zero, or unconscious. At -1×HP, -2×HP, -3×HP and -4×HP (each multiple reached for the
  first time): an HT roll or die. The Basic Set's "mortal wound" on a failure by 1 or 2 is
  left to the GM. At -5×HP: dead.
- Reeling: below 1/3 HP (1/3 of HP rounded up) Move and Dodge are halved, rounded up.
- Stunned: -4 to active defenses, only Do Nothing, an HT roll at each turn start to recover.
  Prone: -4 to melee attacks, -3 to active defenses.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from fractions import Fraction
from functools import lru_cache
from math import ceil

from rules.errors import RulesError
from rules.exact import check_int, sum_of_dice
from rules.gurps.core import Level, resolve

__all__ = [
    "DEATH_MULTIPLES",
    "PRONE_DEFENSE",
    "PRONE_MELEE",
    "STUNNED_DEFENSE",
    "Knockdown",
    "PainThreshold",
    "Wound",
    "consciousness_modifier",
    "dead",
    "death_checks",
    "halved",
    "knockdown",
    "knockdown_modifier",
    "knockdown_odds",
    "major_wound",
    "pain_threshold",
    "reeling",
    "shock",
    "wound",
]

#: Active defenses while stunned (B420).
STUNNED_DEFENSE = -4
#: Melee attacks while lying prone (B551).
PRONE_MELEE = -4
#: Active defenses while lying prone (B551).
PRONE_DEFENSE = -3
#: The multiples of -HP at which an HT roll against death is asked.
DEATH_MULTIPLES = (1, 2, 3, 4)
#: At -DEAD_MULTIPLE × HP the victim is dead, no roll.
DEAD_MULTIPLE = 5

_HP_LIMIT = 100_000


class PainThreshold(StrEnum):
    """High or Low Pain Threshold (advantage / disadvantage), or neither."""

    NORMAL = "normal"
    HIGH = "high"
    LOW = "low"


def pain_threshold(value: object) -> PainThreshold:
    """``"high"``, ``"low"``, ``"normal"`` (or a :class:`PainThreshold`)."""
    if isinstance(value, PainThreshold):
        return value
    if isinstance(value, str):
        found = {p.value: p for p in PainThreshold}.get(value.strip().lower())
        if found is not None:
            return found
    raise RulesError(f"pain must be one of normal, high, low, got {value!r}")


def _hp(name: str, value: object) -> int:
    return check_int(name, value, 1, _HP_LIMIT)


def _current(name: str, value: object) -> int:
    return check_int(name, value, -100 * _HP_LIMIT, _HP_LIMIT * 100)


def shock(injury: int, hp: int, *, pain: PainThreshold | str = PainThreshold.NORMAL) -> int:
    """The shock penalty (0 or negative) from ``injury`` to a victim of ``hp`` HP."""
    amount = check_int("injury", injury, 0, 100 * _HP_LIMIT)
    most = _hp("hp", hp)
    threshold = pain_threshold(pain)
    per = most // 10 if most >= 20 else 1
    points = min(4, amount // per)
    if threshold is PainThreshold.HIGH:
        return 0
    if threshold is PainThreshold.LOW:
        return -2 * points
    return -points


def major_wound(injury: int, hp: int) -> bool:
    """True when one injury is greater than half the victim's HP."""
    return check_int("injury", injury, 0, 100 * _HP_LIMIT) > Fraction(_hp("hp", hp), 2)


class Knockdown(Enum):
    """The outcome of the HT roll after a major wound."""

    KEPT = "keeps standing"
    STUNNED = "stunned and knocked down"
    UNCONSCIOUS = "knocked out"

    @property
    def label(self) -> str:
        return self.value


def knockdown_modifier(pain: PainThreshold | str = PainThreshold.NORMAL) -> int:
    """The Pain Threshold's modifier to the HT roll against knockdown and stunning."""
    return {PainThreshold.NORMAL: 0, PainThreshold.HIGH: 3, PainThreshold.LOW: -4}[
        pain_threshold(pain)
    ]


def _knocked(skill: int, roll: int) -> Knockdown:
    level = resolve(skill, roll).level
    if level.success:
        return Knockdown.KEPT
    if level is Level.CRITICAL_FAILURE or skill - roll <= -5:
        return Knockdown.UNCONSCIOUS
    return Knockdown.STUNNED


def knockdown(ht: int, roll: int, *, pain: PainThreshold | str = PainThreshold.NORMAL) -> Knockdown:
    """The HT roll (3d6 total ``roll``) against knockdown and stunning after a major wound."""
    skill = check_int("ht", ht, -1000, 1000) + knockdown_modifier(pain)
    return _knocked(skill, check_int("roll", roll, 3, 18))


@lru_cache(maxsize=256)
def _knockdown_odds(skill: int) -> tuple[tuple[Knockdown, Fraction], ...]:
    out = dict.fromkeys(Knockdown, Fraction(0))
    for total, p in sum_of_dice(3, 6).items():
        out[_knocked(skill, total)] += p
    return tuple(out.items())


def knockdown_odds(
    ht: int, *, pain: PainThreshold | str = PainThreshold.NORMAL
) -> dict[Knockdown, Fraction]:
    """Exact odds of each :class:`Knockdown` outcome over the 216 faces of 3d6."""
    skill = check_int("ht", ht, -1000, 1000) + knockdown_modifier(pain)
    return dict(_knockdown_odds(skill))


def consciousness_modifier(current: int, hp: int) -> int | None:
    """The modifier to the turn-start HT roll to stay conscious; None above 0 HP.

    -1 per full multiple of HP below zero: at HP 12, 0 to -11 give 0, -12 gives -1.
    """
    now, most = _current("current", current), _hp("hp", hp)
    if now > 0:
        return None
    return -((-now) // most)


def death_checks(before: int, after: int, hp: int) -> tuple[int, ...]:
    """The multiples k of -HP (1..4) first reached going from ``before`` to ``after`` HP.

    Each asks for an HT roll or die. Nothing is asked once the victim is dead (-5×HP).
    """
    old, new, most = _current("before", before), _current("after", after), _hp("hp", hp)
    return tuple(k for k in DEATH_MULTIPLES if new <= -k * most < old)


def dead(current: int, hp: int) -> bool:
    """True at -5×HP or below."""
    return _current("current", current) <= -DEAD_MULTIPLE * _hp("hp", hp)


def reeling(current: int, hp: int) -> bool:
    """True below 1/3 of HP (rounded up): Move and Dodge are halved."""
    return _current("current", current) < ceil(Fraction(_hp("hp", hp), 3))


def halved(value: int) -> int:
    """Half a Move or Dodge, rounded up (B419)."""
    return ceil(Fraction(check_int("value", value, -_HP_LIMIT, _HP_LIMIT), 2))


@dataclass(frozen=True, slots=True)
class Wound:
    """What one landed hit asks for, worked out from HP before and after.

    Attributes:
        injury: the injury of this hit; hp: the victim's HP; before/after: current HP.
        shock: the penalty on the victim's next turn (0 or negative).
        major: a major wound (asks for the knockdown HT roll).
        death_checks: the multiples of -HP newly reached (one HT roll against death each).
        dead: at -5×HP; conscious_roll: at 0 HP or below (turn-start HT roll);
        reeling: below 1/3 HP.
    """

    injury: int
    hp: int
    before: int
    after: int
    shock: int
    major: bool
    death_checks: tuple[int, ...]
    dead: bool
    conscious_roll: bool
    reeling: bool


def wound(
    injury: int,
    *,
    before: int,
    hp: int,
    pain: PainThreshold | str = PainThreshold.NORMAL,
    after: int | None = None,
) -> Wound:
    """Everything one hit's ``injury`` asks for, from ``before`` HP (of ``hp``).

    ``after`` defaults to ``before - injury``; pass it when several hits land together, so the
    death checks cover the whole drop while the major wound is judged on this hit alone.
    """
    amount = check_int("injury", injury, 0, 100 * _HP_LIMIT)
    most = _hp("hp", hp)
    old = _current("before", before)
    new = old - amount if after is None else _current("after", after)
    gone = dead(new, most)
    return Wound(
        injury=amount,
        hp=most,
        before=old,
        after=new,
        shock=shock(amount, most, pain=pain),
        major=major_wound(amount, most),
        death_checks=() if gone else death_checks(old, new, most),
        dead=gone,
        conscious_roll=new <= 0,
        reeling=reeling(new, most),
    )
