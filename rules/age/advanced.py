"""AGE advanced tests (Сложная проверка): a pool of Drama Die values raced against the clock.

Each successful roll adds its Drama Die to the pool; the test is done when the pool reaches
the success threshold and failed when the time budget is spent first.

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum, IntEnum
from fractions import Fraction
from typing import Self, cast

from rules.age.completion import advanced_completion_odds
from rules.age.core import Result, difficulty, threshold_name
from rules.age.core import threshold as named_threshold
from rules.age.opposed import opposed_many
from rules.errors import RulesError
from rules.exact import check_int

__all__ = [
    "AdvancedTest",
    "Contribution",
    "Level",
    "Status",
    "roll_succeeds",
]


class Status(Enum):
    """Where an advanced or challenge test stands."""

    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"

    @property
    def label(self) -> str:
        return self.value


class Level(IntEnum):
    """Consequence level of a challenge test, ordered NONE < MINOR < MAJOR < SERIOUS."""

    NONE = 0
    MINOR = 1
    MAJOR = 2
    SERIOUS = 3

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Contribution:
    """One roll made toward an advanced or challenge test, with what it changed.

    ``opponents`` are the other participants' results when the roll was an opposed test (the
    seed: «простой или встречный бросок»); it then succeeded only if ``result`` won it.
    """

    who: str
    skill: str
    result: Result
    pool_added: int
    pool_after: int
    minutes: Fraction
    elapsed_after: Fraction
    cleared_minor: bool = False
    #: Consequence level this roll triggered (challenge tests), or None.
    consequence: Level | None = None
    opponents: tuple[Result, ...] = ()

    def __post_init__(self) -> None:
        _check_name("who", self.who)
        _check_name("skill", self.skill)
        _check_result("result", self.result)
        _check_opponents(self.opponents)
        check_int("pool added", self.pool_added, 0)
        check_int("pool after", self.pool_after, 0)
        _check_minutes("minutes", self.minutes)
        _check_minutes("elapsed after", self.elapsed_after)
        if not isinstance(self.cleared_minor, bool):
            raise RulesError(f"cleared_minor must be True or False, got {self.cleared_minor!r}")
        if self.consequence is not None and not isinstance(self.consequence, Level):
            raise RulesError(f"consequence must be a Level or None, got {self.consequence!r}")

    @property
    def success(self) -> bool:
        """The roll succeeded: reached the TN, and won when it was an opposed test."""
        return roll_succeeds(self.result, self.opponents)

    @property
    def label(self) -> str:
        if self.cleared_minor:
            gain = "cleared the minor consequence"
        elif self.success:
            gain = f"pool +{self.pool_added} → {self.pool_after}"
        else:
            gain = f"pool stays {self.pool_after}"
        extra = f", {self.consequence.label} consequence" if self.consequence else ""
        against = ""
        if self.opponents:
            against = " vs " + ", ".join(str(o.total) for o in self.opponents)
            against += " (won)" if self.success else " (not won)"
        return (
            f"{self.who}, {self.skill}: {self.result.label}{against}; {gain}{extra}; "
            f"{_minutes(self.elapsed_after)} elapsed"
        )


def roll_succeeds(result: Result, opponents: Sequence[Result] = ()) -> bool:
    """Whether a roll toward a test succeeds: it reaches its TN, and if it was an opposed test
    it also wins it (every participant must reach the same TN to win)."""
    _check_result("result", result)
    opponents = _check_opponents(opponents)
    if not opponents:
        return result.success
    return opposed_many((result, *opponents), result.tn) == 0


def _check_result(field: str, value: object) -> Result:
    if not isinstance(value, Result):
        raise RulesError(f"{field} must be an age Result, got {type(value).__name__}")
    return value


def _check_opponents(value: object) -> tuple[Result, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise RulesError(f"opponents must be a sequence of age Results, got {value!r}")
    return tuple(_check_result(f"opponents[{i}]", r) for i, r in enumerate(value))


def _check_minutes(field: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int) or value < 0:
        raise RulesError(f"{field} must be a non-negative number of minutes, got {value!r}")
    return Fraction(value)


def _minutes(value: Fraction) -> str:
    return f"{value} min" if value.denominator == 1 else f"{float(value):.1f} min"


def _check_name(field: str, value: object) -> str:
    """A non-empty name, stripped."""
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{field} must be a non-empty string, got {value!r}")
    return value.strip()


def _as_tn(value: int | str) -> int:
    return difficulty(value) if isinstance(value, str) else check_int("tn", value)


def _as_threshold(value: int | str) -> int:
    return named_threshold(value) if isinstance(value, str) else check_int("threshold", value, 1)


@dataclass(frozen=True, slots=True)
class AdvancedTest:
    """State of an advanced test; every method returns the next state, never mutates.

    Build one with ``AdvancedTest.create(tn, threshold, budget)``. ``previous`` is the state
    before the last roll (without its own ``previous``), kept so that Fortune spent on that
    roll can re-decide it (:meth:`amend_last`); anything else that changes the test clears it.
    """

    tn: int
    threshold: int
    budget: int
    pool: int = 0
    elapsed: Fraction = Fraction(0)
    contributions: tuple[Contribution, ...] = ()
    status: Status = Status.RUNNING
    previous: AdvancedTest | None = None
    per_roll: int | None = None

    def __post_init__(self) -> None:
        check_int("tn", self.tn)
        check_int("threshold", self.threshold, 1)
        check_int("budget", self.budget, 1)
        if self.per_roll is not None:
            check_int("per_roll", self.per_roll, 1)
        check_int("pool", self.pool, 0)
        _check_minutes("elapsed", self.elapsed)
        if not isinstance(self.status, Status):
            raise RulesError(f"status must be one of {[s.value for s in Status]}")
        if not isinstance(self.contributions, tuple) or not all(
            isinstance(c, Contribution) for c in self.contributions
        ):
            raise RulesError("contributions must be a tuple of Contributions")
        if self.previous is not None and not isinstance(self.previous, type(self)):
            raise RulesError(f"previous must be a {type(self).__name__} or None")

    @classmethod
    def create(
        cls, tn: int | str, threshold: int | str, budget: int, *, per_roll: int | None = None
    ) -> Self:
        """A fresh test; ``tn`` and ``threshold`` may be table names ("average", "hard").

        ``per_roll``: minutes each roll takes, for a task whose pace is its own (other
        systems' extended checks, where the pool is not Drama Dice); None keeps AGE's
        budget ÷ (threshold / 2). Without it the threshold must be at least 2: at 1 a roll
        would take budget ÷ ½, twice the budget, so no roll could ever end in time. With
        it, a roll must fit in the budget.
        """
        value = _as_threshold(threshold)
        minutes = check_int("budget", budget, 1)
        if per_roll is not None:
            check_int("per_roll", per_roll, 1)
            if per_roll > minutes:
                raise RulesError(
                    f"per_roll must be within 1..{minutes} (the budget): at {per_roll} minutes "
                    "a roll no roll fits in the time"
                )
        elif value < 2:
            raise RulesError(
                "threshold must be at least 2: at 1 a roll takes budget ÷ ½ (twice the "
                "budget), so no roll fits in the time"
            )
        return cls(tn=_as_tn(tn), threshold=value, budget=minutes, per_roll=per_roll)

    @property
    def threshold_name(self) -> str | None:
        """The table name of the threshold, or None for a custom one."""
        return threshold_name(self.threshold)

    @property
    def time_per_roll(self) -> Fraction:
        """Exact minutes per roll: ``per_roll`` when set, else budget ÷ (threshold / 2)."""
        if self.per_roll is not None:
            return Fraction(self.per_roll)
        return Fraction(2 * self.budget, self.threshold)

    @property
    def minutes_per_roll(self) -> Fraction:
        """Minutes the next roll takes (challenge tests may add extra time)."""
        return self.time_per_roll

    @property
    def time_left(self) -> Fraction:
        return max(Fraction(0), self.budget - Fraction(self.elapsed))

    @property
    def rolls_left(self) -> int:
        """Rolls that can still begin *and end* within the budget at the current pace:
        floor(time left ÷ minutes per roll) (30 minutes at 4 a roll → 7, not 8)."""
        if self.status is not Status.RUNNING:
            return 0
        return math.floor(self.time_left / self.minutes_per_roll)

    @property
    def needed(self) -> int:
        """Pool points still missing."""
        return max(0, self.threshold - self.pool)

    @property
    def running(self) -> bool:
        return self.status is Status.RUNNING

    def tn_for(self, skill: str) -> int:
        """The TN a roll with ``skill`` must be resolved against (plain advanced test: ``tn``)."""
        _check_name("skill", skill)
        return self.tn

    def completion_odds(self, bonus: int, skill: str = "") -> Fraction:
        """Exact chance to finish in the rolls left if every roll uses ``bonus``."""
        check_int("bonus", bonus)
        if self.status is not Status.RUNNING:
            return Fraction(1 if self.status is Status.DONE else 0)
        tn = self.tn_for(skill) if skill else self.tn
        return advanced_completion_odds(bonus, tn, self.needed, self.rolls_left)

    def _check_roll(
        self, who: str, skill: str, result: Result, opponents: object = ()
    ) -> tuple[str, str, tuple[Result, ...]]:
        if self.status is not Status.RUNNING:
            raise RulesError(f"the test is {self.status.label}; status must be running to roll")
        who = _check_name("who", who)
        skill = _check_name("skill", skill)
        _check_result("result", result)
        others = _check_opponents(opponents)
        tn = self.tn_for(skill)
        if result.tn != tn:
            raise RulesError(f"result.tn must be {tn} (the TN for {skill}), got {result.tn}")
        if self.minutes_per_roll > self.time_left:
            raise RulesError(
                f"no roll fits in the {_minutes(self.time_left)} left "
                f"({_minutes(self.minutes_per_roll)} a roll)"
            )
        return who, skill, others

    def _settle(self) -> Status:
        """Done at the threshold; failed once the next roll could not end within the budget."""
        if self.pool >= self.threshold:
            return Status.DONE
        if self.minutes_per_roll > self.time_left:
            return Status.FAILED
        return Status.RUNNING

    def contribute(
        self, who: str, skill: str, result: Result, *, opponents: Sequence[Result] = ()
    ) -> AdvancedTest:
        """Record one roll by ``who`` with ``skill`` (e.g. "Dexterity (Stealth)").

        With ``opponents`` the roll was an opposed test: it succeeds only if ``result`` wins
        it at the test's TN (``roll_succeeds``), and then adds its own Drama Die.
        """
        who, skill, others = self._check_roll(who, skill, result, opponents)
        added = result.drama if roll_succeeds(result, others) else 0
        pool = self.pool + added
        minutes = self.minutes_per_roll
        elapsed = Fraction(self.elapsed) + minutes
        record = Contribution(who, skill, result, added, pool, minutes, elapsed, opponents=others)
        state = replace(
            self,
            pool=pool,
            elapsed=elapsed,
            contributions=(*self.contributions, record),
            previous=replace(self, previous=None),
        )
        return replace(state, status=state._settle())

    def amend_last(self, result: Result, *, opponents: Sequence[Result] | None = None) -> Self:
        """The test with its last roll re-decided after Fortune changed it: ``previous`` given
        the new ``result`` (and ``opponents``, default those of the last roll)."""
        last, before = self._last_roll()
        others = last.opponents if opponents is None else opponents
        return cast(Self, before.contribute(last.who, last.skill, result, opponents=others))

    def _last_roll(self) -> tuple[Contribution, Self]:
        if not self.contributions or self.previous is None:
            raise RulesError(
                "there is no last roll to amend: the test changed since its last roll"
                if self.contributions
                else "there is no last roll to amend: nothing was rolled"
            )
        return self.contributions[-1], cast(Self, self.previous)

    def _progress(self) -> str:
        return (
            f"vs {self.tn}: pool {self.pool}/{self.threshold}, "
            f"{_minutes(Fraction(self.elapsed))} of {self.budget} min, {self.status.label}"
        )

    @property
    def label(self) -> str:
        return f"advanced test {self._progress()}"
