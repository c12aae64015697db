"""Start-up with the big campaign (:mod:`tests.bench.big`) against a bare Textual app.

Two figures from the same child runs (see :mod:`tests.bench.bench_startup` for the method):
the *first frame* (the main screen painted) and *interactive* (after the first frame the app
loads the system's rules and commands and shows the example roll line; the next painted
frame is the moment a typed roll gets its preview without waiting). The bare app has nothing
to load, so both figures are divided by its first frame. Runs alternate ours/bare; each
figure is the median of the pairs' ratios (:func:`tests.bench.bench_startup.paired`).

The child opens a copy of the big save (copied, never hard-linked: the journal refuses a
hard-linked log); the first open is not timed (it writes the parse cache, as a GM's first
open after an upgrade would).
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from tests.bench.bench_save import PEAK_RSS
from tests.bench.bench_startup import _BARE, ROOT, child_env, paired

__all__ = ["bench_big_rss", "bench_big_startup", "copy_save"]

_OURS = PEAK_RSS + textwrap.dedent("""
    import random, sys, time
    from pathlib import Path
    from tui.app.app import TablekeeperApp
    from tui.screens.main import MainScreen

    app = TablekeeperApp(Path(sys.argv[1]), rng=random.Random(1))
    mounted, warm = MainScreen.on_mount, MainScreen._warm_up

    def painted() -> None:
        print("frame", time.monotonic(), flush=True)

    def ready() -> None:
        print("ready", time.monotonic(), flush=True)
        print("rss", peak_rss(), flush=True)
        app.exit()

    def on_mount(self: MainScreen) -> None:
        mounted(self)
        self.call_after_refresh(painted)

    def warm_up(self: MainScreen) -> None:
        warm(self)
        self.call_after_refresh(ready)

    MainScreen.on_mount = on_mount
    MainScreen._warm_up = warm_up
    app.run(headless=True, size=(80, 24))
""")


def copy_save(save: Path, folder: Path) -> Path:
    """A real copy of ``save`` and its log in ``folder`` (no hard links), on disk: a copy
    still in the page cache would make the first fsync of the log pay for all of it."""
    import os

    from tui.store import log_path

    folder.mkdir(parents=True, exist_ok=True)
    target = folder / save.name
    pairs = [(save, target)]
    if log_path(save).exists():
        pairs.append((log_path(save), log_path(target)))
    for source, copy in pairs:
        shutil.copyfile(source, copy)
        fd = os.open(copy, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    return target


def _marks(script: str, *args: str) -> tuple[float, dict[str, str]]:
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        env=child_env(),
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"start-up child failed ({done.returncode}):\n{done.stderr}")
    return start, dict(line.split() for line in done.stdout.splitlines() if line.count(" ") == 1)


def bench_big_rss(save: Path) -> tuple[str, float, float, str]:
    """Peak RSS of the app once interactive: the big campaign ÷ the biggest demo."""
    import tempfile

    from tests.bench.bench_startup import biggest_demo

    with tempfile.TemporaryDirectory() as tmp:
        big = copy_save(save, Path(tmp) / "big")
        demo = copy_save(biggest_demo(), Path(tmp) / "demo")
        _marks(_OURS, str(big))  # the first open writes the parse cache
        mine = int(_marks(_OURS, str(big))[1]["rss"])
        other = int(_marks(_OURS, str(demo))[1]["rss"])
    return (
        "big_rss_vs_demo",
        mine / other,
        1.5,
        f"peak RSS {mine / 1024:.0f} MB with the big campaign, {other / 1024:.0f} MB with "
        f"{biggest_demo().name}",
    )


def _run(script: str, *args: str) -> tuple[float, float]:
    """Seconds to the first frame and to interactive (the bare app: both its first frame)."""
    start, marks = _marks(script, *args)
    frame = float(marks["frame"]) - start
    return frame, float(marks.get("ready", marks["frame"])) - start


def bench_big_startup(
    save: Path, *, repeats: int = 5
) -> tuple[tuple[str, float, float, str], tuple[str, float, float, str]]:
    """(first frame, interactive) of the big campaign ÷ a bare app's first frame."""
    import tempfile

    frames: list[float] = []
    readies: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        copy = copy_save(save, Path(tmp))
        _run(_OURS, str(copy))  # writes the parse cache; warms the OS file cache
        _run(_BARE)
        for _ in range(repeats):
            frame, ready = _run(_OURS, str(copy))
            frames.append(frame)
            readies.append(ready)
            bare.append(_run(_BARE)[0])
    frame, ready, other = (statistics.median(x) for x in (frames, readies, bare))
    say = f"big campaign: first frame {frame * 1e3:.0f} ms, interactive {ready * 1e3:.0f} ms, "
    say += f"bare {other * 1e3:.0f} ms (medians of {repeats}; each figure is the median of "
    say += "each run's ratio to the bare run beside it)"
    return (
        ("big_first_frame_vs_bare", paired(frames, bare), 1.3, say),
        ("big_interactive_vs_bare", paired(readies, bare), 1.5, say),
    )
