"""Exact-odds helpers shared by every system: Fractions, enumeration and convolution.

Nothing here samples. Distributions are ``dict[key, Fraction]`` whose values sum to exactly 1.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import TypeVar

from rules.errors import RulesError

__all__ = [
    "K",
    "check_face",
    "check_int",
    "complete",
    "convolve",
    "distribution",
    "enumerate_dice",
    "half_up",
    "sum_of_dice",
    "tally",
    "uniform",
]

K = TypeVar("K", bound=Hashable)


def half_up(x: Fraction | int) -> int:
    """Round an exact rational half up: ``floor(x + 1/2)``."""
    return floor(Fraction(x) + Fraction(1, 2))


def check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is an int within ``[low, high]``, else raise ``RulesError``.

    ``bool`` is refused: ``True`` is not a die face.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be an integer, got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        lo = "-inf" if low is None else str(low)
        hi = "+inf" if high is None else str(high)
        raise RulesError(f"{name} must be within {lo}..{hi}, got {value}")
    return value


def check_face(name: str, value: object, sides: int) -> int:
    """Validate one face of a die with ``sides`` sides (1..sides)."""
    return check_int(name, value, 1, sides)


def uniform(sides: int) -> dict[int, Fraction]:
    """Distribution of one fair die with faces 1..sides."""
    p = Fraction(1, sides)
    return {face: p for face in range(1, sides + 1)}


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent integer distributions."""
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


@lru_cache(maxsize=256)
def _sum_counts(count: int, sides: int) -> tuple[int, ...]:
    """Number of ways to roll each total ``count..count*sides`` with ``count`` dice."""
    ways = [1]  # zero dice: total 0 in one way
    for _ in range(count):
        nxt = [0] * (len(ways) + sides - 1)
        # sliding-window sum: each new die adds 1..sides (offset handled by the caller)
        window = 0
        for i in range(len(nxt)):
            if i < len(ways):
                window += ways[i]
            if i - sides >= 0:
                window -= ways[i - sides]
            nxt[i] = window
        ways = nxt
    return tuple(ways)


def sum_of_dice(count: int, sides: int) -> dict[int, Fraction]:
    """Exact distribution of the total of ``count`` dice with ``sides`` sides."""
    ways = _sum_counts(count, sides)
    total = sides**count
    return {count + i: Fraction(w, total) for i, w in enumerate(ways) if w}


def enumerate_dice(count: int, sides: int) -> Iterable[tuple[int, ...]]:
    """Every ordered outcome of ``count`` dice with ``sides`` sides (equally likely)."""
    return itertools.product(range(1, sides + 1), repeat=count)


def tally(outcomes: Iterable[K]) -> dict[K, Fraction]:
    """Turn equally likely outcomes into an exact distribution."""
    counts = Counter(outcomes)
    total = sum(counts.values())
    if total == 0:
        raise RulesError("no outcomes to tally")
    return {key: Fraction(n, total) for key, n in counts.items()}


def distribution(
    classify: Callable[[tuple[int, ...]], K], count: int, sides: int
) -> dict[K, Fraction]:
    """Classify every ordered roll of ``count`` d``sides`` and tally the classes exactly."""
    return tally(classify(faces) for faces in enumerate_dice(count, sides))


def complete(dist: Mapping[K, Fraction], keys: Iterable[K]) -> dict[K, Fraction]:
    """Return ``dist`` with every key of ``keys`` present (zero where impossible), in order."""
    out = {key: dist.get(key, Fraction(0)) for key in keys}
    extra = set(dist) - set(out)
    if extra:
        raise RulesError(f"unexpected outcome keys {sorted(map(str, extra))}")
    return out
