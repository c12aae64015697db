"""Exact odds vs icepool: the Strange opposed distribution and AGE advanced-test completion;
and the skirmish contest with several dice a side against a bare Textual frame (its budget
is 16 ms; :mod:`tests.bench.reference`).

Each figure is (our time) / (icepool's time for the same distribution), medians of a few
runs in the same process; icepool's side is the fastest formulation found for each question
(its sum operator on integer outcomes, not an enumeration of every combination). Ours is
measured with **cold caches**: the ``lru_cache``s under the public call are cleared before
every run, so no run reuses an earlier one's work (icepool keeps whatever caches it has
internally, which can only favour it). Both results are compared exactly before timing, so
a figure always compares equal answers. icepool is a bench extra
(``pip install '.[bench]'``), never a runtime dependency: without it the line says so.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from rules import exact, skirmish
from rules.age import completion as age_completion
from rules.strange import exact_odds as strange_odds
from rules.strange.grades import grade_hits, modified_range

__all__ = [
    "bench_age_completion",
    "bench_skirmish_contest",
    "bench_strange_opposed",
    "have_icepool",
]

T = TypeVar("T")

#: A typical opposed check: skill needing 2 hits, no range modifier.
STRANGE = {"required": 2, "range_modifier": 0}
#: A typical advanced test: +3 against TN 13, 15 points within 10 rolls.
AGE = {"bonus": 3, "tn": 13, "threshold": 15, "rolls": 10}


def have_icepool() -> bool:
    try:
        import icepool  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def _median_seconds(
    run: Callable[[], T], *, repeats: int, before: Callable[[], None] = lambda: None
) -> tuple[float, T]:
    """Median seconds of ``repeats`` runs, and the first run's result (checked by callers)."""
    times = []
    results = []
    for _ in range(repeats):
        before()
        start = time.perf_counter()
        results.append(run())
        times.append(time.perf_counter() - start)
    return statistics.median(times), results[0]


# -- Strange System: the opposed (grade, impact) distribution ------------------------------
def strange_ours(required: int, range_modifier: int) -> dict[Any, Fraction]:
    return strange_odds.outcome_odds(required, range_modifier, opposed=True)


def _strange_cold() -> None:
    strange_odds._outcomes.cache_clear()
    strange_odds._pair_counts.cache_clear()


def strange_icepool(required: int, range_modifier: int) -> dict[Any, Fraction]:
    """GM's 2d6 range × GM's 2d6 resistance range × the player's 4d6, in icepool terms.

    icepool's fastest form found for it: per pair of ranges, the player's 4d6 is one sum
    (``4 @ die``, a convolution) of each face's (hit, resistance hit, four) packed into one
    integer (each count ≤ 4, so base 5): integer outcomes convolve about four times faster
    than icepool ``Vector`` outcomes (tried: 0.72 s → 0.18 s here).
    """
    import icepool

    spans = icepool.d6.pool(2).expand()  # sorted (low, high) of the GM's 2d6

    def one_pair(success_roll: tuple[int, int], resistance: tuple[int, int]) -> Any:
        success = modified_range(success_roll[0], success_roll[1], range_modifier)

        def code(f: int) -> int:
            hit = success is not None and success[0] <= f <= success[1]
            return int(hit) + 5 * int(resistance[0] <= f <= resistance[1]) + 25 * int(f == 4)

        totals = 4 @ icepool.d6.map(code)  # (hits, resistance hits, fours) over 4d6

        def graded(v: int) -> tuple[int, int]:
            grade, _, impact = grade_hits(v % 5, required, v // 5 % 5, v // 25 == 4)
            return (int(grade), impact)

        return totals.map(graded)

    die = icepool.map(one_pair, spans, spans, star=False)
    total = die.denominator()
    return {k: Fraction(q, total) for k, q in die.items()}


def bench_strange_opposed(*, repeats: int = 3) -> tuple[str, float, float, str]:
    name, limit = "strange_opposed_vs_icepool", 1.0
    if not have_icepool():
        return (name, float("nan"), limit, "icepool not installed (pip install icepool)")
    mine, ours = _median_seconds(
        lambda: strange_ours(**STRANGE), repeats=repeats, before=_strange_cold
    )
    other, theirs = _median_seconds(lambda: strange_icepool(**STRANGE), repeats=repeats)
    if {(int(g), i): p for (g, i), p in ours.items()} != theirs:
        raise AssertionError("the Strange opposed odds differ from icepool's")
    return (
        name,
        mine / other,
        limit,
        f"ours {mine * 1e3:.1f} ms cold, icepool {other * 1e3:.1f} ms",
    )


# -- AGE: completion odds of an advanced test ----------------------------------------------
def age_ours(bonus: int, tn: int, threshold: int, rolls: int) -> Fraction:
    return age_completion.advanced_completion_odds(bonus, tn, threshold, rolls)


def _age_cold() -> None:
    age_completion._completion.cache_clear()
    age_completion._step_counts.cache_clear()
    for name in dir(exact):  # the shared dice sums under the step odds
        clear = getattr(getattr(exact, name), "cache_clear", None)
        if clear is not None:
            clear()


def age_icepool(bonus: int, tn: int, threshold: int, rolls: int) -> Fraction:
    """Each roll adds the Drama Die on a success, the pool capped at the threshold.

    icepool's fastest form found for it: one roll's gain as a die over the 2d6 *sum* and the
    Drama Die (66 pairs, not 216 triples), then per roll a sum (``+``, a convolution) and a
    ``clip`` at the threshold (tried: a Markov ``map(..., repeat=)`` 11 ms, ``rolls @ step``
    then ``>= threshold`` 1.4 ms, this 1.2 ms).
    """
    import icepool

    d6 = icepool.d6
    step = icepool.map(lambda two, drama: drama if two + drama + bonus >= tn else 0, 2 @ d6, d6)
    die = icepool.Die([0])
    for _ in range(rolls):
        die = (die + step).clip(max_outcome=threshold)
    return Fraction(die.quantity(threshold), die.denominator())


def bench_age_completion(*, repeats: int = 5) -> tuple[str, float, float, str]:
    name, limit = "age_completion_vs_icepool", 1.0
    if not have_icepool():
        return (name, float("nan"), limit, "icepool not installed (pip install icepool)")
    mine, ours = _median_seconds(lambda: age_ours(**AGE), repeats=repeats, before=_age_cold)
    other, theirs = _median_seconds(lambda: age_icepool(**AGE), repeats=repeats)
    if ours != theirs:
        raise AssertionError("the AGE completion odds differ from icepool's")
    return (
        name,
        mine / other,
        limit,
        f"ours {mine * 1e3:.2f} ms cold, icepool {other * 1e3:.2f} ms",
    )


# -- skirmish: contest odds with up to 10 dice a side -----------------------------------------
def _skirmish_cold() -> None:
    skirmish.contests._contest_odds.cache_clear()
    skirmish.contests._die_classes.cache_clear()


def bench_skirmish_contest(*, dice: int = 10) -> tuple[str, float, float, str]:
    """The slowest cold ``contest_odds`` over every die, tie-break and 1..``dice`` dice a
    side ÷ a bare app's Enter-to-paint (sampled after each die's calls); the limit is the
    spec's 16 ms in quiet bare frames."""
    from tests.bench.bench_roll import BUDGET, FRAME
    from tests.bench.reference import bare_frame

    name = "skirmish_contest_vs_bare_frame"
    worst = 0.0
    with bare_frame() as frame:
        for die in skirmish.DIES:
            for raw in (False, True):
                for a_dice in range(1, dice + 1):
                    for b_dice in (1, a_dice):
                        _skirmish_cold()
                        start = time.perf_counter()
                        skirmish.contest_odds(6, 7, die, raw, a_dice=a_dice, b_dice=b_dice)
                        worst = max(worst, time.perf_counter() - start)
                frame.sample()
    return (
        name,
        worst / frame.median,
        float(round(BUDGET / FRAME)),
        f"slowest {worst * 1e3:.2f} ms cold, bare frame {frame.median * 1e3:.2f} ms",
    )
