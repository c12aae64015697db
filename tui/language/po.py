"""A gettext ``.po`` catalog read into the standard library's :class:`gettext.GNUTranslations`.

The app reads the translators' own file rather than a compiled ``.mo``: a ``.mo`` would be a
second copy of each catalog, in git or built at install time, that goes stale the moment a
translator saves the ``.po`` (Poedit, Weblate and ``pybabel update`` all write the ``.po``).
So :func:`read` parses the text (entries, contexts, plural forms; fuzzy and obsolete entries
left out, as ``msgfmt`` does) and :func:`translations` encodes the entries as the bytes of a
``.mo`` in memory for :class:`gettext.GNUTranslations`, which does the lookups and takes the
plural rule from the catalog's ``Plural-Forms`` header (the app keeps those bytes in its
per-user cache, :mod:`tui.language.compiled`, a copy made from the ``.po`` and remade when it
changes, so a start does not parse it again). A malformed entry is skipped and
named in :attr:`Catalog.problems` (the catalog test fails on any): a translator's slip never
stops the app.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

__all__ = ["Catalog", "Entry", "header_fields", "mo_bytes", "parse", "read", "translations"]


@dataclass(frozen=True)
class Entry:
    """One translated message: ``strings`` holds the one translation, or the plural forms."""

    msgid: str
    strings: tuple[str, ...]
    context: str | None = None
    plural: str | None = None
    fuzzy: bool = False
    line: int = 0


@dataclass(frozen=True)
class Catalog:
    header: str
    entries: tuple[Entry, ...]
    problems: tuple[str, ...] = ()
    #: entries marked obsolete (``#~``): kept by some tools, never used
    obsolete: int = 0
    headers: Mapping[str, str] = field(default_factory=dict)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
_ESCAPES |= {"f": "\f", "v": "\v"}


def _unquote(text: str) -> str:
    """The value of one quoted ``.po`` string (``"a\\nb"``); ValueError if it is not one."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError("expected a quoted string")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        ch = body[i]
        if ch == '"':
            raise ValueError('a bare " inside a string (write \\")')
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
            raise ValueError(f"unknown escape \\{body[i + 1 : i + 2]}")
        out.append(_ESCAPES[body[i + 1]])
        i += 2
    return "".join(out)


_KEYWORDS = ("msgctxt", "msgid_plural", "msgid", "msgstr")


class _Builder:
    """The entry being read: its keywords' values, its flags, where it started."""

    def __init__(self) -> None:
        self.fields: dict[str, str] = {}
        self.forms: dict[int, str] = {}
        self.flags: set[str] = set()
        self.line = 0
        self.last: tuple[str, int] | None = None

    def empty(self) -> bool:
        return not self.fields and not self.forms


def parse(text: str, where: str = "<po>") -> Catalog:
    """A catalog from the text of a ``.po`` file."""
    entries: list[Entry] = []
    problems: list[str] = []
    header = ""
    obsolete = 0
    cur = _Builder()

    def finish() -> None:
        nonlocal cur, header
        done, cur = cur, _Builder()
        if done.empty():
            return
        if "msgid" not in done.fields:
            problems.append(f"{where}:{done.line}: an entry without msgid")
            return
        msgid, context = done.fields["msgid"], done.fields.get("msgctxt")
        plural = done.fields.get("msgid_plural")
        if plural is None:
            if "msgstr" not in done.fields or done.forms:
                problems.append(f"{where}:{done.line}: {msgid!r}: expected one msgstr")
                return
            strings: tuple[str, ...] = (done.fields["msgstr"],)
        else:
            if "msgstr" in done.fields or sorted(done.forms) != list(range(len(done.forms))):
                problems.append(f"{where}:{done.line}: {msgid!r}: expected msgstr[0], [1], …")
                return
            strings = tuple(done.forms[i] for i in range(len(done.forms)))
        if msgid == "" and context is None:
            header = strings[0]
            return
        entry = Entry(msgid, strings, context, plural, "fuzzy" in done.flags, done.line)
        entries.append(entry)

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#~"):
            if line[2:].lstrip().startswith("msgid "):
                obsolete += 1
            continue
        if line.startswith("#"):
            if not cur.empty():
                finish()
            if line.startswith("#,"):
                cur.flags |= {f.strip() for f in line[2:].split(",")}
            continue
        try:
            if line.startswith('"'):
                if cur.last is None:
                    raise ValueError("a string continues no keyword")
                key, index = cur.last
                if key == "msgstr" and index >= 0:
                    cur.forms[index] += _unquote(line)
                else:
                    cur.fields[key] += _unquote(line)
                continue
            word, _space, rest = line.partition(" ")
            index = -1
            if word.startswith("msgstr[") and word.endswith("]"):
                index = int(word[7:-1])
                word = "msgstr"
            if word not in _KEYWORDS:
                raise ValueError(f"unknown keyword {word!r}")
            if word in ("msgctxt", "msgid") and ("msgstr" in cur.fields or cur.forms):
                finish()  # a new entry right after the last one's msgstr
            if not cur.fields and not cur.forms:
                cur.line = number
            value = _unquote(rest.strip())
            if index >= 0:
                cur.forms[index] = value
            else:
                if word in cur.fields:
                    raise ValueError(f"{word} twice in one entry")
                cur.fields[word] = value
            cur.last = (word, index)
        except ValueError as exc:
            problems.append(f"{where}:{number}: {exc}")
            cur = _Builder()  # the broken entry is dropped, the next blank line starts anew
    finish()
    return Catalog(header, tuple(entries), tuple(problems), obsolete, header_fields(header))


def header_fields(header: str) -> dict[str, str]:
    """The ``Name: value`` lines of a catalog's header (names as written)."""
    found = {}
    for line in header.splitlines():
        name, colon, value = line.partition(":")
        if colon:
            found[name.strip()] = value.strip()
    return found


def read(path: str) -> Catalog:
    """The catalog in the file ``path`` (UTF-8, as every catalog of the app is)."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path)


def _key(entry: Entry) -> str:
    key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
    return key if entry.context is None else f"{entry.context}\x04{key}"


def mo_bytes(header: str, entries: Iterable[Entry]) -> bytes:
    """The entries (fuzzy ones left out, an untranslated one too) as a ``.mo`` file."""
    pairs = {"": header}
    for entry in entries:
        if not entry.fuzzy and all(entry.strings):
            pairs[_key(entry)] = "\0".join(entry.strings)
    keys = sorted(pairs, key=lambda k: k.encode())
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    count = len(keys)
    start = 7 * 4 + 16 * count
    table: list[int] = []
    blob = io.BytesIO()
    for data in (*ids, *strs):
        table += [len(data), start + blob.tell()]
        blob.write(data + b"\0")
    head = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    return head + struct.pack(f"<{len(table)}I", *table) + blob.getvalue()


def translations(header: str, entries: Iterable[Entry]) -> gettext.GNUTranslations:
    """The standard library's translations over the entries (lookups, contexts, plurals)."""
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(header, entries)))
