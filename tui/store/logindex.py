"""The log's index: ``.NAME.log.toml.index`` beside ``NAME.log.toml``, for ``/find`` and the recap.

The TOML log stays the record a GM reads and edits; the index is derived from it and only
saves reading it whole. Each block of the log has a row: its ``seq``, where it lies in the
file (offset, size), its adventure, scene, day, actor, kind, grade, secrecy and the folded
text a search reads, and an FTS5 table of that text split in trigrams, so that any word of
three letters or more is found as a substring of the text without reading the entries that
lack it (a shorter word is looked for in the rows the other parts of the filter leave).
``/find`` and the recap then read from the log only the blocks they show, by their offsets,
and check each against what was asked: an index that no longer fits its log is noticed
there and rebuilt, never believed.

Why SQLite with FTS5: it is in the standard library (no dependency), its files survive a
kill at any instant (a write is a transaction), the trigram tokenizer gives the substring
search ``/find`` always had, and the newest matches come out in ``seq`` order straight from
the full-text index, so the first screenful costs the same over ten entries or a million.
A hand-made index (offsets in a flat file, an inverted list per word) would need its own
crash safety and its own substring search. What it costs: the index is about as big as the
log (trigrams are many), and building it from nothing reads the whole log once.

Derived, never trusted: the index notes the log's identity (device and inode), the byte
where its rows end, a digest of the log's first bytes and one of the last block it holds.
:meth:`LogIndex.sync` compares them with the file and rebuilds from nothing when any
differs (a log replaced, shortened or edited), and adds the blocks written after its end
otherwise. A missing, damaged or foreign index file is replaced; one that cannot be written
(a read-only folder) leaves the callers to stream the log as before. Deleting it loses
nothing. The writer adds what it appends (:meth:`LogIndex.added`) while it holds the index
at the log's end, in the same change, with SQLite's ``synchronous=OFF``: a cache needs no
fsync, and a transaction torn by a power cut is a damaged index, rebuilt.

Opening a campaign never waits for a build: the app brings the index up to date in a thread
after the first frame, and a search asked before it is ready streams the log as it did.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from tui.session.campaign.hidden import fold
from tui.session.campaign.log import LogEntry
from tui.session.review.find import Found, LogFilter
from tui.store.errors import SaveError
from tui.store.logfile import iter_raw_blocks, parse_block, read_blocks
from tui.store.quickblock import quick_entry

__all__ = ["BEHIND", "LogIndex", "Stale", "index_path"]

#: The schema's version, with a fingerprint of :func:`fold`: a change of either rebuilds.
SCHEMA = "1:" + fold("AÉЁẞ")
#: A search streams the log instead when the index is this many bytes behind it (a build
#: under way): bringing it up to date first would take longer than the stream.
BEHIND = 8 << 20
_HEAD = 4096  # the first bytes of the log whose digest the index keeps
_MOMENT = 1.0  # seconds a search waits for another sync (a catch-up) before streaming
#: the newest matches read first, a screenful and more: a search shows them before it reads
#: the rest of what the panel keeps and counts them all
FIRST = 40
_BATCH = 2000  # blocks added per transaction while building (the writer waits no longer)
_READ_BATCH = 1 << 20  # bytes of blocks read and parsed at once when a recap streams

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries(
    seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, size INTEGER NOT NULL,
    adventure INTEGER NOT NULL, scene INTEGER NOT NULL, day TEXT NOT NULL,
    actor TEXT NOT NULL, kind TEXT NOT NULL, grade TEXT NOT NULL,
    undoes INTEGER NOT NULL, secret INTEGER NOT NULL, said TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entries_adventure ON entries(adventure);
CREATE INDEX IF NOT EXISTS entries_scene ON entries(scene);
CREATE INDEX IF NOT EXISTS entries_day ON entries(day);
CREATE INDEX IF NOT EXISTS entries_actor ON entries(actor);
CREATE INDEX IF NOT EXISTS entries_kind ON entries(kind);
CREATE TABLE IF NOT EXISTS facets(what TEXT, value TEXT, PRIMARY KEY(what, value)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS hidden(name TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS words USING fts5(
    said, content='entries', content_rowid='seq', tokenize='trigram');
"""


class Stale(LookupError):
    """The index does not fit its log (found while reading blocks by it): rebuild. A
    ``LookupError``, as :class:`tui.session.recap.Indexed` promises."""


def index_path(log: Path) -> Path:
    """Where the index of the log at ``log`` lives: a hidden file beside it."""
    return log.with_name(f".{log.name}.index")


def _row(at: int, size: int, e: LogEntry) -> tuple[object, ...]:
    said = fold(" ".join((e.text, e.actor, *e.effects)))
    return (
        e.seq,
        at,
        size,
        e.adventure,
        e.scene,
        e.time[:10],
        fold(e.actor),
        e.kind,
        e.grade,
        e.undoes,
        int(e.secret),
        said,
    )


def _facets(entries: Sequence[LogEntry]) -> set[tuple[str, str]]:
    """The filter bar's choices the entries bring: characters, kinds, grades."""
    out = {("kind", e.kind) for e in entries}
    out.update(("actor", e.actor) for e in entries if e.actor)
    out.update(("grade", e.grade) for e in entries if e.grade)
    return out


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class LogIndex:
    """The index of the log at ``log``. Every method is safe to call from any thread (one
    connection, one lock) and answers ``None``/``False`` rather than raise when the index
    cannot be used: the caller then reads the log itself."""

    def __init__(
        self, log: Path, *, wait: float = 0.0, log_end: Callable[[], int | None] | None = None
    ) -> None:
        self.log = log
        #: where the log's complete blocks end, from its writer (``None``: worked out from
        #: the file, which parses its last block: the end of 200 characters' adventure is
        #: one of 570 KB, whose parse took the CPU from the app for a third of a second)
        self._log_end = log_end
        self.path = index_path(log)
        self._wait = wait  # seconds to wait for another process's transaction
        self._lock = threading.Lock()  # the connection: one statement or transaction
        self._syncing = threading.Lock()  # one sync at a time (the app's thread, a search)
        self._db: sqlite3.Connection | None = None
        self._broken = False  # cannot be opened or written here: callers stream
        self._checked = False  # compared with the log in this process: the writer may add
        self._closed = False  # closed with its store: a build under way stops

    # -- the connection --------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None or self._broken or self._closed:
            return self._db
        for attempt in range(2):
            try:
                self._make_file()
                db = sqlite3.connect(
                    self.path, timeout=self._wait, isolation_level=None, check_same_thread=False
                )
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=OFF")
                db.executescript(_TABLES)
                self._db = db
                return db
            except sqlite3.DatabaseError:  # not a database (damaged, foreign): start over
                with contextlib.suppress(UnboundLocalError, sqlite3.Error):
                    db.close()
                if attempt or not self._remove():
                    break
            except (sqlite3.Error, OSError):
                break
        self._broken = True
        return None

    def _make_file(self) -> None:
        """The index file made by us, private as the parse caches are (it holds the log's
        text, secrets included) and never through a symlink: nothing is written outside the
        campaign's folder. Raises ``OSError`` for a symlink or anything not a file."""
        fd = os.open(
            self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK, 0o600
        )
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.path}: not a regular file")
        finally:
            os.close(fd)

    def _remove(self) -> bool:
        try:
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(f"{self.path}{suffix}")
        except OSError:
            return False
        return True

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.close()
                self._db = None

    def _meta(self, db: sqlite3.Connection) -> dict[str, str]:
        return dict(db.execute("SELECT key, value FROM meta").fetchall())

    def _reset(self, db: sqlite3.Connection, ident: str) -> None:
        db.execute("BEGIN IMMEDIATE")
        db.execute("DELETE FROM meta")
        db.execute("DELETE FROM entries")
        db.execute("DELETE FROM facets")
        db.execute("DELETE FROM hidden")
        db.execute("INSERT INTO words(words) VALUES('delete-all')")
        db.executemany(
            "INSERT INTO meta VALUES(?, ?)",
            [("schema", SCHEMA), ("ident", ident), ("head", _digest(b"")), ("end", "0")],
        )
        db.execute("COMMIT")

    # -- keeping it up to date -------------------------------------------------------------
    def sync(self, *, most: int | None = None) -> bool:
        """Bring the index up to date with the log (rebuilt if it no longer fits), however
        far behind it is when ``most`` is ``None``; else nothing is taken in when the log
        has grown more than ``most`` bytes past it, or another sync (a build) holds it for
        longer than a moment: a search does not wait for a build. ``True`` when it is up to
        date."""
        if not self._syncing.acquire(timeout=-1 if most is None else _MOMENT):
            return False
        try:
            return self._sync(most)
        except (sqlite3.Error, OSError, SaveError, Stale):
            with self._lock:
                if self._db is not None:
                    with contextlib.suppress(sqlite3.Error):
                        self._db.rollback()
            return False
        finally:
            self._syncing.release()

    def _check(self, db: sqlite3.Connection) -> tuple[int, int]:
        """The index's end in the log and the log's size, after resetting an index that
        does not fit the log."""
        try:
            fd = os.open(self.log, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        except FileNotFoundError:  # no log yet: an empty index, whose log the writer makes
            if self._meta(db).get("ident") != "":
                self._reset(db, "")
            return 0, 0
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            ident = f"{st.st_dev}:{st.st_ino}"
            meta = self._meta(db)
            end = int(meta.get("end", "0") or 0)
            if meta.get("ident") == "" and end == 0:  # made before its log: this is it
                db.execute("UPDATE meta SET value = ? WHERE key = 'ident'", (ident,))
                meta["ident"] = ident
            fits = meta.get("schema") == SCHEMA and meta.get("ident") == ident
            fits = fits and end <= st.st_size
            if fits:
                fits = _digest(f.read(min(_HEAD, end))) == meta.get("head")
            last = meta.get("last", "")
            if fits and last:
                at, size, digest = last.split(":")
                f.seek(int(at))
                fits = _digest(f.read(int(size))) == digest
            if not fits:
                self._reset(db, ident)
                end = 0
            return end, st.st_size

    def _sync(self, most: int | None) -> bool:
        with self._lock:
            db = self._connect()
            if db is None:
                return False
            end, size = self._check(db)
            self._checked = True
        if end >= size:
            return True
        if most is not None and size - end > most:
            return False
        batch: list[tuple[int, int, LogEntry]] = []
        expect = end
        known = self._log_end() if self._log_end is not None else None
        for at, data in iter_raw_blocks(self.log, end, end=known):
            if at == expect and not data.strip():
                expect = at + len(data)  # the newline a log without its last one was given
                continue
            if at != expect or not data.startswith(b"[[log]]"):
                raise Stale(at)  # the index's end is not where a block starts
            expect = at + len(data)
            entry = quick_entry(data) or parse_block(self.log, at, data)
            batch.append((at, len(data), entry))
            if len(batch) >= _BATCH:
                end = self._store(batch, end)
                batch = []
        if batch:
            self._store(batch, end)
        return True

    def _store(self, batch: list[tuple[int, int, LogEntry]], start: int) -> int:
        """Add the blocks of ``batch`` (from byte ``start`` on) in one transaction, if the
        index still ends at ``start``; the new end."""
        at, size, _entry = batch[-1]
        with open(self.log, "rb") as f:
            f.seek(at)
            last = f.read(size)
            f.seek(0)
            head = f.read(min(_HEAD, at + size))
        with self._lock:
            db = self._db
            if db is None:
                raise Stale(start)
            db.execute("BEGIN IMMEDIATE")
            try:
                if int(self._meta(db).get("end", "-1")) != start:
                    raise Stale(start)  # another writer got there first: check again
                self._insert(db, batch)
                self._set_end(db, at, last, head)
                db.execute("COMMIT")
            except BaseException:
                db.rollback()
                raise
        return at + size

    @staticmethod
    def _set_end(db: sqlite3.Connection, at: int, last: bytes, head: bytes) -> None:
        """The index ends after the block ``last`` at byte ``at``; ``head``: the log's first
        bytes up to :data:`_HEAD`."""
        pairs = [
            ("end", str(at + len(last))),
            ("last", f"{at}:{len(last)}:{_digest(last)}"),
            ("head", _digest(head)),
        ]
        db.executemany("INSERT OR REPLACE INTO meta VALUES(?, ?)", pairs)

    @staticmethod
    def _insert(db: sqlite3.Connection, batch: list[tuple[int, int, LogEntry]]) -> None:
        rows = [_row(at, size, e) for at, size, e in batch]
        entries = [e for _at, _size, e in batch]
        db.executemany("INSERT OR REPLACE INTO entries VALUES(?,?,?,?,?,?,?,?,?,?,?,?)", rows)
        db.executemany("INSERT INTO words(rowid, said) VALUES(?, ?)", [(r[0], r[11]) for r in rows])
        db.executemany("INSERT OR IGNORE INTO facets VALUES(?, ?)", _facets(entries))
        hidden = {(n,) for e in entries for n in e.hidden}
        db.executemany("INSERT OR IGNORE INTO hidden VALUES(?)", hidden)

    def added(self, at: int, data: bytes, entries: Sequence[LogEntry]) -> None:
        """The writer appended ``data`` (the blocks of ``entries``) at byte ``at`` of the
        log: add their rows when the index ends exactly there (else the next :meth:`sync`
        takes them in). Never waits for a build under way, never raises."""
        if not self._checked or not entries or not self._lock.acquire(blocking=False):
            return
        try:
            db = self._db
            if db is None:
                return
            heads = [0] if data.startswith(b"[[log]]\n") else []
            pos = 0
            while (j := data.find(b"\n[[log]]\n", pos)) >= 0:
                heads.append(j + 1)
                pos = j + 1
            if len(heads) != len(entries):
                return
            bounds = [*heads, len(data)]
            batch = [(at + bounds[i], bounds[i + 1] - bounds[i], e) for i, e in enumerate(entries)]
            last_at = at + bounds[-2]
            head = b""
            if last_at + bounds[-1] - bounds[-2] <= _HEAD or at < _HEAD:
                with open(self.log, "rb") as f:
                    head = f.read(_HEAD)
            db.execute("BEGIN IMMEDIATE")
            try:
                meta = self._meta(db)
                if int(meta.get("end", "-1")) != at + bounds[0]:
                    db.rollback()
                    return
                if meta.get("ident") == "":  # the first entries of a new log
                    st = os.stat(self.log, follow_symlinks=False)
                    db.execute(
                        "UPDATE meta SET value = ? WHERE key = 'ident'",
                        (f"{st.st_dev}:{st.st_ino}",),
                    )
                self._insert(db, batch)
                self._set_end(db, last_at, data[bounds[-2] :], head)
                if not head:  # the log's first bytes are as they were
                    db.execute("UPDATE meta SET value = ? WHERE key = 'head'", (meta["head"],))
                db.execute("COMMIT")
            except sqlite3.Error:
                with contextlib.suppress(sqlite3.Error):
                    db.rollback()
        except (sqlite3.Error, OSError, KeyError, ValueError):
            pass
        finally:
            self._lock.release()

    # -- answering -------------------------------------------------------------------------
    def find(
        self,
        flt: LogFilter,
        *,
        limit: int,
        behind: int = BEHIND,
        first: Callable[[Found], None] | None = None,
    ) -> Found | None:
        """``/find``: the newest ``limit`` entries that ``flt`` matches and how many there
        are, with the characters, kinds and grades the log holds and what is undone, as
        :func:`tui.session.review.find.search` gives them, reading only the blocks kept.
        ``first`` is handed the newest :data:`FIRST` of them before the others are read
        and all are counted (a word in every entry of a million takes a moment to count;
        the screenful comes at once), and the same object is completed after it. ``None``: the index
        is more than ``behind`` bytes behind the log (a build under way) or cannot be used;
        stream the log instead."""
        try:
            if not self.sync(most=behind):
                return None
            return self._find(flt, limit, first)
        except (sqlite3.Error, OSError, SaveError, Stale):
            self._forget()
            return None

    def _forget(self) -> None:
        """The index does not fit its log: the next sync rebuilds it."""
        with self._lock:
            if self._db is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("UPDATE meta SET value = '' WHERE key = 'schema'")

    def _where(self, flt: LogFilter) -> tuple[str, list[object], str | None]:
        terms: list[str] = []
        args: list[object] = []
        if flt.scene is not None:
            terms.append("e.scene = ?")
            args.append(flt.scene)
        for column, value in (("kind", flt.kind), ("grade", flt.grade)):
            if value:
                terms.append(f"e.{column} = ?")
                args.append(value)
        if flt.actor:
            terms.append("e.actor = ?")
            args.append(fold(flt.actor))
        long = [w for w in flt.words if len(w) >= 3]
        for w in flt.words:
            if len(w) < 3:
                terms.append("instr(e.said, ?) > 0")
                args.append(w)
        match = " AND ".join('"' + w.replace('"', '""') + '"' for w in long) if long else None
        return " AND ".join(terms) or "1", args, match

    def _find(self, flt: LogFilter, limit: int, first: Callable[[Found], None] | None) -> Found:
        where, args, match = self._where(flt)
        if match is None:
            head = f"SELECT e.seq, e.at, e.size FROM entries e WHERE {where} ORDER BY e.seq"
            count = f"SELECT count(*) FROM entries e WHERE {where}"
            params: list[object] = args
        else:  # in the full-text index's own order: the newest come first, unsorted
            joined = "FROM words JOIN entries e ON e.seq = words.rowid WHERE words MATCH ?"
            head = f"SELECT e.seq, e.at, e.size {joined} AND {where} ORDER BY words.rowid"
            count = f"SELECT count(*) {joined} AND {where}"
            params = [match, *args]
        with self._lock:
            db = self._db
            if db is None:
                raise Stale(0)
            rows = db.execute(f"{head} DESC LIMIT ?", [*params, limit]).fetchall()
            marks = db.execute(
                "SELECT kind, undoes FROM entries WHERE kind IN ('undo', 'redo') ORDER BY seq"
            ).fetchall()
            facets = db.execute("SELECT what, value FROM facets").fetchall()
        rows.reverse()  # oldest first, as the panel shows them
        newest = rows[-FIRST:]
        found = Found(entries=self._read_found(flt, newest), count=len(rows))
        for kind, undoes in marks:
            if kind == "undo":
                found.undone.add(undoes)
            else:
                found.undone.discard(undoes)
        for what, value in facets:
            {"kind": found.kinds, "grade": found.grades, "actor": found.actors}[what].add(value)
        counted = len(rows) < limit  # all of them: counted
        if first is not None and (len(rows) > len(newest) or not counted):
            first(found)  # the newest screenful at once; the older ones and the count follow
        found.entries[:0] = self._read_found(flt, rows[: len(rows) - len(newest)])
        if counted:
            return found
        with self._lock:
            db = self._db
            if db is None:
                raise Stale(0)
            found.count = int(db.execute(count, params).fetchone()[0])
        return found

    def _read_found(self, flt: LogFilter, rows: list[tuple[int, int, int]]) -> list[LogEntry]:
        """The entries of ``rows`` ((seq, offset, size), oldest first) read from the log,
        each checked to be the one the index named and to match ``flt``."""
        entries = read_blocks(self.log, [(at, size) for _seq, at, size in rows])
        for (seq, _at, _size), entry in zip(rows, entries, strict=True):
            if entry.seq != seq or not flt.matches(entry):
                raise Stale(seq)
        return entries

    def hidden_names(self) -> set[str] | None:
        """Every name a log entry recorded as GM-only (``None``: ask the log)."""
        with self._lock:
            db = self._db
            if db is None:
                return None
            try:
                return {n for (n,) in db.execute("SELECT name FROM hidden")}
            except sqlite3.Error:
                return None

    def select(
        self, *, adventure: int | None, since: str | None, scenes: frozenset[int] | None
    ) -> Iterator[LogEntry]:
        """The entries of an adventure, from a day, of some scenes (each given), oldest
        first, read from the log a batch of blocks at a time: the recap of one adventure
        reads that adventure's blocks. Raises :class:`Stale` when the index does not fit."""
        terms: list[str] = []
        args: list[object] = []
        if adventure is not None:
            terms.append("adventure = ?")
            args.append(adventure)
        if since is not None:
            terms.append("day >= ?")
            args.append(since)
        if scenes is not None:
            terms.append(f"scene IN ({','.join('?' * len(scenes))})")
            args.extend(sorted(scenes))
        where = " AND ".join(terms) or "1"
        after = 0
        while True:
            with self._lock:
                db = self._db
                if db is None:
                    raise Stale(after)
                try:
                    batch = db.execute(
                        f"SELECT seq, at, size FROM entries WHERE seq > ? AND {where}"
                        " ORDER BY seq LIMIT 4000",
                        [after, *args],
                    ).fetchall()
                except sqlite3.Error:
                    raise Stale(after) from None
            if not batch:
                return
            spans: list[tuple[int, int]] = []
            seqs: list[int] = []
            took = 0
            for seq, at, size in batch:
                spans.append((at, size))
                seqs.append(seq)
                took += size
                if took >= _READ_BATCH:
                    yield from self._read(spans, seqs)
                    spans, seqs, took = [], [], 0
            yield from self._read(spans, seqs)
            after = batch[-1][0]

    def _read(self, spans: list[tuple[int, int]], seqs: list[int]) -> list[LogEntry]:
        try:
            entries = read_blocks(self.log, spans)
        except (SaveError, OSError):
            self._forget()
            raise Stale(seqs[0] if seqs else 0) from None
        for seq, entry in zip(seqs, entries, strict=True):
            if entry.seq != seq:
                self._forget()
                raise Stale(seq)
        return entries
