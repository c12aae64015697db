"""One writer per campaign, whatever the path: an exclusive ``flock`` on the save file itself.

The lock is taken on the save's inode, not on a file beside it, so a symlink, a hard link, a
relative path or a renamed save all reach the same lock, and deleting or replacing
``NAME.toml.lock`` cannot let a second writer in. Writing a save replaces its inode (atomic
rename), so the writer locks the new file *before* renaming it into place, and an opener
checks after locking that the inode it locked is still the one the path names (else it
retries). The writer also keeps the inode it first opened locked for its whole life, so a
hard link to the original file stays locked too.

``NAME.toml.lock`` remains as a courtesy for people: it holds the writer's process id while
a writer has the campaign open and is removed on a clean quit. It is opened without
following symlinks and never truncated through one. The kernel drops every lock when the
process dies, so a crash never leaves a stale lock, whatever the lock file says.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import stat
from pathlib import Path

from tui.language import _
from tui.store.errors import LockedError, WriteError
from tui.store.paths import lock_path

__all__ = [
    "acquire",
    "holder",
    "is_locked",
    "lock_fd",
    "release",
    "remove_pid_file",
    "write_pid_file",
]

_ATTEMPTS = 5
_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC


def lock_fd(fd: int) -> bool:
    """Try to lock the open file ``fd`` exclusively; ``False`` if another process holds it."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def acquire(path: str | os.PathLike[str]) -> int:
    """Lock the save at ``path`` (a resolved path) for writing; return the locked descriptor.

    The descriptor is open on the save itself, read-only: reading the campaign through it
    reads exactly the locked file.
    """
    p = Path(path)
    for _attempt in range(_ATTEMPTS):
        try:
            fd = os.open(p, os.O_RDONLY | _NOFOLLOW)
        except OSError as exc:
            raise WriteError(p, _("cannot open: {why}").format(why=exc.strerror or exc)) from None
        try:
            locked = lock_fd(fd)
        except OSError as exc:
            os.close(fd)
            raise WriteError(
                p,
                _("cannot lock: {why}; open the campaign read-only").format(
                    why=exc.strerror or exc
                ),
            ) from None
        if not locked:
            os.close(fd)
            who = holder(p)
            raise LockedError(
                p,
                _(
                    "already open in another Tablekeeper (process {who}); it can "
                    "be opened read-only"
                ).format(who=who)
                if who
                else _("already open in another Tablekeeper; it can be opened read-only"),
            )
        try:
            now = os.stat(p, follow_symlinks=False)
        except OSError:
            now = None
        mine = os.fstat(fd)
        if now is not None and (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino):
            return fd
        os.close(fd)  # the file was replaced between open and lock: try the new one
    raise LockedError(p, _("keeps being replaced by another program; try again"))


def release(fd: int) -> None:
    """Give a lock up (closing the descriptor releases it)."""
    with contextlib.suppress(OSError):
        os.close(fd)


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether another process holds the writer's lock on the save at ``path`` right now."""
    try:
        fd = os.open(os.path.realpath(path), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if not lock_fd(fd):
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except OSError:
        return False
    finally:
        os.close(fd)


def write_pid_file(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """Write this process's id to ``NAME.toml.lock``; its (device, inode), or ``None``.

    Never follows a symlink and never truncates a file that is not a regular file of ours.
    """
    lock = lock_path(path)
    with contextlib.suppress(OSError):
        with contextlib.suppress(FileNotFoundError):
            st = os.stat(lock, follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
                return None
        fd = os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | _NOFOLLOW, 0o644)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
                return None
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            return st.st_dev, st.st_ino
        finally:
            os.close(fd)
    return None


def remove_pid_file(path: str | os.PathLike[str], ident: tuple[int, int] | None) -> None:
    """Remove ``NAME.toml.lock`` if it is still the file :func:`write_pid_file` wrote."""
    if ident is None:
        return
    lock = lock_path(path)
    with contextlib.suppress(OSError):
        st = os.stat(lock, follow_symlinks=False)
        if (st.st_dev, st.st_ino) == ident:
            os.unlink(lock)


def holder(path: str | os.PathLike[str]) -> str:
    """The process id written in ``NAME.toml.lock`` (a courtesy for the message), or ``""``."""
    try:
        fd = os.open(lock_path(path), os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return ""
    try:
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    finally:
        os.close(fd)
    return text if text.isdigit() else ""
