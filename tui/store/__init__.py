"""Persistence of campaigns: TOML saves, the append-only log, locking, backups.

Imports no Textual or Rich. See :class:`Store` for the write path and :func:`load` for a
plain read.

The names below are imported when first used (PEP 562), not when the package is: importing
one light module of it (``tui.store.paths``, ``tui.store.tomlread``, as the config and
``tablekeeper --help`` do) runs this file, and must not load the whole store and every
system with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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

#: where each public name lives
_HOMES = {
    "ConflictError": "tui.store.errors",
    "LockedError": "tui.store.errors",
    "ReplayError": "tui.store.errors",
    "SaveError": "tui.store.errors",
    "WriteError": "tui.store.errors",
    "dumps": "tui.store.files",
    "read_campaign": "tui.store.files",
    "read_save": "tui.store.files",
    "is_locked": "tui.store.lock",
    "LOG_TAIL": "tui.store.logfile",
    "LogRead": "tui.store.logfile",
    "read_log": "tui.store.logfile",
    "format_entry": "tui.store.logformat",
    "REPO_SAVES": "tui.store.paths",
    "backup_path": "tui.store.paths",
    "demo_paths": "tui.store.paths",
    "list_saves": "tui.store.paths",
    "lock_path": "tui.store.paths",
    "log_path": "tui.store.paths",
    "new_campaign_path": "tui.store.paths",
    "safe_save_name": "tui.store.paths",
    "saves_dir": "tui.store.paths",
    "backup_loads": "tui.store.recovery",
    "load": "tui.store.recovery",
    "restore_backup": "tui.store.recovery",
    "Store": "tui.store.store",
}

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
        return importlib.import_module("tui.store.paths").saves_dir()
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # found directly from now on
    return value
