"""A small rotating log of what a GM attaches to a bug report: internal errors, failed saves.

``~/.local/state/tablekeeper/log/tablekeeper.log`` on Linux (see :mod:`tui.base.locations`), at
most 256 KiB plus two older files. The handler is made on the first record, so start-up never
pays for it, and a log that cannot be written never disturbs the table: :func:`record`
then returns ``None``. Safe to call from the saver thread. Imports no Textual.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

__all__ = ["MAX_BYTES", "log_file", "record", "reset"]

MAX_BYTES = 256 * 1024
_BACKUPS = 2
_lock = threading.Lock()
_logger: logging.Logger | None = None
_path: Path | None = None


def log_file() -> Path:
    """Where the log is (or will be) written."""
    if _path is not None:
        return _path
    from tui.base.locations import bug_log_path

    return bug_log_path()


def record(kind: str, text: str) -> Path | None:
    """Append ``kind: text`` (a traceback may follow on later lines); the log's path, or None."""
    logger = _get_logger()
    if logger is None:
        return None
    try:
        logger.error("%s: %s", kind, text.rstrip())
    except Exception:  # logging must never take the table down
        return None
    return _path


def _get_logger() -> logging.Logger | None:
    global _logger, _path
    with _lock:
        if _logger is not None:
            return _logger
        from logging.handlers import RotatingFileHandler

        path = log_file()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = RotatingFileHandler(
                path, maxBytes=MAX_BYTES, backupCount=_BACKUPS, encoding="utf-8"
            )
        except OSError:
            return None
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        logger = logging.getLogger("tablekeeper.bugreport")
        logger.propagate = False  # nothing reaches stderr under the TUI
        logger.setLevel(logging.INFO)
        for old in list(logger.handlers):
            logger.removeHandler(old)
            old.close()
        logger.addHandler(handler)
        _logger, _path = logger, path
        return logger


def reset() -> None:
    """Forget the handler (tests point the state folder elsewhere between runs)."""
    global _logger, _path
    with _lock:
        if _logger is not None:
            for handler in list(_logger.handlers):
                _logger.removeHandler(handler)
                handler.close()
        _logger, _path = None, None
