"""A prepared encounter started at the table (Pilot, 80×24), per system: the demo's own
encounter, typed as a GM would, on screen and on disk, then taken back after a restart."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.systems import SYSTEMS
from tests.tui.conftest import rng, screen_text, type_line
from tests.tui.test_players_view import all_text
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


async def players_see(path: Path) -> tuple[str, list[str]]:
    """The players' view of ``path``: its screen's text and the characters it shows."""
    view = TablekeeperApp(path, rng=rng(), read_only=True)
    async with view.run_test(size=(120, 40)):
        assert view.table is not None
        return all_text(view), [c.name for c in view.table.campaign.characters]


@pytest.mark.parametrize("system", SYSTEMS)
async def test_prepare_reopen_start_and_what_the_players_see(
    system: str, demo_copy: Callable[[str], Path]
) -> None:
    """Typed ahead, kept through a restart, started in one line; the players' view shows
    nothing of it before ``/start`` and afterwards the creatures it did not hide."""
    path = demo_copy(system)
    shipped, _log = load(path)
    template = encounters(shipped)[0].creatures[0].name
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        for line in (
            '/encounter Qxambush scene="Qxroad at night"',
            f'/encounter Qxambush add "{template}" x2',
            f'/encounter Qxambush add "{template}" gm',
            "/encounter Qxambush note Qxnote the leader waits",
        ):
            await type_line(pilot, line)
            assert "✗" not in screen_text(pilot, "#preview"), line
        app.flush()
    text, names = await players_see(path)
    for word in ("Qxambush", "Qxroad", "Qxnote", f"{template} 1"):
        assert word not in text
    assert names == [c.name for c in shipped.characters if not c.gm_only]
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/start qxambush")
        assert "Qxnote" in screen_text(pilot, "#preview")  # the GM's note, to the GM
        assert app.table is not None
        arrived = [c for c in app.table.campaign.characters if c.name.startswith(f"{template} ")]
        assert [(c.name, c.gm_only) for c in arrived] == [
            (f"{template} 1", False),
            (f"{template} 2", False),
            (f"{template} 3", True),
        ]
        app.flush()
    text, names = await players_see(path)
    assert "Qxroad at night" in text and "Qxnote" not in text
    assert f"{template} 1" in names and f"{template} 2" in names
    assert f"{template} 3" not in names and f"{template} 3" not in text
