"""What an isolated change costs the disk: bytes written per change vs the change's own entry.

The app's autosaver (:mod:`tui.store.autosave`) on the big campaign's characters (200, with
10,000 past scenes: a 1.5 MB save), fed one change at a time with a quiet moment after each
(longer than its debounce: every change is "isolated", as a GM's at the table). The bytes
this process hands to ``write`` over 100 such changes (``wchar`` in ``/proc/self/io``: the log
appends, the checkpoints, their backups and caches) ÷ the bytes the log grew by (the entries
themselves). Rewriting the whole save after each change made this ~3,000.

A checkpoint now comes once the log since the last one is as big as the save (the
autosaver's ``share``), thousands of changes apart at this size, so 100 changes may see
none: the figure adds each change's share of one, measured at the end (the checkpoint a
``wait_idle`` forces, with its backup and cache) and spread over the changes that make the
log as big as the save.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tests.bench.bench_big_save import WHEN, hurt
from tests.bench.big import big_campaign
from tui.session.campaign.log import LogEntry
from tui.store import Store, log_path
from tui.store.autosave import Autosaver

__all__ = ["bench_checkpoint_bytes"]

#: the quiet after each change: longer than the autosaver's debounce (0.4 s), so each
#: change is isolated, as a GM's at the table
QUIET = 0.5


def written() -> int | None:
    """Bytes this process has passed to ``write`` so far (Linux), ``None`` elsewhere."""
    try:
        with open("/proc/self/io") as f:
            for line in f:
                if line.startswith("wchar:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def bench_checkpoint_bytes(*, changes: int = 100) -> tuple[str, float, float, str]:
    name, limit = "checkpoint_bytes_per_change_vs_entry", 4.0
    if written() is None:
        return (name, float("nan"), limit, "no /proc/self/io here")
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "long.toml"
        Store.create(save, big_campaign()).close()
        problems: list[object] = []
        with Store.open(save) as store:
            saver = Autosaver(store, lambda e, _d: problems.append(e) if e else None)
            campaign = store.campaign
            campaign = hurt(campaign, 0)  # the first checkpoint after opening checks itself
            saver(campaign, [LogEntry(store.log_count + 1, WHEN, "info", "warm", "", "", {})])
            saver.wait_idle()
            log_before, before = log_path(save).stat().st_size, written()
            for i in range(changes):
                campaign = hurt(campaign, 1 + i)
                saver(
                    campaign,
                    [LogEntry(store.log_count + 1, WHEN, "roll", f"change {i}", "", "", {})],
                )
                time.sleep(QUIET)
            after, log_after = written(), log_path(save).stat().st_size
            saver.wait_idle()  # one checkpoint, to measure what it writes
            checkpoint = (written() or 0) - (after or 0)
            saved = save.stat().st_size
            share = getattr(saver, "_share", 1.0)
            saver.stop()
        assert not problems, problems
    assert before is not None and after is not None
    entries = log_after - log_before
    per_checkpoint = max(1.0, share * saved / (entries / changes))  # changes between two
    per_change = (after - before) / changes + checkpoint / per_checkpoint
    return (
        name,
        per_change / (entries / changes),
        limit,
        f"{per_change:,.0f} bytes per change: {(after - before) / changes:,.0f} written "
        f"(its entry {entries / changes:,.0f}) + a checkpoint of {checkpoint:,} every "
        f"{per_checkpoint:,.0f} changes; the save {saved:,} bytes ({changes} changes)",
    )
