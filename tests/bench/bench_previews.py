"""The first preview of a heavy roll, cold: a Strange duel without typed ranges (the GM's 36
ranges), an AGE opposed test, and ``1000d6``. Each ÷ a bare Textual app painting that text.

Each sample is a fresh process (so every cache is cold): it opens the demo, loads the rules
as the app does after its first frame (``Table.warm_up``), then times the preview of the
line (what the screen computes on the keystroke that completes it). After each, the bare
app of :mod:`tests.bench.reference` submits and paints the preview's own text: the figure
is our median ÷ its median, taken turn about; the limit is the old 16 ms budget in bare
frames.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap

from tests.bench.bench_roll import BUDGET, FRAME
from tests.bench.bench_startup import ROOT, child_env
from tests.bench.reference import bare_frame
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
    print(" ".join(shown.text.split()))
    print(took)
""")

#: (figure, demo, line)
PREVIEWS = (
    (
        "strange_duel_preview_vs_bare_frame",
        "demo-strange.toml",
        "dallah wrestling vs balgruf athletics",
    ),
    ("age_opposed_preview_vs_bare_frame", "demo-age.toml", "naomi stealth vs bobbie seeing tn=11"),
    ("dice_1000d6_preview_vs_bare_frame", "demo-brp.toml", "1000d6"),
)


def _cold_seconds(demo: str, line: str) -> tuple[float, str]:
    """Seconds of the cold preview, and the text it shows."""
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
    *text, took = done.stdout.strip().splitlines()
    return float(took), " ".join(text)


def bench_previews(*, repeats: int = 5) -> list[tuple[str, float, float, str]]:
    """One figure per line of :data:`PREVIEWS`: median cold seconds ÷ the bare frame's."""
    out = []
    with bare_frame() as frame:
        for name, demo, line in PREVIEWS:
            mine: list[float] = []
            bare: list[float] = []
            for _ in range(repeats):
                took, text = _cold_seconds(demo, line)
                mine.append(took)
                bare.append(frame.sample(text))
            ours, other = statistics.median(mine), statistics.median(bare)
            out.append(
                (
                    name,
                    ours / other,
                    float(round(BUDGET / FRAME)),
                    f"{line!r}: {ours * 1e3:.2f} ms cold, bare frame painting it "
                    f"{other * 1e3:.2f} ms (medians of {repeats})",
                )
            )
    return out
