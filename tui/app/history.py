"""The roll entry's history of committed lines, kept per campaign in the per-user state folder.

One UTF-8 text file per save, one line per entry, newest last, at most :data:`LIMIT` lines:
``~/.local/state/tablekeeper/history/<save name>-<hash of its full path>.txt`` on Linux (the
hash keeps two ``mine.toml`` in different folders apart). History is a convenience, so it
never gets in the way: a missing, unreadable, oversized or damaged file reads as empty, a
failed write is dropped (and logged for a bug report). Writes go to a temporary file renamed
over the old one, so a crash leaves the old history or the new, never half of one; there is
no fsync, since a lost last line is no loss to a GM. Imports no Textual.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from tui.store.regular import read_regular

__all__ = ["LIMIT", "MAX_LINE", "EntryHistory"]

LIMIT = 500
MAX_LINE = 1000
_MAX_BYTES = LIMIT * (MAX_LINE + 1) * 4


def _clean(line: str) -> bool:
    return 0 < len(line) <= MAX_LINE and not any(unicodedata.category(c) == "Cc" for c in line)


class EntryHistory:
    """The history file of one campaign."""

    def __init__(self, save: Path, folder: Path | None = None) -> None:
        if folder is None:
            from tui.base.locations import history_dir

            folder = history_dir()
        resolved = str(Path(save).resolve())
        digest = hashlib.sha256(resolved.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        stem = "".join(c if c.isalnum() or c in "-_" else "_" for c in Path(save).stem)[:40]
        self.path = folder / f"{stem}-{digest}.txt"
        self._written: tuple[str, ...] = ()

    def load(self) -> list[str]:
        """The saved lines, oldest first; ``[]`` when there is nothing usable."""
        try:
            text = read_regular(self.path, limit=_MAX_BYTES).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return []
        lines = [line for line in text.split("\n") if _clean(line)][-LIMIT:]
        self._written = tuple(lines)
        return lines

    def save(self, lines: Sequence[str]) -> str:
        """Write the last :data:`LIMIT` good ``lines``; ``""`` or what went wrong."""
        kept = tuple(line for line in lines if _clean(line))[-LIMIT:]
        if kept == self._written:
            return ""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".history.", suffix=".tmp", dir=self.path.parent)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as f:
                    f.write("".join(line + "\n" for line in kept))
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as exc:
            return f"{self.path}: {exc.strerror or exc}"
        self._written = kept
        return ""
