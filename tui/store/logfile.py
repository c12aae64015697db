"""Reading the append-only companion log ``NAME.log.toml`` from its end.

Opening a campaign reads only the newest blocks: the scan for block headers runs backwards
from the end of the file in 64 KiB steps, so opening costs the same with ten entries or a
million. The blocks needed are the last ``keep`` (shown in the log panel) and every block
after the save's checkpoint (their patches bring the save up to date). ``validate_all``
(``tablekeeper check``) parses every block instead.

The end of the file is judged with care, since a crash may cut the last block short and a
person may have edited the file:

- a last block missing its empty line, or even its final newline, that still parses as one
  whole entry is complete and kept;
- a complete entry followed by stray text keeps the entry; the stray text (``junk``) is
  reported and never parsed as part of the log;
- a block that does not parse as a whole entry is the torn tail of a crash and is left out.
Anything wrong before the last block is an error with the file's line and column.

Nothing is read unbounded: a block larger than :data:`~tui.store.logformat.ENTRY_LIMIT` is
refused, with its line and ``seq``, before a byte of it is read, and blocks are parsed a
megabyte at a time, so opening holds no more than a small multiple of what it keeps.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from tui.language import _
from tui.session.campaign.log import LogEntry, entry_from_doc
from tui.store import tomlread
from tui.store.errors import SaveError, toml_error, utf8_error
from tui.store.logcache import Cached, read_cache, write_cache
from tui.store.logformat import ENTRY_LIMIT, format_entry, toml_inline
from tui.store.nesting import too_deep

__all__ = [
    "LOG_TAIL",
    "LogRead",
    "format_entry",
    "iter_blocks",
    "iter_entries",
    "iter_raw_blocks",
    "leave_cache",
    "parse_block",
    "read_blocks",
    "read_log",
    "read_since",
    "toml_inline",
]

#: How many of the newest log entries a loaded campaign keeps in memory.
LOG_TAIL = 200
_CHUNK = 2000  # blocks parsed per tomllib call when validating a whole log ...
_PARSE = 1 << 20  # ... and bytes (at least one block): memory stays a small multiple of it
_FOLLOW = 4 * ENTRY_LIMIT  # a reader takes in at most this much new log at once
_HEADER = b"[[log]]\n"
_LINE_HEADER = b"\n[[log]]\n"
_BACK = 1 << 16
_READ = 1 << 20
_BLOCK_LINES = 32


@dataclass
class LogRead:
    """What :func:`read_log` found."""

    entries: list[LogEntry] = field(default_factory=list)  # the newest ``keep``
    #: ``seq`` → campaign patch, for the entries after the ``after`` given to read_log.
    patches: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: ``seq`` → the patch back to the state before the entry (its patch's ``back``; None:
    #: the entry changed the campaign but holds no way back), for those of the newest
    #: ``keep`` entries that changed it: what undo takes back after a restart
    backs: dict[int, dict[str, Any] | None] = field(default_factory=dict)
    #: ``seq`` of the newest complete entry (entries are numbered 1, 2, 3 … without gaps,
    #: so this is their count); with ``validate_all``, the number of blocks.
    count: int = 0
    end: int = 0  # byte offset just after the last complete entry
    size: int = 0  # the file's size when it was read
    recovered: bool = False  # bytes after the last complete entry were left out
    newline: bool = True  # the complete data is empty or ends with a newline
    ident: tuple[int, int] | None = None  # (device, inode) of the file read
    #: The parsed newest blocks as the log's parse cache holds them (the writer extends
    #: them with what it appends and leaves them at close: :func:`leave_cache`).
    cache: Cached | None = None
    cache_hit: bool = False  # ``cache`` is the parse cache found beside the log, unchanged
    #: The byte offset just after the entries up to the ``after`` given to read_log (the
    #: save's checkpoint): the log from there on is what opening replays. ``None``: not
    #: asked, or the blocks do not say (a log edited so that ``seq`` is not first).
    checkpoint_end: int | None = None


_SEQ = re.compile(rb"\[\[log\]\]\r?\nseq = ([0-9]{1,18})\r?\n")


def _after_seq(f: BinaryIO, end: int, after: int) -> int | None:
    """The offset just after the last block whose ``seq`` is at most ``after`` (0: none is),
    found by reading the ``seq`` line of each block back from ``end``: it reads no more than
    the blocks after ``after``, which opening parses anyway. ``None`` when a block does not
    start with its ``seq`` (the app writes it first)."""
    newer = end
    for head in _headers_back(f, end):
        if head >= end:
            continue
        f.seek(head)
        found = _SEQ.match(f.read(48))
        if found is None:
            return None
        if int(found[1]) <= after:
            return newer
        newer = head
    return 0


def _headers_back(f: BinaryIO, size: int) -> Iterator[int]:
    """Offsets where blocks start, newest first (a torn header at the very end included)."""
    f.seek(max(0, size - 16))
    last = f.read()
    final = last[last.rfind(b"\n") + 1 :] if b"\n" in last else last
    if final and _HEADER.startswith(final) and size - len(final) > 0:
        yield size - len(final)  # "[[lo" without its newline: a block torn in its header
    pos, carry = size, b""
    while pos > 0:
        start = max(0, pos - _BACK)
        f.seek(start)
        buf = f.read(pos - start) + carry
        i = len(buf)
        while (j := buf.rfind(_LINE_HEADER, 0, i)) >= 0:
            yield start + j + 1
            i = j
        carry = buf[: len(_LINE_HEADER) - 1]
        pos = start
    f.seek(0)
    if f.read(len(_HEADER)) == _HEADER or (0 < size < len(_HEADER) and _HEADER.startswith(final)):
        yield 0


def _open(p: Path) -> BinaryIO | None:
    """The log for reading, never through a symlink; ``None`` when there is none."""
    try:
        fd = os.open(p, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if os.path.islink(p):
            raise SaveError(
                p, _("is a symbolic link; a campaign's log must be a file in its own folder")
            ) from None
        raise SaveError(p, _("cannot read: {why}").format(why=exc.strerror or exc)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveError(p, _("is not a regular file"))
    return os.fdopen(fd, "rb")


def _line_at(f: BinaryIO, offset: int) -> int:
    """1-based line number of byte ``offset`` (only computed for error messages)."""
    f.seek(0)
    lines, left = 1, offset
    while left > 0 and (chunk := f.read(min(_READ, left))):
        lines += chunk.count(b"\n")
        left -= len(chunk)
    return lines


def _one_entry(data: bytes) -> bool:
    """Whether ``data`` is exactly one whole ``[[log]]`` entry."""
    try:
        doc = tomlread.loads(data.decode("utf-8"))
        tables = doc.get("log")
        return (
            set(doc) == {"log"}
            and isinstance(tables, list)
            and len(tables) == 1
            and isinstance(tables[0], dict)
            and bool(entry_from_doc(tables[0]).time)
        )
    except (ValueError, UnicodeDecodeError, RecursionError):
        return False


def _complete_prefix(tail: bytes) -> int:
    """Length of the longest run of whole lines of ``tail`` that is one entry (0: none)."""
    if tail.endswith(b"\n\n") or _one_entry(tail):
        return len(tail)
    cuts: list[int] = []
    at = -1
    while len(cuts) < _BLOCK_LINES and (at := tail.find(b"\n", at + 1)) >= 0:
        cuts.append(at + 1)  # a block the app writes has a dozen lines: look no further
    for cut in reversed(cuts):
        if _one_entry(tail[:cut]):
            return cut
    return 0


class _Oversize(Exception):
    """Block ``block`` is past :data:`ENTRY_LIMIT` (found grouping from byte ``start``)."""

    def __init__(self, block: int, start: int) -> None:
        super().__init__(block)
        self.block, self.start = block, start


def _groups(bounds: list[int], most: int) -> Iterator[tuple[int, int]]:
    """The blocks between ``bounds`` (their starts, then the end) in groups parsed at once:
    ``(i, j)`` for blocks ``i`` to ``j - 1``, at least one, at most ``most`` and about
    :data:`_PARSE` bytes. Each block's size is checked before its group is given: one past
    :data:`ENTRY_LIMIT` raises :class:`_Oversize`, before a byte of it is read."""
    i, last = 0, len(bounds) - 1
    while i < last:
        j = i
        while j < last and (j == i or (j - i < most and bounds[j + 1] - bounds[i] <= _PARSE)):
            if bounds[j + 1] - bounds[j] > ENTRY_LIMIT:
                raise _Oversize(j, bounds[i])
            j += 1
        yield i, j
        i = j


class _Region:
    """Parses byte ranges of one log file, with errors located at the file's lines."""

    def __init__(self, path: Path, f: BinaryIO) -> None:
        self.path = path
        self.f = f
        self.last_tables: list[dict[str, Any]] = []  # those the last parse found

    def blocks(
        self, heads: list[int], end: int, index: int, line: int | None = None
    ) -> list[tuple[LogEntry, dict[str, Any] | None]]:
        """The blocks starting at ``heads`` (ascending; the first at the region's start) up
        to ``end``: each checked against :data:`ENTRY_LIMIT` before a byte of it is read,
        and parsed about :data:`_PARSE` bytes at a time, so that reading holds one such
        group's text at once, never the whole region's (``line``: the first block's)."""
        out: list[tuple[LogEntry, dict[str, Any] | None]] = []
        tables: list[dict[str, Any]] = []
        bounds = [*heads, end]
        try:
            for i, j in _groups(bounds, len(heads)):
                first = line if i == 0 else None
                out.extend(self.parse(bounds[i], bounds[j], heads[i:j], index + len(out), first))
                tables.extend(self.last_tables)
        except _Oversize as big:
            k = big.block
            where = line if k == 0 else None
            raise self.too_big(bounds[k], bounds[k + 1] - bounds[k], where) from None
        self.last_tables = tables
        return out

    def too_big(self, at: int, size: int, line: int | None = None) -> SaveError:
        """The refusal of the ``size``-byte block at byte ``at`` (``line``: its line)."""
        self.f.seek(at)
        found = _SEQ.match(self.f.read(48))
        mb, limit = f"{float(size / (1 << 20)):,.1f}", f"{ENTRY_LIMIT >> 20:,}"
        message = (
            _("log entry {seq} is {size} MB; an entry holds at most {limit} MB").format(
                seq=int(found[1]), size=mb, limit=limit
            )
            if found is not None
            else _("a log entry of {size} MB; an entry holds at most {limit} MB").format(
                size=mb, limit=limit
            )
        )
        where = line if line is not None else _line_at(self.f, at)
        return SaveError(self.path, message, line=where, column=1, key_path="log")

    def parse(
        self, a: int, b: int, heads: list[int], index: int, line: int | None = None
    ) -> list[tuple[LogEntry, dict[str, Any] | None]]:
        """The blocks between bytes ``a`` and ``b`` parsed as one TOML document (callers
        keep it to :data:`_PARSE` bytes or one block: :meth:`blocks`)."""
        self.f.seek(a)
        data = self.f.read(b - a)
        try:
            return self._parse(data, heads, a, index, line)
        except _Located as exc:
            first = line if line is not None else _line_at(self.f, a)
            raise exc.error(first) from None

    def _parse(
        self, data: bytes, heads: list[int], a: int, index: int, line: int | None
    ) -> list[tuple[LogEntry, dict[str, Any] | None]]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _Located(lambda first, e=exc: utf8_error(self.path, e, data, first - 1)) from None
        try:
            doc = tomlread.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise _Located(lambda first, e=exc: toml_error(self.path, e, text, first - 1)) from None
        except RecursionError:
            raise _Located(
                lambda first: SaveError(
                    self.path, _("values nested too deeply"), line=first, column=1
                )
            ) from None
        for key in doc:
            if key != "log":
                raise SaveError(
                    self.path, _("unknown key (a log holds only [[log]] blocks)"), key_path=key
                )
        tables = doc.get("log", [])
        if not isinstance(tables, list):
            raise SaveError(self.path, _("expected [[log]] blocks"), key_path="log")
        self.last_tables = tables

        def where(first: int, i: int) -> int:
            if i < len(heads):
                return first + data.count(b"\n", 0, heads[i] - a)
            return first

        return self.entries(tables, index, where)

    def entries(
        self, tables: list[Any], index: int, where: Any = None
    ) -> list[tuple[LogEntry, dict[str, Any] | None]]:
        """Each table checked and read as an entry with its patch (``where(first, i)``: the
        line of table ``i``, for an error; none for cached tables)."""
        out: list[tuple[LogEntry, dict[str, Any] | None]] = []
        for i, table in enumerate(tables):

            def at(first: int, i: int = i) -> int:
                return where(first, i) if where is not None else first

            if not isinstance(table, dict):
                msg = _("log[{i}]: expected a table").format(i=index + i)
                raise _Located(
                    lambda first, m=msg, w=at: SaveError(self.path, m, line=w(first), column=1)
                )
            deep = too_deep(table)
            try:
                if deep is not None:
                    raise ValueError(_("{deep}: nested too deeply").format(deep=deep))
                entry = entry_from_doc(table)
                patch = table.get("patch")
                if patch is not None and not isinstance(patch, dict):
                    raise ValueError("patch: " + _("expected a table"))
            except ValueError as exc:
                msg = f"log[{index + i}].{exc}"
                raise _Located(
                    lambda first, m=msg, w=at: SaveError(self.path, m, line=w(first), column=1)
                ) from None
            out.append((entry, patch))
        return out


class _Located(Exception):
    """An error whose line number needs the line of the region's first byte."""

    def __init__(self, make: Any) -> None:
        super().__init__()
        self.error = make


def read_log(
    path: str | os.PathLike[str],
    *,
    keep: int = LOG_TAIL,
    after: int | None = None,
    validate_all: bool = False,
    cached: bool = False,
    leave: bool = False,
) -> LogRead:
    """Read the log at ``path`` (missing file → empty).

    Keeps the newest ``keep`` entries and, when ``after`` is given, the patches of every
    entry whose ``seq`` is greater. A torn last block or stray text after the last entry is
    left out (``recovered``); any other problem raises :class:`SaveError` with its position.
    ``cached``: take the tail from the parse cache when it matches the file's bytes;
    ``leave``: write that cache after parsing (the writer does; :mod:`tui.store.logcache`).
    """
    p = Path(path)
    f = _open(p)
    if f is None:
        return LogRead()
    with f:
        st = os.fstat(f.fileno())
        result = LogRead(size=st.st_size, end=st.st_size, ident=(st.st_dev, st.st_ino))
        if st.st_size == 0:
            return result
        if cached and not validate_all:
            hit = _from_cache(p, f, st, result, keep, after)
            if hit is not None:
                return hit
        heads = _headers_back(f, st.st_size)
        starts: list[int] = []  # newest first
        first = next(heads, None)
        region = _Region(p, f)
        if first is None:  # text but no block at all: an error at the first line
            if st.st_size > ENTRY_LIMIT:
                raise region.too_big(0, st.st_size, line=1)
            region.parse(0, st.st_size, [], 0, line=1)
            return result
        if st.st_size - first > ENTRY_LIMIT:  # the newest block, refused before it is read
            raise region.too_big(first, st.st_size - first)
        f.seek(first)
        tail = f.read()
        good = _complete_prefix(tail)
        result.end = first + good
        result.recovered = good < len(tail)
        result.newline = tail[:good].endswith(b"\n") if good else True
        if good:
            starts.append(first)
        if validate_all:
            starts.extend(heads)
            starts.reverse()
            return _validate(region, starts, result, keep)
        found: list[tuple[LogEntry, dict[str, Any] | None]] = []
        tables: list[dict[str, Any]] = []
        end = result.end
        want = max(keep, 1)
        while True:
            while len(starts) < want and (h := next(heads, None)) is not None:
                starts.append(h)
            block = starts[len(found) : want]
            if not block:
                break
            older = region.blocks(sorted(block), end, 0)
            found[:0] = older
            tables[:0] = region.last_tables
            end = block[-1]
            need_more = after is not None and found and found[0][0].seq > after + 1
            if len(starts) < want or not need_more:
                break
            want *= 2
        result.count = found[-1][0].seq if found else 0
        _keep_tail(result, found, keep, after)
        if after is not None:
            result.checkpoint_end = _after_seq(f, result.end, after)
        if found:
            result.cache = Cached(end, result.end, result.recovered, result.newline, tables)
            if leave:
                write_cache(p, f, st, result.cache)
        return result


def leave_cache(path: str | os.PathLike[str], cached: Cached, ident: tuple[int, int]) -> bool:
    """Leave ``cached`` as the parse cache of the log at ``path``, if the file is still
    ``ident`` and ends where the cached blocks end; ``False`` when it does not."""
    p = Path(path)
    f = _open(p)
    if f is None:
        return False
    with f:
        st = os.fstat(f.fileno())
        if (st.st_dev, st.st_ino) != ident or st.st_size != cached.end:
            return False
        write_cache(p, f, st, cached)
    return True


def _from_cache(
    p: Path, f: BinaryIO, st: os.stat_result, result: LogRead, keep: int, after: int | None
) -> LogRead | None:
    """``result`` filled from the log's parse cache, or ``None`` to parse the file."""
    hit = read_cache(p, f, st)
    if hit is None:
        return None
    try:
        found = _Region(p, f).entries(hit.tables, 0)
    except (_Located, SaveError):
        return None  # not what the writer left: the file decides
    if not found or (
        hit.start > 0
        and (len(found) < max(keep, 1) or (after is not None and found[0][0].seq > after + 1))
    ):
        return None  # the cache holds too few of the blocks wanted now
    result.end, result.recovered, result.newline = hit.end, hit.recovered, hit.newline
    result.cache, result.cache_hit = hit, True
    result.count = found[-1][0].seq
    _keep_tail(result, found, keep, after)
    if after is not None:
        result.checkpoint_end = _after_seq(f, result.end, after)
    return result


def _keep_tail(
    result: LogRead,
    found: list[tuple[LogEntry, dict[str, Any] | None]],
    keep: int,
    after: int | None,
) -> None:
    """The newest ``keep`` entries and their ways back, and the patches after ``after``."""
    tail = found[-keep:] if keep else []
    result.entries = [e for e, _ in tail]
    result.backs = {
        e.seq: pt["back"] if isinstance(pt.get("back"), dict) else None for e, pt in tail if pt
    }
    if after is not None:
        result.patches = {e.seq: dict(pt) for e, pt in found if pt and e.seq > after}


def _validate(region: _Region, starts: list[int], result: LogRead, keep: int) -> LogRead:
    """Parse every block, :data:`_CHUNK` blocks or :data:`_PARSE` bytes at a time (at least
    one block, refused past :data:`ENTRY_LIMIT` before it is read), counting lines as it
    goes."""
    if starts and starts[0] != 0:
        starts.insert(0, 0)  # text before the first header is parsed (and refused) too
    bounds = [*starts, result.end] if starts else [0, result.end]
    kept: list[LogEntry] = []
    line, index = 1, 0
    try:
        for i, j in _groups(bounds, _CHUNK):
            a, b = bounds[i], bounds[j]
            entries = region.parse(a, b, starts[i:j], index, line=line)
            kept.extend(e for e, _ in entries)
            del kept[: -keep or len(kept)]
            index += len(entries)
            region.f.seek(a)
            line += region.f.read(b - a).count(b"\n")
    except _Oversize as big:
        k = big.block
        region.f.seek(big.start)
        at = line + region.f.read(bounds[k] - big.start).count(b"\n")
        raise region.too_big(bounds[k], bounds[k + 1] - bounds[k], at) from None
    result.count = index
    result.entries = kept
    return result


def iter_entries(path: str | os.PathLike[str], *, step: int = _READ) -> Iterator[LogEntry]:
    """Every complete entry of the log, oldest first, read forward ``step`` bytes at a time:
    a recap or the statistics over a long log hold one step's entries, never the whole log.

    The end is the one :func:`read_log` finds (a torn last block is left out); a problem
    before it raises :class:`SaveError` with its line, as opening does.
    """
    yield from (entry for _at, _size, entry in iter_blocks(path, step=step))


def iter_blocks(
    path: str | os.PathLike[str], start: int = 0, *, step: int = _READ
) -> Iterator[tuple[int, int, LogEntry]]:
    """Every complete block of the log from byte ``start`` (a block's first byte) on, oldest
    first, as (its offset, its size in bytes, its entry), read forward ``step`` bytes at a
    time (what :func:`iter_entries` reads)."""
    p = Path(path)
    f = _open(p)
    if f is None:
        return
    with f:
        region = _Region(p, f)
        for first, data in _steps(p, f, start, step):
            heads = [first + h for h in _heads(data)]
            parsed = region.parse(first, first + len(data), heads, 0)
            if len(parsed) != len(heads):  # text before the first header: no offsets to give
                heads = [first] * len(parsed)
            bounds = [*heads, first + len(data)]
            for i, (entry, _patch) in enumerate(parsed):
                yield bounds[i], bounds[i + 1] - bounds[i], entry


def iter_raw_blocks(
    path: str | os.PathLike[str], start: int = 0, *, step: int = _READ, end: int | None = None
) -> Iterator[tuple[int, bytes]]:
    """Every complete block of the log from byte ``start`` on as (its offset, its bytes),
    unparsed (text before the first header comes as a block of its own): the log's index
    reads the few keys it keeps itself (:mod:`tui.store.logindex`). ``end``: where the
    complete blocks end, when the caller knows (the writer's own log); else it is worked out
    as reading does, by parsing the last block."""
    p = Path(path)
    f = _open(p)
    if f is None:
        return
    with f:
        for first, data in _steps(p, f, start, step, end):
            bounds = _heads(data)
            if not bounds or bounds[0] != 0:
                bounds.insert(0, 0)
            bounds.append(len(data))
            for a, b in itertools.pairwise(bounds):
                yield first + a, data[a:b]


def parse_block(path: str | os.PathLike[str], at: int, data: bytes) -> LogEntry:
    """The entry of one block (``data``, found at byte ``at``), or its :class:`SaveError`."""
    p = Path(path)
    f = _open(p)
    if f is None:
        raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
    with f:
        region = _Region(p, f)
        try:
            found = region._parse(data, [at], at, 0, None)
        except _Located as exc:
            raise exc.error(_line_at(f, at)) from None
    if len(found) != 1:
        raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
    return found[0][0]


def _heads(data: bytes) -> list[int]:
    """Where blocks start in ``data`` (a run of whole blocks)."""
    heads = [0] if data.startswith(_HEADER) else []
    pos = 0
    while (j := data.find(_LINE_HEADER, pos)) >= 0:
        if j + 1 < len(data):
            heads.append(j + 1)
        pos = j + 1
    return heads


def _steps(
    p: Path, f: BinaryIO, start: int, step: int, end: int | None = None
) -> Iterator[tuple[int, bytes]]:
    """The log from ``start`` to ``end`` (unknown: the end :func:`read_log` finds), in runs
    of whole blocks of about ``step`` bytes (one block longer than a step is one run, up to
    the limit)."""
    if end is None:
        end = read_log(p, keep=1).end
    at, carry = start, b""
    while at < end:
        f.seek(at)
        data = carry + f.read(min(step, end - at))
        first = at - len(carry)
        at += len(data) - len(carry)
        cut = len(data) if at >= end else data.rfind(_LINE_HEADER) + 1
        if cut <= 0:  # one block longer than a step: read on (up to the limit)
            if len(data) > ENTRY_LIMIT:
                raise _Region(p, f).too_big(first, len(data))
            carry = data
            continue
        carry = data[cut:]
        yield first, data[:cut]


def read_blocks(path: str | os.PathLike[str], spans: list[tuple[int, int]]) -> list[LogEntry]:
    """The entries of the blocks at ``spans`` ((offset, size) each, ascending), read and
    parsed together: the few blocks a search or a recap shows, never the log around them.
    Raises :class:`SaveError` when a span is not one whole block of the file (an index
    that no longer fits the log: :mod:`tui.store.logindex` rebuilds it)."""
    p = Path(path)
    f = _open(p)
    if f is None:
        raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
    with f:
        parts = []
        for at, size in spans:
            if size > ENTRY_LIMIT:
                raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
            f.seek(at)
            data = f.read(size)
            if not data.startswith(_HEADER) or len(data) != size:
                raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
            parts.append(data if data.endswith(b"\n") else data + b"\n")
        if not parts:
            return []
        region = _Region(p, f)
        try:
            found = region._parse(b"".join(parts), [], 0, 0, None)
        except _Located as exc:
            raise exc.error(1) from None
        if len(found) != len(spans):
            raise SaveError(p, _("expected [[log]] blocks"), key_path="log")
        return [e for e, _patch in found]


def read_since(
    path: str | os.PathLike[str], offset: int, ident: tuple[int, int] | None
) -> tuple[list[tuple[LogEntry, dict[str, Any] | None]] | None, int]:
    """The complete entries written after byte ``offset`` of the log (for a reader following
    a writer), and the offset after them; ``None`` if the file is no longer ``ident``, or
    has grown by more than :data:`_FOLLOW` bytes (then the caller reads it again from its
    end, in bounded steps, instead of taking all that in at once).

    A block still being written (no empty line after it yet) waits for the next call.
    """
    p = Path(path)
    f = _open(p)
    if f is None:
        return None, offset
    with f:
        st = os.fstat(f.fileno())
        if ident is not None and (st.st_dev, st.st_ino) != ident:
            return None, offset
        if st.st_size - offset > _FOLLOW:
            return None, offset
        f.seek(offset)
        data = f.read(st.st_size - offset)
        cut = data.rfind(b"\n\n")
        if cut < 0:
            return [], offset
        end = offset + cut + 2
        heads = [offset] if data.startswith(_HEADER) else []
        pos = 0
        while (j := data.find(_LINE_HEADER, pos, cut + 2)) >= 0:
            heads.append(offset + j + 1)
            pos = j + 1
        region = _Region(p, f)
        if heads and heads[0] == offset:
            return region.blocks(heads, end, 0), end
        return region.parse(offset, end, heads, 0), end
