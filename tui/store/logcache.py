"""The parsed tail of a campaign's log, beside it, so that opening skips the TOML parser there.

Opening reads the newest few hundred blocks of ``NAME.log.toml`` (:mod:`tui.store.logfile`);
parsing them is pure-Python TOML, about a tenth of the time to the first frame of a long
campaign. The writer leaves ``.NAME.log.toml.cache`` beside the log when it closes the
campaign (the log is final then; nothing is added to opening): the blocks' tables,
in ``marshal`` form (data only, never code), with the log's identity (device, inode, size,
modification time), where the cached blocks start and a BLAKE2 digest of every byte from
there to the end of the file. Opening uses it only when the log still has that identity and
those bytes, so an appended, edited, copied or replaced log is parsed afresh; the tables
still go through the same validation as parsed ones, and a table that fails it sends the
open back to the parser (the file is the truth). A cache that is missing, stale or damaged
is ignored. Like the save's parse cache (:mod:`tui.store.parsecache`) it is read only from
the campaign's own folder, never through a symbolic link.

No Textual or Rich here.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from tui.store.parsecache import dump_beside, load_beside, stat_key

__all__ = ["Cached", "cache_path", "digest", "read_cache", "write_cache"]

_VERSION = 2  # 2: written only from blocks within the entry limit (older ones may hold more)


@dataclass(frozen=True)
class Cached:
    """The cached blocks: they start at byte ``start``; ``end``/``recovered``/``newline`` as
    :class:`tui.store.logfile.LogRead` has them."""

    start: int
    end: int
    recovered: bool
    newline: bool
    tables: list[dict[str, Any]]


def cache_path(log: Path) -> Path:
    return log.with_name(f".{log.name}.cache")


def digest(f: BinaryIO, start: int) -> bytes:
    """The BLAKE2 digest of the file's bytes from ``start`` to its end."""
    f.seek(start)
    h = hashlib.blake2b(digest_size=20)
    while chunk := f.read(1 << 20):
        h.update(chunk)
    return h.digest()


def read_cache(log: Path, f: BinaryIO, st: os.stat_result) -> Cached | None:
    """The cached tail of the open log ``f`` (stat ``st``), or ``None``."""
    found = load_beside(cache_path(log))
    if (
        not isinstance(found, tuple)
        or len(found) != 8
        or found[0] != _VERSION
        or tuple(found[1]) != stat_key(st)
    ):
        return None
    _, _, start, mark, end, recovered, newline, tables = found
    if (
        not isinstance(start, int)
        or not isinstance(end, int)
        or not 0 <= start <= end
        or end > st.st_size
        or not isinstance(mark, bytes)
        or not isinstance(recovered, bool)
        or not isinstance(newline, bool)
        or not isinstance(tables, list)
    ):
        return None
    try:
        if digest(f, start) != mark:
            return None
    except OSError:
        return None
    return Cached(start, end, recovered, newline, tables)


def write_cache(log: Path, f: BinaryIO, st: os.stat_result, cached: Cached) -> None:
    """Leave ``cached`` beside the log open as ``f`` (best effort: an optimisation only)."""
    try:
        mark = digest(f, cached.start)
    except OSError:
        return
    dump_beside(
        cache_path(log),
        (
            _VERSION,
            stat_key(st),
            cached.start,
            mark,
            cached.end,
            cached.recovered,
            cached.newline,
            cached.tables,
        ),
    )
