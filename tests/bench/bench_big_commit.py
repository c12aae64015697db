"""A committed roll in the big campaign on a 200×60 terminal, where all of it shows.

The clock is :mod:`tests.bench.bench_roll`'s (Enter → the frame showing the new entry), on a
copy of the big campaign (200 characters, 10,000 past scenes, a 1,000,000-entry log). The
party panel repaints only the lines of characters that changed; the save records one
patch. Median ÷ a bare app's Enter-to-paint at 200×60, sampled turn about (limit: the
16 ms budget in bare frames).
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.bench.bench_big_startup import copy_save
from tests.bench.bench_roll import BUDGET, FRAME, commit_latencies
from tests.bench.reference import bare_frame

__all__ = ["bench_big_commit"]

LINES = ("alice spot hidden = 42", "boris listen", "alice stealth = 77", "cultist 150 stealth = 33")


def bench_big_commit(save: Path, *, rolls: int = 30) -> tuple[str, float, float, str]:
    with tempfile.TemporaryDirectory() as tmp, bare_frame((200, 60)) as frame:
        copy = copy_save(save, Path(tmp))
        samples = commit_latencies(copy, rolls, LINES, size=(200, 60), frame=frame)
    mine = statistics.median(samples)
    return (
        "big_commit_200x60_vs_bare_frame",
        mine / frame.median,
        float(round(BUDGET / FRAME)),
        f"median {mine * 1e3:.1f} ms over {rolls} rolls at 200×60, 200 characters; bare "
        f"frame {frame.median * 1e3:.1f} ms",
    )
