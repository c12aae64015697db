"""Exact completion odds of AGE advanced tests: a Markov chain over the pool.

Each roll adds 0 (a failure) or its Drama Die (a success) to the pool; the chance to reach
the threshold within a number of rolls is computed exactly over whole-number counts (216 per
roll), capped at the threshold. ``pool_completion_odds`` does the same for any distribution
of points per roll (other systems' progress by grade, an opposed step).

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache

from rules.errors import RulesError
from rules.exact import check_int, sum_of_dice

__all__ = [
    "MAX_ROLLS",
    "MAX_THRESHOLD",
    "advanced_completion_odds",
    "pool_completion_odds",
    "pool_step_odds",
]

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


def pool_completion_odds(step: Mapping[int, Fraction], threshold: int, rolls: int) -> Fraction:
    """Exact P(pool ≥ ``threshold`` within ``rolls`` rolls) when each roll adds ``k`` points
    with probability ``step[k]`` (any system's progress per roll; the rest adds nothing)."""
    if not isinstance(step, Mapping):
        raise RulesError(f"step must map points added to probabilities, got {step!r}")
    check_int("threshold", threshold, 0, MAX_THRESHOLD)
    check_int("rolls", rolls, 0, MAX_ROLLS)
    total = Fraction(0)
    items: list[tuple[int, Fraction]] = []
    for k, p in step.items():
        check_int("points added", k, 0, MAX_THRESHOLD)
        if isinstance(p, bool) or not isinstance(p, Fraction | int) or not 0 <= p <= 1:
            raise RulesError(f"step[{k}] must be a probability (a Fraction in 0..1), got {p!r}")
        total += p
        if k and p:
            items.append((k, Fraction(p)))
    if total > 1:
        raise RulesError(f"step probabilities must sum to at most 1, got {total}")
    if threshold == 0:
        return Fraction(1)
    return _chain(tuple(sorted(items)), threshold, rolls)


@lru_cache(maxsize=256)
def _chain(items: tuple[tuple[int, Fraction], ...], threshold: int, rolls: int) -> Fraction:
    stay = 1 - sum((p for _, p in items), Fraction(0))
    probs = [Fraction(0)] * (threshold + 1)
    probs[0] = Fraction(1)
    for _ in range(rolls):
        nxt = [Fraction(0)] * (threshold + 1)
        nxt[threshold] = probs[threshold]
        for pool in range(threshold):
            p = probs[pool]
            if not p:
                continue
            nxt[pool] += p * stay
            for k, q in items:
                nxt[min(threshold, pool + k)] += p * q
        probs = nxt
    return probs[threshold]
