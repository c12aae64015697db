"""Autosave for a running app: every change durable at once, checkpoints in the background.

``Session.subscribe(autosaver)``: on every change the autosaver *records* it (the log entry
with its patch, appended and fsynced) before the session returns, so by the time the screen
shows a result it is on disk. Writing the whole save (a checkpoint) is left to one
background thread, debounced: it waits until the GM has made no change for ``delay``
seconds (a burst of rolls costs one checkpoint, and none competes with the next roll), but
never more than ``longest`` seconds after the first change it has not written yet.
Nothing is lost if the checkpoint never happens: the next open replays the log.

Problems go to ``report(error, durable)``: ``durable=False`` for a failed record (the change
waits in memory: it is *not* on disk yet), called on the UI thread; ``durable=True`` for a
failed checkpoint (every change is safe in the log; only the save file lags), called on the
worker thread (the app marshals it). ``report(None, durable)`` says that kind of write works
again. :meth:`Autosaver.stop` ends the
worker and writes the last checkpoint; it never waits on a stuck disk longer than its
``timeout``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from tui.language import _
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store.errors import SaveError
from tui.store.store import Store

__all__ = ["Autosaver"]


class Autosaver:
    """The app's listener on the session (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        report: Callable[[SaveError | None, bool], None],
        *,
        delay: float = 0.4,
        longest: float = 5.0,
    ) -> None:
        self.store = store
        self._report = report
        self._delay = delay
        self._longest = longest
        self._last_change = 0.0
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
        self._last_change = time.monotonic()
        self._idle.clear()
        self._wake.set()

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wake.wait()
            if self._stopping.is_set():
                break
            self._quiet(time.monotonic() + self._longest)
            self._wake.clear()  # a change from now on wakes the next round
            if self._stopping.is_set():
                break  # stop() writes what is due
            self._checkpoint()
            if not self._wake.is_set():
                self._idle.set()
        self._idle.set()

    def _quiet(self, limit: float) -> None:
        """Wait until no change came for ``delay`` seconds, or ``limit`` (monotonic)."""
        while not self._stopping.is_set():
            now = time.monotonic()
            until = min(self._last_change + self._delay, limit)
            if now >= until:
                return
            self._stopping.wait(until - now)

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except SaveError as exc:
            self.checkpoint_failed = True
            self._report(exc, True)
            return
        except Exception as exc:  # a bug here must reach the GM, never vanish in a thread
            self.checkpoint_failed = True
            self._report(
                SaveError(
                    self.store.path, _("internal error while saving ({exc!r})").format(exc=exc)
                ),
                True,
            )
            return
        if self.checkpoint_failed:
            self.checkpoint_failed = False
            self._report(None, True)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no checkpoint is due (tests); ``False`` on timeout."""
        return self._idle.wait(timeout)

    def stop(self, *, timeout: float = 5.0) -> SaveError | None:
        """End the worker and write what is still due; the error if that failed."""
        self._stopping.set()
        self._wake.set()
        self._thread.join(timeout)
        if self.store.closed or self.store.read_only:
            return None
        try:
            self.store.flush()
        except SaveError as exc:
            return exc
        return None
