"""The writer's handle on ``NAME.log.toml``: durable appends, and a look at the disk first.

Before every append the journal checks that the file is still the one it wrote, as long as
it left it: the same inode at the same name (not deleted, renamed or replaced), the same
size (not shortened, not grown by someone else) and the same modification time (not edited
in place). If not, it raises :class:`~tui.store.errors.ConflictError` and writes nothing:
it never pads, truncates or overwrites what someone else did.

The file is opened without following a symlink and refused when it has other names (hard
links), so an append can never land outside the campaign's folder. An append is one
``write`` and one ``fsync``: when it returns, the entry survives a crash. An append that
fails is cut off again (the journal has just checked that the end is its own), so a failed
write never leaves half a block behind.

A torn tail found on opening (a crash mid-append, or stray text) is moved aside into
``NAME.log.toml.torn-TIME`` before the first append, so nothing is dropped silently and the
log stays well formed.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from tui.language import _
from tui.store.errors import ConflictError, WriteError
from tui.store.logfile import LogRead

__all__ = ["Journal"]

_FLAGS = os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


class Journal:
    """An open log for appending. Create with :meth:`open`; :meth:`close` when done."""

    def __init__(self, path: Path, fd: int, end: int, newline: bool) -> None:
        self.path = path
        self._fd = fd
        self.end = end
        self.newline = newline
        st = os.fstat(fd)
        self._ident = (st.st_dev, st.st_ino)
        self._mtime = st.st_mtime_ns
        #: Where a torn tail found on opening was moved (``None``: there was none).
        self.set_aside: Path | None = None

    @classmethod
    def open(cls, path: Path, found: LogRead) -> Journal:
        """Open the log ``found`` describes; create it if missing; set a torn tail aside."""
        created = found.ident is None
        try:
            fd = os.open(path, _FLAGS | (os.O_CREAT if created else 0), 0o644)
        except OSError as exc:
            if os.path.islink(path):
                raise WriteError(
                    path,
                    _(
                        "is a symbolic link; Tablekeeper writes only inside "
                        "the campaign's folder: open the campaign "
                        "read-only, or replace the link by the file"
                    ),
                ) from None
            raise WriteError(
                path, _("cannot open the log: {why}").format(why=_reason(exc))
            ) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise WriteError(path, _("is not a regular file"))
            if st.st_nlink != 1:
                raise WriteError(
                    path,
                    _(
                        "has more than one name (hard links: {n}); appending "
                        "would change the other files too: open read-only"
                    ).format(n=st.st_nlink),
                )
            if created and st.st_size:
                raise ConflictError(path, _("appeared while the campaign was open"))
            if not created and ((st.st_dev, st.st_ino) != found.ident or st.st_size != found.size):
                raise ConflictError(path, _("changed while the campaign was being opened"))
            journal = cls(path, fd, found.end, found.newline)
            if created:
                from tui.store.files import fsync_dir

                try:
                    fsync_dir(path.parent)  # the new name must survive a crash too
                except OSError as exc:
                    raise WriteError(
                        path, _("cannot create the log: {why}").format(why=_reason(exc))
                    ) from None
            elif found.end < found.size:
                journal._set_aside(found.size)
        except BaseException:
            os.close(fd)
            raise
        return journal

    def _set_aside(self, size: int) -> None:
        """Move the bytes after the last complete entry into a file beside the log."""
        src = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        try:
            st = os.fstat(src)
            if (st.st_dev, st.st_ino) != self._ident:
                raise ConflictError(self.path, _("changed while the campaign was being opened"))
            junk = os.pread(src, size - self.end, self.end)
        finally:
            os.close(src)
        target = self.path.with_name(f"{self.path.name}.torn-{time.strftime('%Y%m%d-%H%M%S')}")
        n = 1
        while True:
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
                break
            except FileExistsError:
                n += 1
                target = target.with_name(f"{target.name.split('~')[0]}~{n}")
        try:
            os.write(fd, junk)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.ftruncate(self._fd, self.end)
        os.fsync(self._fd)
        self._mtime = os.fstat(self._fd).st_mtime_ns
        self.set_aside = target

    def verify(self) -> None:
        """Raise :class:`ConflictError` if the log is not as this journal left it."""
        try:
            now = os.stat(self.path, follow_symlinks=False)
        except FileNotFoundError:
            raise ConflictError(
                self.path, _("was deleted or renamed while the campaign was open")
            ) from None
        except OSError as exc:
            raise WriteError(
                self.path, _("cannot check the log: {why}").format(why=_reason(exc))
            ) from None
        mine = os.fstat(self._fd)
        if (now.st_dev, now.st_ino) != self._ident:
            raise ConflictError(
                self.path, _("was replaced by another file while the campaign was open")
            )
        if mine.st_size < self.end:
            raise ConflictError(
                self.path,
                _("was shortened outside Tablekeeper ({size} bytes, it wrote {end})").format(
                    size=mine.st_size, end=self.end
                ),
            )
        if mine.st_size > self.end:
            raise ConflictError(
                self.path, _("grew outside Tablekeeper (another program wrote to it)")
            )
        if mine.st_mtime_ns != self._mtime:
            raise ConflictError(
                self.path, _("was edited outside Tablekeeper while the campaign was open")
            )

    def append(self, data: bytes) -> None:
        """Append ``data`` durably (write + fsync) after :meth:`verify`; all or nothing."""
        self.verify()
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view) :]
            os.fsync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):  # verify() just showed the end is ours
                os.ftruncate(self._fd, self.end)
            with contextlib.suppress(OSError):
                self._mtime = os.fstat(self._fd).st_mtime_ns
            raise WriteError(
                self.path,
                _("cannot append to the log: {why}; the change is kept in memory").format(
                    why=_reason(exc)
                ),
            ) from None
        self.end += len(data)
        self.newline = True
        self._mtime = os.fstat(self._fd).st_mtime_ns

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
