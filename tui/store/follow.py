"""A read-only store following the writer: the new complete entries of the log, applied.

The writer appends every change to the log (with its patch) before anything else, so the
log alone tells a reader what changed: :func:`refresh` reads the complete blocks written
since its last look and applies their patches. The save's checkpoints (atomic renames)
do not matter to it; a log that was replaced or shortened (a restore, another writer)
makes it read everything again.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tui.session.campaign.log import LogEntry
from tui.store.logfile import read_since
from tui.store.patch import apply_patch

if TYPE_CHECKING:
    from tui.store.store import Store

__all__ = ["refresh"]


def refresh(store: Store) -> list[LogEntry] | None:
    """Take in what the writer recorded since the last look.

    Returns the new entries (``[]``: nothing new), or ``None`` when the log was replaced
    or shortened and everything was read again.
    """
    try:
        st = os.stat(store.log_path)
    except FileNotFoundError:
        st = None
    ident = None if st is None else (st.st_dev, st.st_ino)
    end, known = store._log_end, store._log_ident
    if st is not None and ident == known and st.st_size == end:
        return []
    if st is None or ident != known or st.st_size < end:
        _reload(store)
        return None
    found, new_end = read_since(store.log_path, end, known)
    if found is None:
        _reload(store)
        return None
    campaign = store.campaign
    for _entry, patch in found:
        if patch:
            campaign = apply_patch(campaign, patch)
    store.campaign = campaign
    store._log_end = new_end
    new = [e for e, _ in found]
    store.log.extend(new)
    del store.log[: -store._keep or len(store.log)]
    if new:
        store.log_count = new[-1].seq
    return new


def _reload(store: Store) -> None:
    from tui.store.store import Store

    other = Store.open(store.path, read_only=True, keep=store._keep)
    store.campaign, store.log, store.log_count = other.campaign, other.log, other.log_count
    store._log_end, store._log_ident = other._log_end, other._log_ident
