"""The garbage collector is off while a campaign opens and on again once it is interactive."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import rng
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.base import gcpause


async def test_off_while_opening_on_once_interactive(demo_copy: Callable[[str], Path]) -> None:
    assert gc.isenabled()
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    assert not gc.isenabled() and gcpause.paused()
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled() and not gcpause.paused()
    assert gc.isenabled()


async def test_the_picker_turns_it_back_on_too(tmp_path: Path) -> None:
    app = TablekeeperApp(None, saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        assert not gc.isenabled()
        await until(pilot, gc.isenabled, "the collector back on (at the latest after 3 s)")


async def test_quitting_early_turns_it_back_on(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)):
        pass
    assert gc.isenabled() and not gcpause.paused()


def test_a_collector_switched_off_by_someone_else_stays_off() -> None:
    gc.disable()
    try:
        gcpause.pause()
        gcpause.resume()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_resuming_makes_the_objects_old_without_losing_any() -> None:
    gcpause.pause()
    made = [[i] for i in range(1000)]
    gcpause.resume()
    assert gc.isenabled() and gc.get_freeze_count() == 0  # nothing stays frozen
    assert sum(len(x) for x in made) == 1000
