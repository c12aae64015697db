"""Opening a file that must be a regular file, without ever waiting on it (no Textual, no
messages: the layers above say the refusal in the GM's language).

A FIFO named like a save, a sheet, a links file or an answer makes a plain ``open`` wait
until a writer comes — for ever — and a device or socket reads without end. Every reader of
Tablekeeper opens through :func:`open_regular`: ``O_NONBLOCK`` (an open that cannot wait),
then ``fstat`` on the descriptor itself (no race with a rename), then
:class:`NotRegularFile` unless it is a regular file. :func:`read_bounded` then reads it
whole, refusing past a limit (:class:`TooBig`) before a byte is read.
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = ["NotRegularFile", "TooBig", "open_regular", "read_all", "read_bounded"]


class NotRegularFile(OSError):
    """The path is a folder, a FIFO, a device or a socket (``errno``: ``EISDIR`` for a
    folder, ``EINVAL`` for the others)."""

    @property
    def folder(self) -> bool:
        return self.errno == errno.EISDIR


class TooBig(OSError):
    """The file holds more than the reader takes."""

    def __init__(self, size: int, limit: int, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EFBIG, f"{size} bytes, at most {limit}", str(path))
        self.size, self.limit = size, limit


def open_regular(path: str | os.PathLike[str], *, follow: bool = True) -> int:
    """A descriptor of ``path`` for reading, opened without waiting; :class:`NotRegularFile`
    unless it is a regular file (``follow=False``: a symbolic link is refused too)."""
    flags = os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK | (0 if follow else os.O_NOFOLLOW)
    fd = os.open(path, flags)
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return fd
    os.close(fd)
    if stat.S_ISDIR(mode):
        raise NotRegularFile(errno.EISDIR, "is a folder", str(path))
    raise NotRegularFile(errno.EINVAL, "is not a regular file", str(path))


def read_bounded(path: str | os.PathLike[str], *, limit: int, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``; :class:`NotRegularFile`, or :class:`TooBig`
    when it holds more than ``limit`` bytes (other ``OSError`` as ``open`` raises them)."""
    fd = open_regular(path, follow=follow)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise TooBig(size, limit, path)
        return read_all(fd, size, limit, path)
    finally:
        os.close(fd)


def read_all(fd: int, size: int, limit: int, path: str | os.PathLike[str]) -> bytes:
    """The bytes of the regular file open as ``fd`` from its start, ``size`` of them as its
    stat said: read in one call, so a big file is held once, not as chunks and their join
    (:class:`TooBig` past ``limit`` if it grew meanwhile)."""
    chunks, have, want = [], 0, size + 1  # one more: the end is seen in the same call
    while chunk := os.pread(fd, min(want, limit + 1 - have), have):
        chunks.append(chunk)
        have += len(chunk)
        if have > limit:  # it grew while being read
            raise TooBig(have, limit, path)
        want = 1 << 20
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)
