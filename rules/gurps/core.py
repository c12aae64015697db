"""GURPS 4e success rolls: 3d6 roll-under, criticals, modifiers and quick contests.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rules.errors import RulesError
from rules.exact import check_face, check_int, check_iterable, check_rng, complete, sum_of_dice

__all__ = [
    "MAX_MODIFIER",
    "SKILL_LIMIT",
    "Contest",
    "Level",
    "Result",
    "Side",
    "contest",
    "contest_odds",
    "effective_skill",
    "odds",
    "quick_contest",
    "resolve",
    "resolve_dice",
    "roll",
    "roll_contest",
]

#: A situational modifier lies within ±MAX_MODIFIER (seed: "from −10 to +10").
MAX_MODIFIER = 10
#: Effective skill must lie within ±SKILL_LIMIT (input guard only).
SKILL_LIMIT = 1000

Side = Literal["a", "b"]

_LABELS = {
    0: "critical failure",
    1: "failure",
    2: "success",
    3: "critical success",
}


class Level(IntEnum):
    """Quality of a success roll, ordered worst to best."""

    CRITICAL_FAILURE = 0
    FAILURE = 1
    SUCCESS = 2
    CRITICAL_SUCCESS = 3

    @property
    def label(self) -> str:
        """Plain lower-case English name, e.g. ``"critical success"``."""
        return _LABELS[self.value]

    @property
    def success(self) -> bool:
        """True for SUCCESS and CRITICAL_SUCCESS."""
        return self >= Level.SUCCESS


@dataclass(frozen=True, slots=True)
class Result:
    """One resolved 3d6 success roll.

    Attributes:
        skill: effective skill after modifiers.
        roll: the 3d6 total, 3..18.
        level: the outcome.
        dice: the three faces when known (empty when only the total was entered).
    """

    skill: int
    roll: int
    level: Level
    dice: tuple[int, ...] = ()

    @property
    def margin(self) -> int:
        """Margin of success (≥ 0 usually) or failure (negative): ``skill − roll``."""
        return self.skill - self.roll

    @property
    def success(self) -> bool:
        """Whether the roll succeeded (critically or not)."""
        return self.level.success

    @property
    def label(self) -> str:
        """E.g. ``"critical success (rolled 4 [1, 1, 2] vs 14, margin +10)"``."""
        faces = f" {list(self.dice)}" if self.dice else ""
        where = f"rolled {self.roll}{faces} vs {self.skill}"
        return f"{self.level.label} ({where}, margin {self.margin:+d})"


def _check_skill(name: str, value: object) -> int:
    return check_int(name, value, -SKILL_LIMIT, SKILL_LIMIT)


def effective_skill(base: int, modifiers: Iterable[int] = ()) -> int:
    """Base skill plus situational modifiers, each within −10..+10.

    Seed: lockpicking 9, total darkness −5 → 4; a trivial lock +10 → 14.
    """
    total = _check_skill("base skill", base)
    for i, mod in enumerate(check_iterable("modifiers", modifiers), start=1):
        total += check_int(f"modifier {i}", mod, -MAX_MODIFIER, MAX_MODIFIER)
    return _check_skill("effective skill", total)


def _level(skill: int, roll: int) -> Level:
    if roll <= 4 or (roll == 5 and skill >= 15) or (roll == 6 and skill >= 16):
        return Level.CRITICAL_SUCCESS
    if roll == 18 or (roll == 17 and skill <= 15) or roll >= skill + 10:
        return Level.CRITICAL_FAILURE
    if roll <= skill and roll <= 16:
        return Level.SUCCESS
    return Level.FAILURE


def resolve(skill: int, roll: int) -> Result:
    """Resolve a 3d6 total ``roll`` (3..18) against effective ``skill``."""
    s = _check_skill("skill", skill)
    r = check_int("roll", roll, 3, 18)
    return Result(s, r, _level(s, r))


def resolve_dice(skill: int, dice: Sequence[int]) -> Result:
    """Resolve three typed-in d6 faces against effective ``skill``; the result keeps the faces."""
    if isinstance(dice, str | bytes) or not isinstance(dice, Sequence) or len(dice) != 3:
        raise RulesError(f"dice must be three d6 faces, got {dice!r}")
    faces = tuple(check_face(f"die {i}", face, 6) for i, face in enumerate(dice, start=1))
    s = _check_skill("skill", skill)
    total = sum(faces)
    return Result(s, total, _level(s, total), faces)


def roll(skill: int, *, rng: random.Random) -> Result:
    """Roll 3d6 with the injected generator and resolve it against ``skill``."""
    _check_skill("skill", skill)
    rng = check_rng(rng)
    return resolve_dice(skill, tuple(rng.randint(1, 6) for _ in range(3)))


@lru_cache(maxsize=64)
def _odds(skill: int) -> tuple[tuple[Level, Fraction], ...]:
    dist: dict[Level, Fraction] = {}
    for total, p in sum_of_dice(3, 6).items():
        level = _level(skill, total)
        dist[level] = dist.get(level, Fraction(0)) + p
    return tuple(complete(dist, Level).items())


def odds(skill: int) -> dict[Level, Fraction]:
    """Exact chance of each level at effective ``skill`` over the 216 outcomes of 3d6."""
    # Above 16 and below −7 nothing changes any more, so the cache stays small.
    s = _check_skill("skill", skill)
    return dict(_odds(min(max(s, -7), 16)))


@dataclass(frozen=True, slots=True)
class Contest:
    """A quick contest between side ``a`` and side ``b``."""

    a: Result
    b: Result

    @property
    def winner(self) -> Side | None:
        """``"a"``, ``"b"`` or ``None`` for a tie (nobody gets it)."""
        return _winner(self.a.success, self.a.margin, self.b.success, self.b.margin)

    @property
    def margin(self) -> int:
        """Margin of victory (difference of the two margins), 0 when nobody wins."""
        return 0 if self.winner is None else abs(self.a.margin - self.b.margin)

    @property
    def label(self) -> str:
        """E.g. ``"a wins by 3 (a: success …; b: failure …)"``."""
        head = "no winner" if self.winner is None else f"{self.winner} wins by {self.margin}"
        return f"{head} (a: {self.a.label}; b: {self.b.label})"


def _winner(a_ok: bool, a_margin: int, b_ok: bool, b_margin: int) -> Side | None:
    if a_ok != b_ok:
        return "a" if a_ok else "b"
    if a_margin == b_margin:
        return None
    return "a" if a_margin > b_margin else "b"


def contest(a: Result, b: Result) -> Contest:
    """Quick contest from two already resolved rolls (keeps their dice)."""
    if not isinstance(a, Result) or not isinstance(b, Result):
        raise RulesError("contest needs two gurps.Result values")
    return Contest(a, b)


def quick_contest(a_skill: int, a_roll: int, b_skill: int, b_roll: int) -> Contest:
    """Quick contest from two skills and their 3d6 totals."""
    return Contest(resolve(a_skill, a_roll), resolve(b_skill, b_roll))


def roll_contest(a_skill: int, b_skill: int, *, rng: random.Random) -> Contest:
    """Roll both sides of a quick contest (``a`` first) with the injected generator."""
    rng = check_rng(rng)
    _check_skill("a_skill", a_skill)
    _check_skill("b_skill", b_skill)
    return Contest(roll(a_skill, rng=rng), roll(b_skill, rng=rng))


@lru_cache(maxsize=256)
def _contest_odds(a_skill: int, b_skill: int) -> tuple[tuple[Side | None, Fraction], ...]:
    # Integer ways out of 216 per total keep the 16 × 16 loop free of Fraction arithmetic.
    ways = {t: int(p * 216) for t, p in sum_of_dice(3, 6).items()}
    a_side = [(_level(a_skill, t).success, a_skill - t, w) for t, w in ways.items()]
    b_side = [(_level(b_skill, t).success, b_skill - t, w) for t, w in ways.items()]
    counts: dict[Side | None, int] = {"a": 0, "b": 0, None: 0}
    for a_ok, a_margin, wa in a_side:
        for b_ok, b_margin, wb in b_side:
            counts[_winner(a_ok, a_margin, b_ok, b_margin)] += wa * wb
    return tuple((key, Fraction(n, 216 * 216)) for key, n in counts.items())


def contest_odds(a_skill: int, b_skill: int) -> dict[Side | None, Fraction]:
    """Exact chance that ``"a"`` wins, ``"b"`` wins, or nobody (``None``) wins."""
    a = _check_skill("a_skill", a_skill)
    b = _check_skill("b_skill", b_skill)
    return dict(_contest_odds(a, b))
