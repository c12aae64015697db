"""Following a writer from a read-only :class:`~tui.store.store.Store` (the players' view).

:func:`refresh` is cheap when nothing changed (two ``stat`` calls), so the view may call it a
few times a second:

- **the log grew**: its new complete entries are read from where the last look ended and
  their patches applied (a block still being written waits for the next look);
- **the log was replaced or shortened** (a torn tail set aside when the writer restarted,
  an editor): everything is read again;
- **the save was replaced**: a checkpoint by the writer (the usual case: the save plus the
  patches this reader holds after its checkpoint give the state it already has, so nothing
  changes) or anything else — a backup restored, an edit while no writer runs — which
  becomes the new state (read again in full when the save went back before the patches it
  holds).

The writer's atomic renames never leave a moment without a save; a save or log that cannot
be read right now raises :class:`~tui.store.errors.SaveError` and leaves the state as it
was, for the next look to try again.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from tui.session.campaign.log import LogEntry
from tui.store.files import read_save
from tui.store.logfile import read_since
from tui.store.parsecache import stat_key
from tui.store.patch import PatchError, apply_patch
from tui.store.recovery import replay

if TYPE_CHECKING:
    from tui.store.store import Store

__all__ = ["refresh"]


def refresh(store: Store) -> list[LogEntry] | None:
    """The entries new since the last look (``[]``: none), or ``None`` when the state was
    read again or replaced (see the module docstring)."""
    new = _log(store)
    if new is None:
        return None
    return new if _save(store) else None


def _log(store: Store) -> list[LogEntry] | None:
    try:
        st = os.stat(store.log_path)
    except FileNotFoundError:
        st = None
    ident = None if st is None else (st.st_dev, st.st_ino)
    if st is not None and ident == store._log_ident and st.st_size == store._log_end:
        return []
    if st is None and store._log_ident is None:
        return []  # still no log: nothing was ever recorded
    if st is not None and store._log_ident is None and store._log_end == 0:
        store._log_ident = ident  # the writer's first record made the log: read it all
    if st is None or ident != store._log_ident or st.st_size < store._log_end:
        reload(store)
        return None
    found, end = read_since(store.log_path, store._log_end, store._log_ident)
    if found is None:
        reload(store)
        return None
    campaign, patches = store.campaign, dict(store._patches)
    try:
        for entry, patch in found:
            if patch:
                campaign = apply_patch(campaign, patch)
                patches[entry.seq] = dict(patch)
    except PatchError:
        reload(store)  # a log that no longer fits what was read: read it all (or say why)
        return None
    store.campaign, store._patches = campaign, patches
    store._log_end = end
    new = [e for e, _ in found]
    store.log.extend(new)
    del store.log[: -store._keep or len(store.log)]
    if new:
        store.log_count = new[-1].seq
    return new


def _save(store: Store) -> bool:
    """Take in a replaced save; ``True`` when the state stayed as it was."""
    key = stat_key(os.stat(store.path))
    if key == store._save_stat:
        return True
    read = read_save(store.path)
    seq = read.checkpoint or 0
    if seq < store._complete_after or seq > store.log_count:
        reload(store)  # older than what this reader can rebuild (a backup), or ahead of it
        return False
    store._patches = {s: p for s, p in store._patches.items() if s > seq}
    store._complete_after = seq
    store._save_stat = key
    store.checkpoint_seq = seq
    campaign = replay(store.path, read.campaign, store._patches)
    if campaign == store.campaign:
        return True
    store.campaign = campaign
    return False


def reload(store: Store) -> None:
    """Read the save and its log again from scratch."""
    from tui.store.store import Store

    other = Store.open(store.path, read_only=True, keep=store._keep)
    store.campaign, store.log, store.log_count = other.campaign, other.log, other.log_count
    store._log_end, store._log_ident = other._log_end, other._log_ident
    store._patches, store._complete_after = other._patches, other._complete_after
    store._save_stat, store.checkpoint_seq = other._save_stat, other.checkpoint_seq
