"""One writer per campaign, whatever happened to its files: three locks, all ``flock``."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from tui.base.regular import open_regular
from tui.language import _
from tui.store.errors import LockedError, WriteError
from tui.store.paths import lock_path

__all__ = [
    "CAMPAIGN_ID",
    "LockFile",
    "WriterLocks",
    "acquire",
    "campaign_id_of",
    "campaign_lock_path",
    "holder",
    "is_locked",
    "lock_fd",
    "new_campaign_id",
    "probed_held",
    "release",
]

_ATTEMPTS = 5
_NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC
#: What a ``campaign_id`` may be: it names a file, so letters, digits, ``-`` and ``_`` only.
CAMPAIGN_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def new_campaign_id() -> str:
    """A fresh campaign identity (128 random bits)."""
    return secrets.token_hex(16)


def lock_fd(fd: int) -> bool:
    """Try to lock the open file ``fd`` exclusively; ``False`` if another process holds it."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _refused(path: Path, who: str) -> LockedError:
    return LockedError(
        path,
        _("already open in another Tablekeeper (process {who}); it can be opened read-only").format(
            who=who
        )
        if who
        else _("already open in another Tablekeeper; it can be opened read-only"),
    )


def acquire(path: str | os.PathLike[str]) -> int:
    """Lock the save at ``path`` (a resolved path) for writing; return the locked descriptor.

    The descriptor is open on the save itself, read-only: reading the campaign through it
    reads exactly the locked file.
    """
    p = Path(path)
    for _attempt in range(_ATTEMPTS):
        try:
            fd = os.open(p, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)  # a FIFO: never waited on
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
            raise _refused(p, holder(lock_path(p)))
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


@dataclass(frozen=True)
class LockFile:
    """A lock file this process holds: its path, open descriptor, identity and token."""

    path: Path
    fd: int
    ident: tuple[int, int]
    token: str  # ``""``: the note could not be written (not ours to remove then)


def _same(path: Path, fd: int) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _take(path: Path, save: Path) -> LockFile | str:
    """Lock the lock file ``path`` (made if missing) and write this writer's note in it.

    Why not, as a sentence, when nothing lockable is there (a symlink, a folder, a FIFO:
    left alone; a read-only file system); :class:`LockedError` when another process holds
    it.
    """
    for _attempt in range(_ATTEMPTS):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | _NOFOLLOW, 0o644)
        except PermissionError:
            try:  # another user's lock file: flock needs no write access
                fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)
            except OSError as exc:
                return exc.strerror or str(exc)
        except OSError as exc:
            return exc.strerror or str(exc)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                os.close(fd)
                return _("not a regular file")
            if not lock_fd(fd):
                os.close(fd)
                raise _refused(save, holder(path))
            if not _same(path, fd):
                os.close(fd)  # removed or replaced between open and lock: take the new one
                continue
            token = ""
            if st.st_nlink == 1:  # never write through another name of the file
                with contextlib.suppress(OSError):
                    note = f"{os.getpid()} {secrets.token_hex(8)}\n{save}\n"
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, note.encode("utf-8", "surrogateescape"), 0)
                    token = note.split()[1]
            return LockFile(path, fd, (st.st_dev, st.st_ino), token)
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.close(fd)
            return exc.strerror or str(exc)
    raise LockedError(save, _("keeps being replaced by another program; try again"))


def _drop(held: LockFile) -> None:
    """Remove the lock file if it is still ours (same file, our token), then unlock it."""
    try:
        if held.token and _same(held.path, held.fd):
            text = os.pread(held.fd, 256, 0).decode("utf-8", "replace").split()
            if len(text) > 1 and text[1] == held.token:
                os.unlink(held.path)  # still holding it: an opener that gets it retries
    except OSError:
        pass
    release(held.fd)


def _locks_dir() -> Path | None:
    from tui.base.locations import state_dir

    folder = state_dir() / "locks"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


def campaign_lock_path(save: Path, campaign_id: str) -> Path:
    """Where the lock of the campaign ``campaign_id`` is (the per-user state folder, else
    the save's own folder)."""
    name = f"campaign-{campaign_id}.lock"
    folder = _locks_dir()
    return folder / name if folder is not None else save.with_name(f".{name}")


class WriterLocks:
    """The lock files a writer holds beside the save's inode locks.

    A writer holds, for as long as the campaign is open:

    1. **the campaign's lock**, keyed by its identity: every save the app writes carries a
       ``campaign_id`` (random, made once; a save without one gets it at its first checkpoint),
       and the writer locks ``campaign-ID.lock`` in the per-user state folder
       (``~/.local/state/tablekeeper/locks/``; the save's own folder when that cannot be
       written). Any file that holds the campaign meets this lock: a hard link made at any time
       (even to a checkpoint the writer has since replaced), a save an editor replaced by
       renaming its own copy over it, a ``.bak`` or a ``cp`` of the save. A copy is the same
       campaign until it is given an identity of its own (a new campaign, the picker's demo
       copy and the app's ``NAME.conflict-…`` file get one);
    2. **the path's lock**, ``NAME.toml.lock`` beside the save: a save replaced under its name
       (by an editor that dropped the ``campaign_id`` line, or by another campaign moved there)
       still meets the writer that has that name open;
    3. **the save's inode** (as older Tablekeepers did): the file it opened and its newest
       checkpoint, which keeps writers of other users and older versions out.

    The kernel drops every flock when a process dies, so a kill never leaves a stale lock; the
    lock files are only notes then, taken over by the next writer. A lock file is opened without
    following symlinks (a symlink there is left alone and not used) and holds ``PID TOKEN`` and
    the save's path, for the "already open" message. An opener checks after locking that the
    path still names the file it locked (else it retries), so a lock file may be removed while
    it is held: the writer removes its lock files when it closes, still holding them, and only
    when the path still names the very file it locked *and* that file still holds its own token
    — never a lock that has passed to someone else (another writer after the file was deleted by
    hand, an older Tablekeeper writing its pid in place).
    """

    def __init__(self, save: Path) -> None:
        self.save = save
        self._held: list[LockFile] = []
        self.campaign_id: str | None = None

    def take_path(self) -> None:
        """Take ``NAME.toml.lock`` (:class:`LockedError` if another writer has it)."""
        held = _take(lock_path(self.save), self.save)
        if isinstance(held, LockFile):  # else nothing lockable: the other locks hold
            self._held.append(held)

    def take_campaign(self, campaign_id: str) -> None:
        """Take the lock of the campaign ``campaign_id``, wherever its files are."""
        if not CAMPAIGN_ID.fullmatch(campaign_id):  # belt and braces: the reader checked
            raise WriteError(self.save, _("campaign_id: not a valid identity"))
        where = campaign_lock_path(self.save, campaign_id)
        try:
            held = _take(where, self.save)
        except LockedError:
            raise _elsewhere(self.save, where) from None
        if not isinstance(held, LockFile):
            raise WriteError(
                self.save,
                _("cannot lock the campaign ({path}): {why}").format(path=where, why=held),
            )
        self._held.append(held)
        self.campaign_id = campaign_id

    def release(self) -> None:
        """Remove the lock files that are still ours and unlock them (newest first)."""
        while self._held:
            _drop(self._held.pop())


def _elsewhere(save: Path, where: Path) -> LockedError:
    """The refusal when the campaign is open under another name."""
    who = holder(where)
    other = ""
    with contextlib.suppress(OSError):
        fd = os.open(where, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)
        try:
            lines = os.pread(fd, 4096, 0).decode("utf-8", "replace").split("\n")
        finally:
            os.close(fd)
        other = lines[1] if len(lines) > 1 else ""
    if other and other != str(save):
        return LockedError(
            save,
            _(
                "the same campaign is open in another Tablekeeper as {other} (process {who}); "
                "it can be opened read-only"
            ).format(other=other, who=who or "?"),
        )
    return _refused(save, who)


def is_locked(path: str | os.PathLike[str]) -> bool:
    """Whether another process holds a writer's lock on the save at ``path`` right now:
    its inode, its name's lock file, or its campaign's lock."""
    real = Path(os.path.realpath(path))
    try:
        fd = open_regular(real)  # a FIFO would wait for a writer: no save, no lock
    except OSError:
        return False
    try:
        if not lock_fd(fd):
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        found = _id_in(fd)
    except OSError:
        return False
    finally:
        os.close(fd)
    places = [lock_path(real)]
    if found is not None:
        places.append(campaign_lock_path(real, found))
    return any(_held_elsewhere(p) for p in places)


def campaign_id_of(path: str | os.PathLike[str]) -> str | None:
    """The ``campaign_id`` the save at ``path`` carries (a quick look at its head, without
    the TOML parser), or ``None``: none yet (a save no writer has opened) or unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        return _id_in(fd)
    except OSError:
        return None
    finally:
        os.close(fd)


#: The ``campaign_id`` line as the app writes it (a quick look, without the TOML parser).
_ID_LINE = re.compile(r'(?m)^campaign_id[ \t]*=[ \t]*"([A-Za-z0-9_-]{8,64})"[ \t]*$')


def _id_in(fd: int) -> str | None:
    """The ``campaign_id`` in the head of the open save ``fd`` (``None``: none there)."""
    found = _ID_LINE.search(os.pread(fd, 64 * 1024, 0).decode("utf-8", "replace"))
    return found[1] if found is not None else None


def probed_held(path: str | os.PathLike[str]) -> bool:
    """Whether some process holds an exclusive lock on the file at ``path`` now, probed with
    a shared lock, which (unlike :func:`lock_fd`'s) never keeps the holder from retaking it
    at that instant (a server's, a follower's mark: :mod:`tui.store.links`,
    :mod:`tui.store.inbox`)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # closing gives the shared lock taken here back
    return False


def _held_elsewhere(path: Path) -> bool:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        if not lock_fd(fd):
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except OSError:
        return False
    finally:
        os.close(fd)


def holder(path: str | os.PathLike[str]) -> str:
    """The process id written in the lock file ``path`` (for the message), or ``""``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _NOFOLLOW)
    except OSError:
        return ""
    try:
        words = os.read(fd, 64).decode("ascii", "replace").split()
    except OSError:
        return ""
    finally:
        os.close(fd)
    return words[0] if words and words[0].isdigit() else ""
