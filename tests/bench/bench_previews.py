"""The first preview of a heavy roll, cold: a Strange duel without typed ranges (the GM's 36
ranges), an AGE opposed test, and ``1000d6``. Each ÷ one 16 ms frame.

Each sample is a fresh process (so every cache is cold): it opens the demo, loads the rules
as the app does after its first frame (``Table.warm_up``), then times the preview of the
line (what the screen computes on the keystroke that completes it). Median of ``repeats``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap

from tests.bench.bench_startup import ROOT, child_env
from tui.store import demo_paths

__all__ = ["PREVIEWS", "bench_previews"]

_CHILD = textwrap.dedent("""
    import random, sys, time
    from tui.store import Store
    from tui.session.campaign.session import Session
    from tui.session.table.table import Table
    from tui.session.tables import open_table

    with Store.open(sys.argv[1], read_only=True) as store:
        table = open_table(Session(store.campaign), rng=random.Random(1))
    table.warm_up()
    start = time.perf_counter()
    shown = table.preview(sys.argv[2])
    took = time.perf_counter() - start
    assert shown.ok and ("%" in shown.text or "average" in shown.text), shown.text
    print(took)
""")

#: (figure, demo, line)
PREVIEWS = (
    ("strange_duel_preview_ms_vs_16", "demo-strange.toml", "dallah wrestling vs balgruf athletics"),
    ("age_opposed_preview_ms_vs_16", "demo-age.toml", "naomi stealth vs bobbie seeing tn=11"),
    ("dice_1000d6_preview_ms_vs_16", "demo-brp.toml", "1000d6"),
)


def _cold_seconds(demo: str, line: str) -> float:
    save = next(p for p in demo_paths() if p.name == demo)
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(save), line],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=child_env(),
        stdin=subprocess.DEVNULL,
    )
    if done.returncode != 0:
        raise RuntimeError(f"preview child failed for {line!r}:\n{done.stderr}")
    return float(done.stdout.split()[-1])


def bench_previews(*, repeats: int = 5) -> list[tuple[str, float, float, str]]:
    """One figure per line of :data:`PREVIEWS`: median cold ms ÷ 16."""
    out = []
    for name, demo, line in PREVIEWS:
        ms = statistics.median(_cold_seconds(demo, line) for _ in range(repeats)) * 1e3
        out.append((name, ms / 16.0, 1.0, f"{line!r}: {ms:.2f} ms cold (median of {repeats})"))
    return out
