"""Basic Roleplaying d100 skill rolls: levels, difficulty, bands and exact odds.

Part of :mod:`rules.brp` (import from there). The seed readings are listed there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal, get_args

from rules.errors import RulesError
from rules.exact import check_face, check_int, check_rng, complete, half_up, tally

__all__ = [
    "DIFFICULTIES",
    "Bands",
    "Check",
    "Difficulty",
    "Level",
    "Result",
    "bands",
    "check",
    "check_difficulty",
    "effective_chance",
    "face_text",
    "odds",
    "resolve",
    "roll",
    "roll_check",
]

#: Every difficulty the seed names, in the seed's order.
Difficulty = Literal["automatic", "easy", "normal", "hard", "impossible"]
DIFFICULTIES: tuple[Difficulty, ...] = get_args(Difficulty)

_LABELS = {
    0: "fumble",
    1: "failure",
    2: "success",
    3: "special success",
    4: "critical success",
}


class Level(IntEnum):
    """Quality of a d100 roll, ordered worst to best."""

    FUMBLE = 0
    FAILURE = 1
    SUCCESS = 2
    SPECIAL = 3
    CRITICAL = 4

    @property
    def label(self) -> str:
        """Plain lower-case English name, e.g. ``"special success"``."""
        return _LABELS[self.value]

    @property
    def success(self) -> bool:
        """True for SUCCESS, SPECIAL and CRITICAL."""
        return self >= Level.SUCCESS


def face_text(roll: int) -> str:
    """A d100 face as players read it: ``07``, ``42``, ``00`` for 100."""
    roll = check_face("roll", roll, 100)
    return "00" if roll == 100 else f"{roll:02d}"


def check_difficulty(difficulty: object) -> Difficulty:
    """Return ``difficulty`` if it is one of :data:`DIFFICULTIES`, else raise ``RulesError``."""
    for known in DIFFICULTIES:
        if difficulty == known and isinstance(difficulty, str):
            return known
    raise RulesError(f"difficulty must be one of {', '.join(DIFFICULTIES)}; got {difficulty!r}")


def effective_chance(skill: int, difficulty: str = "normal") -> int:
    """Final chance after difficulty: easy ×2, normal as is, hard half rounded up.

    ``impossible`` returns 0, the chance a "see how badly" roll is resolved with.
    ``automatic`` raises ``RulesError``: no roll is made, so there is no chance; use
    :func:`check`, which handles both.
    """
    skill = check_int("skill", skill, 0)
    diff = check_difficulty(difficulty)
    if diff == "easy":
        return skill * 2
    if diff == "hard":
        return -(-skill // 2)  # ceil(skill / 2) without floats
    if diff == "impossible":
        return 0
    if diff == "automatic":
        raise RulesError("difficulty 'automatic' has no chance: no roll is made (use check())")
    return skill


@dataclass(frozen=True, slots=True)
class Bands:
    """Highest face of each success band and lowest fumble face for one chance.

    A band maximum of 0 means the band is empty (chance 0 or less).
    """

    critical: int
    special: int
    success: int
    fumble: int


@lru_cache(maxsize=1024)
def _bands(chance: int) -> Bands:
    if chance <= 0:
        return Bands(0, 0, 0, 101 - half_up(Fraction(100, 20)))
    success = min(max(chance, 5), 95)
    # Critical and special are kinds of success: capped at the success band so 96-00 always fail.
    critical = min(max(1, half_up(Fraction(chance, 20))), success)
    special = min(max(1, half_up(Fraction(chance, 5))), success)
    fumble = 101 - max(1, half_up(Fraction(100 - chance, 20)))
    return Bands(critical, special, success, fumble)


def bands(chance: int) -> Bands:
    """The seed table's row for ``chance``: critical, special, success maxima and fumble minimum."""
    return _bands(check_int("chance", chance))


@dataclass(frozen=True, slots=True)
class Result:
    """One resolved d100 roll against a final chance."""

    chance: int
    roll: int
    level: Level
    bands: Bands

    @property
    def success(self) -> bool:
        """True when the roll succeeded at any quality."""
        return self.level.success

    @property
    def label(self) -> str:
        """E.g. ``"special success (07 vs 60)"``."""
        return f"{self.level.label} ({face_text(self.roll)} vs {self.chance})"


def _level(b: Bands, roll: int) -> Level:
    if roll <= b.critical:
        return Level.CRITICAL
    if roll <= b.special:
        return Level.SPECIAL
    if roll <= b.success:
        return Level.SUCCESS
    if roll >= b.fumble:
        return Level.FUMBLE
    return Level.FAILURE


def resolve(chance: int, roll: int) -> Result:
    """Grade a d100 ``roll`` (1..100, 00 = 100) against the final ``chance``."""
    chance = check_int("chance", chance)
    roll = check_face("roll", roll, 100)
    b = _bands(chance)
    return Result(chance, roll, _level(b, roll), b)


def roll(chance: int, *, rng: random.Random) -> Result:
    """Roll d100 with the injected generator and resolve it against ``chance``."""
    chance = check_int("chance", chance)
    return resolve(chance, check_rng(rng).randint(1, 100))


@lru_cache(maxsize=512)
def _odds(chance: int) -> tuple[tuple[Level, Fraction], ...]:
    b = _bands(chance)
    dist = complete(tally(_level(b, face) for face in range(1, 101)), Level)
    return tuple(dist.items())


def odds(chance: int) -> dict[Level, Fraction]:
    """Exact probability of each level over the 100 faces (every level present)."""
    return dict(_odds(check_int("chance", chance)))


@dataclass(frozen=True, slots=True)
class Check:
    """A skill check with its difficulty, including the no-roll cases.

    ``chance``, ``roll`` and ``result`` are ``None`` when no die was rolled (automatic, or
    impossible without a "see how badly" roll).
    """

    skill: int
    difficulty: Difficulty
    level: Level
    chance: int | None
    roll: int | None
    result: Result | None
    tick_eligible: bool

    @property
    def success(self) -> bool:
        """True when the check succeeded at any quality."""
        return self.level.success

    @property
    def label(self) -> str:
        """E.g. ``"success (hard: 23 vs 30)"`` or ``"automatic success (no roll)"``."""
        if self.result is None:
            return f"{self.difficulty} {self.level.label} (no roll)"
        return (
            f"{self.level.label} ({self.difficulty}: "
            f"{face_text(self.result.roll)} vs {self.result.chance})"
        )


def check(
    skill: int, difficulty: str = "normal", roll: int | None = None, *, stakes: bool = True
) -> Check:
    """Resolve a skill check at a difficulty, handling the cases with no roll.

    ``automatic`` is a SUCCESS without a roll (a given roll is refused) and never ticks.
    ``impossible`` is a FAILURE without a roll; with a roll it is resolved at chance 0 (so it
    may fumble). Any other difficulty needs ``roll``. ``stakes`` says whether something was at
    stake, for the experience tick.
    """
    skill = check_int("skill", skill, 0)
    diff = check_difficulty(difficulty)
    if not isinstance(stakes, bool):
        raise RulesError(f"stakes must be True or False, got {stakes!r}")
    if diff == "automatic":
        if roll is not None:
            raise RulesError("roll must be None for an automatic check: no roll is made")
        return Check(skill, diff, Level.SUCCESS, None, None, None, False)
    if diff == "impossible" and roll is None:
        return Check(skill, diff, Level.FAILURE, None, None, None, False)
    if roll is None:
        raise RulesError(f"roll (1..100) is required for a {diff} check")
    result = resolve(effective_chance(skill, diff), roll)
    ticks = result.success and diff != "easy" and stakes
    return Check(skill, diff, result.level, result.chance, result.roll, result, ticks)


def roll_check(
    skill: int, difficulty: str = "normal", *, rng: random.Random, stakes: bool = True
) -> Check:
    """Like :func:`check`, drawing d100 from ``rng`` when the difficulty calls for a roll.

    Impossible checks are not rolled (the GM rolls them "to see how badly" via :func:`check`).
    """
    diff = check_difficulty(difficulty)
    check_rng(rng)
    face = None if diff in ("automatic", "impossible") else rng.randint(1, 100)
    return check(skill, diff, face, stakes=stakes)
