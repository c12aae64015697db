"""Autosave for a running app: every change durable at once, checkpoints when they pay."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.language import _
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store.errors import SaveError
from tui.store.store import Store

__all__ = ["Autosaver"]


def _size(path: Path) -> int | None:
    try:
        return os.stat(path).st_size
    except OSError:
        return None


class Autosaver:
    """The app's listener on the session.

    ``Session.subscribe(autosaver)``: on every change the autosaver *records* it (the log entry
    with its patch, appended and fsynced) before the session returns, so by the time the screen
    shows a result it is on disk. Writing the whole save (a checkpoint) is left to one
    background thread, and happens only when it pays, as a database checkpoints its write-ahead
    log: once the log written since the last checkpoint is as big as the save (``share`` of it),
    so that rewriting a 1.5 MB save costs each change at most about its own entry again, and
    opening replays no more log than it reads of the save (the replay bound); or when the GM has
    made no change for a while, so the save catches up during a real pause: ``idle`` seconds, or
    longer for a bigger save (its size ÷ ``rate``: a 1.5 MB save waits ~75 s), so that pauses
    between changes cost the disk at most ``rate`` bytes a second; or soon after a change that
    leaves the save's top lines out of date (a new name, the end of an adventure: rare), which
    the campaign picker reads without the log, so that the quit after it need not rewrite a
    big save the change touched everywhere (200 characters' skills). A due checkpoint still waits
    until no change came for ``delay`` seconds (a burst costs one, and none competes with the
    next roll), but never more than ``longest`` seconds. Nothing is lost if the checkpoint never
    happens: the next open replays the log.

    Problems go to ``report(error, durable)``: ``durable=False`` for a failed record (the change
    waits in memory: it is *not* on disk yet), called on the UI thread; ``durable=True`` for a
    failed checkpoint (every change is safe in the log; only the save file lags), called on the
    worker thread (the app marshals it). ``report(None, durable)`` says that kind of write works
    again. :meth:`Autosaver.stop` ends the worker and writes what waits in memory; a quit
    rewrites a big save only past the replay bound (:meth:`due_at_quit`), so it costs what a
    change does whatever the size of the save; it never waits on a stuck disk longer than
    its ``timeout``. Every time is read from ``clock`` (monotonic seconds), so a test decides
    when "later" is and waits for the checkpoint, not for the seconds to pass.
    """

    def __init__(
        self,
        store: Store,
        report: Callable[[SaveError | None, bool], None],
        *,
        delay: float = 0.4,
        longest: float = 5.0,
        idle: float = 2.0,
        rate: float = 20_000.0,
        share: float = 1.0,
        quick: float = 256_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self._clock = clock  # the seconds every "when" is read from (tests pass their own)
        self._report = report
        self._delay = delay
        self._longest = longest
        self._idle_for = idle
        self._rate = rate
        self._share = share
        self._quick = quick
        self._mutex = threading.Lock()
        self._save_size = _size(store.path) or 0
        now = self._clock()
        #: changes recorded since the last checkpoint (a save opened behind its log, which
        #: a quit within the replay bound leaves, counts as a change made on opening)
        self._dirty = store.unsaved
        self._last_change = now
        #: when the log since the checkpoint grew big, or a change made the save's top lines
        #: (the picker's name and adventure) out of date: a checkpoint is then pressing
        self._big_since: float | None = (
            now if self._dirty and (self._grown() or store.heading_changed) else None
        )
        self._asked = False  # wait_idle: checkpoint what is unsaved now
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._idle = threading.Event()
        self._idle.set()
        self.record_failed = False  # the last record failed: changes wait in memory
        self.checkpoint_failed = False  # the last checkpoint failed: the save file lags
        self._thread = threading.Thread(target=self._run, name="checkpoint", daemon=True)
        self._thread.start()

    def __call__(self, campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        """Record the change now (UI thread); a checkpoint follows in the background."""
        try:
            self.store.record(campaign, entries)
        except SaveError as exc:
            self.record_failed = True
            self._report(exc, False)
            return
        if self.record_failed:
            self.record_failed = False
            self._report(None, False)
        now = self._clock()
        with self._mutex:
            self._dirty = True
            self._last_change = now
            if self._big_since is None and (self._grown() or self.store.heading_changed):
                self._big_since = now
            if self._big_since is not None:
                self._idle.clear()  # pressing from now on, before the worker looks
        self._wake.set()

    def prepare(self, before: Campaign, after: Campaign) -> None:
        """The GM is about to change ``before`` into ``after``: the store makes its patch
        now (:meth:`Store.prepare`). Whatever goes wrong here is left to the change itself,
        which makes the patch again and reports any problem as it always does."""
        with contextlib.suppress(Exception):
            self.store.prepare(before, after)

    @property
    def settled(self) -> bool:
        """Nothing pressing is waiting: no checkpoint is due soon or being written (a
        pause's catch-up may still come)."""
        return self._idle.is_set()

    def tick(self) -> None:
        """Look at the clock again now: the worker otherwise sleeps until the next due time
        it computed (a test's own clock, moved on, calls this)."""
        self._wake.set()

    def _grown(self) -> bool:
        """Whether the log since the last checkpoint is as big as the save (``share`` of
        it): the replay bound, past which the next open would read more log than save."""
        return self.store.log_since_checkpoint >= self._share * self._save_size

    def due_at_quit(self) -> bool:
        """Whether quitting now writes a checkpoint: when the save is behind its log and
        rewriting it is quick (a save under ``quick`` bytes: a few milliseconds), when one
        is due by the replay bound (:meth:`_grown`), or when the save's top lines, which
        the campaign picker reads without the log, would show an old name or adventure.
        Otherwise (a big save, a few changes since its checkpoint) the save is left as the
        last checkpoint wrote it, whole and consistent (``checkpoint = N``), and the next
        open applies the log after it, as it does after a kill: the quit costs what a
        change does, not a rewrite of megabytes."""
        store = self.store
        return store.unsaved and (
            self._save_size < self._quick or self._grown() or store.heading_changed
        )

    def _due(self) -> tuple[float, bool] | None:
        """When the next checkpoint is due (monotonic) and whether it is pressing (the log
        grew big, or asked for) rather than the pause's catch-up; ``None``: nothing unsaved."""
        with self._mutex:  # idle is said here, so that wait_idle never sees a stale one
            due: tuple[float, bool] | None = None
            if self._asked and self._dirty:
                due = 0.0, True
            elif self._big_since is not None and self._dirty:
                due = min(self._last_change + self._delay, self._big_since + self._longest), True
            elif self._dirty:
                pause = max(self._idle_for, self._save_size / self._rate)
                due = self._last_change + pause, False
            if due is None or not due[1]:
                self._asked = False
                self._idle.set()
            else:
                self._idle.clear()
            return due

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.clear()
            due = self._due()
            if due is None:
                self._wake.wait()
                continue
            wait = due[0] - self._clock()
            if wait > 0:
                self._wake.wait(wait)
                continue
            self._checkpoint()
        self._idle.set()

    def _checkpoint(self) -> None:
        with self._mutex:  # changes from now on are the next checkpoint's
            self._idle.clear()  # writing: wait_idle waits for it
            self._dirty = False
            self._big_since = None
            self._asked = False
        try:
            self.store.checkpoint(leave_cache=True)
        except SaveError as exc:
            self._failed(exc)
            return
        except Exception as exc:  # a bug here must reach the GM, never vanish in a thread
            self._failed(
                SaveError(
                    self.store.path, _("internal error while saving ({exc!r})").format(exc=exc)
                )
            )
            return
        with self._mutex:
            self._save_size = _size(self.store.path) or self._save_size
        if self.checkpoint_failed:
            self.checkpoint_failed = False
            self._report(None, True)

    def _failed(self, error: SaveError) -> None:
        """The save lags: tried again after the next change (or the next pause)."""
        self.checkpoint_failed = True
        self._report(error, True)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Checkpoint what is unsaved now and wait until it is written (tests, and the app
        before it reads its own save); ``False`` on timeout."""
        with self._mutex:
            if self._dirty:
                self._asked = True
                self._idle.clear()
        self._wake.set()
        return self._idle.wait(timeout)

    def stop(self, *, timeout: float = 5.0) -> SaveError | None:
        """End the worker and write what is still due: log entries a failed write left in
        memory, then a checkpoint if :meth:`due_at_quit` says so; the error if that failed."""
        self._stopping.set()
        self._wake.set()
        self._thread.join(timeout)
        if self.store.closed or self.store.read_only:
            return None
        try:
            self.store.flush(checkpoint=False)
            if self.due_at_quit():
                self.store.checkpoint()
        except SaveError as exc:
            return exc
        return None
