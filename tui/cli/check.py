"""``tablekeeper check FILE|DIR...``: validate saves (and their logs) from the shell.

Prints ``FILE:LINE:COL: message`` for a TOML error, ``FILE: key.path: message`` for a schema
error and ``FILE: ok`` for a good save; the exit status is 1 when any file is bad. A folder
stands for every save in it (``*.toml`` but logs, backups and hidden files, demos included:
the checkout's ``saves/`` is checked whole), one line each, in name order; a folder with no
save in it is a line of its own and counts as bad (nothing was checked). The
report's own words are in the GM's language (``ok`` is «в порядке» in Russian); the save
errors come from the store in the words it has.

A save is "ok" only when the app would open it: besides every log entry being well formed,
the log's entries after the save's checkpoint are replayed onto it by the very function the
app's open uses (:func:`tui.store.recovery.open_state`), so a log that no longer fits the
save (a character renamed in an editor after a crash) is reported, with what the app offers.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from tui.language import _
from tui.store.errors import ReplayError, SaveError
from tui.store.files import read_campaign
from tui.store.logfile import read_log
from tui.store.paths import backup_path, log_path
from tui.store.recovery import open_state
from tui.store.regular import why_not_regular

__all__ = ["check_file", "check_main", "saves_in"]


def saves_in(folder: Path) -> list[Path]:
    """The saves in ``folder``, by name: not its logs, backups, locks or hidden files."""
    return sorted(
        p
        for p in folder.glob("*.toml")
        if p.is_file() and not p.name.startswith(".") and not p.name.endswith(".log.toml")
    )


def check_file(path: str) -> list[str]:
    """Messages for one save: problems first; the last line is ``FILE: ok`` if it is good."""
    p = Path(path)
    why = why_not_regular(p)  # a FIFO, a loop of links: said as what they are
    if why is not None:
        return [f"{path}: {why}"]
    log = log_path(p)
    try:
        read_campaign(p)  # the save's own problems first
        found = read_log(log, keep=0, validate_all=True)  # every entry, with its line
        state = open_state(Path(os.path.realpath(p)), keep=0)  # and what the app's open does
    except ReplayError as exc:
        lines = [f"{path}: {exc.message}"]
        if exc.renames:
            names = ", ".join(f"{old!r} → {new!r}" for old, new in exc.renames.items())
            lines.append(
                _(
                    "{path}: note: renamed in the save since the log was written: {names}; "
                    "opening the campaign offers to apply the log to the new names"
                ).format(path=path, names=names)
            )
        else:
            lines.append(
                _(
                    "{path}: note: opening the campaign offers to keep the log beside and "
                    "open the save as it is"
                ).format(path=path)
            )
        return lines
    except SaveError as exc:
        lines = [str(exc)]
        if exc.file == path and backup_path(p).is_file():
            lines.append(
                _("{path}: note: the previous version is in {backup}").format(
                    path=path, backup=backup_path(p).name
                )
            )
        return lines
    lines = []
    if found.recovered:
        lines.append(
            _(
                "{log}: note: an incomplete last entry (interrupted write) will be "
                "dropped on the next save"
            ).format(log=log)
        )
    saved, last = state.read.checkpoint, state.found.count
    if saved is not None and last > saved:  # a quit leaves a big save behind its log
        lines.append(
            _(
                "{path}: note: log entries {first}–{last} are newer than the save; "
                "opening the campaign applies them"
            ).format(path=path, first=saved + 1, last=last)
        )
    lines.append(_("{path}: ok").format(path=path))
    return lines


def check_main(paths: list[str], *, out: TextIO | None = None) -> int:
    """Check every save in ``paths``; return 0 when all are good, 1 otherwise (2: no files)."""
    stream = out if out is not None else sys.stdout
    if not paths:
        print(_("usage: tablekeeper check FILE..."), file=stream)
        return 2
    status = 0
    for given in paths:
        if Path(given).is_dir():
            found = [str(p) for p in saves_in(Path(given))]
            if not found:
                print(_("{path}: no saves in this folder").format(path=given), file=stream)
                status = 1
        else:
            found = [given]
        for path in found:
            lines = check_file(path)
            if lines[-1] != _("{path}: ok").format(path=path):
                status = 1
            for line in lines:
                print(line, file=stream)
    return status
