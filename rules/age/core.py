"""The Expanse RPG (AGE) single tests: difficulty tables, 3d6 resolve, odds, Fortune.

A test is 3d6 (two regular dice and the Drama Die) + bonus against a target number (TN);
success when the total reaches the TN.

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import lru_cache

from rules.errors import RulesError
from rules.exact import (
    check_face,
    check_int,
    check_iterable,
    complete,
    sum_of_dice,
)

__all__ = [
    "DIFFICULTIES",
    "DIFFICULTY_BY_KEY",
    "RUSSIAN_NAMES",
    "THRESHOLDS",
    "THRESHOLD_BY_KEY",
    "FortuneCosts",
    "FortuneSpend",
    "Outcome",
    "Result",
    "difficulty",
    "difficulty_name",
    "focus_bonus",
    "odds",
    "outcome_odds",
    "resolve",
    "roll",
    "slug",
    "spend_fortune",
    "threshold",
    "threshold_name",
]

#: Difficulty name → target number (seed table, spec's English names), easiest first.
DIFFICULTIES: Mapping[str, int] = {
    "Routine": 7,
    "Easy": 9,
    "Average": 11,
    "Challenging": 13,
    "Hard": 15,
    "Very Hard": 17,
    "Formidable": 19,
    "Nearly Impossible": 21,
}

#: Advanced-test difficulty name → success threshold (seed table).
THRESHOLDS: Mapping[str, int] = {
    "Easy": 5,
    "Average": 10,
    "Challenging": 15,
    "Hard": 20,
    "Very Hard": 25,
}

#: English table name → the seed's Russian name (the UI's Russian locale and the seed tests).
RUSSIAN_NAMES: Mapping[str, str] = {
    "Routine": "Элементарно",
    "Easy": "Просто",
    "Average": "Нормально",
    "Challenging": "Затруднительно",
    "Hard": "Сложно",
    "Very Hard": "Очень сложно",
    "Formidable": "Невероятно сложно",
    "Nearly Impossible": "Почти невозможно",
}


def slug(name: str) -> str:
    """Lookup key of a table name: lower case, words joined by hyphens ("very-hard")."""
    if not isinstance(name, str):
        raise RulesError(f"name must be a table name such as 'Very Hard', got {name!r}")
    return "-".join(name.replace("_", " ").replace("-", " ").casefold().split())


#: ``slug`` → target number, e.g. ``"very-hard"`` → 17.
DIFFICULTY_BY_KEY: Mapping[str, int] = {slug(n): tn for n, tn in DIFFICULTIES.items()}
#: ``slug`` → success threshold, e.g. ``"very-hard"`` → 25.
THRESHOLD_BY_KEY: Mapping[str, int] = {slug(n): t for n, t in THRESHOLDS.items()}


def _lookup(field: str, table: Mapping[str, int], key: object) -> int:
    if not isinstance(key, str):
        raise RulesError(f"{field} must be a name such as {next(iter(table))!r}, got {key!r}")
    wanted = slug(key)
    for name, value in table.items():
        if wanted in (slug(name), slug(RUSSIAN_NAMES[name])):
            return value
    raise RulesError(f"{field} must be one of {', '.join(table)}; got {key!r}")


def difficulty(key: str) -> int:
    """Target number of a named difficulty: "Very Hard", "very-hard", "очень сложно" → 17."""
    return _lookup("difficulty", DIFFICULTIES, key)


def threshold(key: str) -> int:
    """Success threshold of a named advanced-test difficulty: "very-hard" → 25."""
    return _lookup("threshold", THRESHOLDS, key)


def difficulty_name(tn: int) -> str | None:
    """The table name of a target number, or None for an off-table TN."""
    tn = check_int("tn", tn)
    return next((n for n, v in DIFFICULTIES.items() if v == tn), None)


def threshold_name(value: int) -> str | None:
    """The table name of a success threshold, or None for a custom one."""
    value = check_int("threshold", value)
    return next((n for n, v in THRESHOLDS.items() if v == value), None)


class Outcome(Enum):
    """Outcome of a single test."""

    FAILURE = "failure"
    SUCCESS = "success"

    @property
    def label(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Result:
    """A resolved test: ``dice`` = (die 1, die 2, Drama Die), ``bonus`` and the target ``tn``.

    ``rating`` is ability + focus without situational modifiers as given to ``resolve(...,
    skill=)``; ``skill`` reads it (or the bonus when none was given). It only breaks opposed
    ties (the seed: «выигрывает тот, чей навык выше»).
    """

    dice: tuple[int, int, int]
    bonus: int
    tn: int
    rating: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _check_dice(self.dice))
        check_int("bonus", self.bonus)
        check_int("tn", self.tn)
        if self.rating is not None:
            check_int("skill", self.rating)

    @property
    def skill(self) -> int:
        """Ability + focus alone (no situational modifiers): the last opposed tie-break."""
        return self.bonus if self.rating is None else self.rating

    @property
    def total(self) -> int:
        return sum(self.dice) + self.bonus

    @property
    def success(self) -> bool:
        return self.total >= self.tn

    @property
    def outcome(self) -> Outcome:
        return Outcome.SUCCESS if self.success else Outcome.FAILURE

    @property
    def drama(self) -> int:
        """The Drama Die (third die): pool progress, tie-breaks, stunt points."""
        return self.dice[2]

    @property
    def margin(self) -> int:
        return self.total - self.tn

    @property
    def doubles(self) -> bool:
        """Any two of the three dice show the same face."""
        return len(set(self.dice)) < 3

    @property
    def stunt_points(self) -> int:
        return self.drama if self.success and self.doubles else 0

    @property
    def label(self) -> str:
        d1, d2, dd = self.dice
        sp = ""
        if self.stunt_points:
            sp = f", {self.stunt_points} stunt point{'' if self.stunt_points == 1 else 's'}"
        return (
            f"{self.outcome.label}{sp} ({d1}+{d2}+drama {dd}{self.bonus:+d} = {self.total}"
            f" vs {self.tn}, margin {self.margin:+d})"
        )


def _check_dice(dice: object) -> tuple[int, int, int]:
    if not isinstance(dice, Sequence) or isinstance(dice, str) or len(dice) != 3:
        raise RulesError(f"dice must be three faces (die 1, die 2, Drama Die), got {dice!r}")
    names = ("die 1", "die 2", "Drama Die")
    d1, d2, dd = (check_face(n, v, 6) for n, v in zip(names, dice, strict=True))
    return (d1, d2, dd)


def resolve(dice: tuple[int, int, int], bonus: int, tn: int, *, skill: int | None = None) -> Result:
    """Resolve three rolled faces (1..6 each) with ``bonus`` against target number ``tn``.

    ``skill`` is ability + focus without situational modifiers (``Result.skill``, the opposed
    tie-break); it defaults to ``bonus``.
    """
    return Result(dice, bonus, tn, skill)


def roll(bonus: int, tn: int, *, rng: random.Random, skill: int | None = None) -> Result:
    """Roll 3d6 with the injected generator and resolve."""
    check_int("bonus", bonus)
    check_int("tn", tn)
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random, got {type(rng).__name__}")
    dice = (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
    return resolve(dice, bonus, tn, skill=skill)


def odds(bonus: int, tn: int) -> Fraction:
    """Exact P(success) of ``bonus`` against ``tn`` over the 216 outcomes of 3d6."""
    return _odds(check_int("bonus", bonus), check_int("tn", tn))


@lru_cache(maxsize=1024)
def _odds(bonus: int, tn: int) -> Fraction:
    need = tn - bonus
    return sum((p for total, p in sum_of_dice(3, 6).items() if total >= need), Fraction(0))


def outcome_odds(bonus: int, tn: int) -> dict[Outcome, Fraction]:
    """``odds`` as a distribution over every ``Outcome`` (sums to exactly 1)."""
    p = odds(bonus, tn)
    return complete({Outcome.SUCCESS: p, Outcome.FAILURE: 1 - p}, Outcome)


def focus_bonus(ability: int, focus: bool | int, modifiers: Iterable[int] = ()) -> int:
    """Test bonus: ability + 2 if a focus applies + situational modifiers.

    ``focus`` is a flag or the number of applicable foci; only one focus ever counts.
    """
    check_int("ability", ability)
    mods = check_iterable("modifiers", modifiers)
    has_focus = focus if isinstance(focus, bool) else check_int("focus", focus, 0) > 0
    extra = sum(check_int("modifier", m) for m in mods)
    return ability + (2 if has_focus else 0) + extra


def _check_result(name: str, value: object) -> Result:
    if not isinstance(value, Result):
        raise RulesError(f"{name} must be an age Result, got {type(value).__name__}")
    return value


@dataclass(frozen=True, slots=True)
class FortuneCosts:
    """Fortune points needed to set a regular die / the Drama Die to any face (per campaign)."""

    regular: int = 2
    drama: int = 3

    def __post_init__(self) -> None:
        check_int("regular cost", self.regular, 0)
        check_int("drama cost", self.drama, 0)

    def cost(self, die_index: int) -> int:
        """Cost of changing die ``die_index`` (0 and 1 regular, 2 the Drama Die)."""
        return self.drama if check_int("die index", die_index, 0, 2) == 2 else self.regular


@dataclass(frozen=True, slots=True)
class FortuneSpend:
    """A Fortune spend: the test before and after, and the points paid and left."""

    before: Result
    die_index: int
    face: int
    cost: int
    points_left: int
    result: Result

    def __post_init__(self) -> None:
        _check_result("before", self.before)
        _check_result("result", self.result)
        check_int("die index", self.die_index, 0, 2)
        check_face("face", self.face, 6)
        check_int("cost", self.cost, 0)
        check_int("points left", self.points_left, 0)

    @property
    def label(self) -> str:
        die = "Drama Die" if self.die_index == 2 else f"die {self.die_index + 1}"
        old = self.before.dice[self.die_index]
        return (
            f"Fortune {self.cost} point{'' if self.cost == 1 else 's'}: {die} {old} → {self.face}, "
            f"{self.points_left} left; {self.result.label}"
        )


def spend_fortune(
    result: Result,
    die_index: int,
    face: int,
    points_available: int,
    costs: FortuneCosts = FortuneCosts(),
) -> FortuneSpend:
    """Set one die of ``result`` to ``face`` by spending Fortune; the test is re-resolved."""
    before = _check_result("result", result)
    if not isinstance(costs, FortuneCosts):
        raise RulesError(f"costs must be FortuneCosts, got {type(costs).__name__}")
    cost = costs.cost(die_index)
    check_face("face", face, 6)
    check_int("points available", points_available, 0)
    shown = before.dice[die_index]
    if face == shown:
        die = "the Drama Die" if die_index == 2 else f"die {die_index + 1}"
        raise RulesError(
            f"face must differ from the face {die} already shows ({shown}): nothing to change,"
            " no Fortune spent"
        )
    if points_available < cost:
        raise RulesError(
            f"points available must be at least {cost} to change that die, got {points_available}"
        )
    dice = list(before.dice)
    dice[die_index] = face
    after = resolve((dice[0], dice[1], dice[2]), before.bonus, before.tn, skill=before.rating)
    return FortuneSpend(before, die_index, face, cost, points_available - cost, after)
