"""The d6 pool's rules: roll N d6, each 5 or 6 is a hit; no hit fails, three or more are a
critical. Pure functions over explicit dice, like every ``rules`` package, with exact odds."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction

from rules.errors import RulesError
from rules.exact import check_face

__all__ = ["MAX_DICE", "Level", "Result", "odds", "resolve", "roll"]

MAX_DICE = 6
HIT = 5  # a face of 5 or more is a hit
CRITICAL_HITS = 3


class Level(IntEnum):
    FAILURE = 0
    SUCCESS = 1
    CRITICAL = 2

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Result:
    dice: tuple[int, ...]
    hits: int
    level: Level

    @property
    def label(self) -> str:
        return f"{self.hits} hit{'' if self.hits == 1 else 's'}: {self.level.label}"


def _level(hits: int) -> Level:
    if hits >= CRITICAL_HITS:
        return Level.CRITICAL
    return Level.SUCCESS if hits else Level.FAILURE


def _pool(pool: object) -> int:
    if type(pool) is not int or not 1 <= pool <= MAX_DICE:
        raise RulesError(f"pool must be a whole number of dice within 1..{MAX_DICE}, got {pool!r}")
    return pool


def resolve(dice: Sequence[int]) -> Result:
    """The hits and level of dice already rolled (1..MAX_DICE faces, each 1..6)."""
    if isinstance(dice, str) or not isinstance(dice, Sequence):
        raise RulesError(f"dice must be a sequence of d6 faces, got {dice!r}")
    _pool(len(dice))
    faces = tuple(check_face(f"dice[{i}]", face, 6) for i, face in enumerate(dice))
    hits = sum(face >= HIT for face in faces)
    return Result(faces, hits, _level(hits))


def roll(pool: int, *, rng: random.Random) -> Result:
    return resolve([rng.randint(1, 6) for _ in range(_pool(pool))])


def odds(pool: int) -> dict[Level, Fraction]:
    """Exact odds of each level, by enumerating all 6**pool outcomes."""
    counts = dict.fromkeys(Level, 0)
    for dice in itertools.product(range(1, 7), repeat=_pool(pool)):
        counts[_level(sum(face >= HIT for face in dice))] += 1
    return {level: Fraction(n, 6**pool) for level, n in counts.items()}
