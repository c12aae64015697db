"""The config's ``language`` and ``saves`` at a glance, for the command line's first words.

``tablekeeper --help`` (and every usage error) needs two keys of ``config.toml``: the
language to speak and the saves folder to name. The config module (:mod:`tui.app.config`)
checks every key with messages for each problem, and brings :mod:`dataclasses`,
:mod:`tomllib` (with :mod:`typing` and :mod:`datetime`) and the store's readers: more than
half of a ``--help``. So :func:`glance` reads the file itself, opened without waiting
(:func:`tui.base.regular.read_bounded`, the config's 16 MB limit), and takes the values as
:func:`tui.app.config.load_config` would:

- a file of plain lines — blank, ``# comments``, ``[table]`` headers, ``key = "text"`` or
  ``key = 'text'`` with bare or quoted keys, no key twice — is read line by line, exactly
  as TOML reads it (every config the README shows is one);
- anything else (numbers, arrays, escapes, multi-line strings, dotted keys…) goes to
  :mod:`tomllib`, so the answer is always TOML's own.

A file that cannot be read or is no valid TOML gives neither (the app reports it; ``tablekeeper
config check`` says where); a ``language`` without a catalog or a ``saves`` that is no folder
path is ``None`` as well. Never raises.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = ["Glance", "glance"]

#: ``language`` (a language with a catalog, or None) and ``saves`` (absolute, or None)
Glance = tuple[str | None, Path | None]

_LIMIT = 16 << 20  # the config's own (``tui.store.regular.TEXT_LIMIT``)
_KEY = r'(?:[A-Za-z0-9_-]+|"[^"\\]*")'
_VALUE = r'(?:"(?P<basic>[^"\\]*)"|\'(?P<literal>[^\']*)\')'
_PAIR = re.compile(rf"[ \t]*(?P<key>{_KEY})[ \t]*=[ \t]*{_VALUE}[ \t]*(?:#.*)?")
_TABLE = re.compile(rf"[ \t]*\[[ \t]*(?P<name>{_KEY})[ \t]*\][ \t]*(?:#.*)?")
_BLANK = re.compile(r"[ \t]*(?:#.*)?")
#: what TOML allows nowhere outside multi-line strings: control characters but the tab
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _plain(text: str) -> dict[str, str] | None:
    """The top-level string keys of a file of plain lines, or None when it is not one."""
    top: dict[str, str] = {}
    tables: set[str] = set()
    keys: set[str] = set()  # the current table's
    table: str | None = None
    for line in text.replace("\r\n", "\n").split("\n"):  # a lone \r is a control
        if _CONTROL.search(line):
            return None
        if _BLANK.fullmatch(line):
            continue
        if found := _TABLE.fullmatch(line):
            table = found["name"].strip('"')
            if table in tables or table in top:
                return None  # TOML refuses a table twice or over a key
            tables.add(table)
            keys = set()
            continue
        found = _PAIR.fullmatch(line)
        if found is None:
            return None
        key = found["key"].strip('"')
        if key in keys or (table is None and key in tables):
            return None
        keys.add(key)
        if table is None:
            value = found["basic"] if found["basic"] is not None else found["literal"]
            top[key] = value
    return top


def _read(path: Path) -> dict[str, object] | None:
    from tui.base.regular import read_bounded

    try:
        text = read_bounded(path, limit=_LIMIT).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    plain = _plain(text)
    if plain is not None:
        return dict(plain)
    import tomllib

    try:
        return tomllib.loads(text)
    except Exception:  # any TOML error, an over-long number, too deep a nesting
        return None


def glance(path: Path) -> Glance:
    """The ``language`` and ``saves`` of the config file ``path`` (each None when unset,
    unusable, or the file is missing or broken). Read anew each time (a small file; the
    same process may run the command line again after the GM changed it)."""
    language: str | None = None
    saves: Path | None = None
    doc = _read(path) if os.path.lexists(path) else None
    if doc is not None:
        from tui import language as i18n

        value = doc.get("language")
        if isinstance(value, str) and value in i18n.languages():
            language = value
        value = doc.get("saves")
        if isinstance(value, str) and value.strip():
            try:
                saves = Path(value).expanduser()
            except RuntimeError:  # ~nobody: the config module refuses it too
                saves = None
            if saves is not None and not saves.is_absolute():
                saves = path.parent / saves
    return language, saves
