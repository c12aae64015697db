"""Committed-roll latency: Enter in ``#roll-entry`` → the new entry shown in the log panel.

Headless (``run_test``) on a copy of the BRP demo, autosave running as in real use. Each
sample puts a roll in the entry, lets its preview paint and the app idle (:data:`IDLE`), then
posts the Enter key event to the app exactly as the terminal driver does, and stops the
clock when the log panel holds the new entry *and* the next screen refresh has run
(``call_after_refresh``). ``Pilot.press`` is not used for the
timed part: its idle waits alone cost ~60 ms. Half the rolls use typed dice, half let the
app roll. After each sample a bare Textual app paints the same kind of line
(:mod:`tests.bench.reference`): the figure is our median ÷ its median, taken turn about.
Quiet, ours is ~9 ms and the bare frame ~4 ms (the preview repaints once per commit: a second
repaint a frame later held the settled screen back ~30 ms); the limit is the spec's 16 ms in
those.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tests.bench.reference import BareFrame, bare_frame
from tui.session.campaign.log import LogEntry
from tui.store import demo_paths
from tui.widgets.log_panel import LogPanel

__all__ = ["bench_roll_latency", "commit_latencies"]

LINES = ("alice spot hidden = 42", "boris listen", "alice stealth = 77", "boris teach")

#: Seconds between the frame showing a typed line and its Enter. Textual paints at most 60
#: frames a second, on its screen timer's grid: a frame asked for soon after the last one
#: waits for a later grid point (``textual.timer.Timer._run``), so an Enter posted the
#: moment the preview was painted partly measured the grid's phase, not the app. A GM's
#: Enter comes at least this long after the last key.
IDLE = 0.05


def _shown(log: Sequence[LogEntry], seq: int, panel_seq: int) -> bool:
    """Entry ``seq`` is the newest in the session and the log panel holds it.

    The panel's newest ``seq`` is compared, not its text: building the whole panel text on
    every poll would load the very event loop being measured.
    """
    return bool(log) and log[-1].seq == seq and panel_seq == seq


async def _latencies(
    save: Path,
    rolls: int,
    lines: Sequence[str] = LINES,
    size: tuple[int, int] = (80, 24),
    first_lines: Sequence[str] = (),
    frame: BareFrame | None = None,
) -> list[float]:
    from textual import events
    from textual.widgets import Input

    from tui.app.app import TablekeeperApp

    app = TablekeeperApp(save, rng=random.Random(3))
    out: list[float] = []
    async with app.run_test(size=size) as pilot:
        table = app.table
        assert table is not None
        entry = app.screen.query_one("#roll-entry", Input)
        log_panel = app.screen.query_one("#log", LogPanel)
        for line in first_lines:  # untimed: what the GM did before (e.g. select a character)
            entry.value = line
            await pilot.press("enter")
            await pilot.pause()
        first = (table.session.log[-1].seq if table.session.log else 0) + 1
        for i in range(rolls):
            entry.value = lines[i % len(lines)]
            await pilot.pause()  # the preview of the new value is not part of the commit
            await asyncio.sleep(IDLE)  # ... nor the frame painting it (see IDLE)
            painted = asyncio.Event()
            start = time.perf_counter()
            app.post_message(events.Key("enter", "\r"))  # what the terminal driver posts
            while not _shown(table.session.log, first + i, log_panel.newest_seq):
                if time.perf_counter() - start > 30:  # a refused line is logged nowhere
                    preview = app.screen.query_one("#preview").render()
                    raise RuntimeError(f"{lines[i % len(lines)]!r} was not logged: {preview}")
                await asyncio.sleep(0.0005)
            app.screen.call_after_refresh(painted.set)  # ... and the frame showing it
            await painted.wait()
            out.append(time.perf_counter() - start)
            if frame is not None:  # the reference's turn (our app is idle meanwhile)
                frame.sample(lines[i % len(lines)])
        app.flush()
    return out


def commit_latencies(
    save: Path,
    rolls: int,
    lines: Sequence[str] = LINES,
    size: tuple[int, int] = (80, 24),
    first_lines: Sequence[str] = (),
    frame: BareFrame | None = None,
) -> list[float]:
    """Seconds from Enter to the painted frame showing the entry, for ``rolls`` lines
    committed in the app on ``save`` after ``first_lines`` (untimed); the entry history
    goes to a temporary folder; after each, ``frame`` (if given) takes its sample."""
    import os

    with tempfile.TemporaryDirectory() as tmp:
        before = os.environ.get("XDG_STATE_HOME")
        os.environ["XDG_STATE_HOME"] = str(Path(tmp) / "state")  # the entry history goes here
        try:
            return asyncio.run(_latencies(save, rolls, lines, size, first_lines, frame))
        finally:
            if before is None:
                del os.environ["XDG_STATE_HOME"]
            else:
                os.environ["XDG_STATE_HOME"] = before


#: the spec's budget for a committed roll, and a quiet bare frame: the limit is one in the other
BUDGET, FRAME = 0.016, 0.0028


def bench_roll_latency(*, rolls: int = 50) -> tuple[str, float, float, str]:
    """Median seconds of a committed roll ÷ a bare app's Enter-to-paint, sampled turn about."""
    with tempfile.TemporaryDirectory() as tmp, bare_frame() as frame:
        save = Path(tmp) / "brp.toml"
        shutil.copy(next(p for p in demo_paths() if p.name == "demo-brp.toml"), save)
        samples = commit_latencies(save, rolls, frame=frame)
    mine = statistics.median(samples)
    return (
        "roll_latency_vs_bare_frame",
        mine / frame.median,
        float(round(BUDGET / FRAME)),
        f"median {mine * 1e3:.1f} ms over {rolls} rolls, bare frame {frame.median * 1e3:.1f} ms",
    )
