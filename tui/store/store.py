"""The Store: one open campaign file, its append-only log and the writer's lock.

Autosave is ``session.subscribe(store.listener)``: after every change the new log entries are
appended first (the history never misses a change that reached the save) and then the campaign
is saved atomically. A write that fails raises :class:`WriteError`, leaves the files as they
were and keeps the unsaved state; the next call (or :meth:`Store.flush`) writes it all.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store import lock
from tui.store.errors import SaveError, WriteError
from tui.store.files import atomic_write, dumps, fsync_dir, read_campaign, snapshot
from tui.store.logfile import LOG_TAIL, append_blocks, read_log
from tui.store.paths import backup_path, log_path

__all__ = ["Store", "load", "restore_backup"]


def load(path: str | os.PathLike[str], *, keep: int = LOG_TAIL
         ) -> tuple[Campaign, list[LogEntry]]:
    """The campaign at ``path`` and the newest ``keep`` entries of its log (no lock taken)."""
    campaign = read_campaign(path)
    return campaign, read_log(log_path(path), keep=keep).entries


def _write_error(path: str | os.PathLike[str], what: str, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc)
    return WriteError(path, f"cannot {what}: {reason}; the file on disk is unchanged "
                            "and the change is kept in memory")


class Store:
    """An open save. Use :meth:`open` (or :meth:`create`); close it (or use ``with``)."""

    def __init__(self, path: Path, campaign: Campaign, *, lock_fd: int | None,
                 keep: int = LOG_TAIL) -> None:
        self.path = path
        self.log_path = log_path(path)
        self.campaign = campaign
        self.read_only = lock_fd is None
        self._lock_fd = lock_fd
        self._keep = keep
        found = read_log(self.log_path, keep=keep)
        #: The newest entries (at most ``keep``); older ones stay on disk only.
        self.log: list[LogEntry] = found.entries
        #: Complete entries in the log file, including those not kept in memory.
        self.log_count = found.count
        #: A torn last log block (a crash mid-append) was found and left out.
        self.recovered_log_tail = found.recovered
        #: The last failed write, cleared by the next successful one.
        self.last_error: WriteError | None = None
        self._log_end = found.end
        self._log_newline = found.newline
        self._pending: list[LogEntry] = []
        self._unsaved: Campaign | None = None
        self._mutex = threading.Lock()
        self._closed = False

    # -- opening and closing ---------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str], *, read_only: bool = False,
             keep: int = LOG_TAIL) -> Store:
        """Load ``path``; unless ``read_only``, lock it against a second writer.

        Raises :class:`SaveError` if the file does not load (it is then never written),
        :class:`LockedError` if another process has it open for writing.
        """
        p = Path(path)
        if not p.is_file():
            raise SaveError(path, "no such file")
        fd = None if read_only else lock.acquire(p)
        try:
            return cls(p, read_campaign(p), lock_fd=fd, keep=keep)
        except BaseException:
            if fd is not None:
                lock.release(fd)
            raise

    @classmethod
    def create(cls, path: str | os.PathLike[str], campaign: Campaign) -> Store:
        """Write a new save at ``path`` and open it; refuse if the file or its log exists."""
        p = Path(path)
        for existing in (p, log_path(p)):
            if existing.exists():
                raise SaveError(existing, "already exists; not overwritten")
        fd = lock.acquire(p)
        try:
            try:
                atomic_write(p, dumps(campaign).encode("utf-8"), backup=False)
            except OSError as exc:
                raise _write_error(p, "create the campaign", exc) from None
            return cls(p, campaign, lock_fd=fd)
        except BaseException:
            lock.release(fd)
            raise

    def close(self) -> None:
        """Release the lock (pending unsaved changes are not written: call :meth:`flush`)."""
        self._closed = True
        if self._lock_fd is not None:
            lock.release(self._lock_fd)
            self._lock_fd = None

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- state -----------------------------------------------------------------------------
    @property
    def log_tail(self) -> list[LogEntry]:
        """Alias of :attr:`log`: only the newest entries are held in memory."""
        return self.log

    @property
    def pending(self) -> bool:
        """Whether changes are waiting to be written (after a :class:`WriteError`)."""
        return bool(self._pending) or self._unsaved is not None

    @property
    def backup_path(self) -> Path:
        return backup_path(self.path)

    def _writable(self) -> None:
        if self.read_only:
            raise SaveError(self.path, "opened read-only; nothing is written")
        if self._closed:
            raise SaveError(self.path, "the store is closed")

    # -- writing ---------------------------------------------------------------------------
    def save(self, campaign: Campaign) -> None:
        """Save ``campaign`` atomically, the old version becoming the backup."""
        self._writable()
        try:
            atomic_write(self.path, dumps(campaign).encode("utf-8"), backup=True)
        except OSError as exc:
            raise _write_error(self.path, "save", exc) from None
        self.campaign = campaign

    def append_log(self, entries: Sequence[LogEntry]) -> None:
        """Append ``entries`` to the log (one write and one fsync, whatever the log's size)."""
        self._writable()
        if not entries:
            return
        created = not self.log_path.exists()
        try:
            with self.log_path.open("ab") as f:
                if os.fstat(f.fileno()).st_size != self._log_end:
                    os.ftruncate(f.fileno(), self._log_end)  # drop a torn or failed tail
                written = append_blocks(f, entries, newline=self._log_newline)
                f.flush()
                os.fsync(f.fileno())
            if created:
                fsync_dir(self.log_path.parent)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.truncate(self.log_path, self._log_end)
            raise _write_error(self.log_path, "append to the log", exc) from None
        self._log_end += written
        self._log_newline = True
        self.recovered_log_tail = False
        self.log_count += len(entries)
        self.log.extend(entries)
        del self.log[: -self._keep or len(self.log)]

    def flush(self) -> None:
        """Write whatever is pending; raise :class:`WriteError` if that still fails."""
        with self._mutex:
            try:
                if self._pending:
                    self.append_log(self._pending)
                    self._pending = []
                if self._unsaved is not None:
                    self.save(self._unsaved)
                    self._unsaved = None
            except WriteError as exc:
                self.last_error = exc
                raise
            self.last_error = None

    def listener(self, campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        """Autosave hook for ``Session.subscribe``: append ``entries``, save ``campaign``.

        On :class:`WriteError` nothing is lost: the entries and the campaign are remembered
        and written by the next call. Raises the error so the app can tell the GM.
        """
        self._writable()
        with self._mutex:
            self._pending.extend(entries)
            if campaign is not self.campaign:
                self._unsaved = campaign
        self.flush()


def restore_backup(path: str | os.PathLike[str]) -> Path:
    """Put ``NAME.toml.bak`` back as ``NAME.toml`` (only when the GM asks).

    The backup must load; the file it replaces is kept as ``NAME.toml.broken``. Takes the
    writer's lock, so it fails with :class:`LockedError` while the campaign is open.
    """
    p = Path(path)
    bak = backup_path(p)
    if not bak.is_file():
        raise SaveError(path, f"no backup ({bak.name}) to restore")
    read_campaign(bak)
    fd = lock.acquire(p)
    try:
        data = bak.read_bytes()
        if p.exists():
            snapshot(p, p.with_name(p.name + ".broken"))
        atomic_write(p, data, backup=False)
    except OSError as exc:
        raise _write_error(p, "restore the backup", exc) from None
    finally:
        lock.release(fd)
    return p
