"""The Autosaver's checkpoints: once the log since the last one is as big as the save, or
after a pause; debounced (after a quiet moment), never later than ``longest``.

Time here is a :class:`Clock` the test moves: "a change every 1/8 s" is the clock moved by
1/8 between changes (binary fractions: the sums are exact), so no checkpoint can come before
its due time however loaded the machine, and the test waits for the checkpoint itself
(:func:`tests.waits.until_sync`), never for seconds to pass. How
long a checkpoint takes in real seconds is the bench's (``tests/bench/bench_autosave.py``).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, cast

import pytest

from tests.waits import until_sync
from tui.store.autosave import Autosaver
from tui.store.store import Store


class Clock:
    """Monotonic seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class _Store:
    """What the Autosaver uses of a Store: record now (``entry`` bytes on the log), checkpoint
    later (counted; the save is ``save`` bytes)."""

    closed = False
    read_only = False

    def __init__(self, folder: Path, clock: Clock, *, save: int = 10, entry: int = 100) -> None:
        self.clock = clock
        self.path, self.log_path = folder / "c.toml", folder / "c.log.toml"
        self.path.write_bytes(b"s" * save)
        self.log_path.write_bytes(b"")
        self.entry = entry
        self.recorded = 0
        self.checkpoints: list[tuple[float, int]] = []  # (when, changes recorded by then)
        self.lock = threading.Lock()
        self.log_since_checkpoint = 0
        self.heading_changed = False  # a change to the name or the adventure
        self.renaming = False  # each change recorded from now on changes the heading

    @property
    def unsaved(self) -> bool:
        return self.recorded > (self.checkpoints[-1][1] if self.checkpoints else 0)

    def record(self, campaign: object, entries: object) -> None:
        with self.lock:
            self.recorded += 1
            self.log_since_checkpoint += self.entry
            self.heading_changed = self.heading_changed or self.renaming
            with self.log_path.open("ab") as f:
                f.write(b"e" * self.entry)

    def checkpoint(self, *, leave_cache: bool = False) -> bool:
        with self.lock:
            self.checkpoints.append((self.clock(), self.recorded))
            self.log_since_checkpoint = 0
            self.heading_changed = False
        return True

    def flush(self, *, checkpoint: bool = True) -> None:
        if checkpoint:
            self.checkpoint()


def _until_checkpointed(store: _Store, count: int = 1) -> None:
    until_sync(lambda: len(store.checkpoints) >= count, f"checkpoint {count}")


class Saver:
    """An Autosaver on a :class:`_Store`, driven by the test's clock."""

    def __init__(self, store: _Store, **kwargs: float) -> None:
        self.store = store
        self.autosaver = Autosaver(cast(Store, store), lambda *_: None, clock=store.clock, **kwargs)

    def change(self) -> None:
        self.autosaver(cast(Any, None), [])

    def later(self, seconds: float) -> None:
        """The clock moves on; the worker looks at it again."""
        self.store.clock.now += seconds
        self.autosaver.tick()


@pytest.fixture
def clock() -> Clock:
    return Clock()


def test_a_burst_of_changes_costs_one_checkpoint_after_it_stops(
    tmp_path: Path, clock: Clock
) -> None:
    store = _Store(tmp_path, clock)
    saver = Saver(store, delay=0.25, longest=5.0)
    try:
        started = clock.now
        for _ in range(8):  # a change every 0.125 s: never quiet for 0.25 s
            saver.change()
            saver.later(0.125)
        assert store.checkpoints == [], "a checkpoint ran between two changes of a burst"
        saver.later(0.25)  # 0.375 s quiet after the last change
        _until_checkpointed(store)
        assert saver.autosaver.wait_idle(30)
        assert len(store.checkpoints) == 1
        when, included = store.checkpoints[0]
        assert included == 8 and when - started == 1.25
    finally:
        saver.autosaver.stop()


def test_changes_that_never_stop_are_checkpointed_within_longest(
    tmp_path: Path, clock: Clock
) -> None:
    """The first change makes the log as big as the save; changes every 1/16 s never leave
    the 0.25 s of quiet, so the checkpoint comes at ``longest`` (0.5 s) after it, exactly.
    (Times are binary fractions, so the clock's sums are exact.)"""
    store = _Store(tmp_path, clock)
    saver = Saver(store, delay=0.25, longest=0.5)
    try:
        started = clock.now
        for step in range(1, 9):  # 1/16 … 8/16 s
            saver.change()
            saver.later(0.0625)
            if step < 8:
                assert store.checkpoints == [], f"a checkpoint after {step}/16 s"
        _until_checkpointed(store)
        assert store.checkpoints[0][0] - started == 0.5
    finally:
        saver.autosaver.stop()


def test_stop_writes_what_is_due_at_once(tmp_path: Path, clock: Clock) -> None:
    store = _Store(tmp_path, clock, save=50, entry=100)  # the log since the checkpoint is bigger
    saver = Saver(store, delay=30.0, longest=60.0)
    saver.change()
    assert saver.autosaver.stop() is None  # without the clock moving: stop does not wait for it
    assert store.checkpoints and store.checkpoints[-1][1] == 1


def test_a_quit_within_the_replay_bound_leaves_a_big_save_to_the_log(
    tmp_path: Path, clock: Clock
) -> None:
    """Regression (issue 36): every quit rewrote the save, 50 ms of a 1.5 MB campaign's
    70 ms quit. The log already holds the change; the next open replays less log than save."""
    store = _Store(tmp_path, clock, save=10_000)
    saver = Saver(store, delay=30.0, longest=60.0, quick=5_000)  # 10 kB counts as big here
    saver.change()
    assert not saver.autosaver.due_at_quit()
    assert saver.autosaver.stop() is None
    assert store.checkpoints == []


def test_a_quit_rewrites_a_small_save_that_is_behind(tmp_path: Path, clock: Clock) -> None:
    store = _Store(tmp_path, clock, save=10_000)
    saver = Saver(store, delay=30.0, longest=60.0, quick=20_000)
    assert not saver.autosaver.due_at_quit()  # nothing unsaved: nothing to write
    saver.change()
    assert saver.autosaver.due_at_quit()
    assert saver.autosaver.stop() is None
    assert [n for _, n in store.checkpoints] == [1]


def test_a_quit_after_a_new_name_or_adventure_writes_the_save(tmp_path: Path, clock: Clock) -> None:
    """The campaign picker reads the save's top lines without the log: they stay current."""
    store = _Store(tmp_path, clock, save=10_000)
    saver = Saver(store, delay=30.0, longest=60.0, quick=5_000)
    saver.change()
    store.heading_changed = True
    assert saver.autosaver.due_at_quit()
    assert saver.autosaver.stop() is None
    assert [n for _, n in store.checkpoints] == [1]


def test_a_new_name_or_adventure_is_checkpointed_after_its_quiet(
    tmp_path: Path, clock: Clock
) -> None:
    """The end of an adventure changes the save's top lines: its checkpoint follows the
    change's quiet (``delay``), not a pause's catch-up (a 1.5 MB save: 75 s), so the quit
    after it has nothing to write (at 200 characters that rewrite was the whole quit)."""
    store = _Store(tmp_path, clock, save=100_000)
    saver = Saver(store, delay=0.0625, longest=5.0, idle=60.0, rate=1.0)
    try:
        saver.change()  # an ordinary change to a big save: left to a long pause
        saver.later(0.125)
        assert store.checkpoints == [] and saver.autosaver.settled
        store.renaming = True
        saver.change()
        assert not saver.autosaver.settled  # pressing at once, before the worker looks
        saver.later(0.125)
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [2]
        until_sync(lambda: saver.autosaver.settled, "settled")
        assert not saver.autosaver.due_at_quit()
    finally:
        saver.autosaver.stop()


def test_a_small_change_waits_for_the_log_to_grow_as_big_as_the_save(
    tmp_path: Path, clock: Clock
) -> None:
    """Isolated changes to a big save cost their entries, not a rewrite each: the save is
    written once the log since the last checkpoint holds as many bytes as it."""
    store = _Store(tmp_path, clock, save=1_000, entry=100)
    saver = Saver(store, delay=0.0625, longest=5.0, idle=60.0)
    try:
        for _ in range(9):  # 900 bytes of log: less than the save
            saver.change()
            saver.later(0.125)  # each change alone: quiet for longer than delay
        assert store.checkpoints == []
        saver.change()  # 1,000 bytes: as big as the save
        saver.later(0.125)
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [10]
        for _ in range(3):  # counted afresh from the checkpoint
            saver.change()
            saver.later(0.125)
        assert len(store.checkpoints) == 1
    finally:
        saver.autosaver.stop()
    assert store.checkpoints[-1][1] == 13  # a small save: stop writes what waited


def test_a_pause_lets_the_save_catch_up(tmp_path: Path, clock: Clock) -> None:
    store = _Store(tmp_path, clock, save=100_000)
    saver = Saver(store, delay=0.0625, longest=5.0, idle=0.5, rate=1e9)
    try:
        saver.change()
        saver.later(0.25)
        assert store.checkpoints == []  # not yet a pause
        saver.later(0.25)
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [1]
        assert store.checkpoints[0][0] == clock.now  # at 0.5 s, when the pause was long enough
    finally:
        saver.autosaver.stop()


def test_wait_idle_writes_what_is_unsaved_now(tmp_path: Path, clock: Clock) -> None:
    store = _Store(tmp_path, clock, save=100_000)
    saver = Saver(store, delay=30.0, longest=60.0, idle=60.0)
    try:
        saver.change()
        saver.change()
        assert saver.autosaver.wait_idle(30)
        assert [n for _, n in store.checkpoints] == [2]
        assert saver.autosaver.wait_idle(30)  # nothing more to write
        assert len(store.checkpoints) == 1
    finally:
        saver.autosaver.stop()


def test_a_bigger_save_waits_longer_for_its_catch_up(tmp_path: Path, clock: Clock) -> None:
    """A pause costs the disk at most ``rate`` bytes a second: a 100 kB save at 100 kB/s
    waits a second, not the 0.25 s minimum."""
    store = _Store(tmp_path, clock, save=100_000)
    saver = Saver(store, delay=0.0625, longest=5.0, idle=0.25, rate=100_000)
    try:
        saver.change()
        saver.later(0.5)
        assert store.checkpoints == []
        saver.later(0.4375)
        assert store.checkpoints == []
        saver.later(0.0625)
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [1]
    finally:
        saver.autosaver.stop()
