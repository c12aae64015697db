"""One change in the big campaign: what the screen waits for, and what the background costs.

The app records a change (its log entry with the patch: append + fsync) before it shows it,
and writes the save as a checkpoint on a background thread (:mod:`tui.store.autosave`).
``big_save_vs_demo`` is the median time of that record with 200 characters, 10,000 past
scenes and a 1,000,000-entry log, ÷ the same record in a copy of the biggest demo, the two
stores taking turns change by change (an fsync's cost drifts with the disk). The note also
gives the checkpoint's median and the longest the UI thread waited for the interpreter while
checkpoints ran (a thread ticking every millisecond, as the event loop would): the UI keeps
within a frame while a save runs.

The save is opened once untimed and checkpointed, as the GM's previous session left it (the
first checkpoint after opening a file someone else wrote also checks it reads back).
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

from tests.bench.bench_big_startup import copy_save
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store import Store

__all__ = ["bench_big_save", "hurt"]

WHEN = "2026-12-01T10:00:00+00:00"


def hurt(campaign: Campaign, i: int) -> Campaign:
    """``campaign`` with one character (the ``i``-th, cycling) one HP down."""
    at = i % len(campaign.characters)
    ch = campaign.characters[at]
    hp = ch.resources.get("HP", 10)
    new = replace(ch, resources={**ch.resources, "HP": hp - 1})
    return replace(
        campaign, characters=(*campaign.characters[:at], new, *campaign.characters[at + 1 :])
    )


def _longest_wait(work: threading.Thread) -> float:
    """Seconds of the longest gap between ticks of this thread while ``work`` runs."""
    longest, last = 0.0, time.perf_counter()
    work.start()
    while work.is_alive():
        time.sleep(0.001)
        now = time.perf_counter()
        longest = max(longest, now - last - 0.001)
        last = now
    work.join()
    return longest


def bench_big_save(save: Path, *, changes: int = 30) -> tuple[str, float, float, str]:
    """Median seconds to record one change in the big campaign ÷ in the biggest demo."""
    from tests.bench.bench_startup import biggest_demo

    with tempfile.TemporaryDirectory() as tmp:
        copy = copy_save(save, Path(tmp))
        demo = Store.open(copy_save(biggest_demo(), Path(tmp) / "demo"))
        small: list[float] = []
        demo_campaign = demo.campaign
        with Store.open(copy) as store:  # the previous session's checkpoint
            store.record(
                hurt(store.campaign, 0),
                [LogEntry(store.log_count + 1, WHEN, "info", "warm", "", "", {})],
            )
            store.checkpoint()
        records: list[float] = []
        checkpoints: list[float] = []
        waits: list[float] = []
        with Store.open(copy) as store:
            campaign = store.campaign
            for i in range(changes):
                campaign = hurt(campaign, 7 + i)
                entry = LogEntry(store.log_count + 1, WHEN, "roll", f"change {i}", "", "", {})
                start = time.perf_counter()
                store.record(campaign, [entry])
                records.append(time.perf_counter() - start)
                demo_campaign = hurt(demo_campaign, i)
                entry = LogEntry(demo.log_count + 1, WHEN, "roll", f"change {i}", "", "", {})
                start = time.perf_counter()
                demo.record(demo_campaign, [entry])
                small.append(time.perf_counter() - start)

                def write() -> None:
                    began = time.perf_counter()
                    store.checkpoint()
                    checkpoints.append(time.perf_counter() - began)

                waits.append(_longest_wait(threading.Thread(target=write)))
        demo.close()
    record, other = statistics.median(records) * 1e3, statistics.median(small) * 1e3
    say = (
        f"record {record:.2f} ms (median of {changes}), in the demo {other:.2f} ms; "
        f"background checkpoint {statistics.median(checkpoints) * 1e3:.1f} ms median, first "
        f"{checkpoints[0] * 1e3:.0f} ms; UI thread waited at most "
        f"{max(waits) * 1e3:.1f} ms while they ran"
    )
    return ("big_save_vs_demo", record / other, 2.0, say)
