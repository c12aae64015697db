"""How a log entry is written: one ``[[log]]`` block of one-line ``key = value`` pairs.

Every block is one line per key (nested values as inline tables), with ``text`` last and an
empty line after it, and never an empty line inside, so a block a crash cut short is
recognisable (see :mod:`tui.store.logfile`). A block may carry ``patch``, the change of the
campaign that the entry records (:mod:`tui.store.patch`): the save is a checkpoint, and the
patches of the entries after it bring it up to date when the campaign is opened again.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime, time
from typing import Any, BinaryIO

from tui.session.campaign.log import LogEntry, entry_to_doc

__all__ = [
    "ENTRY_LIMIT",
    "Block",
    "WrittenTable",
    "append_blocks",
    "block_bytes",
    "block_table",
    "fitted_blocks",
    "format_entry",
    "toml_inline",
    "toml_value",
]

#: The most bytes one ``[[log]]`` block may hold. The app's biggest entries are an end of
#: adventure's (200 characters' 2,600 rows: 0.7 MB); the store never writes a bigger one
#: (:meth:`tui.store.store.Store.record` checkpoints instead), and a reader refuses one
#: before reading it, so a damaged or hostile log is never read unbounded.
ENTRY_LIMIT = 8 << 20

#: a log entry and the patch of the campaign it carries (none: it changed nothing)
Block = tuple[LogEntry, Mapping[str, Any] | None]

_ORDER = (
    "seq",
    "time",
    "kind",
    "secret",
    "hidden",
    "adventure",
    "scene",
    "actor",
    "grade",
    "odds",
    "undoes",
    "inputs",
    "effects",
    "patch",
)
_BARE = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: dict[int, str] = {i: f"\\u{i:04x}" for i in [*range(0x20), 0x7F]}
_ESCAPES.update(
    {ord('"'): '\\"', ord("\\"): "\\\\", 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r"}
)
_ESCAPES.update({i: "\ufffd" for i in range(0xD800, 0xE000)})  # lone surrogates


def _escaped(text: str) -> str:
    """``text`` with what TOML escapes escaped; a printable text without quotes or
    backslashes (nearly every name and sentence of a log) is itself, found by three scans
    in C rather than a look-up per character (a big entry holds 15,000 strings)."""
    if text.isprintable() and '"' not in text and "\\" not in text:
        return text
    return text.translate(_ESCAPES)


def _string(text: str) -> str:
    return '"' + _escaped(text) + '"'


class WrittenTable(dict[str, Any]):
    """A table whose inline TOML was made already (``text``): the store makes the patch of
    a change the GM is about to make while they read the screen, and its append then only
    writes it. Never changed once made."""

    def __init__(self, table: dict[str, Any]) -> None:
        super().__init__(table)
        self.text = toml_inline(table)


def toml_inline(value: Any) -> str:
    """``value`` as a one-line TOML value (inline tables; unknown types become strings)."""
    kind = type(value)  # the common exact types first: a patch may hold thousands of tables
    if kind is WrittenTable:
        return value.text  # type: ignore[no-any-return]
    if kind is str:
        return _string(value)
    if kind is int:
        return str(value)
    if kind is dict:
        items = []
        for k, v in value.items():
            of = type(v)
            if of is str:
                items.append(f'{_key(k)} = "{_escaped(v)}"')
            elif of is int:
                items.append(f"{_key(k)} = {v}")
            elif v is not None:
                items.append(f"{_key(k)} = {toml_inline(v)}")
        return "{ " + ", ".join(items) + " }" if items else "{}"
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
        items = [f"{_key(k)} = {toml_inline(v)}" for k, v in value.items() if v is not None]
        return "{ " + ", ".join(items) + " }" if items else "{}"
    if isinstance(value, (list, tuple)):
        if len(value) < _LONG:
            return _array(value)
        hit = _LONG_MADE.get(id(value))
        if hit is not None and hit[0] is value and hit[1] == len(value):
            return hit[2]
        text = _array(value)
        _LONG_MADE[id(value)] = (value, len(value), text)
        if len(_LONG_MADE) > 8:
            del _LONG_MADE[next(iter(_LONG_MADE))]
        return text
    return _string(str(value))


def _array(value: list[Any] | tuple[Any, ...]) -> str:
    return "[" + ", ".join('""' if v is None else toml_inline(v) for v in value) + "]"


#: Arrays this long are remembered with their text, by identity, the newest eight. Patches
#: share their documents with the campaign states (:class:`tui.store.patch.DocCache`), which
#: are never changed in place: the 2,600 experience rolls an end of adventure's screen kept
#: with the roll of them all are, unchanged, the way back of the entry that applies it, and
#: were written out twice (a third of that entry's time).
_LONG = 256
_LONG_MADE: dict[int, tuple[object, int, str]] = {}


_KEYS: dict[str, str] = {}  # keys written so far, as written (a patch repeats a few)


def _key(key: object) -> str:
    key = str(key)
    found = _KEYS.get(key)
    if found is None:
        found = key if _BARE.fullmatch(key) else _string(key)
        if len(_KEYS) < 4096:
            _KEYS[key] = found
    return found


class Unmirrored(Exception):
    """A value whose TOML reading :func:`toml_value` does not work out (read the file)."""


_SURROGATES = re.compile("[\ud800-\udfff]")


def _read_string(text: str) -> str:
    if text.isascii():  # constant time: most keys and values are ASCII
        return text
    return _SURROGATES.sub("\ufffd", text) if _SURROGATES.search(text) else text


def toml_value(value: Any) -> Any:
    """What TOML reads back from :func:`toml_inline` of ``value``, worked out without
    writing and parsing it (the writer knows its new log blocks: :mod:`tui.store.logcache`).
    Raises :class:`Unmirrored` for what is not plain data (dates, NaN, other types, keys
    that collide as strings): the caller parses the file instead."""
    kind = type(value)
    if kind is str:
        return _read_string(value)
    if kind is int or kind is bool:
        return value
    if kind is dict or isinstance(value, Mapping):
        out = {}
        for k, v in value.items():  # a patch holds thousands of small tables: their plain
            if v is None:  # values are read here, without a call each
                continue
            key = k if type(k) is str and k.isascii() else _read_string(str(k))
            if key in out:
                raise Unmirrored(key)
            of = type(v)
            if of is str:
                out[key] = v if v.isascii() else _read_string(v)
            elif of is int or of is bool:
                out[key] = v
            else:
                out[key] = toml_value(v)
        return out
    if kind is list or kind is tuple:
        return ["" if v is None else toml_value(v) for v in value]
    if kind is float and math.isfinite(value):
        return value
    raise Unmirrored(kind.__name__)


def block_table(entry: LogEntry, patch: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table TOML reads from :func:`format_entry` of ``entry`` (:class:`Unmirrored`)."""
    doc = entry_to_doc(entry)
    if patch:
        doc["patch"] = patch
    out = {}
    for k, v in doc.items():
        key = _read_string(str(k))
        if key in out:
            raise Unmirrored(key)
        out[key] = toml_value(v) if v is not None else "None"
    return out


def format_entry(entry: LogEntry, patch: Mapping[str, Any] | None = None) -> str:
    """The ``[[log]]`` block for ``entry`` (and its campaign ``patch``), ending in an empty line."""
    doc = entry_to_doc(entry)
    if patch:
        doc["patch"] = patch
    keys = sorted(
        (k for k in doc if k != "text"),
        key=lambda k: _ORDER.index(k) if k in _ORDER else len(_ORDER),
    )
    lines = ["[[log]]", *(f"{_key(k)} = {toml_inline(doc[k])}" for k in keys)]
    lines.append(f"text = {toml_inline(doc['text'])}")
    return "\n".join(lines) + "\n\n"


def block_bytes(blocks: Iterable[Block], *, newline: bool) -> bytes:
    """The bytes that append ``blocks`` to a log (after a newline if it lacks its last one)."""
    return (("" if newline else "\n") + "".join(format_entry(e, p) for e, p in blocks)).encode(
        "utf-8"
    )


def append_blocks(f: BinaryIO, entries: Iterable[LogEntry], *, newline: bool) -> int:
    """Write the blocks for ``entries`` (no patches) to ``f``; return the bytes written."""
    raw = block_bytes(((e, None) for e in entries), newline=newline)
    f.write(raw)
    return len(raw)


def _cut(entry: LogEntry) -> LogEntry:
    """``entry`` with its text and effects cut short, and without the structured facts and
    dice that repeat them, so that its block fits the log (a sixteenth of the limit for the
    text, a hundred effects of a two-thousandth each: within it even if every character
    took a six-byte escape); who, where and how secret stay."""

    def short(text: str, most: int) -> str:
        return text if len(text) <= most else text[:most] + "…"

    return replace(
        entry,
        text=short(entry.text, ENTRY_LIMIT // 16),
        effects=tuple(short(e, ENTRY_LIMIT // 2048) for e in entry.effects[:100]),
        msg=None,
        effect_msgs=(),
        inputs={},
    )


def fitted_blocks(blocks: Sequence[Block]) -> tuple[list[Block], bool]:
    """``blocks`` each within :data:`ENTRY_LIMIT` (a reader refuses a bigger one), and whether
    a patch had to go for that: a block too big loses its patch (its writer must then put the
    change into the save) and, if it is still too big, its text is cut (a paste of megabytes
    into a note)."""
    fitted: list[Block] = []
    dropped = False
    for entry, patch in blocks:
        if len(format_entry(entry, patch).encode("utf-8")) <= ENTRY_LIMIT:
            fitted.append((entry, patch))
            continue
        dropped = dropped or patch is not None
        if len(format_entry(entry).encode("utf-8")) > ENTRY_LIMIT:
            entry = _cut(entry)
        fitted.append((entry, None))
    return fitted, dropped
