"""AGE advanced tests (Сложная проверка): a pool of Drama Die values raced against the clock.

Each successful roll adds its Drama Die to the pool; the test is done when the pool reaches
the success threshold and failed when the time budget is spent first.

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import Enum, IntEnum
from fractions import Fraction
from functools import lru_cache
from typing import Self

from rules.age.core import Result, difficulty, threshold_name
from rules.age.core import threshold as named_threshold
from rules.errors import RulesError
from rules.exact import check_int, sum_of_dice

__all__ = [
    "MAX_ROLLS",
    "MAX_THRESHOLD",
    "AdvancedTest",
    "Contribution",
    "Level",
    "Status",
    "advanced_completion_odds",
    "pool_step_odds",
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
    """One roll made toward an advanced or challenge test, with what it changed."""

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

    @property
    def label(self) -> str:
        if self.cleared_minor:
            gain = "cleared the minor consequence"
        elif self.result.success:
            gain = f"pool +{self.pool_added} → {self.pool_after}"
        else:
            gain = f"pool stays {self.pool_after}"
        extra = f", {self.consequence.label} consequence" if self.consequence else ""
        return (
            f"{self.who}, {self.skill}: {self.result.label}; {gain}{extra}; "
            f"{_minutes(self.elapsed_after)} elapsed"
        )


def _minutes(value: Fraction) -> str:
    return f"{value} min" if value.denominator == 1 else f"{float(value):.1f} min"


def _check_name(field: str, value: object) -> str:
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

    Build one with ``AdvancedTest.create(tn, threshold, budget)``.
    """

    tn: int
    threshold: int
    budget: int
    pool: int = 0
    elapsed: Fraction = Fraction(0)
    contributions: tuple[Contribution, ...] = ()
    status: Status = Status.RUNNING

    def __post_init__(self) -> None:
        check_int("tn", self.tn)
        check_int("threshold", self.threshold, 1)
        check_int("budget", self.budget, 1)
        check_int("pool", self.pool, 0)
        if not isinstance(self.elapsed, Fraction | int) or self.elapsed < 0:
            raise RulesError(
                f"elapsed must be a non-negative number of minutes, got {self.elapsed}"
            )
        if not isinstance(self.status, Status):
            raise RulesError(f"status must be one of {[s.value for s in Status]}")

    @classmethod
    def create(cls, tn: int | str, threshold: int | str, budget: int) -> Self:
        """A fresh test; ``tn`` and ``threshold`` may be table names ("average", "hard")."""
        return cls(tn=_as_tn(tn), threshold=_as_threshold(threshold), budget=budget)

    @property
    def threshold_name(self) -> str | None:
        """The table name of the threshold, or None for a custom one."""
        return threshold_name(self.threshold)

    @property
    def time_per_roll(self) -> Fraction:
        """Exact minutes per roll: budget ÷ (threshold / 2)."""
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
        """Rolls that can still be begun before the budget is spent (at the current pace)."""
        if self.status is not Status.RUNNING:
            return 0
        return math.ceil(self.time_left / self.minutes_per_roll)

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
        if self.status is not Status.RUNNING:
            return Fraction(1 if self.status is Status.DONE else 0)
        tn = self.tn_for(skill) if skill else self.tn
        return advanced_completion_odds(bonus, tn, self.needed, self.rolls_left)

    def _check_roll(self, who: str, skill: str, result: Result) -> tuple[str, str]:
        if self.status is not Status.RUNNING:
            raise RulesError(f"the test is {self.status.label}; status must be running to roll")
        who = _check_name("who", who)
        skill = _check_name("skill", skill)
        if not isinstance(result, Result):
            raise RulesError(f"result must be an age Result, got {type(result).__name__}")
        tn = self.tn_for(skill)
        if result.tn != tn:
            raise RulesError(f"result.tn must be {tn} (the TN for {skill}), got {result.tn}")
        return who, skill

    def _settle(self, pool: int, elapsed: Fraction) -> Status:
        if pool >= self.threshold:
            return Status.DONE
        if elapsed >= self.budget:
            return Status.FAILED
        return Status.RUNNING

    def contribute(self, who: str, skill: str, result: Result) -> AdvancedTest:
        """Record one roll by ``who`` with ``skill`` (e.g. "Dexterity (Stealth)")."""
        who, skill = self._check_roll(who, skill, result)
        added = result.drama if result.success else 0
        pool = self.pool + added
        minutes = self.minutes_per_roll
        elapsed = Fraction(self.elapsed) + minutes
        record = Contribution(who, skill, result, added, pool, minutes, elapsed)
        return replace(
            self,
            pool=pool,
            elapsed=elapsed,
            contributions=(*self.contributions, record),
            status=self._settle(pool, elapsed),
        )

    def _progress(self) -> str:
        return (
            f"vs {self.tn}: pool {self.pool}/{self.threshold}, "
            f"{_minutes(Fraction(self.elapsed))} of {self.budget} min, {self.status.label}"
        )

    @property
    def label(self) -> str:
        return f"advanced test {self._progress()}"


#: Bounds that keep exact completion odds fast (a real test needs far less).
MAX_THRESHOLD = 200
MAX_ROLLS = 200


@lru_cache(maxsize=512)
def _step_counts(bonus: int, tn: int) -> tuple[int, ...]:
    """Ways (of 216) one roll adds 0 (failure) or 1..6 (success, Drama Die) to the pool."""
    two = sum_of_dice(2, 6)
    counts = [0] * 7
    for drama in range(1, 7):
        need = tn - bonus - drama
        hits = sum(int(p * 36) for total, p in two.items() if total >= need)
        counts[drama] = hits
        counts[0] += 36 - hits
    return tuple(counts)


def pool_step_odds(bonus: int, tn: int) -> dict[int, Fraction]:
    """Exact distribution of what one roll adds to the pool: 0 on failure, else the Drama Die."""
    counts = _step_counts(check_int("bonus", bonus), check_int("tn", tn))
    return {added: Fraction(n, 216) for added, n in enumerate(counts)}


@lru_cache(maxsize=1024)
def _completion(bonus: int, tn: int, threshold: int, rolls: int) -> Fraction:
    counts = _step_counts(bonus, tn)
    # ways[p] = number of roll sequences (of 216**k) leaving the pool at p; p == threshold is
    # the absorbing "done" state.
    ways = [0] * (threshold + 1)
    ways[0] = 1
    for _ in range(rolls):
        nxt = [0] * (threshold + 1)
        nxt[threshold] = ways[threshold] * 216
        for p in range(threshold):
            w = ways[p]
            if not w:
                continue
            for added, n in enumerate(counts):
                if n:
                    nxt[min(threshold, p + added)] += w * n
        ways = nxt
    return Fraction(ways[threshold], 216**rolls)


def advanced_completion_odds(bonus: int, tn: int, threshold: int, rolls: int) -> Fraction:
    """Exact P(pool ≥ ``threshold`` within ``rolls`` rolls), every roll with ``bonus`` vs ``tn``.

    A Markov chain over pool values, capped at the threshold; a threshold of 0 is already met.
    """
    check_int("bonus", bonus)
    check_int("tn", tn)
    check_int("threshold", threshold, 0, MAX_THRESHOLD)
    check_int("rolls", rolls, 0, MAX_ROLLS)
    if threshold == 0:
        return Fraction(1)
    return _completion(bonus, tn, threshold, rolls)
