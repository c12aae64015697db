"""Looking back in the app at 80x24: /find and its filter bar, /scenes, the dice
statistics and /recap — and none of them in the players' view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Select, Static

from tests.tui.conftest import rng, type_line
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.screens.dice_stats import DiceStatsScreen
from tui.screens.log_search import LogSearchScreen
from tui.screens.recap_view import RecapScreen
from tui.screens.scenes_list import ScenesScreen

LINES = [
    "/scene Cellar",
    "alice spot hidden = 03",
    "boris listen = 80",
    "/hp alice -2",
    "/endscene found the door",
    "/scene Attic",
    "alice stealth = 99",
    "boris listen = 30",
]


async def _played(app: TablekeeperApp, pilot: object) -> None:
    app.screen._warm_up()  # type: ignore[attr-defined]
    for line in LINES:
        await type_line(pilot, line)  # type: ignore[arg-type]


def _find_title(app: TablekeeperApp) -> str:
    """The search's answer, once the screen and its worker are done."""
    found = app.screen.query("#find-title").results(Static)
    return "".join(str(widget.render()) for widget in found)


async def _found_listen(app: TablekeeperApp, pilot: Pilot[None]) -> LogSearchScreen:
    """``/find listen`` after the played demo: the two Listen rolls and nothing else."""
    await type_line(pilot, "/find listen")
    await until(pilot, lambda: "entries match" in _find_title(app), "the search's answer")
    screen = app.screen
    assert isinstance(screen, LogSearchScreen)
    shown = screen.log_panel.plain_text
    assert "Listen 50%: 80" in shown and "Listen 50%: 30" in shown and "Spot" not in shown
    assert "2 entries match" in _find_title(app)
    return screen


async def test_find_and_the_filter_bar(demo_copy: Callable[[str], Path], user_dirs: Path) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await _played(app, pilot)
        screen = await _found_listen(app, pilot)
        screen.query_one("#find-grade", Select).value = "failure"
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "80" in screen.log_panel.plain_text and ": 30" not in screen.log_panel.plain_text
        text = screen.query_one("#find-text", Input)
        text.value = ""
        screen.query_one("#find-who", Select).value = "Alice Moore"
        await until(pilot, lambda: screen.log_panel.plain_text == "", "Alice's failures")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.log_panel.plain_text == ""  # Alice failed nothing (99 is a fumble)
        screen.query_one("#find-grade", Select).clear()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        shown = screen.log_panel.plain_text
        assert "Stealth 40%: 99" in shown and "HP 11 → 9" in shown and "Boris" not in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, LogSearchScreen)


async def test_find_and_the_recap_answer_from_the_logs_index(
    demo_copy: Callable[[str], Path], user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once the index is up to date, neither reads the log whole: streaming it fails here."""
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await _played(app, pilot)
        app.screen._index_log()  # type: ignore[attr-defined]  # what the timer does after 1 s
        store = app.files.store
        assert store is not None and store.index is not None
        assert store.index.sync()  # what the thread started after the first frame does

        def streamed(*_args: object, **_kw: object) -> None:
            raise AssertionError("the whole log was streamed")

        monkeypatch.setattr("tui.store.logfile.iter_entries", streamed)
        await _found_listen(app, pilot)
        await pilot.press("escape")
        await type_line(pilot, "/recap scene=Cellar")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, RecapScreen)
        written = path.with_name("brp.recap.md").read_text(encoding="utf-8")
        assert "### 1. Cellar" in written and "Attic" not in written
        assert "- Alice Moore: HP 11 → 9" in written


async def test_scenes_open_their_log(demo_copy: Callable[[str], Path], user_dirs: Path) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await _played(app, pilot)
        await pilot.press("f7")
        await pilot.pause()
        assert isinstance(app.screen, ScenesScreen)
        rows = app.screen.query_one("#scenes-list", OptionList)
        assert rows.option_count == 2
        first = str(rows.get_option_at_index(1).prompt)
        assert "1. Cellar" in first and "found the door" in first
        await pilot.press("down", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LogSearchScreen)
        shown = screen.log_panel.plain_text
        assert "Spot Hidden 60%: 03" in shown and "Stealth" not in shown


async def test_dice_statistics_count_each_characters_rolls(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await _played(app, pilot)
        await pilot.press("f8")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DiceStatsScreen)
        grid = screen.query_one("#stats-rows", DataTable)
        rows = [[str(c) for c in grid.get_row_at(i)] for i in range(grid.row_count)]
        # Alice: 3/5 won, 2/5 lost → P(0) = 6/25, P(1) = 13/25 → 6/25 + 13/50 = 50.0%
        assert rows[0][:5] == ["Alice Moore", "2", "1", "1.0", "50.0%"]
        # Boris: 1/2 lost, 1/2 won → 1/4 + 1/4 = 50.0%
        assert rows[1][:5] == ["Boris Ivanov", "2", "1", "1.0", "50.0%"]
        assert rows[2][0].startswith("All (Basic")
        about = str(screen.query_one("#stats-about", Static).render())
        assert "Alice Moore: 1 success in 2 rolls" in about


async def test_recap_is_written_beside_the_save(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await _played(app, pilot)
        await type_line(pilot, "/recap scene=Cellar")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, RecapScreen)
        written = path.with_name("brp.recap.md").read_text(encoding="utf-8")
        assert written.startswith("# Recap: The Whispering House")
        assert "### 1. Cellar" in written and "Attic" not in written
        assert "- Alice Moore: HP 11 → 9" in written
        await pilot.press("escape")
        await type_line(pilot, "/recap loudly")
        assert not isinstance(app.screen, RecapScreen)  # refused with its message


async def test_the_players_view_offers_none_of_it(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("f6", "f7", "f8"):
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, (LogSearchScreen, ScenesScreen, DiceStatsScreen))
        await type_line(pilot, "/find x")
        assert not isinstance(app.screen, LogSearchScreen)
