"""Waiting for a state, never for a time: the suite's one place that polls.

A test waits for what it needs (a screen pushed, a file written, a thread done) and the
deadline is only a guard against a hang, generous enough for a machine loaded by other
work: it never decides an outcome. ``tests/test_waits.py`` fails on a ``time.sleep``, a
``pilot.pause(…)`` with a delay or a timed ``asyncio.sleep`` anywhere else outside
``tests/bench`` and ``tests/e2e``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

#: How long a wait may take before the test fails as hung (a guard, not a timing).
LIMIT = 60.0
#: How often a condition is looked at again; each look yields to the app or the thread.
POLL = 0.005


async def until(
    pilot: Pilot[Any], test: Callable[[], object], what: str, *, limit: float = LIMIT
) -> None:
    """Let the app run until ``test()`` holds; fail naming ``what`` if it never does."""
    deadline = time.monotonic() + limit
    while not test():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        await asyncio.sleep(POLL)
        await pilot.pause()


async def settled(pilot: Pilot[Any], rounds: int = 3) -> None:
    """Let the app handle what is queued and repaint, a few rounds over (timers and
    call-afters posted by the previous round included): for a test that then checks that
    something did *not* happen, where there is no state to wait for."""
    for _ in range(rounds):
        await pilot.pause()


def until_sync(test: Callable[[], object], what: str, *, limit: float = LIMIT) -> None:
    """Block (outside an event loop: a thread, a child process) until ``test()`` holds."""
    deadline = time.monotonic() + limit
    while not test():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(POLL)
