"""Reading a file that must be a regular file of bounded size, without ever waiting on it.

A FIFO, a device or a socket named like a save, a cache or the config would make a plain
``open`` wait forever (a FIFO blocks until a writer comes) or read without end; a damaged or
hostile file could be any size. Every file Tablekeeper reads whole goes through
:func:`read_regular`: opened non-blocking, refused unless it is a regular file, and refused
past its limit before a byte of it is read. The opening itself is :mod:`tui.base.regular`
(the one opener, which the session's readers use too); this module says its refusals in the
GM's language, and reads JSON with its nesting bounded.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from typing import Any

from tui.base import regular
from tui.language import _
from tui.store.nesting import MAX_DEPTH, deep_json

__all__ = [
    "CACHE_LIMIT",
    "SAVE_LIMIT",
    "TEXT_LIMIT",
    "open_regular",
    "read_all",
    "read_json",
    "read_regular",
    "too_big",
    "why_not_regular",
]

SAVE_LIMIT = 256 << 20  #: a save (the big bench campaign is 1.7 MB)
CACHE_LIMIT = 512 << 20  #: a parse cache beside a save or a log
TEXT_LIMIT = 16 << 20  #: the config, the entry history, a catalog entry


def open_regular(path: str | os.PathLike[str], *, follow: bool = True) -> int:
    """A descriptor of ``path`` for reading, opened without waiting; ``OSError`` (its
    ``strerror`` in the GM's language) unless it is a regular file."""
    try:
        return regular.open_regular(path, follow=follow)
    except regular.NotRegularFile as exc:
        raise _said(exc) from None


def read_regular(path: str | os.PathLike[str], *, limit: int, follow: bool = True) -> bytes:
    """The bytes of ``path``; ``OSError`` (its ``strerror`` in the GM's language) when it is
    no regular file or holds more than ``limit`` bytes."""
    try:
        return regular.read_bounded(path, limit=limit, follow=follow)
    except (regular.NotRegularFile, regular.TooBig) as exc:
        raise _said(exc) from None


def why_not_regular(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is no regular file to read, in the GM's language — it is missing, a
    folder, a FIFO, a device, a loop of symbolic links — or ``None`` when it is one. A
    ``stat`` only: nothing is opened, so nothing waits."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return _("no such file")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return _("is a loop of symbolic links")
        return _("cannot read: {why}").format(why=exc.strerror or exc)
    if stat.S_ISREG(st.st_mode):
        return None
    if stat.S_ISDIR(st.st_mode):
        return _("is a folder")
    if stat.S_ISFIFO(st.st_mode):
        return _("is a FIFO (a named pipe), not a file")
    return _("is not a regular file")


def read_json(
    path: str | os.PathLike[str], *, limit: int, depth: int = MAX_DEPTH, follow: bool = True
) -> Any:
    """The JSON document in ``path``, read as :func:`read_regular` reads; ``ValueError`` when
    it is no UTF-8 JSON or nests deeper than ``depth`` (checked before the parser, whose
    recursion ``[[[[…`` would exhaust)."""
    text = read_regular(path, limit=limit, follow=follow).decode("utf-8")
    if deep_json(text, depth):
        raise ValueError(f"{path}: nested deeper than {depth}")
    return json.loads(text)


def read_all(fd: int, size: int, limit: int, path: str | os.PathLike[str]) -> bytes:
    """:func:`tui.base.regular.read_all`, its refusal in the GM's language."""
    try:
        return regular.read_all(fd, size, limit, path)
    except regular.TooBig as exc:
        raise _said(exc) from None


def _said(exc: OSError) -> OSError:
    """The refusal ``exc`` of :mod:`tui.base.regular`, said in the GM's language."""
    path = exc.filename
    if isinstance(exc, regular.TooBig):
        return OSError(errno.EFBIG, too_big(exc.size, exc.limit), path)
    if isinstance(exc, regular.NotRegularFile) and exc.folder:
        return IsADirectoryError(errno.EISDIR, _("is a folder"), path)
    return OSError(errno.EINVAL, _("is not a regular file"), path)


def too_big(size: int, limit: int) -> str:
    """The refusal of ``size`` bytes where ``limit`` is the most read."""
    return _("is {size} MB; at most {limit} MB is read").format(
        size=f"{float(size / (1 << 20)):,.1f}", limit=f"{limit >> 20:,}"
    )
