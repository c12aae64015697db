"""Reading a campaign file strictly, and replacing it atomically without following links."""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import stat
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import SchemaError, from_doc
from tui.store.errors import SaveError, toml_error, utf8_error
from tui.store.nesting import deep_line, too_deep
from tui.store.paths import backup_path
from tui.store.savetext import HEADER, SaveText

__all__ = ["HEADER", "Read", "atomic_write", "dumps", "fsync_dir", "parse_save",
           "read_campaign", "read_save", "snapshot"]


@dataclass(frozen=True, slots=True)
class Read:
    """A save as read: the campaign, the log entry it was saved at, and its text."""

    campaign: Campaign
    checkpoint: int | None  # None: a save from before checkpoints (nothing to replay)
    text: str


def dumps(campaign: Campaign, checkpoint: int = 0) -> str:
    """The save text for ``campaign`` (stable: the same campaign gives the same bytes)."""
    return SaveText().render(campaign, checkpoint)


def parse_save(path: str | os.PathLike[str], data: bytes) -> Read:
    """Parse and validate save bytes; any problem is a :class:`SaveError` naming ``path``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise utf8_error(path, exc, data) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(path, exc, text) from None
    except RecursionError:
        line, column = deep_line(text)
        raise SaveError(path, "values nested too deeply", line=line, column=column) from None
    deep = too_deep(doc)
    if deep is not None:
        raise SaveError(path, "nested too deeply (at most 16 levels of tables and arrays)",
                        key_path=deep)
    checkpoint = _checkpoint(path, doc)
    try:
        return Read(from_doc(doc), checkpoint, text)
    except SchemaError as exc:
        raise SaveError(path, exc.message, key_path=exc.path or None) from None
    except RecursionError:  # belt and braces: the depth check above should prevent it
        raise SaveError(path, "values nested too deeply") from None


def _checkpoint(path: str | os.PathLike[str], doc: dict[str, Any]) -> int | None:
    value = doc.pop("checkpoint", None)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SaveError(path, "must be a whole number ≥ 0 (the last log entry saved)",
                        key_path="checkpoint")
    return value


def read_save(path: str | os.PathLike[str], *, fd: int | None = None) -> Read:
    """Read the save at ``path`` (through ``fd`` when given: the writer reads what it locked)."""
    try:
        if fd is not None:
            chunks, offset = [], 0
            while chunk := os.pread(fd, 1 << 20, offset):
                chunks.append(chunk)
                offset += len(chunk)
            data = b"".join(chunks)
        else:
            data = Path(path).read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except IsADirectoryError:
        raise SaveError(path, "is a folder, not a save") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    return parse_save(path, data)


def read_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Parse and validate the save at ``path`` (the checkpoint only, no log replayed)."""
    return read_save(path).campaign


def fsync_dir(folder: Path) -> None:
    """Make renames in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def snapshot(path: Path, target: Path) -> None:
    """Make ``target`` a copy of ``path`` without a moment where ``target`` is missing.

    ``target`` is replaced by a rename, so a symlink standing there is replaced, never
    followed.
    """
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(path, temp, follow_symlinks=False)  # cheap: shares data until path is replaced
    except OSError:
        shutil.copyfile(path, temp, follow_symlinks=False)
    try:
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes, *, backup: bool = True,
                 lock: bool = False) -> int | None:
    """Replace ``path`` by ``data`` atomically (temp file, fsync, rename, fsync the folder).

    With ``backup`` the old file becomes ``NAME.toml.bak``. With ``lock`` the new file is
    locked (:func:`tui.store.lock.lock_fd`) *before* it takes the name, and its descriptor is
    returned, still open and locked, for the caller to keep; otherwise ``None``. Raises
    ``OSError`` with every file as it was, except a leftover backup refresh.
    """
    from tui.store.lock import lock_fd

    p = Path(path)
    folder = p.parent
    try:
        mode = stat.S_IMODE(os.stat(p, follow_symlinks=False).st_mode)
    except FileNotFoundError:
        mode = 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        if lock and not lock_fd(fd):
            raise OSError(errno.EAGAIN, "the new file is locked by another process")
        if backup and os.path.lexists(p):
            snapshot(p, backup_path(p))
        os.replace(temp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        with contextlib.suppress(OSError):
            os.close(fd)
        raise
    with contextlib.suppress(OSError):  # the rename happened; the log holds every change anyway
        fsync_dir(folder)
    if lock:
        return fd
    os.close(fd)
    return None
