"""How often one player's link may post (a roll, an answer): a token bucket per link.

A player at the table sends a roll every few seconds at most; a script or a stuck button
sends many. Each link gets :data:`BURST` posts at once and one more every :data:`EVERY`
seconds after that; a post beyond is refused (429) without touching the campaign or the
inbox. The clock is injected, so a test drives it instead of waiting.
"""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["BURST", "EVERY", "RateLimit"]

#: posts a link may make at once
BURST = 8
#: seconds for one more post to be allowed
EVERY = 2.0
#: links remembered at most (the oldest forgotten first: a forgotten one starts full)
_KEPT = 1024


class RateLimit:
    """The buckets of every link, keyed by the link's token."""

    def __init__(
        self,
        *,
        burst: int = BURST,
        every: float = EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # token → (posts left, when)

    def allow(self, token: str) -> bool:
        """Whether ``token``'s link may post now (and count the post when it may)."""
        now = self.clock()
        left, then = self._buckets.pop(token, (float(self.burst), now))
        left = min(float(self.burst), left + (now - then) / self.every)
        allowed = left >= 1.0
        self._buckets[token] = (left - 1.0 if allowed else left, now)
        while len(self._buckets) > _KEPT:
            del self._buckets[next(iter(self._buckets))]
        return allowed
