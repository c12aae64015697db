"""Save benchmarks: cost of (save + append one entry) and peak memory, 100,000 vs few entries.

Ratios are measured in the same run (these machines are noisy). Memory: a loaded campaign
keeps only the newest ``LOG_TAIL`` entries in memory plus the count (older ones are read from
disk only by ``tablekeeper check``), so peak RSS does not grow with the log.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from tests.store.helpers import Bump, entry, small_campaign, write_big_log
from tui.store import Store, log_path

ROOT = Path(__file__).resolve().parents[2]


def median_save_times(
    folder: Path, sizes: tuple[int, ...], *, rounds: int = 25
) -> tuple[float, ...]:
    """Median seconds of one autosave (append one entry + save) for a log of each size.

    The stores are open side by side and take turns, one save each per round: an fsync's
    cost drifts with the disk from one moment to the next, and alternating lets the drift
    fall on every size alike instead of on whichever ran second."""
    stores = []
    for n, entries in enumerate(sizes):
        (folder / str(n)).mkdir(parents=True, exist_ok=True)
        save = folder / str(n) / "bench.toml"
        Store.create(save, small_campaign()).close()
        write_big_log(log_path(save), entries)
        stores.append(Store.open(save))
    times: list[list[float]] = [[] for _ in sizes]
    campaigns = [store.campaign for store in stores]
    try:
        for i in range(rounds):
            for k, (store, entries) in enumerate(zip(stores, sizes, strict=True)):
                campaigns[k] = Bump().apply(campaigns[k]).campaign
                start = time.perf_counter()
                store.listener(campaigns[k], [entry(entries + 1 + i)])
                times[k].append(time.perf_counter() - start)
    finally:
        for store in stores:
            store.close()
    return tuple(statistics.median(t) for t in times)


def median_save_time(folder: Path, entries: int, *, rounds: int = 25) -> float:
    """Median seconds of one autosave with ``entries`` logged (one size alone)."""
    return median_save_times(folder, (entries,), rounds=rounds)[0]


def bench_save() -> tuple[str, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        small, big = median_save_times(Path(tmp), (10, 100_000))
    return ("save_100k_vs_10", big / small, 2.0)


#: the child's own peak RSS in KiB: ``VmHWM`` starts afresh with the program, while Linux
#: carries ``ru_maxrss`` over ``exec`` from the parent (a big bench parent would mask it)
PEAK_RSS = textwrap.dedent("""
    def peak_rss():
        try:
            with open("/proc/self/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
""")

_RSS_CHILD = PEAK_RSS + textwrap.dedent("""
    import sys
    from tui.store import Store
    with Store.open(sys.argv[1]) as store:
        assert store.log_count == int(sys.argv[2])
    print(peak_rss())
""")


def _peak_rss(folder: Path, entries: int) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    save = folder / "rss.toml"
    Store.create(save, small_campaign()).close()
    if entries:
        write_big_log(log_path(save), entries)
    out = subprocess.run(
        [sys.executable, "-c", _RSS_CHILD, str(save), str(entries)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return int(out.strip())


def bench_rss() -> tuple[str, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        empty = _peak_rss(Path(tmp) / "empty", 0)
        big = _peak_rss(Path(tmp) / "big", 100_000)
    return ("rss_100k_vs_empty", big / empty, 1.5)


if __name__ == "__main__":
    for name, ratio, limit in (bench_save(), bench_rss()):
        print(f"{name} ratio={ratio:.2f} limit={limit}")
