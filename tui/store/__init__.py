"""Persistence of campaigns: TOML saves, the append-only log, locking, backups.

Imports no Textual or Rich. See :class:`Store` for the write path and :func:`load` for a
plain read.
"""

from __future__ import annotations

from tui.store.errors import ConflictError, LockedError, ReplayError, SaveError, WriteError
from tui.store.files import dumps, read_campaign, read_save
from tui.store.lock import is_locked
from tui.store.logfile import LOG_TAIL, LogRead, read_log
from tui.store.logformat import format_entry
from tui.store.paths import (
    REPO_SAVES,
    backup_path,
    demo_paths,
    list_saves,
    lock_path,
    log_path,
    new_campaign_path,
    safe_save_name,
    saves_dir,
)
from tui.store.recovery import backup_loads, load, restore_backup
from tui.store.store import Store

__all__ = [
    "LOG_TAIL",
    "REPO_SAVES",
    "ConflictError",
    "LockedError",
    "LogRead",
    "ReplayError",
    "SaveError",
    "Store",
    "WriteError",
    "backup_loads",
    "backup_path",
    "demo_paths",
    "dumps",
    "format_entry",
    "is_locked",
    "list_saves",
    "load",
    "lock_path",
    "log_path",
    "new_campaign_path",
    "read_campaign",
    "read_log",
    "read_save",
    "restore_backup",
    "safe_save_name",
    "saves_dir",
]


def __getattr__(name: str) -> object:
    if name == "SAVES_DIR":  # resolved on each access, so $TABLEKEEPER_SAVES set later counts
        return saves_dir()
    raise AttributeError(name)
