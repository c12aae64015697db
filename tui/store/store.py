"""The Store: one open campaign — its save, its append-only log and the writer's lock.

Durability works like a database's write-ahead log. Every change is *recorded* first: its
log entry, carrying the patch from the previous state (:mod:`tui.store.patch`), is appended
and fsynced, and only then does :meth:`Store.record` return, so a change the screen shows
survives a kill at that instant. The save itself is a *checkpoint*: :meth:`Store.checkpoint`
writes the newest recorded state atomically (the app does it in the background, when
:mod:`tui.store.autosave`'s policy says it pays), with ``checkpoint = N`` naming the last
entry it includes. Opening a campaign applies the patches of the entries after N, and
leaves a save that lags so to that policy (:attr:`Store.log_since_checkpoint`). A record
costs the same whatever the size of the campaign and of its log; so does opening (the log
is read from its end).

Before every write the store checks that the files are still the ones it left (see
:mod:`tui.store.journal` for the log; the save's inode, size and time for the save). If
someone else changed them it raises :class:`ConflictError`, stops writing for good, and
:meth:`Store.save_beside` can put the app's state next to them without touching them.

A failed write (:class:`WriteError`: disk full …) loses nothing: the entries wait in memory
and the next record or :meth:`Store.flush` writes them, in order. A read-only store follows
a writer with :meth:`Store.refresh` (the players' view).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from tui.language import _
from tui.session.campaign.history import History
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import SchemaError, from_doc
from tui.session.campaign.session import Earlier
from tui.session.systems.registry import TRACKERS
from tui.store import lock, tomlread
from tui.store.errors import ConflictError, SaveError, WriteError
from tui.store.files import Read, atomic_write, read_save, remove_stale_temps
from tui.store.journal import Journal
from tui.store.logcache import Cached
from tui.store.logfile import LOG_TAIL, LogRead, leave_cache, read_log, read_since
from tui.store.logformat import (
    ENTRY_LIMIT,
    Block,
    Unmirrored,
    WrittenTable,
    block_bytes,
    block_table,
    fitted_blocks,
)
from tui.store.parsecache import head_doc, stat_key, write_cache
from tui.store.patch import DocCache, PatchError, apply_patch, patch_and_back
from tui.store.paths import backup_path, log_path
from tui.store.recovery import _write_error, open_state, replay, set_log_aside
from tui.store.regular import why_not_regular
from tui.store.savetext import SaveText
from tui.store.undo_history import earlier_steps

if TYPE_CHECKING:
    from tui.store.logindex import LogIndex

__all__ = ["Store"]


def _lazy(campaign: Campaign) -> bool:
    """Whether the campaign's past scenes are still the unparsed text of its save."""
    past = campaign.scene_history
    return isinstance(past, History) and past.base_text is not None


class Store:
    """An open save. Use :meth:`open` (or :meth:`create`); close it (or use ``with``)."""

    def __init__(
        self,
        path: Path,
        read: Read,
        found: LogRead,
        *,
        lock_fd: int | None,
        keep: int,
        campaign: Campaign,
    ) -> None:
        self.path = path
        self.log_path = log_path(path)
        self.read_only = lock_fd is None
        self.campaign = campaign  # the newest recorded state
        self._keep = keep
        self.log: list[LogEntry] = found.entries  # the newest entries (at most ``keep``)
        #: ``seq`` → the patch back to the state before that entry, for entries of ``log``
        #: that changed the campaign (:mod:`tui.store.undo_history`: undo after a restart)
        self.backs: dict[int, Mapping[str, Any] | None] = dict(found.backs)
        #: ``seq`` of the newest entry on disk (entries are numbered without gaps).
        self.log_count = max(found.count, read.checkpoint or 0)
        self.recovered_log_tail = found.recovered
        self.set_aside: Path | None = None
        self.checkpoint_seq = read.checkpoint
        self.last_error: WriteError | None = None
        self.conflict: ConflictError | None = None
        self._locks = [] if lock_fd is None else [lock_fd]
        self._writer_locks = lock.WriterLocks(path)
        #: The campaign's identity, kept in the save; the writer's lock is keyed by it.
        self.campaign_id = read.campaign_id
        self._id_missing = False  # the save on disk lacks :attr:`campaign_id` (an older save)
        #: Where :meth:`open` moved a log that did not fit (``log_aside``), else ``None``.
        self.log_set_aside: Path | None = None
        #: Stale temporary files of an interrupted checkpoint that opening removed.
        self.removed_temps: list[Path] = []
        self._journal: Journal | None = None
        self._text = SaveText(read.text, read.campaign)
        if read.written:  # our own checkpoint's text: its fragments were checked when made
            self._text.checked = True
        self._saved: Campaign = read.campaign
        self._docs = DocCache()  # for patches (the thread that records)
        self._cache_docs = DocCache()  # for the parse cache (the thread that checkpoints)
        self._pending: list[Block] = []
        self._queued = campaign
        #: the patch of the change the GM is about to make (:meth:`prepare`): (from, to, patch)
        self._prepared: tuple[Campaign, Campaign, dict[str, Any]] | None = None
        #: the newest recorded state, its last entry and the log's end after that entry
        self._durable: tuple[Campaign, int, int] = (campaign, self.log_count, found.end)
        #: where in the log the entries the save includes end (what opening replays starts
        #: there); unknown (``None``): counted from the start of the log
        self.checkpoint_end: int | None = found.checkpoint_end if found.size else 0
        self._save_stat: tuple[int, int, int, int] | None = None
        self._log_end, self._log_ident = found.end, found.ident
        #: the log's newest blocks as parsed at open (an empty log: none from its start) and
        #: the blocks appended since, for the parse cache left at close (_leave_log_cache)
        self._log_cache = found.cache or (Cached(0, 0, False, True, []) if not found.size else None)
        self._log_fresh = found.cache_hit
        self._appended: list[tuple[int, list[Block]]] = []  # (offset, blocks) per append
        #: the tables TOML reads from each append, by its offset, worked out in the background
        #: after a checkpoint (:meth:`_mirror_appended`); ``None``: not plain data
        self._mirrors: dict[int, list[dict[str, Any]] | None] = {}
        #: the log's end when the parse cache beside it was last left (:meth:`checkpoint`)
        self._cache_left: int | None = None
        #: a reader's patches of the entries after ``_complete_after`` (:meth:`refresh`)
        self._patches: dict[int, dict[str, Any]] = dict(found.patches) if lock_fd is None else {}
        self._complete_after = self.log_count if read.checkpoint is None else read.checkpoint
        self._mutex = threading.Lock()
        self._save_mutex = threading.Lock()
        self._closed = False
        #: the log's index (:mod:`tui.store.logindex`), a writer's once :meth:`index_log`
        #: asked for it (loaded then: opening costs nothing), kept in step as it appends
        self.index: LogIndex | None = None

    # -- opening and closing ---------------------------------------------------------------
    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str],
        *,
        read_only: bool = False,
        keep: int = LOG_TAIL,
        renames: Mapping[str, str] | None = None,
        log_aside: bool = False,
    ) -> Store:
        """Load ``path`` (symlinks resolved) and replay its log; unless ``read_only``, lock it.

        Raises :class:`SaveError` if the file does not load (it is then never written),
        :class:`LockedError` if another process has it open for writing (under any name:
        :mod:`tui.store.lock`), :class:`ReplayError` if its log does not apply. After the
        GM chose how to settle a log that does not apply: ``renames`` (old name → new, as
        the error offered) applies it to characters renamed in the save; ``log_aside`` opens
        the save as it is and keeps the log beside (:func:`recovery.set_log_aside`).
        """
        real = Path(os.path.realpath(path))
        why = why_not_regular(path)  # a FIFO or a loop of links is said as such
        if why is not None:
            raise SaveError(path, _("is a folder, not a save") if real.is_dir() else why)
        fd = None if read_only else lock.acquire(real)
        held = lock.WriterLocks(real)
        try:
            if fd is not None:
                held.take_path()
            aside = set_log_aside(real) if log_aside and fd is not None else None
            state = open_state(real, fd=fd, keep=keep, cached=True, renames=renames)
            read, found = state.read, state.found
            if fd is not None:
                ident = read.campaign_id or lock.new_campaign_id()
                held.take_campaign(ident)
                read = replace(read, campaign_id=ident)
            store = cls(real, read, found, lock_fd=fd, keep=keep, campaign=state.campaign)
            store._save_stat = stat_key(os.fstat(fd) if fd is not None else os.stat(real))
            if fd is not None:
                store._writer_locks = held
                store._id_missing = state.read.campaign_id is None
                store.log_set_aside = aside
                store.removed_temps = remove_stale_temps(real)
                store._open_journal(found)
                if (
                    read.checkpoint is None
                    or store._id_missing
                    or (renames and store.campaign is not read.campaign)
                ):
                    # an older save gets its checkpoint and id at once, and renames the GM
                    # chose are made part of the save (the log would not fit it again); a
                    # save that only lags behind its log is left to the autosaver's policy
                    store.checkpoint()
                elif read.uncached is not None:  # parsed afresh: spare the next open that
                    write_cache(
                        real,
                        read.uncached,
                        len(read.text),
                        head_doc(read.campaign, read.checkpoint, store._cache_docs),
                        written=False,
                    )
            return store
        except BaseException:
            held.release()
            if fd is not None:
                lock.release(fd)
            raise

    @classmethod
    def create(cls, path: str | os.PathLike[str], campaign: Campaign) -> Store:
        """Write a new save at ``path`` and open it; refuse if the file or its log exists."""
        p = Path(path)
        real = Path(os.path.realpath(p.parent)) / p.name
        for existing in (real, log_path(real)):
            if os.path.lexists(existing):
                raise SaveError(existing, _("already exists; not overwritten"))
        ident = lock.new_campaign_id()
        held = lock.WriterLocks(real)
        held.take_campaign(ident)
        saver = SaveText()
        head, history = saver.render_parts(campaign, 0, ident)
        text = head + ("\n" + history if history else "")
        try:
            fd = atomic_write(real, text.encode("utf-8"), backup=False, lock=True)
        except OSError as exc:
            held.release()
            raise _write_error(real, _("create the campaign"), exc) from None
        assert fd is not None
        try:
            held.take_path()
            read = Read(campaign, 0, text, campaign_id=ident)
            store = cls(real, read, LogRead(), lock_fd=fd, keep=LOG_TAIL, campaign=campaign)
            store._text = saver
            store._save_stat = stat_key(os.fstat(fd))
            # the app made this text, as a checkpoint does: the next open neither parses it
            # nor reads back its first checkpoint (:meth:`_checked` is for a GM's file)
            write_cache(
                real,
                store._save_stat,
                len(head) + 1 if history else len(text),
                head_doc(campaign, 0, store._cache_docs),
                written=True,
            )
            store._writer_locks = held
            return store
        except BaseException:
            held.release()
            lock.release(fd)
            raise

    def _open_journal(self, found: LogRead) -> None:
        """Open the log for appending (a missing or empty log: at the first append)."""
        if found.ident is not None and found.size:
            self._journal = Journal.open(self.log_path, found)
            self.set_aside = self._journal.set_aside

    def _empty_log(self) -> LogRead:
        """What the log is before the first append: missing, or empty (as it was left)."""
        try:
            st = os.stat(self.log_path, follow_symlinks=False)
        except FileNotFoundError:
            return LogRead()
        if st.st_size:
            raise ConflictError(self.log_path, _("appeared while the campaign was open"))
        return LogRead(ident=(st.st_dev, st.st_ino))

    def close(self) -> None:
        """Release the lock (unwritten entries are not written: call :meth:`flush` first)."""
        if self._closed:
            return
        self._closed = True
        if self.index is not None:
            self.index.close()
        if self._journal is not None:
            ident = self._journal_ident()
            self._journal.close()
            self._leave_log_cache(ident)
        self._writer_locks.release()
        for fd in self._locks:
            lock.release(fd)
        self._locks = []

    def _journal_ident(self) -> tuple[int, int] | None:
        """The log's (device, inode) if it is still as this store wrote it, else ``None``."""
        assert self._journal is not None
        try:
            self._journal.verify()
            st = os.stat(self.log_path, follow_symlinks=False)
        except (SaveError, OSError):
            return None
        return st.st_dev, st.st_ino

    def _trim_log_cache(self) -> None:
        """Keep for the parse cache no more than the newest ``keep`` blocks need (whole
        appends at a time: where each starts is known without measuring its blocks)."""
        base = self._log_cache
        assert base is not None
        newer = sum(len(blocks) for _, blocks in self._appended)
        if base.tables and newer >= self._keep:
            base = self._log_cache = Cached(self._appended[0][0], base.end, False, True, [])
        while len(self._appended) > 1 and newer - len(self._appended[0][1]) >= self._keep:
            at, dropped = self._appended.pop(0)
            newer -= len(dropped)
            self._mirrors.pop(at, None)
            self._log_cache = Cached(self._appended[0][0], base.end, False, True, [])

    def _leave_log_cache(self, ident: tuple[int, int] | None) -> None:
        """The log is final now: leave its parsed tail for the next open (best effort,
        :mod:`tui.store.logcache`). The blocks read at open and those appended since are in
        memory, so nothing is parsed again: a megabyte entry costs its parse once, at the
        open after it was written, not at every close while it is among the newest."""
        base, appended, journal = self._log_cache, self._appended, self._journal
        if base is not None and ident is not None and journal is not None:
            if (not appended and self._log_fresh) or self._cache_left == journal.end:
                return  # the cache beside the log is this very log
            left = self._cached_tail(base, appended, journal.end, journal.newline)
            if left is not None:
                with contextlib.suppress(SaveError, OSError):
                    if leave_cache(self.log_path, left, ident):
                        return
        if ident is None:
            return  # the log changed outside: whoever changed it owns it now
        with contextlib.suppress(SaveError, OSError):
            read_log(self.log_path, keep=self._keep, cached=True, leave=True)

    def _cached_tail(
        self, base: Cached, appended: list[tuple[int, list[Block]]], end: int, newline: bool
    ) -> Cached | None:
        """The parse cache of the log's tail: the blocks read at open and those appended
        since (``None``: some of them are not plain data, the file must be parsed)."""
        try:
            tables = [*base.tables]
            for at, blocks in appended:
                tables.extend(self._mirror(at, blocks))
        except Unmirrored:
            return None
        return Cached(base.start, end, False, newline, tables)

    def _leave_log_cache_now(self) -> None:
        """Leave the log's parse cache now, on the checkpoint's thread, unless a block came
        since (then closing leaves it, as it always did): a quit after a pause then writes
        nothing, and one after the end of an adventure at 200 characters does not write the
        tables of its 0.8 MB of blocks while the GM waits."""
        with self._mutex:
            journal, base = self._journal, self._log_cache
            if self._closed or journal is None or base is None or self._cache_left == journal.end:
                return
            end, newline, appended = journal.end, journal.newline, list(self._appended)
        left = self._cached_tail(base, appended, end, newline)
        ident = self._journal_ident()
        if left is None or ident is None:
            return  # not plain data, or a block came meanwhile: closing decides
        with contextlib.suppress(SaveError, OSError):
            if leave_cache(self.log_path, left, ident):
                with self._mutex:
                    self._cache_left = end

    def _mirror(self, at: int, blocks: list[Block]) -> list[dict[str, Any]]:
        """The tables TOML reads from the blocks appended at ``at`` (:class:`Unmirrored`)."""
        if at in self._mirrors:
            found = self._mirrors[at]
            if found is None:
                raise Unmirrored(at)
            return found
        return [block_table(e, p) for e, p in blocks]

    def _mirror_appended(self) -> None:
        """Work out the parse cache's tables of the blocks appended since the last time, so
        that closing only writes them. Runs on the autosaver's thread after a checkpoint:
        the end of an adventure at 200 characters appends 0.8 MB of blocks, whose tables
        took the quit that followed 20 ms."""
        with self._mutex:
            todo = [(at, blocks) for at, blocks in self._appended if at not in self._mirrors]
        made: dict[int, list[dict[str, Any]] | None] = {}
        for at, blocks in todo:
            try:
                made[at] = [block_table(e, p) for e, p in blocks]
            except Unmirrored:
                made[at] = None
        with self._mutex:
            held = {at for at, _ in self._appended}
            self._mirrors = {at: t for at, t in (self._mirrors | made).items() if at in held}

    def index_log(self) -> None:
        """Bring the log's index up to date in a background thread (a build, if it is
        missing or no longer fits): opening never waits for it; a search asked meanwhile
        streams the log."""
        if self.read_only or self.index is not None or self._closed:
            return
        from tui.store.logindex import LogIndex

        self.index = LogIndex(self.log_path, log_end=self._complete_end)
        threading.Thread(target=self.index.sync, name="log-index", daemon=True).start()

    def _complete_end(self) -> int | None:
        """Where the log's complete blocks end: this writer's appends (each whole and
        synced), or what opening found; ``None`` before either is known."""
        journal = self._journal
        return journal.end if journal is not None else self._log_end

    @property
    def closed(self) -> bool:
        return self._closed

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- state -----------------------------------------------------------------------------
    @property
    def log_tail(self) -> list[LogEntry]:
        """Alias of :attr:`log`: only the newest entries are held in memory."""
        return self.log

    def earlier(self) -> Earlier:
        """The steps undo reaches after a restart: those of the log's newest entries as they
        are now, rebuilt when the session first asks (:mod:`tui.store.undo_history`)."""
        opened, tail, backs = self.campaign, tuple(self.log), dict(self.backs)
        return lambda: earlier_steps(opened, tail, backs)

    @property
    def pending(self) -> bool:
        """Whether recorded changes are waiting to reach the log (after a failed write)."""
        return bool(self._pending)

    @property
    def unsaved(self) -> bool:
        """Whether the save on disk lags behind the log (a checkpoint is due; nothing is at
        risk: the log holds it)."""
        return self._durable[1] != self.checkpoint_seq or self._durable[0] is not self._saved

    @property
    def log_since_checkpoint(self) -> int:
        """Bytes of log after the entries the save includes: what the next open replays
        (the whole log when where the checkpoint ends in it is unknown)."""
        end = self._journal.end if self._journal is not None else self._log_end
        return max(0, end - (self.checkpoint_end or 0))

    @property
    def heading_changed(self) -> bool:
        """Whether the save's top lines, which the campaign picker reads without the log
        (name, system, adventure), no longer show the newest recorded state."""
        now, saved = self._durable[0], self._saved
        return (now.name, now.system, now.adventure) != (saved.name, saved.system, saved.adventure)

    @property
    def backup_path(self) -> Path:
        return backup_path(self.path)

    def _writable(self) -> None:
        if self.read_only:
            raise SaveError(self.path, _("opened read-only; nothing is written"))
        if self._closed:
            raise SaveError(self.path, _("the store is closed"))

    # -- recording changes -----------------------------------------------------------------
    def record(self, campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        """Make ``entries`` and the change to ``campaign`` durable (append + fsync).

        Raises :class:`WriteError` (the entries wait and go with the next call) or
        :class:`ConflictError` (the files changed outside: nothing more is written).
        """
        self._writable()
        with self._mutex:
            if entries:
                ready, self._prepared = self._prepared, None
                patch: dict[str, Any]
                if ready is not None and ready[0] is self._queued and ready[1] is campaign:
                    patch = ready[2]  # made while the GM read the screen (:meth:`prepare`)
                else:
                    patch, back = patch_and_back(self._queued, campaign, self._docs)
                    if patch:
                        patch["back"] = back
                self._pending.extend((e, None) for e in entries[:-1])
                self._pending.append((entries[-1], patch or None))
                self._queued = campaign
            self._write_pending()

    def prepare(self, before: Campaign, after: Campaign) -> None:
        """Make the patch (with its way back, written out as TOML) of the change from
        ``before`` to ``after`` that the GM is about to make, so that recording it only
        writes: the end of 200 characters' adventure compares 200 characters both ways and
        writes 570 KB, ~25 ms that the Enter applying it no longer waits for. Kept for that
        one change (the campaigns by identity); anything else recorded first drops it."""
        if self.read_only or self._closed:
            return
        with self._mutex:
            if before is not self._queued or before is after:
                return
            patch, back = patch_and_back(before, after, self._docs)
            if patch:
                patch["back"] = back
            self._prepared = (before, after, WrittenTable(patch) if patch else {})

    def append_log(self, entries: Sequence[LogEntry]) -> None:
        """Append ``entries`` that change nothing in the campaign (e.g. notes)."""
        self.record(self._queued, entries)

    def _write_pending(self) -> None:
        if self.conflict is not None:
            raise self.conflict
        if not self._pending:
            return
        try:
            if self._journal is None:
                self._journal = Journal.open(self.log_path, self._empty_log())
            data = block_bytes(self._pending, newline=self._journal.newline)
            if len(data) > ENTRY_LIMIT:  # some block may be too big to be read back
                data = self._fit_pending(self._journal)
            at = self._journal.end
            self._journal.append(data)
            if self.index is not None:  # its rows, in the same change (never raises)
                self.index.added(at, data, [e for e, _ in self._pending])
        except ConflictError as exc:
            self.conflict = self.last_error = exc
            raise
        except WriteError as exc:
            self.last_error = exc
            raise
        self.recovered_log_tail = False
        if self._log_cache is not None:
            self._appended.append((at, self._pending))
            self._trim_log_cache()
        self.log.extend(e for e, _ in self._pending)
        del self.log[: -self._keep or len(self.log)]
        self.backs.update((e.seq, p.get("back")) for e, p in self._pending if p)
        if len(self.backs) > self._keep:
            oldest = self.log[0].seq if self.log else self.log_count + 1
            self.backs = {s: b for s, b in self.backs.items() if s >= oldest}
        self.log_count = self._pending[-1][0].seq
        self._durable = (self._queued, self.log_count, self._journal.end)
        self.campaign = self._queued
        self._pending = []
        self.last_error = None

    def _fit_pending(self, journal: Journal) -> bytes:
        """The bytes of the waiting blocks, none past :data:`ENTRY_LIMIT`
        (:func:`~tui.store.logformat.fitted_blocks`). A block that lost its patch has its
        change go into the save at once, by a checkpoint written *before* the blocks are
        appended, so it is durable either way. Rare: a change of megabytes (notes replaced,
        an import)."""
        fitted, dropped = fitted_blocks(self._pending)
        data = block_bytes(fitted, newline=journal.newline)
        if dropped:  # the state the blocks lead to, as the save: no patch of theirs is needed
            self._write_checkpoint(self._queued, fitted[-1][0].seq, journal.end + len(data))
        self._pending = fitted
        return data

    # -- checkpoints -----------------------------------------------------------------------
    def checkpoint(self, *, leave_cache: bool = False) -> bool:
        """Write the newest recorded state as the save (atomic, old one kept as backup).

        ``leave_cache``: then also leave the log's parse cache (:meth:`_leave_log_cache_now`;
        the autosaver's thread asks, so that a quit after it writes nothing).
        Returns ``False`` when the save is already up to date. Safe to call from a worker
        thread while :meth:`record` runs on another.
        """
        self._writable()
        with self._mutex:
            if self.conflict is not None:
                raise self.conflict
            campaign, seq, end = self._durable
        written = self._write_checkpoint(campaign, seq, end)
        if leave_cache:
            self._mirror_appended()
            self._leave_log_cache_now()
        return written

    def _write_checkpoint(self, campaign: Campaign, seq: int, end: int) -> bool:
        """Write ``campaign`` as the save at entry ``seq``, which ends at byte ``end`` of the
        log. Takes only the save's mutex (never the record's while holding it), so the
        thread that records may call it while recording (:meth:`_fit_pending`)."""
        with self._save_mutex:
            if seq < (self.checkpoint_seq or 0):
                return False  # a newer state is written already: never an older one over it
            if seq == self.checkpoint_seq and campaign is self._saved and not self._id_missing:
                return False
            self._check_save()
            head, history = self._text.render_parts(campaign, seq, self.campaign_id)
            if not self._text.checked:
                head, history = self._checked(head, history, campaign, seq)
            text = head + ("\n" + history if history else "")
            try:
                fd = atomic_write(self.path, text.encode("utf-8"), backup=True, lock=True)
            except OSError as exc:
                error = _write_error(self.path, _("save"), exc)
                self.last_error = error
                raise error from None
            assert fd is not None
            if len(self._locks) > 1:
                lock.release(self._locks.pop())
            self._locks.append(fd)
            self._save_stat = stat_key(os.fstat(fd))
            self.checkpoint_seq, self._saved, self.checkpoint_end = seq, campaign, end
            self._id_missing = False
            write_cache(
                self.path,
                self._save_stat,
                len(head) + 1 if history else len(text),
                head_doc(campaign, seq, self._cache_docs),
                written=True,
            )
        return True

    def _checked(self, head: str, history: str, campaign: Campaign, seq: int) -> tuple[str, str]:
        """The first text made from a GM's file must read back as the campaign, or else the
        whole file is written afresh. (The past scenes are checked only when they were
        parsed: unparsed ones are written back exactly as they were read.)"""
        self._text.checked = True
        try:
            doc = tomlread.loads(head if _lazy(campaign) else head + "\n" + history)
            ok = (
                doc.pop("checkpoint", None) == seq
                and doc.pop("campaign_id", None) == self.campaign_id
            ) and from_doc(doc, TRACKERS) == (
                replace(campaign, scene_history=()) if _lazy(campaign) else campaign
            )
        except (tomllib.TOMLDecodeError, SchemaError, RecursionError):
            ok = False
        if ok:
            return head, history
        self._text = SaveText()
        return self._text.render_parts(campaign, seq, self.campaign_id)

    def _check_save(self) -> None:
        try:
            now = stat_key(os.stat(self.path, follow_symlinks=False))
        except FileNotFoundError:
            now = None
        if now != self._save_stat:
            exc = ConflictError(
                self.path,
                _("was deleted or renamed while the campaign was open")
                if now is None
                else _("was changed outside Tablekeeper (an editor?) while the campaign was open"),
            )
            self.conflict = self.last_error = exc  # one assignment each: no lock needed
            raise exc

    def save(self, campaign: Campaign) -> None:
        """Make ``campaign`` the state and write it as the save (no log entry)."""
        self._writable()
        with self._mutex:
            self._queued = campaign
            self._durable = (campaign, *self._durable[1:])
            self.campaign = campaign
        self.checkpoint()

    def listener(self, campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        """Record and checkpoint at once (scripts, tests; the app checkpoints in the background)."""
        self.record(campaign, entries)
        self.checkpoint()

    def flush(self, *, checkpoint: bool = True) -> None:
        """Write whatever waits (log entries, then the checkpoint unless not asked for);
        raise if that fails."""
        self._writable()
        with self._mutex:
            self._write_pending()
        if checkpoint:
            self.checkpoint()

    # -- outside changes -------------------------------------------------------------------
    def save_beside(self) -> Path:
        """Write the newest state next to the save as ``NAME.conflict-TIME.toml`` (a new
        campaign with an empty log and an identity of its own, so it opens beside the
        original); never touches the save or its log."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        stem = self.path.name.removesuffix(".toml")
        target = self.path.with_name(f"{stem}.conflict-{stamp}.toml")
        n = 1
        while os.path.lexists(target) or os.path.lexists(log_path(target)):
            n += 1
            target = self.path.with_name(f"{stem}.conflict-{stamp}-{n}.toml")
        text = SaveText().render(self._queued, 0, lock.new_campaign_id())
        try:
            atomic_write(target, text.encode("utf-8"), backup=False)
        except OSError as exc:
            raise _write_error(target, _("save beside"), exc) from None
        return target

    # -- following a writer (read-only) ------------------------------------------------------
    def refresh(self) -> list[LogEntry] | None:
        """Read-only: take in what the writer recorded since the last look.

        Returns the new entries (``[]``: nothing new), or ``None`` when the state was read
        again or replaced. Cheap when nothing changed (two ``stat`` calls), so the players'
        view may call it a few times a second:

        - **the log grew**: its new complete entries are read from where the last look ended
          and their patches applied (a block still being written waits for the next look);
        - **the log was replaced or shortened** (a torn tail set aside when the writer
          restarted, an editor): everything is read again;
        - **the save was replaced**: a checkpoint by the writer (the usual case: the save
          plus the patches this reader holds after its checkpoint give the state it already
          has, so nothing changes) or anything else — a backup restored, an edit while no
          writer runs — which becomes the new state (read again in full when the save went
          back before the patches it holds).

        The writer's atomic renames never leave a moment without a save; a save or log that
        cannot be read right now raises :class:`SaveError` and leaves the state as it was,
        for the next look to try again.
        """
        new = self._follow_log()
        if new is None:
            return None
        return new if self._follow_save() else None

    def _follow_log(self) -> list[LogEntry] | None:
        try:
            st = os.stat(self.log_path)
        except FileNotFoundError:
            st = None
        ident = None if st is None else (st.st_dev, st.st_ino)
        if st is not None and ident == self._log_ident and st.st_size == self._log_end:
            return []
        if st is None and self._log_ident is None:
            return []  # still no log: nothing was ever recorded
        if st is not None and self._log_ident is None and self._log_end == 0:
            self._log_ident = ident  # the writer's first record made the log: read it all
        if st is None or ident != self._log_ident or st.st_size < self._log_end:
            self._reload()
            return None
        found, end = read_since(self.log_path, self._log_end, self._log_ident)
        if found is None:
            self._reload()
            return None
        campaign, patches = self.campaign, dict(self._patches)
        try:
            for entry, patch in found:
                if patch:
                    campaign = apply_patch(campaign, patch)
                    patches[entry.seq] = dict(patch)
        except PatchError:
            self._reload()  # a log that no longer fits what was read: read it all (or say why)
            return None
        self.campaign, self._patches = campaign, patches
        self._log_end = end
        new = [e for e, _ in found]
        self.log.extend(new)
        del self.log[: -self._keep or len(self.log)]
        if new:
            self.log_count = new[-1].seq
        return new

    def _follow_save(self) -> bool:
        """Take in a replaced save; ``True`` when the state stayed as it was."""
        key = stat_key(os.stat(self.path))
        if key == self._save_stat:
            return True
        read = read_save(self.path)
        seq = read.checkpoint or 0
        if seq < self._complete_after or seq > self.log_count:
            self._reload()  # older than what this reader can rebuild (a backup), or ahead of it
            return False
        self._patches = {s: p for s, p in self._patches.items() if s > seq}
        self._complete_after = seq
        self._save_stat = key
        self.checkpoint_seq = seq
        campaign = replay(self.path, read.campaign, self._patches)
        if campaign == self.campaign:
            return True
        self.campaign = campaign
        return False

    def _reload(self) -> None:
        """Read the save and its log again from scratch."""
        other = Store.open(self.path, read_only=True, keep=self._keep)
        self.campaign, self.log, self.log_count = other.campaign, other.log, other.log_count
        self._log_end, self._log_ident = other._log_end, other._log_ident
        self._patches, self._complete_after = other._patches, other._complete_after
        self._save_stat, self.checkpoint_seq = other._save_stat, other.checkpoint_seq
