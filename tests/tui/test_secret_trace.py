"""A secret roll leaves no trace on the players' screen (issue: ``!alice spot hidden`` showed
``✓1`` in the party panel and ``Spot Hidden: 60 ✓`` on the sheet, and a secret roll toward an
extended check moved its pool)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from tests.store.helpers import writer
from tests.tui.test_players_view import all_text
from tui.app.app import TablekeeperApp
from tui.session.tables import open_table


def play(save: Path, *lines: str) -> None:
    store, session = writer(save)
    table = open_table(session, rng=random.Random(5))
    for line in lines:
        assert table.submit(line).ok, line
    store.close()


async def players_screen(save: Path) -> tuple[str, str]:
    """The players' main screen and Alice's sheet (f2 until it is hers), as text."""
    app = TablekeeperApp(save, rng=random.Random(1), read_only=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        main = all_text(app)
        await pilot.press("f4")
        await pilot.pause()
        sheet = all_text(app)
    return main, sheet


async def test_the_players_screen_is_the_same_after_secret_rolls(
    demo_copy: Callable[[str], Path],
) -> None:
    save = demo_copy("brp")
    play(save, '/ext Unmask threshold=5 time=60m every=1 minor="a lamp goes out"')
    before = await players_screen(save)
    assert "Unmask" in before[0]
    play(save, "!alice spot hidden = 05", "!alice spot hidden ext=unmask = 03")
    after = await players_screen(save)
    assert after == before
    play(save, "boris spot hidden ext=unmask = 40")  # public: the players see the pool now
    assert (await players_screen(save))[0] != before[0]
