"""Pilot flows for extended checks: the seed's AGE infiltration typed into the real app.

The save is written from the session tests' AGE crew (Naomi +5 Stealth, Amos +4 Technology,
Bobbie +4 Seeing), so a change to the demo saves cannot change what is checked here.
"""

from __future__ import annotations

from pathlib import Path

import tomli_w
from textual.pilot import Pilot
from textual.widgets import Input

from tests.session.conftest import age_campaign
from tests.tui.conftest import rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.session.campaign.schema import to_doc
from tui.session.table.table import Table
from tui.store import load

CREATE = (
    '/ext infiltration threshold=15 time=30m tn=11 minor="guards alerted" '
    'serious="security sweeps the complex" '
    'skills="Dexterity (Stealth), Intelligence (Technology), Perception (Seeing)"'
)


def _save(tmp_path: Path) -> Path:
    path = tmp_path / "tycho.toml"
    path.write_text(tomli_w.dumps(to_doc(age_campaign())), encoding="utf-8")
    return path


async def paste_line(pilot: Pilot[None], text: str) -> None:
    """Put ``text`` into the roll entry at once (a long line typed key by key is slow), Enter."""
    entry = pilot.app.screen.query_one("#roll-entry", Input)
    entry.focus()
    entry.value = text
    await pilot.press("enter")
    await pilot.pause()


def _table(pilot: Pilot[None]) -> Table:
    app = pilot.app
    assert isinstance(app, TablekeeperApp) and app.table is not None
    return app.table


async def test_infiltration_minor_cleared_then_complete(tmp_path: Path) -> None:
    path = _save(tmp_path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await paste_line(pilot, CREATE)
        scene = screen_text(pilot, "#scene")
        assert "0/15" in scene and "infiltration" in scene
        await type_line(pilot, "/ext use infiltration")
        await type_line(pilot, "naomi stealth = 4 5 3")
        assert "3/15" in screen_text(pilot, "#scene")
        assert "infiltration: pool 3/15 (+3), 4/30 min" in screen_text(pilot, "#preview")
        await type_line(pilot, "amos technology = 1 1 1")  # failure: minor, TN +2
        assert "minor" in screen_text(pilot, "#scene")
        assert "TN +2 until cleared" in screen_text(pilot, "#preview")
        await type_line(pilot, "naomi stealth", enter=False)
        assert "TN 13" in screen_text(pilot, "#preview")  # the preview knows the new TN
        await pilot.press("escape")
        await type_line(pilot, "naomi stealth clear = 4 4 3")  # 11 + 5 = 16 ≥ 13: cleared
        assert "minor consequence cleared" in screen_text(pilot, "#preview")
        assert "3/15" in screen_text(pilot, "#scene")
        await type_line(pilot, "naomi stealth = 6 6 6")
        await type_line(pilot, "bobbie seeing = 6 5 6")
        scene = screen_text(pilot, "#scene")
        assert "15/15" in scene and ("done" in scene or "complete" in scene)
        assert "infiltration complete" in screen_text(pilot, "#preview")
        chk = _table(pilot).campaign.check("infiltration")
        assert (chk.pool, chk.elapsed, chk.status) == (15, 20, "done")
        # one undo takes back the completing roll and its progress together
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _table(pilot).campaign.check("infiltration").pool == 9
        assert "9/15" in screen_text(pilot, "#scene")
    saved, _log = load(path)
    assert saved.check("infiltration").pool == 9
    assert saved.check("infiltration").status == "running"


async def test_infiltration_runs_out_of_time(tmp_path: Path) -> None:
    app = TablekeeperApp(_save(tmp_path), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await paste_line(pilot, CREATE)
        # seven small successes: 7 points in 28 minutes; an eighth roll would end at minute
        # 32, after the complex is sealed, so the check fails with the seventh
        for i in range(7):
            who = ("naomi stealth", "amos technology", "bobbie seeing")[i % 3]
            await paste_line(pilot, f"{who} ext=infiltration = 6 6 1")
        scene = screen_text(pilot, "#scene")
        assert "7/15" in scene and "failed" in scene
        assert "out of time: serious consequence" in screen_text(pilot, "#preview")
        chk = _table(pilot).campaign.check("infiltration")
        assert chk.status == "failed" and chk.consequences["level"] == "serious"
        # a bad line: inline error, nothing changes
        before = _table(pilot).campaign
        await type_line(pilot, "naomi stealth ext=infiltration = 6 6 6")
        assert "already failed" in screen_text(pilot, "#preview")
        assert _table(pilot).campaign == before
