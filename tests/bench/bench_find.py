"""Years of play looked back on: ``/find`` and the recap over the big log, by its index.

- ``find_1m_first_results_vs_bytescan``: ``/find spot hidden`` (a phrase in every entry of
  the big log) until the first screenful is in hand — a fresh index object (opened, checked
  against the log), the newest matches read and checked (the 40 the screen shows first, before
  the rest of its 200 and the count) — against one plain byte scan of
  the same log file for the same bytes (read in 1 MiB steps, counted). Turn about, medians.
  The index is built first (once, as the app's thread does after the first frame; the note
  gives how long): the figure is a search, not a build.
- ``recap_adventure_1m_vs_20k``: ``tablekeeper recap --adventure 1`` of the big campaign
  (its first adventure is its first 20,000 entries) against the same recap of the same
  campaign whose log holds only those 20,000 entries: the years after the adventure cost
  nothing. Turn about, medians; both indexes built first.
- ``recap_rss_1m_vs_app``: peak memory of a whole recap of the big log (the players' copy,
  every entry read, by the index) in its own process, against the app's own peak with the
  same campaign once interactive (:mod:`tests.bench.bench_big_startup`'s child).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from tests.bench.bench_big_startup import _OURS, _marks, copy_save
from tests.bench.bench_save import PEAK_RSS
from tests.bench.bench_startup import ROOT, child_env
from tests.bench.big import ADVENTURE, PAST_SCENES, write_big
from tui.session.review.find import LogFilter
from tui.store import log_path
from tui.store.logindex import FIRST, LogIndex
from tui.widgets.log_panel import SHOWN

__all__ = ["bench_find", "bench_recap_adventure", "bench_recap_rss", "indexed"]

Figure = tuple[str, float, float, str]
WORDS = "spot hidden"

_RECAP = PEAK_RSS + textwrap.dedent("""
    import sys
    from pathlib import Path
    from tui.cli.recap import recap_main
    from tui.session.recap import RecapOptions

    assert recap_main(Path(sys.argv[1]), RecapOptions(), Path(sys.argv[2])) == 0
    print("rss", peak_rss(), flush=True)
""")


def indexed(save: Path) -> float:
    """Build (or check) the index of ``save``'s log; the seconds it took."""
    start = time.perf_counter()
    index = LogIndex(log_path(save))
    try:
        if not index.sync():
            raise RuntimeError(f"no index for {save}")
    finally:
        index.close()
    return time.perf_counter() - start


def _first_results(log: Path) -> float:
    start = time.perf_counter()
    took: list[float] = []
    index = LogIndex(log)
    try:
        found = index.find(
            LogFilter(text=WORDS),
            limit=SHOWN,
            first=lambda _f: took.append(time.perf_counter() - start),
        )
        if found is None or len(found.entries) != SHOWN:
            raise RuntimeError("the index did not answer")
        return took[0] if took else time.perf_counter() - start
    finally:
        index.close()


def _byte_scan(log: Path) -> float:
    start = time.perf_counter()
    needle, found, carry = WORDS.title().encode(), 0, b""
    with log.open("rb") as f:
        while chunk := f.read(1 << 20):
            data = carry + chunk
            found += data.count(needle)
            carry = data[-len(needle) + 1 :]
    if not found:
        raise RuntimeError("the byte scan found nothing")
    return time.perf_counter() - start


def bench_find(save: Path, *, repeats: int = 7) -> Figure:
    """``/find`` first results over the big log ÷ a byte scan of it."""
    built = indexed(save)
    log = log_path(save)
    ours: list[float] = []
    scans: list[float] = []
    for _ in range(repeats):
        ours.append(_first_results(log))
        scans.append(_byte_scan(log))
    mine, scan = statistics.median(ours), statistics.median(scans)
    mb = log.stat().st_size / (1 << 20)
    return (
        "find_1m_first_results_vs_bytescan",
        mine / scan,
        1.0,
        f"/find {WORDS}: the newest {FIRST} of every entry in {mine * 1e3:.0f} ms, a byte scan of "
        f"the {mb:.0f} MB log {scan * 1e3:.0f} ms (median of {repeats}; the index was built "
        f"in {built:.0f} s, once)",
    )


def _recap_time(save: Path, out: Path) -> float:
    from tui.cli.recap import recap_main
    from tui.session.recap import RecapOptions

    start = time.perf_counter()
    if recap_main(save, RecapOptions(adventure=1), out) != 0:
        raise RuntimeError("the recap failed")
    return time.perf_counter() - start


def bench_recap_adventure(
    save: Path, folder: Path, *, repeats: int = 5, adventure: int = ADVENTURE, past: int = 0
) -> Figure:
    """The recap of adventure 1 of the big log ÷ the same of a log of adventure 1 alone
    (``adventure`` entries; ``past``: the past scenes of both saves, default the big's)."""
    small = write_big(
        folder, entries=adventure, adventure=adventure, past_scenes=past or PAST_SCENES
    )
    indexed(save)
    indexed(small)
    ours: list[float] = []
    refs: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(repeats):
            ours.append(_recap_time(save, Path(tmp) / f"big-{n}.md"))
            refs.append(_recap_time(small, Path(tmp) / f"small-{n}.md"))
        if (Path(tmp) / "big-0.md").read_text() != (Path(tmp) / "small-0.md").read_text():
            raise RuntimeError("the two recaps of adventure 1 differ")
    mine, ref = statistics.median(ours), statistics.median(refs)
    return (
        "recap_adventure_1m_vs_20k",
        mine / ref,
        2.0,
        f"recap --adventure 1: {mine * 1e3:.0f} ms with the whole log, {ref * 1e3:.0f} ms "
        f"with only its {adventure:,} entries (median of {repeats})",
    )


def bench_recap_rss(save: Path) -> Figure:
    """Peak RSS of a whole recap of the big log ÷ the app's own with the same campaign."""
    indexed(save)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", _RECAP, str(save), str(Path(tmp) / "recap.md")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=3600,
            stdin=subprocess.DEVNULL,
            env=child_env(),
        )
        took = time.perf_counter() - start
        if done.returncode != 0:
            raise RuntimeError(f"recap child failed ({done.returncode}):\n{done.stderr}")
        recap = int(dict(ln.split() for ln in done.stdout.splitlines() if " " in ln)["rss"])
        big = copy_save(save, Path(tmp) / "app")
        _marks(_OURS, str(big))  # the first open writes the parse cache
        app = int(_marks(_OURS, str(big))[1]["rss"])
    return (
        "recap_rss_1m_vs_app",
        recap / app,
        1.5,
        f"peak RSS of a whole recap {recap / 1024:.0f} MB ({took:.0f} s), the app with the "
        f"same campaign {app / 1024:.0f} MB",
    )
