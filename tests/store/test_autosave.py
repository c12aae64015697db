"""The Autosaver's checkpoints: debounced (after a quiet moment), never later than ``longest``."""

from __future__ import annotations

import threading
import time
from typing import Any, cast

from tui.store.autosave import Autosaver
from tui.store.store import Store


class _Store:
    """What the Autosaver uses of a Store: record now, checkpoint later (counted)."""

    closed = False
    read_only = False

    def __init__(self) -> None:
        self.recorded = 0
        self.checkpoints: list[tuple[float, int]] = []  # (when, changes recorded by then)
        self.lock = threading.Lock()

    def record(self, campaign: object, entries: object) -> None:
        with self.lock:
            self.recorded += 1

    def checkpoint(self) -> bool:
        with self.lock:
            self.checkpoints.append((time.monotonic(), self.recorded))
        return True

    def flush(self) -> None:
        self.checkpoint()


def _saver(store: _Store, **kwargs: float) -> Autosaver:
    return Autosaver(cast(Store, store), lambda *_: None, **kwargs)


def test_a_burst_of_changes_costs_one_checkpoint_after_it_stops() -> None:
    store = _Store()
    saver = _saver(store, delay=0.25, longest=5.0)
    try:
        started = time.monotonic()
        for _ in range(8):  # a change every 0.1 s: never quiet for 0.25 s
            saver(cast(Any, None), [])
            time.sleep(0.1)
        assert store.checkpoints == [], "a checkpoint ran between two changes of a burst"
        assert saver.wait_idle(3)
        assert len(store.checkpoints) == 1
        when, included = store.checkpoints[0]
        assert included == 8 and when - started >= 0.8
    finally:
        saver.stop()


def test_changes_that_never_stop_are_checkpointed_within_longest() -> None:
    store = _Store()
    saver = _saver(store, delay=0.3, longest=0.6)
    try:
        started = time.monotonic()
        while time.monotonic() - started < 1.5:
            saver(cast(Any, None), [])
            time.sleep(0.05)
        assert store.checkpoints, "no checkpoint in 1.5 s of constant changes (longest 0.6 s)"
        first = store.checkpoints[0][0] - started
        assert 0.5 <= first <= 1.2
    finally:
        saver.stop()


def test_stop_writes_what_is_due_at_once() -> None:
    store = _Store()
    saver = _saver(store, delay=30.0, longest=60.0)
    saver(cast(Any, None), [])
    start = time.monotonic()
    assert saver.stop() is None
    assert time.monotonic() - start < 2.0
    assert store.checkpoints and store.checkpoints[-1][1] == 1
