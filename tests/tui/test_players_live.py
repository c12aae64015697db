"""The players' view in the app: it follows the writer live, and offers only what works.

The writer is a GM's store and table in the test process recording every change as the app
does (log first, checkpoints when asked), so each case can put the files through a
checkpoint, a restart, a torn tail or a restored backup, and wait until the view shows it.
How soon it shows is printed (``-s``), not asserted: a wall-clock window belongs to a quiet
machine, and the view follows every ``FOLLOW_EVERY`` (0.2 s) whatever the load.
"""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.tui.conftest import DEMOS, log_text, rng, screen_text, type_line
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import Store, restore_backup
from tui.widgets.footer import Footer


class Writer:
    def __init__(self, save: Path) -> None:
        self.store = Store.open(save)
        self.table = open_table(
            Session(self.store.campaign, self.store.log, last_seq=self.store.log_count),
            rng=random.Random(3),
        )
        self.table.session.subscribe(self.store.record)

    def run(self, line: str) -> None:
        feedback = self.table.submit(line)
        assert feedback.ok, (line, feedback.message)

    def close(self) -> None:
        self.store.flush()
        self.store.close()


async def shows(pilot: Pilot[Any], test: Callable[[], bool], what: str) -> float:
    """Wait until ``test()`` holds on the view; the seconds it took (for the record)."""
    start = time.perf_counter()
    await until(pilot, test, what)
    return time.perf_counter() - start


async def test_rolls_appear_within_a_second_across_checkpoints_restarts_and_restores(
    demo_copy: Callable[[str], Path],
) -> None:
    save = demo_copy("brp")
    writer = Writer(save)
    app = TablekeeperApp(save, rng=rng(), read_only=True)
    waits: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        writer.run("alice spot hidden = 07")
        waits.append(await shows(pilot, lambda: "07 → special" in log_text(pilot), "a roll"))
        writer.store.checkpoint()
        writer.run("/hp alice -2")
        waits.append(
            await shows(pilot, lambda: "HP 11 → 9" in log_text(pilot), "after a checkpoint")
        )
        writer.close()  # the GM quits: the view keeps what it shows
        feed = app.files.feed
        assert feed is not None
        polls: list[bool] = []
        real = feed.poll

        def poll() -> bool:
            polls.append(real())
            return polls[-1]

        feed.poll = poll  # type: ignore[method-assign]
        await until(pilot, lambda: len(polls) >= 2, "the view looking at the quit files twice")
        await settled(pilot)
        assert "HP 11 → 9" in log_text(pilot)
        writer = Writer(save)  # and comes back
        writer.run("boris listen = 10")
        waits.append(await shows(pilot, lambda: "Listen" in log_text(pilot), "after a restart"))
        writer.store.checkpoint()
        writer.run("/rename The Quiet House")
        writer.close()
        shutil.copy(save, save.with_suffix(".edited"))
        restore_backup(save)  # the save goes back one checkpoint; the log brings it forward
        waits.append(
            await shows(
                pilot,
                lambda: "The Quiet House" in screen_text(pilot, "#header"),
                "after a restored backup",
            )
        )
        writer = Writer(save)
        writer.run("/hp boris -1")
        waits.append(
            await shows(pilot, lambda: "Boris Ivanov HP" in log_text(pilot), "after the restore")
        )
        writer.close()
    print("players' view latency (s):", " ".join(f"{w:.3f}" for w in waits))


async def test_the_already_open_choice_follows_the_writer(demo_copy: Callable[[str], Path]) -> None:
    save = demo_copy("brp")
    writer = Writer(save)
    try:
        app = TablekeeperApp(save, rng=rng())
        async with app.run_test(size=(80, 24)) as pilot:
            assert "already open" in screen_text(pilot, "#problem-title")
            await pilot.press("enter")  # open read-only
            await pilot.pause()
            assert app.read_only and app.files.feed is not None
            writer.run("alice spot hidden = 07")
            await shows(pilot, lambda: "07 → special" in log_text(pilot), "a roll")
    finally:
        writer.close()


async def test_the_view_offers_only_what_works_there(demo_copy: Callable[[str], Path]) -> None:
    save = demo_copy("strange")
    before = save.read_bytes()
    app = TablekeeperApp(save, rng=rng(), read_only=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.show
        }
        assert {"Undo", "Redo", "Next turn", "Roll form"}.isdisjoint(keys), keys
        assert footer.is_mounted
        await pilot.press("ctrl+p")
        await until(pilot, lambda: type(app.screen).__name__ == "CommandPalette", "the palette")
        from tui.app.palette import commands

        titles = [c.title for c in commands(app, app.screen, app.get_system_commands(app.screen))]
        assert "Undo" not in titles and "Screenshot" not in titles
        assert not any(t.startswith("/") for t in titles), titles
        assert {"Help", "Quit"} <= set(titles)
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        help_text = str(app.screen.query_one("#help-body Static").render())
        assert "PLAYERS' VIEW" in help_text and "/hp" not in help_text
        assert "ctrl+z" not in help_text and "/quit" in help_text
        await pilot.press("escape")
        for line in ("kirma bow = 3 3 4 5", "!kirma bow", "/hp kirma -1", "/note x"):
            await type_line(pilot, line)
            assert "changes nothing" in screen_text(
                pilot, "#preview"
            ) or "read-only" in screen_text(pilot, "#preview"), line
        await pilot.press("ctrl+z", "ctrl+n")
        await pilot.pause()
        assert app.table is not None and app.table.session.log == []
        app.fill_entry("/")
        await pilot.press("tab")
        await pilot.pause()
        assert app.main_screen().entry.value in ("/", "/help", "/quit", "/q", "/exit", "/?")  # type: ignore[union-attr]
    assert save.read_bytes() == before


async def test_read_only_picker_opens_read_only_and_makes_nothing(tmp_path: Path) -> None:
    shutil.copy(DEMOS["age"], tmp_path / "tycho.toml")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        assert type(app.screen).__name__ == "PickerScreen"
        option_list = app.screen.query_one("#picker-list")
        labels = [str(o.prompt) for o in option_list.options]  # type: ignore[attr-defined]
        assert not any("New campaign" in label for label in labels)
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "PickerScreen"
        index = next(i for i, label in enumerate(labels) if "tycho.toml" in label)
        option_list.highlighted = index  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert (
            app.files.store is not None and app.files.store.read_only and app.files.feed is not None
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tycho.toml"]
