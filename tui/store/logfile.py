"""The append-only companion log ``NAME.log.toml``: one ``[[log]]`` block per entry.

The writer emits every block as one ``key = value`` line per key (nested values as inline
tables), with ``text`` last and an empty line after it, and never an empty line inside: a
block that a crash cut short is then recognisable (it does not end in an empty line and does
not parse as a whole entry) and is dropped as the "torn tail". Loading keeps only the last
``keep`` entries in memory (plus the total count): a 100,000-entry log costs no more memory to
open than a short one. :func:`read_log` with ``validate_all=True`` (``tablekeeper check``)
parses every block; the default parses the kept tail only, so opening stays fast.
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from bisect import bisect_left
from collections import deque
from collections.abc import Iterable, Mapping, MutableSequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from itertools import pairwise
from pathlib import Path
from typing import Any, BinaryIO

from tui.session.campaign.log import LogEntry, entry_from_doc, entry_to_doc
from tui.store.errors import SaveError, toml_error, utf8_error

__all__ = ["LOG_TAIL", "LogRead", "format_entry", "read_log", "toml_inline"]

#: How many of the newest log entries a loaded campaign keeps in memory.
LOG_TAIL = 500
_CHUNK = 2000  # blocks parsed per tomllib call when validating a whole log
_HEADER = b"[[log]]"
_LINE_HEADER = b"\n[[log]]\n"
_READ = 1 << 20
_ORDER = ("seq", "time", "kind", "actor", "grade", "undoes", "inputs", "effects")
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: dict[int, str] = {i: f"\\u{i:04x}" for i in [*range(0x20), 0x7F]}
_ESCAPES.update({ord('"'): '\\"', ord("\\"): "\\\\", 8: "\\b", 9: "\\t", 10: "\\n",
                 12: "\\f", 13: "\\r"})
_ESCAPES.update({i: "\ufffd" for i in range(0xD800, 0xE000)})  # lone surrogates


@dataclass(slots=True)
class LogRead:
    """What :func:`read_log` found: the kept entries and where the complete data ends."""

    entries: list[LogEntry] = field(default_factory=list)
    count: int = 0  # complete entries in the file
    end: int = 0  # byte offset just after the last complete block
    recovered: bool = False  # a torn last block was found (and is not part of ``end``)
    newline: bool = True  # the complete data is empty or ends with a newline


def _string(text: str) -> str:
    return '"' + text.translate(_ESCAPES) + '"'


def toml_inline(value: Any) -> str:
    """``value`` as a one-line TOML value (inline tables; unknown types become strings)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Mapping):
        items = [f"{_key(str(k))} = {toml_inline(v)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(items) + " }" if items else "{}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join("\"\"" if v is None else toml_inline(v) for v in value) + "]"
    return _string(str(value))


def _key(key: str) -> str:
    return key if _BARE.fullmatch(key) else _string(key)


def format_entry(entry: LogEntry) -> str:
    """The ``[[log]]`` block for ``entry``, ending with an empty line."""
    doc = entry_to_doc(entry)
    keys = sorted((k for k in doc if k != "text"),
                  key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER))
    lines = ["[[log]]", *(f"{_key(k)} = {toml_inline(doc[k])}" for k in keys)]
    lines.append(f"text = {toml_inline(doc['text'])}")
    return "\n".join(lines) + "\n\n"


def _scan(f: BinaryIO, headers: MutableSequence[int]) -> tuple[int, int, bool]:
    """Record the offset of every block start; return (blocks, size, ends with newline).

    Reads in 1 MiB chunks with C-speed ``find`` (memory stays flat). A final line without a
    newline that begins like a header (``[[lo``) is a block start too: a torn header.
    """
    count = size = 0
    carry = b"\n"  # a virtual newline before the file, so a header at offset 0 matches
    buf = b"\n"
    while chunk := f.read(_READ):
        buf = carry + chunk
        base = size - len(carry)
        i = buf.find(_LINE_HEADER)
        while i != -1:
            headers.append(base + i + 1)
            count += 1
            i = buf.find(_LINE_HEADER, i + 1)
        size += len(chunk)
        carry = buf[-(len(_LINE_HEADER) - 1) :]
    newline = size == 0 or buf.endswith(b"\n")
    if not newline:
        final = buf[buf.rfind(b"\n") + 1 :]
        if _HEADER.startswith(final):
            headers.append(size - len(final))
            count += 1
    return count, size, newline


def _line_at(f: BinaryIO, offset: int) -> int:
    """1-based line number of byte ``offset``."""
    f.seek(0)
    lines, left = 1, offset
    while left > 0 and (chunk := f.read(min(_READ, left))):
        lines += chunk.count(b"\n")
        left -= len(chunk)
    return lines


def _parse_entries(data: bytes) -> list[LogEntry]:
    doc = tomllib.loads(data.decode("utf-8"))
    tables = doc.get("log")
    if set(doc) - {"log"} or not isinstance(tables, list):
        raise ValueError("not a log block")
    return [entry_from_doc(t) for t in tables]


def _whole_block(data: bytes) -> bool:
    """Whether a last block lacking its empty line still holds one complete entry."""
    if not data.endswith(b"\n"):
        return False
    try:
        return len(_parse_entries(data)) == 1
    except (ValueError, UnicodeDecodeError):
        return False


def _parse_region(
    path: Path, data: bytes, first_line: int, head_lines: list[int], index: int
) -> list[LogEntry]:
    """Parse complete blocks; errors become :class:`SaveError` with the file's line numbers."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise utf8_error(path, exc, data, first_line - 1) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(path, exc, text, first_line - 1) from None
    for key in doc:
        if key != "log":
            raise SaveError(path, "unknown key (a log holds only [[log]] blocks)", key_path=key)
    tables = doc.get("log", [])
    if not isinstance(tables, list):
        raise SaveError(path, "expected [[log]] blocks", key_path="log")
    entries: list[LogEntry] = []
    for i, table in enumerate(tables):
        line = head_lines[i] if i < len(head_lines) else first_line
        if not isinstance(table, dict):
            raise SaveError(path, f"log[{index + i}]: expected a table", line=line, column=1)
        try:
            entries.append(entry_from_doc(table))
        except ValueError as exc:
            raise SaveError(path, f"log[{index + i}].{exc}", line=line, column=1) from None
    return entries


def read_log(
    path: str | os.PathLike[str], *, keep: int = LOG_TAIL, validate_all: bool = False
) -> LogRead:
    """Read the log at ``path`` (missing file → empty), keeping the last ``keep`` entries.

    A torn last block is left out (``recovered``); any other problem raises
    :class:`SaveError` with line and column.
    """
    p = Path(path)
    if not p.exists():
        return LogRead()
    try:
        f = p.open("rb")
    except OSError as exc:
        raise SaveError(p, f"cannot read: {exc.strerror or exc}") from None
    with f:
        found: MutableSequence[int] = [] if validate_all else deque(maxlen=keep + 1)
        count, size, newline = _scan(f, found)
        result = LogRead(count=count, end=size, newline=newline)
        if found:
            f.seek(found[-1])
            tail = f.read()
            if not tail.endswith(b"\n\n") and not _whole_block(tail):
                result.end = found.pop()
                result.count -= 1
                result.recovered = True
                result.newline = True
        if validate_all:
            spans = [0, *(found[i] for i in range(_CHUNK, len(found), _CHUNK)), result.end]
        else:
            spans = [0 if result.count <= keep else found[-keep], result.end]
        block = 0 if validate_all or result.count <= keep else result.count - keep
        kept: deque[LogEntry] = deque(maxlen=keep)
        starts = list(found)
        line = _line_at(f, spans[0])
        for a, b in pairwise(spans):
            heads = starts[bisect_left(starts, a) : bisect_left(starts, b)]
            f.seek(a)
            data = f.read(b - a)
            head_lines, prev, at = [], 0, line
            for offset in heads:
                at += data.count(b"\n", prev, offset - a)
                prev = offset - a
                head_lines.append(at)
            kept.extend(_parse_region(p, data, line, head_lines, block))
            line += data.count(b"\n")
            block += len(heads)
        result.entries = list(kept)
    return result


def append_blocks(f: BinaryIO, entries: Iterable[LogEntry], *, newline: bool) -> int:
    """Write the blocks for ``entries`` (after a newline if needed); return bytes written."""
    data = ("" if newline else "\n") + "".join(format_entry(e) for e in entries)
    raw = data.encode("utf-8")
    f.write(raw)
    return len(raw)
