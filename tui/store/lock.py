"""One writer per save: an exclusive ``flock`` on ``NAME.toml.lock`` held for the Store's life.

The kernel drops the lock when the descriptor closes, also when the process is killed, so a
crash never leaves a stale lock behind. The lock file itself is never deleted (deleting it
would let two processes lock two different files of the same name).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path

from tui.store.errors import LockedError, WriteError
from tui.store.paths import lock_path

__all__ = ["acquire", "release"]


def acquire(path: str | os.PathLike[str]) -> int:
    """Lock the save at ``path`` for writing; return the descriptor that holds the lock."""
    lock = lock_path(path)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise WriteError(path, f"cannot create the lock file {lock.name}: "
                         f"{exc.strerror or exc}; open the campaign read-only") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        who = f" (process {holder})" if holder else ""
        raise LockedError(path, f"already open in another Tablekeeper{who}; "
                          "it can be opened read-only") from None
    with contextlib.suppress(OSError):  # the pid is only a courtesy for the message
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _holder(fd: int) -> str:
    try:
        return os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""


def release(fd: int) -> None:
    """Give the lock up (closing the descriptor releases it)."""
    with contextlib.suppress(OSError):
        os.close(fd)


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether another process holds the writer's lock on ``path`` right now."""
    lock = Path(lock_path(path))
    if not lock.exists():
        return False
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False
