"""GURPS roll-entry flows in the real app (Pilot, 80×24) on a copy of the demo: the seed's
Stevenson fired at 3 yards, its damage taken from HP, Aim carried across turns with
ctrl+n, an active defense, and a Basic Speed tie reordered with alt+down."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Input

from tests.tui.conftest import log_text, rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.store import load


async def test_stevenson_at_3_yards_then_damage_and_undo(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("gurps")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "ruth shotgun yd=3 = 3 3 3", enter=False)
        preview = screen_text(pilot, "#preview")
        assert "Stevenson -1 (3 yd) +0 (2 shells) → 12" in preview
        # the hit counts are ordinary successes: the criticals (1.9%) are their own class
        assert "12d6-6 a hit, DR x6" in preview and "2 hits 60.6%" in preview
        await pilot.press("enter")
        await pilot.pause()
        entry = table.session.log[-1]
        assert entry.text.endswith("→ 12: 9 [3 3 3] → success (margin +3), 2 hits")
        assert "2 hits" in log_text(pilot)
        # the entry holds the damage line the hit asks for, its target for the GM to name
        assert app.screen.query_one("#roll-entry", Input).value == (
            "/damage TARGET 12d6-6 hits=2 dr=x6"
        )
        await pilot.press("escape")  # the GM types lines of their own instead

        faces = " ".join(["1"] * 24)  # 12 - 6 = 6 a hit, DR 6 → 0 + 0
        await type_line(pilot, f"/damage moss 12d6-6 hits=2 dr=1x6 = {faces}")
        assert table.campaign.character("Guard Moss").resources["HP"] == 12
        await type_line(pilot, "/damage moss 2d6-1 dr=1 = 6 6")  # 11 - 1 = 10
        assert table.campaign.character("Guard Moss").resources["HP"] == 2
        assert "Guard Moss takes 10 injury" in screen_text(pilot, "#preview")

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.campaign.character("Guard Moss").resources["HP"] == 12
        app.flush()
        saved, _log = load(path)
        assert saved.character("Guard Moss").resources["HP"] == 12


async def test_aim_across_turns_with_ctrl_n_feeds_the_attack(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("gurps")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "/scene Warehouse")
        await type_line(pilot, "/order")
        await pilot.press("ctrl+n")  # Ruth's turn
        await pilot.pause()
        await type_line(pilot, "/aim ruth")
        assert "Aim Stevenson 1 s → +3 next turn" in screen_text(pilot, "#scene")
        await type_line(pilot, "ruth shotgun yd=3", enter=False)
        assert "no aim bonus: Ruth Hale is aiming this turn" in screen_text(pilot, "#preview")
        await pilot.press("escape")
        for _ in range(4):  # Moss, Pike, Vic (round 2), Ruth
            await pilot.press("ctrl+n")
            await pilot.pause()
        assert "Ruth Hale's Aim ends (aimed Stevenson 1 s" in screen_text(pilot, "#preview")
        await type_line(pilot, "/maneuver ruth attack")
        await type_line(pilot, "ruth shotgun yd=3 = 4 4 4", enter=False)
        assert "+3 (aim 1 s) -1 (3 yd) +0 (2 shells) → 15" in screen_text(pilot, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert "Ruth Hale: aim 1 s +3 used" in table.session.log[-1].effects
        assert table.session.log[-1].text.endswith("(margin +3), 2 hits")
        app.flush()
        saved, _log = load(path)  # the maneuver state is saved with the scene
        assert saved == table.campaign


async def test_dodge_and_a_speed_tie_reordered_with_alt_down(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "ruth dodge +1", enter=False)
        assert "Ruth Hale Dodge 8 +1 → 9" in screen_text(pilot, "#preview")
        await pilot.press("escape")
        await type_line(pilot, "/scene Warehouse")
        await type_line(pilot, "/order")
        scene = table.campaign.scene
        assert scene is not None and scene.turn_order[:2] == ("Vic Lockwood", "Ruth Hale")
        await pilot.press("alt+down")  # Vic (DX 12) after Ruth (DX 11): same Basic Speed
        await pilot.pause()
        scene = table.campaign.scene
        assert scene is not None and scene.turn_order[:2] == ("Ruth Hale", "Vic Lockwood")
        assert scene.turn_order[scene.current] == "Vic Lockwood"
        await pilot.press("alt+down")  # Vic (5.75) and Moss (5.5) are not tied
        await pilot.pause()
        assert table.campaign.scene == scene
        assert "not tied" in screen_text(pilot, "#preview")
