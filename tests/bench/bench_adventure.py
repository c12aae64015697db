"""The end of an adventure with 200 characters against the same in the demo.

Each character has up to 13 skills ticked (the big campaign: 2,600 experience rolls; the
BRP demo: its characters' skills). One sample opens the end-of-adventure screen
(``/endadventure`` and Enter → the screen painted) and rolls everything (``a`` → every row
rolled and painted), in a fresh copy of the save; the big campaign and the demo take turns.
The figure is the median of big ÷ the median of the demo. ``adventure_end_apply_200_vs_demo``
times the Enter that applies it in the same runs (the change and its log entry written, the
main screen painted again), big ÷ demo.

The Enter comes :data:`READ` seconds after the rolls show, as a GM's does: every row
rolled, the screen makes the change and its patch ready meanwhile (:func:`prepare` of
:mod:`tui.session.adventure.flow`), so that the Enter writes what was made.

``big_quit_vs_demo`` times what follows in the same runs: the quit (``app.exit()`` → the app
closed, what is due written and the store released), big ÷ demo, once the autosaver has
settled and the log's index is built (the background work of both done: a build still
running competed with the quit for the interpreter). The end of the adventure changed the
adventure number the picker reads from the save's top lines, so it asks for a checkpoint at
once, in the background (in both campaigns: the same work; the note gives how long the big
one took); the quit then writes no save in either, and leaves the log's parse cache, whose
tables the checkpoint worked out. (Before the
apply was timed here, the demo's small save was rewritten at quit and the big one left to its
log, which compared different work; then both were rewritten at quit, 20× apart: a save of
200 changed characters against one of 5.)
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from tests.bench.big import big_campaign
from tui.session.campaign.model import Campaign
from tui.store import Store, demo_paths

__all__ = ["bench_adventure_end"]

TICKS = 13
#: Seconds between the rolls showing and the Enter applying them: a GM reads 2,600 results
#: first (the screen makes the change ready meanwhile; see ``flow.prepare``)
READ = 0.2


def ticked(campaign: Campaign) -> Campaign:
    """``campaign`` with each character's first :data:`TICKS` skills ticked."""
    return replace(
        campaign,
        characters=tuple(
            ch.with_ticks(tuple(list(ch.skills)[:TICKS])) for ch in campaign.characters
        ),
    )


async def _wait(pilot: object, done: object, what: str) -> None:
    start = time.perf_counter()
    while not done():  # type: ignore[operator]
        if time.perf_counter() - start > 120:
            raise RuntimeError(f"{what}: not done in 120 s")
        await asyncio.sleep(0.001)


async def _one(save: Path) -> tuple[float, float, float, float]:
    """(seconds to open and roll all, seconds to apply it, seconds to quit, seconds from the
    apply painted until the autosaver settled)."""
    from textual import events
    from textual.widgets import Input

    from tui.app.app import TablekeeperApp
    from tui.screens.adventure_end import AdventureEndScreen

    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        entry = app.screen.query_one("#roll-entry", Input)
        entry.value = "/endadventure"
        await pilot.pause()
        await asyncio.sleep(0.05)
        took = 0.0
        for key, done in (
            ("enter", lambda: isinstance(app.screen, AdventureEndScreen)),
            ("a", lambda: all(r.done for r in app.screen.rows)),  # type: ignore[attr-defined]
        ):
            painted = asyncio.Event()
            start = time.perf_counter()
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
            await _wait(pilot, done, key)
            app.screen.call_after_refresh(painted.set)
            await painted.wait()
            took += time.perf_counter() - start
            await pilot.pause()
        rows = len(app.screen.rows)  # type: ignore[attr-defined]
        assert rows, "no experience rolls"
        await asyncio.sleep(READ)  # the GM reads the rolls before applying them
        # Enter applies it: one logged change (its entry on disk), the main screen painted
        adventure = app.screen  # the end-of-adventure screen
        painted = asyncio.Event()
        start = time.perf_counter()
        app.post_message(events.Key("enter", "\r"))
        await _wait(pilot, lambda: app.screen is not adventure, "apply")
        app.screen.call_after_refresh(painted.set)
        await painted.wait()
        applied = time.perf_counter() - start
        assert app.screen.query_one("#roll-entry", Input) is not None
        saver = app.files.autosaver
        assert saver is not None and saver.due_at_quit(), "the apply asked for no checkpoint"
        start = time.perf_counter()
        await _wait(pilot, lambda: saver.settled and not saver.due_at_quit(), "checkpoint")
        settled = time.perf_counter() - start
        store = app.files.store
        assert store is not None
        await _wait(pilot, lambda: store.index is not None, "the log's index")
        assert store.index is not None and store.index.sync()  # its build done (untimed)
        start = time.perf_counter()
        app.exit()
    return took, applied, time.perf_counter() - start, settled


Figure = tuple[str, float, float, str]


def bench_adventure_end(*, rounds: int = 3) -> tuple[Figure, Figure, Figure]:
    """(adventure_end_200_vs_demo, adventure_end_apply_200_vs_demo, big_quit_vs_demo)."""
    demo = next(p for p in demo_paths() if p.name == "demo-brp.toml")
    with Store.open(demo, read_only=True) as store:
        small = ticked(store.campaign)
    big = ticked(big_campaign())
    mine: list[tuple[float, float, float, float]] = []
    other: list[tuple[float, float, float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(rounds):
            for campaign, out in ((big, mine), (small, other)):
                save = Path(tmp) / f"{n}-{len(out)}-{len(campaign.characters)}.toml"
                Store.create(save, campaign).close()
                out.append(asyncio.run(_one(save)))
    ours, bare = (statistics.median(t[0] for t in x) for x in (mine, other))
    apply_ours, apply_bare = (statistics.median(t[1] for t in x) for x in (mine, other))
    quit_ours, quit_bare = (statistics.median(t[2] for t in x) for x in (mine, other))
    settle_ours, settle_bare = (statistics.median(t[3] for t in x) for x in (mine, other))
    return (
        (
            "adventure_end_200_vs_demo",
            ours / bare,
            2.0,
            f"open + roll all: {ours * 1e3:.0f} ms with {len(big.characters)} characters "
            f"({sum(len(c.ticks) for c in big.characters)} rolls), {bare * 1e3:.0f} ms in "
            "the demo",
        ),
        (
            "adventure_end_apply_200_vs_demo",
            apply_ours / apply_bare,
            2.0,
            f"Enter applying it (one logged change, the screen painted): {apply_ours * 1e3:.0f}"
            f" ms with {len(big.characters)} characters, {apply_bare * 1e3:.0f} ms in the demo",
        ),
        (
            "big_quit_vs_demo",
            quit_ours / quit_bare,
            1.5,
            f"quit after it: {quit_ours * 1e3:.0f} ms with {len(big.characters)} characters, "
            f"{quit_bare * 1e3:.0f} ms in the demo; the checkpoint the apply asked for was "
            f"written in the background {settle_ours * 1e3:.0f} ms after the screen was "
            f"painted ({settle_bare * 1e3:.0f} ms in the demo; it waits for "
            "the change's quiet, 0.4 s)",
        ),
    )
