"""A prepared encounter started at the table (Pilot, 80×24), per system: the demo's own
encounter, typed as a GM would, on screen and on disk, then taken back after a restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.systems import SYSTEMS
from tests.tui.conftest import rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.session.encounters.plan import encounters
from tui.store import load


@pytest.mark.parametrize("system", SYSTEMS)
async def test_start_a_prepared_encounter(system: str, demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy(system)
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    brought = sum(m.count for m in enc.creatures)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/encounters")
        assert enc.name in screen_text(pilot, "#preview")
        await type_line(pilot, f'/start "{enc.name}"')
        assert app.table is not None
        scene = app.table.campaign.scene
        assert scene is not None and scene.name == enc.scene_name
        assert enc.scene_name[:20] in screen_text(pilot, "#scene")
        app.flush()
    campaign, _log = load(path)
    assert len(campaign.characters) == len(shipped.characters) + brought
    assert campaign.scene is not None and campaign.scene.name == enc.scene_name
    # reopened, one ctrl+z takes the whole start back
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.table is not None
        assert len(app.table.campaign.characters) == len(shipped.characters)
        assert app.table.campaign.scene == shipped.scene
        app.flush()
