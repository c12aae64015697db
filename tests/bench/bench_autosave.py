"""When the autosaver's checkpoints come in real seconds (the suite checks the order of
events on a clock of its own: ``tests/store/test_autosave.py``).

Changes every 50 ms to a save smaller than one entry (so the log is as big as the save from
the first change) never leave the 0.3 s of quiet the debounce waits for: the first
checkpoint comes at ``longest`` (0.6 s) after the first change. The figure is the real time
to that checkpoint ÷ ``longest``; 1.0 is on time, and the limit allows a loaded machine's
late thread wake-ups, but not a debounce that waits for quiet forever.
"""

from __future__ import annotations

import tempfile
import threading
import time
from pathlib import Path
from typing import Any, cast

from tui.store.autosave import Autosaver
from tui.store.store import Store

__all__ = ["bench_autosave_longest"]

DELAY, LONGEST, EVERY = 0.3, 0.6, 0.05


class _Store:
    """What the Autosaver uses of a Store; a checkpoint notes its time."""

    closed = False
    read_only = False
    heading_changed = False

    def __init__(self, folder: Path) -> None:
        self.path, self.log_path = folder / "c.toml", folder / "c.log.toml"
        self.path.write_bytes(b"s" * 10)
        self.recorded = 0
        self.log_since_checkpoint = 0
        self.first: float | None = None
        self.done = threading.Event()

    @property
    def unsaved(self) -> bool:
        return not self.done.is_set() and self.recorded > 0

    def record(self, campaign: object, entries: object) -> None:
        self.recorded += 1
        self.log_since_checkpoint += 100

    def checkpoint(self, *, leave_cache: bool = False) -> bool:
        if self.first is None:
            self.first = time.monotonic()
        self.log_since_checkpoint = 0
        self.done.set()
        return True

    def flush(self, *, checkpoint: bool = True) -> None:
        return None


def bench_autosave_longest(*, runs: int = 3) -> tuple[str, float, float, str]:
    name, limit = "autosave_first_checkpoint_vs_longest", 2.0
    ratios = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            store = _Store(Path(tmp))
            saver = Autosaver(cast(Store, store), lambda *_: None, delay=DELAY, longest=LONGEST)
            started = time.monotonic()
            try:
                while not store.done.is_set() and time.monotonic() - started < 10 * LONGEST:
                    saver(cast(Any, None), [])
                    store.done.wait(EVERY)
            finally:
                saver.stop()
            first = store.first if store.first is not None else float("inf")
            ratios.append((first - started) / LONGEST)
    ratio = sorted(ratios)[len(ratios) // 2]
    return (name, ratio, limit, f"first checkpoint at {[round(r * LONGEST, 3) for r in ratios]} s")
