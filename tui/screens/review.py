"""Where the review screens (the log search, the past scenes, the dice statistics, the
recap) read the log from: the *whole* log, streamed from the campaign's log file
(:func:`tui.store.logfile.iter_entries`), plus any entry of the session newer than the file
(there is none once the autosave has written it; without a file — a test — the session's
own entries are all there is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from tui.session.campaign.log import LogEntry
from tui.session.table.table import Table

if TYPE_CHECKING:
    from tui.session.recap.build import Indexed
    from tui.session.review.find import Found, LogFilter
    from tui.store.store import Store

__all__ = ["Finder", "Source", "log_finder", "log_indexed", "log_source"]

Source = Callable[[], Iterable[LogEntry]]
#: ``/find`` answered by the log's index: the newest ``limit`` matches (handed to the third
#: argument before they are counted), or ``None`` (stream the log)
Finder = Callable[["LogFilter", int, Callable[["Found"], None]], "Found | None"]


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


def log_finder(table: Table, store: Store | None) -> Finder:
    """``/find`` by the log's index (:mod:`tui.store.logindex`), or ``None`` to stream
    the log: no index yet, one still being built, or a change not written yet (the
    session then holds entries the file lacks)."""

    def find(flt: LogFilter, limit: int, first: Callable[[Found], None]) -> Found | None:
        index = store.index if store is not None and not store.closed else None
        if index is None or store is None or store.pending:
            return None
        newest = table.session.log[-1].seq if table.session.log else 0
        if newest > store.log_count:
            return None
        return index.find(flt, limit=limit, first=first)

    return find


def log_indexed(table: Table, store: Store | None) -> Callable[[], Indexed | None]:
    """The log's index for a recap, brought up to date (call it in a worker thread), or
    ``None`` when it cannot answer for the whole log (see :func:`log_finder`)."""

    def indexed() -> Indexed | None:
        from tui.store.logindex import BEHIND

        index = store.index if store is not None and not store.closed else None
        if index is None or store is None or store.pending:
            return None
        newest = table.session.log[-1].seq if table.session.log else 0
        if newest > store.log_count or not index.sync(most=BEHIND):
            return None
        return index

    return indexed
