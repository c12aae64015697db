"""Reading a campaign file strictly and writing it atomically with a backup."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
import tempfile
import tomllib
from pathlib import Path

import tomli_w

from tui.session.campaign.model import Campaign
from tui.session.campaign.schema import SchemaError, from_doc, to_doc
from tui.store.errors import SaveError, toml_error, utf8_error
from tui.store.paths import backup_path

__all__ = ["HEADER", "atomic_write", "dumps", "fsync_dir", "read_campaign", "snapshot"]

HEADER = (
    "# Tablekeeper campaign. Plain TOML: edit freely, then run `tablekeeper check FILE`.\n"
    "# The log lives next to it in NAME.log.toml; the previous version in NAME.toml.bak.\n\n"
)


def dumps(campaign: Campaign) -> str:
    """The save text for ``campaign`` (stable: the same campaign gives the same bytes)."""
    return HEADER + tomli_w.dumps(to_doc(campaign))


def read_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Parse and validate the save at ``path``; any problem is a :class:`SaveError`."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "no such file") from None
    except OSError as exc:
        raise SaveError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise utf8_error(path, exc, data) from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise toml_error(path, exc, text) from None
    try:
        return from_doc(doc)
    except SchemaError as exc:
        raise SaveError(path, exc.message, key_path=exc.path or None) from None


def fsync_dir(folder: Path) -> None:
    """Make renames in ``folder`` durable."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def snapshot(path: Path, target: Path) -> None:
    """Make ``target`` a copy of ``path`` without a moment where ``target`` is missing."""
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        os.link(path, temp)  # cheap: the copy shares the file's data until ``path`` is replaced
    except OSError:
        shutil.copyfile(path, temp)
    try:
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes, *, backup: bool = True) -> None:
    """Replace ``path`` by ``data`` atomically (temp file, fsync, rename, fsync the folder).

    With ``backup`` the old file becomes ``NAME.toml.bak``. Raises ``OSError`` with every file
    as it was, except a leftover backup refresh.
    """
    p = Path(path)
    folder = p.parent
    try:
        mode = stat.S_IMODE(os.stat(p).st_mode)
    except FileNotFoundError:
        mode = 0o644
    fd, temp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if backup and p.exists():
            snapshot(p, backup_path(p))
        os.replace(temp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    fsync_dir(folder)
