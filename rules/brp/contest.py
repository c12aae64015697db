"""Basic Roleplaying contests: the resistance table and skill against skill.

Part of :mod:`rules.brp` (import from there). The seed readings are listed there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.brp.core import Level, face_text
from rules.errors import RulesError
from rules.exact import check_face, check_int, check_rng

__all__ = [
    "Opposed",
    "OpposedMany",
    "ResistanceResult",
    "Side",
    "Winner",
    "opposed",
    "opposed_many",
    "opposed_odds",
    "resistance_chance",
    "resistance_odds",
    "resistance_roll",
    "roll_resistance",
    "tier",
]

Side = Literal["active", "passive"]
Winner = Literal["a", "b"] | None


def resistance_chance(active: int, passive: int) -> int:
    """Active side's percentage: 50 + 5 × (active − passive), 100 / 0 automatic beyond ±10."""
    active = check_int("active", active, 0)
    passive = check_int("passive", passive, 0)
    diff = active - passive
    if diff >= 10:
        return 100
    if diff <= -10:
        return 0
    return 50 + 5 * diff


def resistance_odds(active: int, passive: int) -> Fraction:
    """Exact probability that the active side prevails (the same whichever side rolls)."""
    return Fraction(resistance_chance(active, passive), 100)


@dataclass(frozen=True, slots=True)
class ResistanceResult:
    """A resistance-table roll; ``success`` is always from the active side's point of view.

    ``roll`` is ``None`` when the result was automatic and no die was rolled.
    """

    active: int
    passive: int
    chance: int
    by: Side
    roll: int | None
    automatic: bool
    success: bool

    @property
    def target(self) -> int:
        """The number the roll is read against, whichever side rolls: the active chance."""
        return self.chance

    @property
    def label(self) -> str:
        """E.g. ``"active succeeds (37 vs 40)"``, ``"passive resists (55 vs 40, passive …)"``."""
        outcome = "active succeeds" if self.success else "passive resists"
        if self.automatic or self.roll is None:
            return f"{outcome} automatically ({self.active} vs {self.passive})"
        suffix = "" if self.by == "active" else ", passive rolls"
        return f"{outcome} ({face_text(self.roll)} vs {self.target}{suffix})"


def _check_side(by: object) -> Side:
    if by == "active" and isinstance(by, str):
        return "active"
    if by == "passive" and isinstance(by, str):
        return "passive"
    raise RulesError(f"by must be 'active' or 'passive', got {by!r}")


def resistance_roll(
    active: int, passive: int, roll: int | None, *, by: str = "active"
) -> ResistanceResult:
    """Resolve a resistance roll made by the ``by`` side.

    Whichever side rolls, the roll is read against the same number: ``roll`` ≤ chance → the
    active force prevails (the seed: «одна из сторон — активная или пассивная — должна бросить
    D100 и получить результат, равный или меньший указанного числа»). At 100 or 0 the outcome
    is automatic: ``roll`` may be ``None`` (a given roll is validated and recorded but changes
    nothing); otherwise ``roll`` (1..100) is required.
    """
    chance = resistance_chance(active, passive)
    side = _check_side(by)
    automatic = chance in (0, 100)
    if roll is None:
        if not automatic:
            raise RulesError(f"roll (1..100) is required at a resistance chance of {chance}")
        return ResistanceResult(active, passive, chance, side, None, True, chance == 100)
    roll = check_face("roll", roll, 100)
    success = chance == 100 if automatic else roll <= chance
    return ResistanceResult(active, passive, chance, side, roll, automatic, success)


def roll_resistance(
    active: int, passive: int, *, rng: random.Random, by: str = "active"
) -> ResistanceResult:
    """Roll d100 from ``rng`` for the ``by`` side unless the outcome is automatic."""
    chance = resistance_chance(active, passive)
    rng = check_rng(rng)
    face = None if chance in (0, 100) else rng.randint(1, 100)
    return resistance_roll(active, passive, face, by=by)


# Three tiers (the seed: «трёхступенчатую систему: Особый успех > Успех > Провал»); the
# critical band lies inside the special band, so a critical is a special in a contest.
_TIER = {Level.FUMBLE: 0, Level.FAILURE: 0, Level.SUCCESS: 1, Level.SPECIAL: 2, Level.CRITICAL: 2}
_BY_TIER = {1: Level.SUCCESS, 2: Level.SPECIAL}


def tier(level: Level) -> int:
    """A level's tier in an opposed roll: failure 0, success 1, special (and critical) 2."""
    return _TIER[_check_level("level", level)]


def _dropped(rolled: Level, by: int) -> Level:
    """The winner's level after the loser's tier cancels ``by`` tiers (unopposed: as rolled)."""
    return rolled if by == 0 else _BY_TIER[_TIER[rolled] - by]


@dataclass(frozen=True, slots=True)
class Opposed:
    """Skill against skill: levels as rolled, levels after cancellation and the winner.

    Experience ticks follow the levels *as rolled* (``a_rolled``/``b_rolled``): a success
    cancelled by the opponent still ticks.
    """

    a_rolled: Level
    a_skill: int
    b_rolled: Level
    b_skill: int
    a: Level
    b: Level
    winner: Winner

    @property
    def label(self) -> str:
        """E.g. ``"a wins: special success vs success → success vs failure"``."""
        head = "no winner" if self.winner is None else f"{self.winner} wins"
        return (
            f"{head}: {self.a_rolled.label} vs {self.b_rolled.label}"
            f" → {self.a.label} vs {self.b.label}"
        )


def _check_level(name: str, level: object) -> Level:
    if not isinstance(level, Level):
        raise RulesError(f"{name} must be a brp.Level (FUMBLE..CRITICAL), got {level!r}")
    return level


def opposed(a: Level, a_skill: int, b: Level, b_skill: int) -> Opposed:
    """Compare two rolled levels by tier (failure 0, success 1, special 2; a critical is 2).

    A critical keeps its level when it meets no success (its own effect in the log); against
    a special it cancels like special against special, against a success it wins as a special
    does (success vs failure). Both failed: no winner, levels unchanged. Equal tiers of 2:
    both become FAILURE, no winner. Success against success: the higher skill keeps SUCCESS,
    the other fails; equal skills cancel (both FAILURE, no winner). Otherwise the higher tier
    wins and drops by the loser's tier; a succeeding loser becomes FAILURE.
    """
    a = _check_level("a", a)
    b = _check_level("b", b)
    a_skill = check_int("a_skill", a_skill)
    b_skill = check_int("b_skill", b_skill)
    ta, tb = _TIER[a], _TIER[b]
    fail = Level.FAILURE
    if ta == tb == 0:
        return Opposed(a, a_skill, b, b_skill, a, b, None)
    if ta == tb:
        if ta == 1 and a_skill != b_skill:
            if a_skill > b_skill:
                return Opposed(a, a_skill, b, b_skill, Level.SUCCESS, fail, "a")
            return Opposed(a, a_skill, b, b_skill, fail, Level.SUCCESS, "b")
        return Opposed(a, a_skill, b, b_skill, fail, fail, None)
    if ta > tb:
        b_after = b if tb == 0 else fail
        return Opposed(a, a_skill, b, b_skill, _dropped(a, tb), b_after, "a")
    a_after = a if ta == 0 else fail
    return Opposed(a, a_skill, b, b_skill, a_after, _dropped(b, ta), "b")


@dataclass(frozen=True, slots=True)
class OpposedMany:
    """Skill against skill among any number of sides (the seed's «все действующие стороны»).

    ``rolled[i]`` is side i's level as rolled, ``after[i]`` after cancellation; ``winner`` is
    the index of the side that gets what it wants, or None. Experience ticks follow the levels
    as rolled.
    """

    rolled: tuple[Level, ...]
    skills: tuple[int, ...]
    after: tuple[Level, ...]
    winner: int | None

    @property
    def label(self) -> str:
        """E.g. ``"side 1 wins: special success vs success vs failure → success vs …"``."""
        head = "no winner" if self.winner is None else f"side {self.winner + 1} wins"
        rolled = " vs ".join(level.label for level in self.rolled)
        after = " vs ".join(level.label for level in self.after)
        return f"{head}: {rolled} → {after}"


def _check_many(levels: object, skills: object) -> tuple[tuple[Level, ...], tuple[int, ...]]:
    if isinstance(levels, str | bytes) or not isinstance(levels, tuple | list):
        raise RulesError(f"levels must be a sequence of brp.Levels, got {levels!r}")
    if isinstance(skills, str | bytes) or not isinstance(skills, tuple | list):
        raise RulesError(f"skills must be a sequence of skill ratings, got {skills!r}")
    if not 1 <= len(levels) <= 16:
        raise RulesError(f"levels must hold 1..16 sides, got {len(levels)}")
    if len(skills) != len(levels):
        raise RulesError(f"skills must hold one rating per side ({len(levels)}), got {len(skills)}")
    checked = tuple(_check_level(f"levels[{i}]", lv) for i, lv in enumerate(levels))
    ratings = tuple(check_int(f"skills[{i}]", s) for i, s in enumerate(skills))
    return checked, ratings


def opposed_many(levels: tuple[Level, ...], skills: tuple[int, ...]) -> OpposedMany:
    """Compare the levels of several sides, read from the seed's rules for «все стороны».

    - All failed («Если все стороны провалились»): no winner, levels unchanged.
    - One side has the highest tier (failure 0, success 1, special or critical 2): it wins
      («наивысшее качество … определяет сторону») and its level drops by the best other
      tier, the strongest opposition cancelling as many levels («один уровень успеха …
      отменяет противоположный»); alone in succeeding it keeps its level («без
      противодействия»). Every other success becomes FAILURE («менее качественный результат
      понижается»).
    - Several sides share the highest tier: plain successes go to the highest skill rating
      («побеждает персонаж с более высоким рейтингом навыка»), which keeps SUCCESS; special
      or critical ones cancel each other. Either way every other success becomes FAILURE,
      and a shared highest rating, or cancelled specials, leave no winner.

    With two sides this is exactly :func:`opposed`.
    """
    rolled, ratings = _check_many(levels, skills)
    tiers = [_TIER[lv] for lv in rolled]
    top = max(tiers)
    fail = Level.FAILURE
    if top == 0:
        return OpposedMany(rolled, ratings, rolled, None)

    def lowered(winner: int | None, level: Level | None) -> tuple[Level, ...]:
        return tuple(
            level if i == winner and level is not None else (lv if _TIER[lv] == 0 else fail)
            for i, lv in enumerate(rolled)
        )

    best = [i for i, t in enumerate(tiers) if t == top]
    if len(best) == 1:
        winner = best[0]
        others = max((t for i, t in enumerate(tiers) if i != winner), default=0)
        return OpposedMany(
            rolled, ratings, lowered(winner, _dropped(rolled[winner], others)), winner
        )
    if top == 1:
        high = max(ratings[i] for i in best)
        leaders = [i for i in best if ratings[i] == high]
        if len(leaders) == 1:
            return OpposedMany(rolled, ratings, lowered(leaders[0], Level.SUCCESS), leaders[0])
    return OpposedMany(rolled, ratings, lowered(None, None), None)


def opposed_odds(chances: tuple[int, ...], skills: tuple[int, ...]) -> dict[int | None, Fraction]:
    """Exact chance that each side wins an opposed roll (by index), and of no winner (None).

    ``chances[i]`` is side i's final chance (after difficulty), ``skills[i]`` its rating for
    ties. Side i wins with tier t ∈ {1, 2} exactly when every other side rolls a lower tier, or
    (t = 1) a plain success with a lower rating: independent factors, multiplied.
    """
    from rules.brp.core import odds as level_odds

    if isinstance(chances, str | bytes) or not isinstance(chances, tuple | list):
        raise RulesError(f"chances must be a sequence of percentages, got {chances!r}")
    checked = tuple(check_int(f"chances[{i}]", c) for i, c in enumerate(chances))
    _, ratings = _check_many(tuple(Level.FAILURE for _ in checked), skills)
    by_tier: list[list[Fraction]] = []
    for chance in checked:
        row = [Fraction(0)] * 3
        for level, p in level_odds(chance).items():
            row[_TIER[level]] += p
        by_tier.append(row)
    out: dict[int | None, Fraction] = {}
    for i, mine in enumerate(by_tier):
        total = Fraction(0)
        for t in (1, 2):
            p = mine[t]
            for j, theirs in enumerate(by_tier):
                if j == i or not p:
                    continue
                lose = sum(theirs[:t], Fraction(0))
                if t == 1 and ratings[j] < ratings[i]:
                    lose += theirs[1]
                p *= lose
            total += p
        out[i] = total
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out
