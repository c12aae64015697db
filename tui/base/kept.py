"""What was made of the last few objects, kept by the objects' identity.

A names map, a party, a list of rolls: values of a campaign state are never changed in place,
so what is made of one (its names as a tuple, its aliases turned round) stays true while the
object lives. :class:`KeptByIdentity` keeps it for the newest few objects, holding each object
so that its identity cannot pass to another. No Textual or Rich here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["KeptByIdentity"]

K = TypeVar("K")
V = TypeVar("V")


class KeptByIdentity(Generic[K, V]):
    """``make(obj)`` for the last ``size`` objects asked about, the newest kept longest."""

    def __init__(self, make: Callable[[K], V], size: int) -> None:
        self._make = make
        self._size = size
        self._kept: dict[int, tuple[K, V]] = {}

    def __call__(self, obj: K, *, still: Callable[[K, V], bool] | None = None) -> V:
        """What was made of ``obj``, made now if not kept (or if ``still(obj, made)`` says
        what was kept no longer fits: a map grown in place)."""
        hit = self._kept.pop(id(obj), None)
        if hit is None or hit[0] is not obj or (still is not None and not still(obj, hit[1])):
            hit = (obj, self._make(obj))
        self._kept[id(obj)] = hit  # the newest last
        if len(self._kept) > self._size:
            self._kept.pop(next(iter(self._kept)))
        return hit[1]
