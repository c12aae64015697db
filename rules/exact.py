"""Exact-odds helpers shared by every system: Fractions, enumeration and convolution.

Nothing here samples. Distributions are ``dict[key, Fraction]`` whose values sum to exactly 1.

It also holds the argument checks every public function of ``rules`` starts with
(``check_int``, ``check_ints``, ``check_rng`` …): a ``None``, a list where a number belongs or a
number where dice belong raises :class:`~rules.errors.RulesError` naming the argument, never
a ``TypeError`` from deeper down.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import floor
from typing import TypeVar

from rules.errors import RulesError

__all__ = [
    "K",
    "check_bool",
    "check_callable",
    "check_face",
    "check_int",
    "check_ints",
    "check_iterable",
    "check_mapping",
    "check_rng",
    "check_sequence",
    "check_str",
    "complete",
    "convolve",
    "distribution",
    "enumerate_dice",
    "half_up",
    "number_text",
    "sum_of_dice",
    "tally",
    "uniform",
]

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


def half_up(x: Fraction | int) -> int:
    """Round an exact rational half up: ``floor(x + 1/2)``."""
    if isinstance(x, bool) or not isinstance(x, int | Fraction):
        raise RulesError(f"x must be an integer or a Fraction, got {_shown(x)}")
    return floor(Fraction(x) + Fraction(1, 2))


def number_text(value: Fraction | float, places: int | None = None) -> str:
    """An exact or float number as text: a whole one as it is (``12``), else ``places``
    decimals, or the shortest reading (``4.5``) when ``places`` is None.

    The one way this code base writes a number that may be a ``Fraction``: before Python 3.12
    ``Fraction.__format__`` takes no format spec, so ``f"{x:g}"`` on one raises TypeError.
    """
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise RulesError(f"value must be a number, got {_shown(value)}")
    if places is not None:
        check_int("places", places, 0, 20)
    exact = Fraction(value) if not isinstance(value, float) else None
    if exact is not None and exact.denominator == 1:
        return str(exact.numerator)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{float(value):g}" if places is None else f"{float(value):.{places}f}"


def _shown(value: object) -> str:
    """A value for an error message: short, whatever it is."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _bound(name: str, bound: object) -> int | None:
    if bound is None or (isinstance(bound, int) and not isinstance(bound, bool)):
        return bound
    raise RulesError(f"{name} must be an integer or None, got {_shown(bound)}")


def check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` if it is an int within ``[low, high]``, else raise ``RulesError``.

    ``bool`` is refused: ``True`` is not a die face.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(f"{name} must be an integer, got {_shown(value)}")
    low, high = _bound("low", low), _bound("high", high)
    if (low is not None and value < low) or (high is not None and value > high):
        lo = "-inf" if low is None else str(low)
        hi = "+inf" if high is None else str(high)
        raise RulesError(f"{name} must be within {lo}..{hi}, got {value}")
    return value


def check_ints(
    name: str,
    values: object,
    low: int | None = None,
    high: int | None = None,
    *,
    length: int | None = None,
) -> tuple[int, ...]:
    """A sequence of ints (a list or tuple, not a string) each within ``[low, high]``.

    ``length`` fixes how many there must be (four d6, a pair of range dice …).
    """
    if isinstance(values, str | bytes) or not isinstance(values, Sequence):
        what = f"{length} integers" if length is not None else "a sequence of integers"
        raise RulesError(f"{name} must be {what}, got {_shown(values)}")
    if length is not None and len(values) != length:
        raise RulesError(f"{name} must hold {length} values, got {len(values)}")
    return tuple(check_int(f"{name}[{i}]", v, low, high) for i, v in enumerate(values))


def check_bool(name: str, value: object) -> bool:
    """``value`` if it is True or False, else ``RulesError``."""
    if not isinstance(value, bool):
        raise RulesError(f"{name} must be True or False, got {_shown(value)}")
    return value


def check_str(name: str, value: object) -> str:
    """``value`` if it is a string, else ``RulesError``."""
    if not isinstance(value, str):
        raise RulesError(f"{name} must be a string, got {_shown(value)}")
    return value


def check_rng(value: object) -> random.Random:
    """The injected generator: a ``random.Random`` (or a subclass), else ``RulesError``."""
    if not isinstance(value, random.Random):
        raise RulesError(f"rng must be a random.Random, got {_shown(value)}")
    return value


def check_callable(name: str, value: object) -> Callable[..., object]:
    """``value`` if it can be called, else ``RulesError``."""
    if not callable(value):
        raise RulesError(f"{name} must be a function, got {_shown(value)}")
    return value


def check_mapping(name: str, value: object) -> Mapping[object, object]:
    """``value`` if it is a mapping (a dict), else ``RulesError``."""
    if not isinstance(value, Mapping):
        raise RulesError(f"{name} must be a mapping, got {_shown(value)}")
    return value


def check_sequence(name: str, value: object) -> Sequence[object]:
    """``value`` if it is a list or tuple (not a string), else ``RulesError``."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise RulesError(f"{name} must be a list of values, got {_shown(value)}")
    return value


def check_iterable(name: str, value: Iterable[T]) -> tuple[T, ...]:
    """The items of ``value`` (a list, tuple, set … but not a string), else ``RulesError``."""
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Iterable):
        raise RulesError(f"{name} must be a list of values, got {_shown(value)}")
    return tuple(value)


def check_face(name: str, value: object, sides: int) -> int:
    """Validate one face of a die with ``sides`` sides (1..sides)."""
    return check_int(name, value, 1, check_int("sides", sides, 1))


def uniform(sides: int) -> dict[int, Fraction]:
    """Distribution of one fair die with faces 1..sides."""
    p = Fraction(1, check_int("sides", sides, 1))
    return {face: p for face in range(1, sides + 1)}


def _check_dist(name: str, dist: object) -> None:
    for key, p in check_mapping(name, dist).items():
        check_int(f"{name} key", key)
        if isinstance(p, bool) or not isinstance(p, int | Fraction):
            raise RulesError(f"{name}[{key}] must be a Fraction, got {_shown(p)}")


def convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Distribution of the sum of two independent integer distributions."""
    _check_dist("a", a)
    _check_dist("b", b)
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
    count = check_int("count", count, 0)
    sides = check_int("sides", sides, 1)
    ways = _sum_counts(count, sides)
    total = sides**count
    return {count + i: Fraction(w, total) for i, w in enumerate(ways) if w}


def enumerate_dice(count: int, sides: int) -> Iterable[tuple[int, ...]]:
    """Every ordered outcome of ``count`` dice with ``sides`` sides (equally likely)."""
    count = check_int("count", count, 0)
    sides = check_int("sides", sides, 1)
    return itertools.product(range(1, sides + 1), repeat=count)


def tally(outcomes: Iterable[K]) -> dict[K, Fraction]:
    """Turn equally likely outcomes into an exact distribution."""
    items = check_iterable("outcomes", outcomes)
    try:
        counts = Counter(items)
    except TypeError:
        raise RulesError("outcomes must be hashable values (not lists or dicts)") from None
    total = sum(counts.values())
    if total == 0:
        raise RulesError("no outcomes to tally")
    return {key: Fraction(n, total) for key, n in counts.items()}


def distribution(
    classify: Callable[[tuple[int, ...]], K], count: int, sides: int
) -> dict[K, Fraction]:
    """Classify every ordered roll of ``count`` d``sides`` and tally the classes exactly."""
    check_callable("classify", classify)
    return tally(classify(faces) for faces in enumerate_dice(count, sides))


def complete(dist: Mapping[K, Fraction], keys: Iterable[K]) -> dict[K, Fraction]:
    """Return ``dist`` with every key of ``keys`` present (zero where impossible), in order."""
    check_mapping("dist", dist)
    wanted = check_iterable("keys", keys)
    try:
        out = {key: dist.get(key, Fraction(0)) for key in wanted}
    except TypeError:
        raise RulesError("keys must be hashable values (not lists or dicts)") from None
    extra = set(dist) - set(out)
    if extra:
        raise RulesError(f"unexpected outcome keys {sorted(map(str, extra))}")
    return out
