"""The bench's yardstick: a bare Textual app's frame, measured beside ours in the same run.

A machine shared with other work runs everything slower at some moments than at others, so
no figure is divided by a fixed number of milliseconds: each is divided by what a bare
Textual app (one Input, one Static) takes, on this machine and at this moment, from an
Enter to the painted frame showing the line it submitted. The bare app runs in its own
process (so nothing of ours is imported into it, and its loop never competes with the one
being measured) and takes one sample each time :meth:`BareFrame.sample` asks, so the bench
takes its samples and the reference's turn about. Quiet, that frame is ~3 ms; the limits of
the lines that used to be fixed budgets are those budgets in such frames.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["BareFrame", "bare_frame", "interleaved", "seconds"]

ROOT = Path(__file__).resolve().parents[2]

_CHILD = textwrap.dedent("""
    import asyncio, sys, time
    from textual import events
    from textual.app import App
    from textual.widgets import Input, Static

    class Bare(App):
        def compose(self):
            yield Static("", id="out")
            yield Input(id="entry")

        def on_input_submitted(self, event):
            self.query_one("#out", Static).update(event.value)
            event.input.value = ""

    async def main():
        app = Bare()
        loop = asyncio.get_running_loop()
        async with app.run_test(size=(int(sys.argv[1]), int(sys.argv[2]))) as pilot:
            entry = app.query_one(Input)
            while True:
                text = (await loop.run_in_executor(None, sys.stdin.readline)).rstrip("\\n")
                if not text:
                    break
                entry.value = text
                await pilot.pause()
                await asyncio.sleep(0.05)  # the frame showing the typed line is not timed
                painted = asyncio.Event()
                start = time.perf_counter()
                app.post_message(events.Key("enter", "\\r"))
                while entry.value:
                    await asyncio.sleep(0.0005)
                app.screen.call_after_refresh(painted.set)
                await painted.wait()
                print(time.perf_counter() - start, flush=True)

    asyncio.run(main())
""")

#: what the bare app submits and paints unless a bench gives the text it paints itself
LINE = "Alice Moore · Spot Hidden 60%: 42 success"


class BareFrame:
    """A running bare app; :meth:`sample` is one Enter-to-paint, in seconds."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self._process = process
        self.samples: list[float] = []

    def sample(self, text: str = LINE) -> float:
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(" ".join(text.split()) + "\n")  # one line, never empty
        stdin.flush()
        answer = stdout.readline()
        if not answer:
            raise RuntimeError(f"the bare app stopped (exit {self._process.poll()})")
        self.samples.append(float(answer))
        return self.samples[-1]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


@contextmanager
def bare_frame(size: tuple[int, int] = (80, 24)) -> Iterator[BareFrame]:
    """A bare app of ``size`` to sample (a warm-up sample taken and dropped)."""
    process = subprocess.Popen(
        [sys.executable, "-c", _CHILD, *map(str, size)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    frame = BareFrame(process)
    try:
        frame.sample()
        frame.samples.clear()
        yield frame
    finally:
        if process.stdin is not None:
            process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def seconds(call: Callable[[], object]) -> float:
    """Seconds one call of ``call`` takes."""
    import time

    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def interleaved(
    ours: Callable[[], float], frame: BareFrame, *, repeats: int, text: str = LINE
) -> tuple[float, float]:
    """(median of ``ours()``, median bare frame) over ``repeats`` turns about."""
    mine: list[float] = []
    bare: list[float] = []
    for _ in range(repeats):
        mine.append(ours())
        bare.append(frame.sample(text))
    return statistics.median(mine), statistics.median(bare)
