"""Reading a file that must be a regular file of bounded size, without ever waiting on it.

A FIFO, a device or a socket named like a save, a cache or the config would make a plain
``open`` wait forever (a FIFO blocks until a writer comes) or read without end; a damaged or
hostile file could be any size. Every file Tablekeeper reads whole goes through
:func:`read_regular`: opened non-blocking, refused unless it is a regular file, and refused
past its limit before a byte of it is read.
"""

from __future__ import annotations

import errno
import os
import stat

from tui.language import _

__all__ = [
    "CACHE_LIMIT",
    "SAVE_LIMIT",
    "TEXT_LIMIT",
    "open_regular",
    "read_all",
    "read_regular",
    "too_big",
]

SAVE_LIMIT = 256 << 20  #: a save (the big bench campaign is 1.7 MB)
CACHE_LIMIT = 512 << 20  #: a parse cache beside a save or a log
TEXT_LIMIT = 16 << 20  #: the config, the entry history, a catalog entry


def open_regular(path: str | os.PathLike[str], *, follow: bool = True) -> int:
    """A descriptor of ``path`` for reading, opened without waiting; ``OSError`` (its
    ``strerror`` in the GM's language) unless it is a regular file."""
    flags = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW)
    fd = os.open(path, flags)
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return fd
    os.close(fd)
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, _("is a folder"), str(path))
    raise OSError(errno.EINVAL, _("is not a regular file"), str(path))


def read_regular(path: str | os.PathLike[str], *, limit: int, follow: bool = True) -> bytes:
    """The bytes of ``path``; ``OSError`` (its ``strerror`` in the GM's language) when it is
    no regular file or holds more than ``limit`` bytes."""
    fd = open_regular(path, follow=follow)
    try:
        st = os.fstat(fd)
        if st.st_size > limit:
            raise OSError(errno.EFBIG, too_big(st.st_size, limit), str(path))
        return read_all(fd, st.st_size, limit, path)
    finally:
        os.close(fd)


def read_all(fd: int, size: int, limit: int, path: str | os.PathLike[str]) -> bytes:
    """The bytes of the regular file open as ``fd`` from its start, ``size`` of them as its
    stat said: read in one call, so a big file is held once, not as chunks and their join
    (``OSError`` past ``limit`` if it grew meanwhile)."""
    chunks, have, want = [], 0, size + 1  # one more: the end is seen in the same call
    while chunk := os.pread(fd, min(want, limit + 1 - have), have):
        chunks.append(chunk)
        have += len(chunk)
        if have > limit:  # it grew while being read
            raise OSError(errno.EFBIG, too_big(have, limit), str(path))
        want = 1 << 20
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def too_big(size: int, limit: int) -> str:
    """The refusal of ``size`` bytes where ``limit`` is the most read."""
    return _("is {size} MB; at most {limit} MB is read").format(
        size=f"{size / (1 << 20):,.1f}", limit=f"{limit >> 20:,}"
    )
