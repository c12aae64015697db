"""Where the review screens (the log search, the past scenes, the dice statistics, the
recap) read the log from: the *whole* log, streamed from the campaign's log file
(:func:`tui.store.logfile.iter_entries`), plus any entry of the session newer than the file
(there is none once the autosave has written it; without a file — a test — the session's
own entries are all there is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from tui.session.campaign.log import LogEntry
from tui.session.table.table import Table

__all__ = ["Source", "log_source"]

Source = Callable[[], Iterable[LogEntry]]


def log_source(table: Table, log_path: Path | None) -> Source:
    """A function streaming every entry of the campaign's log, oldest first."""

    def entries() -> Iterator[LogEntry]:
        from tui.store.logfile import iter_entries

        newest = 0
        if log_path is not None and log_path.exists():
            for entry in iter_entries(log_path):
                newest = entry.seq
                yield entry
        yield from (e for e in list(table.session.log) if e.seq > newest)

    return entries
