"""The Autosaver's checkpoints: once the log since the last one is as big as the save, or
after a pause; debounced (after a quiet moment), never later than ``longest``."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, cast

from tui.store.autosave import Autosaver
from tui.store.store import Store


class _Store:
    """What the Autosaver uses of a Store: record now (``entry`` bytes on the log), checkpoint
    later (counted; the save is ``save`` bytes)."""

    closed = False
    read_only = False

    def __init__(self, folder: Path, *, save: int = 10, entry: int = 100) -> None:
        self.path, self.log_path = folder / "c.toml", folder / "c.log.toml"
        self.path.write_bytes(b"s" * save)
        self.log_path.write_bytes(b"")
        self.entry = entry
        self.recorded = 0
        self.checkpoints: list[tuple[float, int]] = []  # (when, changes recorded by then)
        self.lock = threading.Lock()
        self.log_since_checkpoint = 0
        self.heading_changed = False  # a change to the name or the adventure

    @property
    def unsaved(self) -> bool:
        return self.recorded > (self.checkpoints[-1][1] if self.checkpoints else 0)

    def record(self, campaign: object, entries: object) -> None:
        with self.lock:
            self.recorded += 1
            self.log_since_checkpoint += self.entry
            with self.log_path.open("ab") as f:
                f.write(b"e" * self.entry)

    def checkpoint(self) -> bool:
        with self.lock:
            self.checkpoints.append((time.monotonic(), self.recorded))
            self.log_since_checkpoint = 0
            self.heading_changed = False
        return True

    def flush(self, *, checkpoint: bool = True) -> None:
        if checkpoint:
            self.checkpoint()


def _until_checkpointed(store: _Store, timeout: float = 5.0) -> None:
    """Wait (at most ``timeout``) until the worker has written a checkpoint."""
    deadline = time.monotonic() + timeout
    while not store.checkpoints and time.monotonic() < deadline:
        time.sleep(0.01)


def _saver(store: _Store, **kwargs: float) -> Autosaver:
    return Autosaver(cast(Store, store), lambda *_: None, **kwargs)


def test_a_burst_of_changes_costs_one_checkpoint_after_it_stops(tmp_path: Path) -> None:
    store = _Store(tmp_path)
    saver = _saver(store, delay=0.25, longest=5.0)
    try:
        started = time.monotonic()
        for _ in range(8):  # a change every 0.1 s: never quiet for 0.25 s
            saver(cast(Any, None), [])
            time.sleep(0.1)
        assert store.checkpoints == [], "a checkpoint ran between two changes of a burst"
        deadline = time.monotonic() + 3
        while not store.checkpoints and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)
        assert len(store.checkpoints) == 1
        when, included = store.checkpoints[0]
        assert included == 8 and when - started >= 0.8
    finally:
        saver.stop()


def test_changes_that_never_stop_are_checkpointed_within_longest(tmp_path: Path) -> None:
    store = _Store(tmp_path)
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


def test_stop_writes_what_is_due_at_once(tmp_path: Path) -> None:
    store = _Store(tmp_path, save=50, entry=100)  # the log since the checkpoint is the bigger
    saver = _saver(store, delay=30.0, longest=60.0)
    saver(cast(Any, None), [])
    start = time.monotonic()
    assert saver.stop() is None
    assert time.monotonic() - start < 2.0
    assert store.checkpoints and store.checkpoints[-1][1] == 1


def test_a_quit_within_the_replay_bound_leaves_a_big_save_to_the_log(tmp_path: Path) -> None:
    """Regression (issue 36): every quit rewrote the save, 50 ms of a 1.5 MB campaign's
    70 ms quit. The log already holds the change; the next open replays less log than save."""
    store = _Store(tmp_path, save=10_000)
    saver = _saver(store, delay=30.0, longest=60.0, quick=5_000)  # 10 kB counts as big here
    saver(cast(Any, None), [])
    assert not saver.due_at_quit()
    assert saver.stop() is None
    assert store.checkpoints == []


def test_a_quit_rewrites_a_small_save_that_is_behind(tmp_path: Path) -> None:
    store = _Store(tmp_path, save=10_000)
    saver = _saver(store, delay=30.0, longest=60.0, quick=20_000)
    assert not saver.due_at_quit()  # nothing unsaved: nothing to write
    saver(cast(Any, None), [])
    assert saver.due_at_quit()
    assert saver.stop() is None
    assert [n for _, n in store.checkpoints] == [1]


def test_a_quit_after_a_new_name_or_adventure_writes_the_save(tmp_path: Path) -> None:
    """The campaign picker reads the save's top lines without the log: they stay current."""
    store = _Store(tmp_path, save=10_000)
    saver = _saver(store, delay=30.0, longest=60.0, quick=5_000)
    saver(cast(Any, None), [])
    store.heading_changed = True
    assert saver.due_at_quit()
    assert saver.stop() is None
    assert [n for _, n in store.checkpoints] == [1]


def test_a_small_change_waits_for_the_log_to_grow_as_big_as_the_save(tmp_path: Path) -> None:
    """Isolated changes to a big save cost their entries, not a rewrite each: the save is
    written once the log since the last checkpoint holds as many bytes as it."""
    store = _Store(tmp_path, save=1_000, entry=100)
    saver = _saver(store, delay=0.05, longest=5.0, idle=60.0)
    try:
        for _ in range(9):  # 900 bytes of log: less than the save
            saver(cast(Any, None), [])
            time.sleep(0.1)  # each change alone: quiet for longer than delay
        assert store.checkpoints == []
        saver(cast(Any, None), [])  # 1,000 bytes: as big as the save
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [10]
        for _ in range(3):  # counted afresh from the checkpoint
            saver(cast(Any, None), [])
            time.sleep(0.1)
        assert len(store.checkpoints) == 1
    finally:
        saver.stop()
    assert store.checkpoints[-1][1] == 13  # a small save: stop writes what waited


def test_a_pause_lets_the_save_catch_up(tmp_path: Path) -> None:
    store = _Store(tmp_path, save=100_000)
    saver = _saver(store, delay=0.05, longest=5.0, idle=0.4, rate=1e9)
    try:
        saver(cast(Any, None), [])
        time.sleep(0.2)
        assert store.checkpoints == []  # not yet a pause
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [1]
    finally:
        saver.stop()


def test_wait_idle_writes_what_is_unsaved_now(tmp_path: Path) -> None:
    store = _Store(tmp_path, save=100_000)
    saver = _saver(store, delay=30.0, longest=60.0, idle=60.0)
    try:
        saver(cast(Any, None), [])
        saver(cast(Any, None), [])
        assert saver.wait_idle(5)
        assert [n for _, n in store.checkpoints] == [2]
        assert saver.wait_idle(5)  # nothing more to write
        assert len(store.checkpoints) == 1
    finally:
        saver.stop()


def test_a_bigger_save_waits_longer_for_its_catch_up(tmp_path: Path) -> None:
    """A pause costs the disk at most ``rate`` bytes a second: a 100 kB save at 100 kB/s
    waits a second, not the 0.2 s minimum."""
    store = _Store(tmp_path, save=100_000)
    saver = _saver(store, delay=0.05, longest=5.0, idle=0.2, rate=100_000)
    try:
        saver(cast(Any, None), [])
        time.sleep(0.6)
        assert store.checkpoints == []
        _until_checkpointed(store)
        assert [n for _, n in store.checkpoints] == [1]
    finally:
        saver.stop()
