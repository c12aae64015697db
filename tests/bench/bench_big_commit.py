"""A committed roll in the big campaign on a 200×60 terminal against the same in the demo.

The clock is :mod:`tests.bench.bench_roll`'s (Enter → the frame showing the new entry), on a
copy of the big campaign (200 characters, 10,000 past scenes, a 1,000,000-entry log) and on
a copy of the BRP demo, both at 200×60 where all of the screen shows, committing the same
lines (characters and skills both campaigns have). The big campaign and the demo take
turns, a session of each per round (which goes first alternates); the figure is the median
of the rounds' ratios (median ÷ median), so a moment of load in one round does not decide
it. It used to divide by a bare app's Enter-to-paint, one Static: a different piece of work
than a commit, so it said how fast Textual is as much as how the commit grows with the
campaign; the commit's own budget is :mod:`tests.bench.bench_roll`'s line, in the demo.
What keeps the big one flat: the party panel repaints only the lines of characters that
changed, and the save records one patch.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from tests.bench.bench_big_startup import copy_save
from tests.bench.bench_roll import commit_latencies
from tui.store import demo_paths

__all__ = ["bench_big_commit"]

#: lines both campaigns can commit (the same work in each)
LINES = ("alice spot hidden = 42", "boris listen", "alice stealth = 77")
SIZE = (200, 60)


def bench_big_commit(
    save: Path, *, rolls: int = 30, rounds: int = 3
) -> tuple[str, float, float, str]:
    demo = next(p for p in demo_paths() if p.name == "demo-brp.toml")
    per = max(1, rolls // rounds)
    ratios: list[float] = []
    ours: list[float] = []
    theirs: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        big = copy_save(save, Path(tmp) / "big")
        small = copy_save(demo, Path(tmp) / "demo")
        for n in range(rounds):
            order = [(big, ours), (small, theirs)]
            for copy, out in order if n % 2 == 0 else order[::-1]:
                out.append(statistics.median(commit_latencies(copy, per, LINES, size=SIZE)))
            ratios.append(ours[-1] / theirs[-1])
    return (
        "big_commit_200x60_vs_demo",
        statistics.median(ratios),
        1.5,
        f"median per round {statistics.median(ours) * 1e3:.1f} ms with 200 characters and a "
        f"big log, {statistics.median(theirs) * 1e3:.1f} ms in {demo.name}, at 200×60 "
        f"({rounds} rounds of {per} rolls each; ratios "
        + ", ".join(f"{r:.2f}" for r in ratios)
        + ")",
    )
