"""One GURPS fight in the real app (Pilot, 80×24, the demo): Ruth's Stevenson hits Guard
Moss, the entry holds the damage line, then the knockdown roll, then a death check; each
Enter applies one step, each ctrl+z takes one back; the players' view shows Moss stunned
but never the GM's own condition."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from textual.widgets import Input

from tests.tui.conftest import rng, screen_text, type_keys, type_line
from tests.tui.test_players_view import all_text
from tui.app.app import TablekeeperApp


def _entry(app: TablekeeperApp) -> str:
    return app.screen.query_one("#roll-entry", Input).value


async def test_a_fight_from_the_hit_to_the_death_check(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("gurps")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        # 12 at 3 yd rolls 9: 2 hits; Moss's Dodge 8 rolls 18: both land
        await type_line(pilot, "ruth shotgun yd=3 = 3 3 3 vs moss dodge = 6 6 6")
        assert _entry(app) == "/damage moss 12d6-6 hits=2 dr=x6"
        # the dice of both hits typed after the offered line: 24 - 6 = 18 and 12 - 6 = 6
        # against DR 1 x 6: 12 and 0 injury
        await type_keys(pilot, "end")  # the line is selected: End to add the dice to it
        await type_line(pilot, " = " + " ".join(["2"] * 12 + ["1"] * 12))
        moss = table.campaign.character("Guard Moss")
        assert moss.resources["HP"] == 0 and moss.condition("shock") is not None
        assert _entry(app) == "/ht moss knockdown"
        # the result stays in view, the offered roll's odds under it
        shown = screen_text(pilot, "#preview")
        assert "Guard Moss takes 12 injury" in shown and "HT roll against knockdown" in shown
        await type_keys(pilot, "escape")  # the GM clears it: nothing is applied
        assert (
            _entry(app) == "" and table.campaign.character("Guard Moss").condition("prone") is None
        )
        await type_line(pilot, "/ht moss knockdown = 12")  # failed by 1: stunned and prone
        moss = table.campaign.character("Guard Moss")
        assert moss.condition("stunned") is not None and moss.condition("prone") is not None
        assert _entry(app) == ""

        await type_line(pilot, "/damage moss 3d cr = 6 6 1")  # 13 - 1 = 12: HP 0 → -12
        assert _entry(app) == "/ht moss death knockdown"
        # a line typed over the selected offer replaces it
        await type_line(pilot, "/ht moss death = 14")  # failed: dead
        assert table.campaign.character("Guard Moss").condition("dead") is not None
        assert "dead" in all_text(app)  # the party panel says so

        # each step undone on its own, newest first
        await type_keys(pilot, "ctrl+z")
        assert table.campaign.character("Guard Moss").condition("dead") is None
        await type_keys(pilot, "ctrl+z")
        assert table.campaign.character("Guard Moss").resources["HP"] == 0
        await type_keys(pilot, "ctrl+z")
        assert table.campaign.character("Guard Moss").condition("stunned") is None
        await type_keys(pilot, "ctrl+z")
        moss = table.campaign.character("Guard Moss")
        assert moss.resources["HP"] == 12 and moss.conditions == ()


async def test_the_players_view_shows_a_condition_but_not_a_gm_only_one(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("gurps")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/cond moss stunned")
        await type_line(pilot, "/cond moss bribed gm mod=+2")
        assert "bribed" in all_text(app)
        app.flush()
    players = TablekeeperApp(path, rng=random.Random(1), read_only=True)
    async with players.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = all_text(players)
        assert "stunned" in text and "bribed" not in text
