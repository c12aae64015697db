"""Reading a campaign back: replaying its log onto the save, and restoring the backup."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tui.language import _
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store import lock
from tui.store.errors import ReplayError, SaveError, WriteError
from tui.store.files import atomic_write, read_save, snapshot
from tui.store.logfile import LOG_TAIL, read_log
from tui.store.patch import PatchError, apply_patch
from tui.store.paths import backup_path, log_path

__all__ = ["backup_loads", "load", "replay", "restore_backup"]


def replay(path: Path, campaign: Campaign, patches: Mapping[int, Mapping[str, Any]]) -> Campaign:
    """``campaign`` with the ``patches`` applied in ``seq`` order (:class:`ReplayError`)."""
    last = 0
    for seq in sorted(patches):
        try:
            campaign = apply_patch(campaign, patches[seq])
        except PatchError as exc:
            raise ReplayError(
                path,
                _(
                    "log entry {seq} does not apply to the save ({exc}); "
                    "the state up to entry {last} can be opened"
                ).format(seq=seq, exc=exc, last=last),
                campaign=campaign,
                applied=last,
            ) from None
        last = seq
    return campaign


def load(path: str | os.PathLike[str], *, keep: int = LOG_TAIL) -> tuple[Campaign, list[LogEntry]]:
    """The campaign at ``path`` brought up to date by its log, and the newest ``keep``
    entries (no lock taken)."""
    real = Path(os.path.realpath(path))
    read = read_save(real)
    found = read_log(log_path(real), keep=keep, after=read.checkpoint)
    return replay(real, read.campaign, found.patches), found.entries


def _write_error(path: str | os.PathLike[str], what: str, exc: OSError) -> WriteError:
    reason = exc.strerror or str(exc)
    return WriteError(
        path,
        _(
            "cannot {what}: {why}; the file on disk is unchanged and the change is kept in memory"
        ).format(what=what, why=reason),
    )


def backup_loads(path: str | os.PathLike[str]) -> bool:
    """Whether ``NAME.toml.bak`` exists and brings the campaign up to date with its log."""
    real = Path(os.path.realpath(path))
    bak = backup_path(real)
    try:
        read = read_save(bak)
        found = read_log(log_path(real), keep=1, after=read.checkpoint)
        replay(real, read.campaign, found.patches)
    except SaveError:
        return False
    return True


def restore_backup(path: str | os.PathLike[str]) -> Path:
    """Put ``NAME.toml.bak`` back as ``NAME.toml`` and keep the log (only when the GM asks).

    The backup must load with the log replayed onto it; the broken file is moved aside as
    ``NAME.toml.broken-TIME``. Takes the writer's lock first when the save is readable as a
    file, so it fails with :class:`LockedError` while the campaign is open.
    """
    real = Path(os.path.realpath(path))
    bak = backup_path(real)
    if not bak.is_file():
        raise SaveError(real, _("no backup ({name}) to restore").format(name=bak.name))
    if not backup_loads(real):
        raise SaveError(bak, _("the backup does not load either"))
    fd = lock.acquire(real) if real.is_file() else None
    try:
        if os.path.lexists(real):
            aside = real.with_name(f"{real.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}")
            snapshot(real, aside)
        atomic_write(real, bak.read_bytes(), backup=False)
    except OSError as exc:
        raise _write_error(real, _("restore the backup"), exc) from None
    finally:
        if fd is not None:
            lock.release(fd)
    return real
