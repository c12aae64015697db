"""Start-up to the first painted frame: ``tablekeeper`` with the biggest demo vs a bare app.

Each run is a fresh Python process (imports included, as a GM would pay them) running the
app headless. The parent notes ``time.monotonic()`` (system-wide on Linux) just before the
spawn; the child prints it when its first full screen has been painted (a callback after the
refresh that follows the main screen's mount) and exits. The bare app composes the same
widget types (Static header, Horizontal/Vertical/VerticalScroll, OptionList, Static panels,
Input, Footer) with no session, store or rules. Runs alternate ours/bare; the figure is the
median of the ratios of each pair (:func:`paired`).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from tui.store import demo_paths

__all__ = ["bench_startup", "biggest_demo", "paired"]

ROOT = Path(__file__).resolve().parents[2]

_OURS = textwrap.dedent("""
    import random, sys, time
    from pathlib import Path
    from tui.app.app import TablekeeperApp
    from tui.screens.main import MainScreen

    app = TablekeeperApp(Path(sys.argv[1]), rng=random.Random(1))
    mounted = MainScreen.on_mount

    def painted() -> None:
        print(time.monotonic(), flush=True)
        app.exit()

    def on_mount(self: MainScreen) -> None:
        mounted(self)
        self.call_after_refresh(painted)

    MainScreen.on_mount = on_mount
    app.run(headless=True, size=(80, 24))
""")

_BARE = textwrap.dedent("""
    import sys, time
    from textual.app import App
    from textual.containers import Horizontal, Vertical, VerticalScroll
    from textual.widgets import Footer, Input, OptionList, Static

    class Bare(App):
        def compose(self):
            yield Static("header")
            with Horizontal():
                with Vertical():
                    yield OptionList("one", "two", "three")
                    with VerticalScroll():
                        yield Static("sheet")
                with Vertical():
                    yield Static("scene")
                    with VerticalScroll():
                        yield Static("log")
            yield Static("preview")
            yield Input(placeholder="roll")
            yield Footer()

        def on_mount(self):
            self.call_after_refresh(self.painted)

        def painted(self):
            print("frame", time.monotonic(), flush=True)
            self.exit()

    Bare().run(headless=True, size=(80, 24))
""")


def child_env() -> dict[str, str]:
    """The environment for a timed child: bytecode caching allowed, as in an installed
    package (``pip`` compiles it; a ``PYTHONDONTWRITEBYTECODE`` shell would otherwise make
    every run compile our modules from source while Textual's come precompiled)."""
    import os

    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def biggest_demo() -> Path:
    return max(demo_paths(), key=lambda p: p.stat().st_size)


def _seconds_to_first_frame(script: str, *args: str) -> float:
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env=child_env(),
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise RuntimeError(f"start-up child failed ({done.returncode}):\n{done.stderr}")
    return float(done.stdout.split()[-1]) - start


def bench_startup(*, repeats: int = 5) -> tuple[str, float, float, str]:
    """Median seconds to the first frame, ours ÷ bare (limit 1.3)."""
    import shutil
    import tempfile

    ours: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "big.toml"  # a copy: the child takes the writer's lock and saves
        shutil.copy(biggest_demo(), save)
        _seconds_to_first_frame(_BARE)  # warm the OS file cache for both alike
        for _ in range(repeats):
            ours.append(_seconds_to_first_frame(_OURS, str(save)))
            bare.append(_seconds_to_first_frame(_BARE))
    mine, other = statistics.median(ours), statistics.median(bare)
    return (
        "startup_vs_bare_textual",
        paired(ours, bare),
        1.3,
        f"{biggest_demo().name}: ours {mine * 1e3:.0f} ms, bare {other * 1e3:.0f} ms "
        f"(medians of {repeats}; the figure is the median of each run's ratio to the bare run "
        "beside it)",
    )


def paired(ours: list[float], bare: list[float]) -> float:
    """The median of each run's ratio to the bare run made right after it: a moment of load
    slows both of a pair, so one noisy run does not decide the figure."""
    return statistics.median(a / b for a, b in zip(ours, bare, strict=True))
