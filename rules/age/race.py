"""AGE races: an advanced test between sides that fill their own pools, first to the threshold.

The seed's advanced tests cover «длительные противостояния, где важно, кто успеет первым»,
and each time slice the player makes «простой или встречный бросок», adding the Drama Die of
a successful roll to «свой пул». A race reads that as: every time slice is one opposed test
between the sides (one roller per side, each with its own ability and focus); its winner, by
the seed's chain at the race's TN, adds its Drama Die to its own side's pool; nobody gains
when nobody wins. The first side whose pool reaches the threshold wins the race. Since only
one side gains per slice, two sides can never reach it together.

Time works as in an advanced test: a slice lasts budget ÷ (threshold / 2), a slice may begin
only if it ends within the budget, and when no further slice fits the race ends with no
winner. A race without a budget (``budget=None``) has no deadline.

Exact odds: ``race_odds`` runs a Markov chain over the pools, each slice drawn from the
opposed step's exact distribution (``opposed_pool_odds``).

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Self

from rules.age.advanced import Status, _check_minutes, _check_name, _check_result, _minutes
from rules.age.completion import MAX_ROLLS, MAX_THRESHOLD
from rules.age.core import Result
from rules.age.opposed import opposed_many
from rules.errors import RulesError
from rules.exact import check_int

__all__ = ["Race", "RaceStep", "race_odds"]

#: A race is between two sides (the seed's «кто успеет первым»); its odds grow with the
#: product of the pools, so more sides would make a preview slow.
MAX_RACE_SIDES = 2


def _names(field: str, value: object, count: int | None = None) -> tuple[str, ...]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise RulesError(f"{field} must be a sequence of names, got {value!r}")
    names = tuple(_check_name(f"{field}[{i}]", v) for i, v in enumerate(value))
    if count is not None and len(names) != count:
        raise RulesError(f"{field} must hold one name per side ({count}), got {len(names)}")
    return names


@dataclass(frozen=True, slots=True)
class RaceStep:
    """One time slice of a race: each side's roller, skill and result, and who gained."""

    who: tuple[str, ...]
    skills: tuple[str, ...]
    results: tuple[Result, ...]
    winner: int | None
    added: int
    pools_after: tuple[int, ...]
    minutes: Fraction
    elapsed_after: Fraction

    def __post_init__(self) -> None:
        count = len(_names("who", self.who))
        _names("skills", self.skills, count)
        if not isinstance(self.results, tuple) or len(self.results) != count:
            raise RulesError(f"results must be a tuple of one Result per side ({count})")
        for i, r in enumerate(self.results):
            _check_result(f"results[{i}]", r)
        if self.winner is not None:
            check_int("winner", self.winner, 0, count - 1)
        check_int("added", self.added, 0, 6)
        if not isinstance(self.pools_after, tuple) or len(self.pools_after) != count:
            raise RulesError(f"pools_after must be a tuple of one pool per side ({count})")
        for i, p in enumerate(self.pools_after):
            check_int(f"pools_after[{i}]", p, 0)
        _check_minutes("minutes", self.minutes)
        _check_minutes("elapsed after", self.elapsed_after)

    @property
    def label(self) -> str:
        rolls = " vs ".join(
            f"{w} {r.total} (drama {r.drama})" for w, r in zip(self.who, self.results, strict=True)
        )
        gain = "nobody gains" if self.winner is None else f"{self.who[self.winner]} +{self.added}"
        pools = "/".join(map(str, self.pools_after))
        return f"{rolls}: {gain}; pools {pools}; {_minutes(self.elapsed_after)} elapsed"


@dataclass(frozen=True, slots=True)
class Race:
    """State of a race between ``sides`` (their labels); every method returns the next state.

    Build one with ``Race.create(tn, threshold, budget, sides)``. ``winner`` is the index of
    the side that reached the threshold first. ``previous`` is the state before the last slice
    (Fortune spent on it re-decides it: :meth:`amend_last`).
    """

    tn: int
    threshold: int
    budget: int | None
    sides: tuple[str, ...]
    pools: tuple[int, ...] = ()
    elapsed: Fraction = Fraction(0)
    steps: tuple[RaceStep, ...] = ()
    status: Status = Status.RUNNING
    winner: int | None = None
    previous: Race | None = None

    def __post_init__(self) -> None:
        check_int("tn", self.tn)
        check_int("threshold", self.threshold, 2, MAX_THRESHOLD)
        if self.budget is not None:
            check_int("budget", self.budget, 1)
        sides = _names("sides", self.sides)
        if len(sides) != MAX_RACE_SIDES:
            raise RulesError(
                f"sides must hold {MAX_RACE_SIDES} names (a race has two sides), got {len(sides)}"
            )
        if len({s.casefold() for s in sides}) != len(sides):
            raise RulesError(f"sides must have different names, got {sides}")
        if self.pools == ():
            object.__setattr__(self, "pools", (0,) * len(sides))
        if not isinstance(self.pools, tuple) or len(self.pools) != len(sides):
            raise RulesError(f"pools must hold one pool per side ({len(sides)})")
        for i, p in enumerate(self.pools):
            check_int(f"pools[{i}]", p, 0)
        _check_minutes("elapsed", self.elapsed)
        if not isinstance(self.steps, tuple) or not all(
            isinstance(s, RaceStep) for s in self.steps
        ):
            raise RulesError("steps must be a tuple of RaceSteps")
        if not isinstance(self.status, Status):
            raise RulesError(f"status must be one of {[s.value for s in Status]}")
        if self.winner is not None:
            check_int("winner", self.winner, 0, len(sides) - 1)
        if self.previous is not None and not isinstance(self.previous, Race):
            raise RulesError("previous must be a Race or None")

    @classmethod
    def create(cls, tn: int, threshold: int, budget: int | None, sides: Sequence[str]) -> Self:
        """A fresh race at ``tn`` to ``threshold`` points, ``budget`` minutes (None: no
        deadline), between the two ``sides`` (their labels)."""
        return cls(tn=tn, threshold=threshold, budget=budget, sides=_names("sides", sides))

    @property
    def time_per_roll(self) -> Fraction | None:
        """Exact minutes per slice, budget ÷ (threshold / 2); None without a budget."""
        return None if self.budget is None else Fraction(2 * self.budget, self.threshold)

    @property
    def time_left(self) -> Fraction | None:
        if self.budget is None:
            return None
        return max(Fraction(0), self.budget - Fraction(self.elapsed))

    @property
    def rolls_left(self) -> int | None:
        """Slices that can still begin and end within the budget (None: no deadline)."""
        if self.status is not Status.RUNNING:
            return 0
        left, per = self.time_left, self.time_per_roll
        if left is None or per is None:
            return None
        return math.floor(left / per)

    @property
    def running(self) -> bool:
        return self.status is Status.RUNNING

    def step(self, who: Sequence[str], skills: Sequence[str], results: Sequence[Result]) -> Race:
        """One slice: ``results[i]`` is side i's roll (made by ``who[i]`` with ``skills[i]``,
        resolved against the race's TN); the winner adds its Drama Die to its pool."""
        if self.status is not Status.RUNNING:
            raise RulesError(f"the race is {self.status.label}; status must be running to roll")
        count = len(self.sides)
        rollers = _names("who", who, count)
        used = _names("skills", skills, count)
        if isinstance(results, str | bytes) or not isinstance(results, Sequence):
            raise RulesError(f"results must be a sequence of age Results, got {results!r}")
        if len(results) != count:
            raise RulesError(f"results must hold one Result per side ({count}), got {len(results)}")
        checked = tuple(_check_result(f"results[{i}]", r) for i, r in enumerate(results))
        for i, r in enumerate(checked):
            if r.tn != self.tn:
                raise RulesError(f"results[{i}].tn must be {self.tn} (the race's TN), got {r.tn}")
        winner = opposed_many(checked, self.tn)
        added = 0 if winner is None else checked[winner].drama
        pools = tuple(p + (added if i == winner else 0) for i, p in enumerate(self.pools))
        per = self.time_per_roll or Fraction(0)
        elapsed = Fraction(self.elapsed) + per
        record = RaceStep(rollers, used, checked, winner, added, pools, per, elapsed)
        state = replace(
            self,
            pools=pools,
            elapsed=elapsed,
            steps=(*self.steps, record),
            previous=replace(self, previous=None),
        )
        leader = next((i for i, p in enumerate(pools) if p >= self.threshold), None)
        if leader is not None:
            return replace(state, status=Status.DONE, winner=leader)
        left = state.rolls_left
        if left is not None and left < 1:
            return replace(state, status=Status.FAILED)
        return state

    def amend_last(self, results: Sequence[Result]) -> Race:
        """The race with its last slice re-decided after Fortune changed a die of it."""
        if not self.steps or self.previous is None:
            raise RulesError("there is no last slice to amend")
        last = self.steps[-1]
        return self.previous.step(last.who, last.skills, results)

    def odds(
        self, bonuses: Sequence[int], *, skills: Sequence[int] | None = None
    ) -> dict[int | None, Fraction]:
        """Exact chance that each side wins the race from here (None: nobody in time) if
        side i rolls ``bonuses[i]`` every slice."""
        if self.status is Status.DONE:
            return {
                **{i: Fraction(int(i == self.winner)) for i in range(len(self.sides))},
                None: Fraction(0),
            }
        if self.status is Status.FAILED:
            return {**{i: Fraction(0) for i in range(len(self.sides))}, None: Fraction(1)}
        from rules.age.opposed import opposed_pool_odds

        step = opposed_pool_odds(bonuses, self.tn, skills=skills)
        needed = tuple(max(0, self.threshold - p) for p in self.pools)
        return race_odds(step, needed, self.rolls_left)

    @property
    def label(self) -> str:
        pools = ", ".join(
            f"{s} {p}/{self.threshold}" for s, p in zip(self.sides, self.pools, strict=True)
        )
        time = (
            ""
            if self.budget is None
            else (f", {_minutes(Fraction(self.elapsed))} of {self.budget} min")
        )
        end = (
            f", {self.sides[self.winner]} wins"
            if self.winner is not None
            else f", {self.status.label}"
        )
        return f"race vs {self.tn}: {pools}{time}{end}"


def race_odds(
    step: Mapping[tuple[int, int] | None, Fraction],
    needed: Sequence[int],
    rolls: int | None,
) -> dict[int | None, Fraction]:
    """Exact chance that each side is first to gain ``needed[i]`` points within ``rolls``
    slices (None: no deadline), each slice giving side i ``d`` points with probability
    ``step[(i, d)]`` and nobody anything otherwise.

    ``None`` in the result is the chance that nobody gets there in time. A Markov chain over
    the pools; without a deadline the pools only ever rise, so the chain is solved exactly
    from the fullest pools down (a slice where nobody gains just repeats).
    """
    if not isinstance(step, Mapping):
        raise RulesError(f"step must map (side, points) to probabilities, got {step!r}")
    if isinstance(needed, str | bytes) or not isinstance(needed, Sequence):
        raise RulesError(f"needed must be a sequence of points, got {needed!r}")
    need = tuple(check_int(f"needed[{i}]", n, 0, MAX_THRESHOLD) for i, n in enumerate(needed))
    if not 2 <= len(need) <= 4:
        raise RulesError(f"needed must hold 2..4 sides, got {len(need)}")
    if rolls is not None:
        check_int("rolls", rolls, 0, MAX_ROLLS)
    moves: list[tuple[int, int, Fraction]] = []
    for key, p in step.items():
        if isinstance(p, bool) or not isinstance(p, Fraction | int) or not 0 <= p <= 1:
            raise RulesError(f"step[{key!r}] must be a probability, got {p!r}")
        if key is None:
            continue
        if not isinstance(key, tuple) or len(key) != 2:
            raise RulesError(f"step keys must be (side, points) or None, got {key!r}")
        side = check_int("side", key[0], 0, len(need) - 1)
        points = check_int("points", key[1], 0, MAX_THRESHOLD)
        if p and points:
            moves.append((side, points, Fraction(p)))
    if sum((m[2] for m in moves), Fraction(0)) > 1:
        raise RulesError("step probabilities must sum to at most 1")
    done = [i for i, n in enumerate(need) if n == 0]
    if done:
        return {**{i: Fraction(int(i == done[0])) for i in range(len(need))}, None: Fraction(0)}
    if rolls is None:
        return _race_unlimited(tuple(sorted(moves)), need)
    return _race(tuple(sorted(moves)), need, rolls)


def _whole(moves: tuple[tuple[int, int, Fraction], ...]) -> tuple[int, list[tuple[int, int, int]]]:
    """The moves as whole-number weights over one common denominator."""
    denominator = math.lcm(*(p.denominator for _, _, p in moves)) if moves else 1
    return denominator, [(s, k, int(p * denominator)) for s, k, p in moves]


@lru_cache(maxsize=128)
def _race(
    moves: tuple[tuple[int, int, Fraction], ...], need: tuple[int, ...], rolls: int
) -> dict[int | None, Fraction]:
    den, weights = _whole(moves)
    stay = den - sum(w for _, _, w in weights)
    # ways[pools] over den**k after k slices; a win is carried to the end with den per slice
    wins = [0] * len(need)
    states: dict[tuple[int, ...], int] = {(0,) * len(need): 1}
    for _ in range(rolls):
        wins = [w * den for w in wins]
        nxt: dict[tuple[int, ...], int] = {}
        for pools, ways in states.items():
            if stay:
                nxt[pools] = nxt.get(pools, 0) + ways * stay
            for side, points, w in weights:
                gained = pools[side] + points
                if gained >= need[side]:
                    wins[side] += ways * w
                    continue
                key = (*pools[:side], gained, *pools[side + 1 :])
                nxt[key] = nxt.get(key, 0) + ways * w
        states = nxt
    total = den**rolls
    out: dict[int | None, Fraction] = {i: Fraction(w, total) for i, w in enumerate(wins)}
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out


@lru_cache(maxsize=128)
def _race_unlimited(
    moves: tuple[tuple[int, int, Fraction], ...], need: tuple[int, ...]
) -> dict[int | None, Fraction]:
    _, weights = _whole(moves)
    gain = sum(w for _, _, w in weights)  # slices where nobody gains only repeat: drop them
    sides = range(len(need))
    if not gain:
        return {**{i: Fraction(0) for i in sides}, None: Fraction(1)}

    # the chance from pools x, scaled by gain**depth(x) (depth: the most gaining slices
    # still possible, sum(need) - sum(x)) so that it is a whole number
    def depth(pools: tuple[int, ...]) -> int:
        return sum(need) - sum(pools)

    scaled: dict[tuple[int, ...], tuple[int, ...]] = {}
    for pools in sorted(itertools.product(*(range(n) for n in need)), reverse=True):
        d = depth(pools)
        acc = [0] * len(need)
        for side, points, w in weights:
            gained = pools[side] + points
            if gained >= need[side]:
                acc[side] += w * gain ** (d - 1)
                continue
            after = (*pools[:side], gained, *pools[side + 1 :])
            lift = w * gain ** (d - 1 - depth(after))
            for i, v in enumerate(scaled[after]):
                if v:
                    acc[i] += lift * v
        scaled[pools] = tuple(acc)
    start = (0,) * len(need)
    total = gain ** depth(start)
    out: dict[int | None, Fraction] = {i: Fraction(v, total) for i, v in enumerate(scaled[start])}
    out[None] = 1 - sum(out.values(), Fraction(0))
    return out
