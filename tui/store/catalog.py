"""What the campaign picker shows of each save: name, system, adventure, or why it is broken.

:func:`summarize` reads only the top-level part of a save — the lines before the first table
header (``[…]`` / ``[[…]]``) — with :mod:`tomllib`, so a big save costs no more than a small
one and a quoted name shows as the GM wrote it (``"Tom \\"Axe\\""`` → ``Tom "Axe"``). When
that part alone does not parse (a multi-line value that runs past a header-like line) the
whole file is parsed to tell a quirk from a broken file. :func:`check` then validates a save
completely (the picker runs it in a worker, after the list is on screen) so a save broken
further down is marked too. Imports no Textual.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from tui.base.textsafe import visible
from tui.language import _, tr
from tui.store import tomlread
from tui.store.regular import SAVE_LIMIT, open_regular, read_regular

__all__ = ["SaveSummary", "check", "copy_name", "plain", "summarize"]

_HEADER = re.compile(rb"^\s*\[")
_HEAD_LIMIT = 64 * 1024
_NAME_LIMIT = 120


@dataclass(frozen=True)
class SaveSummary:
    """One picker row; ``problem`` is empty for a good save, else why it cannot open."""

    path: Path
    name: str
    system: str = ""
    system_name: str = ""
    adventure: int | None = None
    problem: str = ""

    @property
    def details(self) -> str:
        """``Basic Roleplaying · adventure 2`` (what is known of it)."""
        bits = [tr(self.system_name) or self.system or _("unknown system")]
        if self.adventure is not None:
            bits.append(_("adventure {n}").format(n=self.adventure))
        return " · ".join(bits)


def plain(text: str, limit: int = _NAME_LIMIT) -> str:
    """``text`` safe to show (see :mod:`tui.base.textsafe`), cut to ``limit`` characters."""
    cleaned = visible(text)
    return cleaned if len(cleaned) <= limit else cleaned[: limit - 1] + "…"


def summarize(path: Path) -> SaveSummary:
    """Name, system and adventure from the top of ``path``; a problem if it is unreadable."""
    fallback = plain(path.stem)
    try:
        head = _head(path)
    except OSError as exc:
        return SaveSummary(
            path, fallback, problem=_("cannot read: {why}").format(why=exc.strerror or exc)
        )
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return SaveSummary(path, fallback, problem=check(path) or _("not valid UTF-8 text"))
    try:
        doc = tomlread.loads(text)
    except tomllib.TOMLDecodeError:
        try:  # a multi-line value may run past a line that looks like a header
            doc = tomlread.loads(read_regular(path, limit=SAVE_LIMIT).decode("utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return SaveSummary(path, fallback, problem=check(path) or _("cannot be read"))
    return _from_doc(path, doc, fallback)


def _head(path: Path) -> bytes:
    """The bytes before the first table header (at most :data:`_HEAD_LIMIT`)."""
    lines: list[bytes] = []
    size = 0
    with os.fdopen(open_regular(path), "rb") as f:  # a FIFO is refused, never waited on
        for line in f:
            if _HEADER.match(line) or size > _HEAD_LIMIT:
                break
            lines.append(line)
            size += len(line)
    return b"".join(lines)


def _from_doc(path: Path, doc: dict[str, object], fallback: str) -> SaveSummary:
    from tui.session.systems import registry

    name, system, adventure = doc.get("name"), doc.get("system"), doc.get("adventure")
    shown = plain(name) if isinstance(name, str) and name.strip() else fallback
    if not isinstance(system, str) or system not in registry.system_keys():
        problem = (
            _("system: no such system {name!r}").format(name=plain(system, 30))
            if isinstance(system, str)
            else _("system: missing")
        )
        return SaveSummary(path, shown, problem=problem)
    if not isinstance(adventure, int) or isinstance(adventure, bool):
        adventure = None
    return SaveSummary(path, shown, system, registry.info(system).name, adventure)


def check(path: Path) -> str:
    """Why the save at ``path`` would not open (``line 3, column 10: …``); ``""`` if it would."""
    from tui.store import SaveError, read_campaign

    try:
        read_campaign(path)
    except SaveError as exc:
        if exc.line is not None:
            return plain(
                _("line {line}, column {column}: {message}").format(
                    line=exc.line, column=exc.column or 1, message=exc.message
                ),
                200,
            )
        if exc.key_path:
            return plain(f"{exc.key_path}: {exc.message}", 200)
        return plain(exc.message, 200)
    return ""


def copy_name(base: str, taken: Collection[str]) -> str:
    """``base (copy)``, else ``base (copy 2)``, ``(copy 3)`` …: a name no campaign has yet,
    in the GM's language («base (копия)»): it becomes the new campaign's name."""
    used = {name.casefold() for name in taken}
    candidate, n = _("{base} (copy)").format(base=base), 1
    while candidate.casefold() in used:
        n += 1
        candidate = _("{base} (copy {n})").format(base=base, n=n)
    return candidate
