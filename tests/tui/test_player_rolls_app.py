"""The GM's app and the rolls players start on their pages: the roll waits on the scene
panel as a pending line with its odds, Enter on the empty roll entry records it like the
typed line, undo brings it back, ``/refuse`` drops it with a reason, and ``/players-roll
accept`` takes the next one at once.

The server's side is :class:`tui.cli.player_pages.PlayerPages` in the test process; the
app's look at its inbox (the timer's callback) is called directly, so the test waits for
no time.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.conftest import log_text, rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.cli.player_pages import PlayerPages
from tui.session.asks.offers import OFFERED_KEY, open_offers


async def took_in(pilot: Pilot[None], app: TablekeeperApp) -> None:
    """The app's look at the inbox, and the screen after it."""
    app._take_answers()
    await pilot.pause()


async def test_a_players_roll_waits_and_enter_records_it(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    save = demo_copy("brp")
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.answers is not None and app.table is not None
        assert app.answers.inbox.follow()  # what the app's first look does
        pages = PlayerPages(save)  # the server, following the GM's files read-only
        try:
            ident = pages.start("Alice Moore", "t", "Spot Hidden", "hard", "34")
            assert isinstance(ident, str), ident
            await took_in(pilot, app)
            panel = screen_text(pilot, "#scene")
            assert f"waits: {ident}" in panel and "30%" in panel, panel
            assert "Alice Moore offers a roll" in log_text(pilot)
            await pilot.press("enter")  # the roll entry is empty: Enter takes the roll
            await pilot.pause()
            assert "34 → failure" in log_text(pilot)
            entry = app.table.session.log[-1]
            assert "entered by the player" in entry.effects
            assert entry.inputs[OFFERED_KEY] == {"id": ident, "who": "Alice Moore", "by": "entered"}
            assert open_offers(app.table.campaign) == ()
            assert "waits:" not in screen_text(pilot, "#scene")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert [o.id for o in open_offers(app.table.campaign)] == [ident]
            assert "waits:" in screen_text(pilot, "#scene")
            await type_line(pilot, "/refuse not in this light")
            assert open_offers(app.table.campaign) == ()
            assert "refused: not in this light" in log_text(pilot)
            await type_line(pilot, "/players-roll accept")
            await took_in(pilot, app)  # the taken file goes once the change is on disk
            second = pages.start("Boris Ivanov", "u", "Listen", "", "07")
            assert isinstance(second, str), second
            await took_in(pilot, app)
            assert open_offers(app.table.campaign) == ()  # accepted at once, not pending
            assert "07 → special success" in log_text(pilot)
        finally:
            pages.close()


async def test_enter_on_an_empty_entry_does_nothing_when_no_roll_waits(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    save = demo_copy("brp")
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        assert app.table is not None
        before = len(app.table.session.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.table.session.log) == before
        await type_line(pilot, "/take")
        assert "no player's roll is waiting" in screen_text(pilot, "#preview")
