"""Pilot flows for AGE (seed 002) typed into the real app: an opposed test of three
participants (preview, commit, undo), Fortune after the roll by either side, a race with
both pools in the scene panel, and the completion odds of an extended check.

The save is written from the session tests' AGE crew (Naomi +5 Stealth, Amos +4 Technology,
Bobbie +4 Seeing), so a change to the demo saves cannot change what is checked here.
"""

from __future__ import annotations

from pathlib import Path

import tomli_w
from textual.pilot import Pilot
from textual.widgets import Input

from rules import age
from tests.session.conftest import age_campaign, pct
from tests.tui.conftest import rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.session.campaign.schema import to_doc
from tui.session.table.table import Table
from tui.store import load

THREE = "naomi stealth vs amos technology vs bobbie seeing tn=11"


def _save(tmp_path: Path) -> Path:
    path = tmp_path / "tycho.toml"
    path.write_text(tomli_w.dumps(to_doc(age_campaign())), encoding="utf-8")
    return path


async def paste(pilot: Pilot[None], text: str, *, enter: bool = True) -> None:
    """Put ``text`` into the roll entry at once (a long line typed key by key is slow)."""
    entry = pilot.app.screen.query_one("#roll-entry", Input)
    entry.focus()
    entry.value = text
    await pilot.pause()
    if enter:
        await pilot.press("enter")
        await pilot.pause()


def _table(pilot: Pilot[None]) -> Table:
    app = pilot.app
    assert isinstance(app, TablekeeperApp) and app.table is not None
    return app.table


async def test_seed_three_participants_preview_commit_undo(tmp_path: Path) -> None:
    path = _save(tmp_path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        await paste(pilot, THREE, enter=False)
        preview = screen_text(pilot, "#preview")
        odds = age.opposed_odds([5, 4, 4], 11)
        for label, p in (("Naomi wins", odds[0]), ("Amos wins", odds[1]), ("Bobbie wins", odds[2])):
            assert f"{label} {pct(p)}" in preview, preview
        await paste(
            pilot, "naomi stealth = 2 2 2 vs amos technology = 3 3 3 vs bobbie seeing = 4 4 4 tn=11"
        )
        assert "TN 11: Bobbie wins" in screen_text(pilot, "#preview")
        assert len(_table(pilot).session.log) == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _table(pilot).session.undone()
    _, log = load(path)
    assert log[0].text.endswith("Bobbie wins")


async def test_seed_fortune_by_either_side_redecides(tmp_path: Path) -> None:
    app = TablekeeperApp(_save(tmp_path), rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        await paste(pilot, "naomi stealth = 4 4 3 vs amos technology = 3 3 3 tn=11")
        await type_line(pilot, "/fortune amos die=1 face=6")  # 16 all: ability + focus
        assert "Naomi wins (higher ability + focus)" in screen_text(pilot, "#preview")
        await type_line(pilot, "/fortune amos die=2 face=6")  # 19
        text = screen_text(pilot, "#preview")
        assert "Amos 19 (drama 3): Amos wins" in text
        assert "was: Naomi 16 (drama 3) vs Amos 16 (drama 3): Naomi wins" in text
        await type_line(pilot, "/fortune naomi die=3 face=6")
        assert "Naomi wins (higher Drama Die)" in screen_text(pilot, "#preview")
        # the same face again: refused, nothing spent
        await type_line(pilot, "/fortune naomi die=3 face=6")
        assert "already shows" in screen_text(pilot, "#preview")
        ch = _table(pilot).campaign.character("Naomi")
        assert ch.resources["Fortune"] == 9
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _table(pilot).campaign.character("Naomi").resources["Fortune"] == 12


async def test_seed_race_shows_both_pools(tmp_path: Path) -> None:
    app = TablekeeperApp(_save(tmp_path), rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        await paste(pilot, '/ext chase race="naomi vs amos" threshold=10 time=30m')
        scene = screen_text(pilot, "#scene")
        assert "chase race" in scene and "Naomi ░░░░░░░░ 0/10" in scene
        assert "Amos ░░░░░░░░ 0/10" in scene
        await paste(pilot, "naomi stealth vs amos technology ext=chase", enter=False)
        step = age.opposed_pool_odds([5, 4], 11)
        odds = age.race_odds(step, (10, 10), 5)
        assert f"chase, to win the race: Naomi {pct(odds[0])}" in screen_text(pilot, "#preview")
        await paste(pilot, "naomi stealth = 5 5 6 vs amos technology = 3 3 3 ext=chase")
        scene = screen_text(pilot, "#scene")
        assert "Naomi ████░░░░ 6/10" in scene and "Amos ░░░░░░░░ 0/10" in scene
        assert "1 slice " in scene and "6/30 min" in scene and "TN 11" in scene
        await paste(pilot, "amos technology = 6 6 5 vs naomi stealth = 1 1 1 ext=chase")
        assert "Amos ████░░░░ 5/10" in screen_text(pilot, "#scene")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Amos ░░░░░░░░ 0/10" in screen_text(pilot, "#scene")


async def test_seed_completion_odds_while_typing(tmp_path: Path) -> None:
    app = TablekeeperApp(_save(tmp_path), rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        await paste(pilot, "/ext infiltration threshold=15 time=30m tn=11")
        await type_line(pilot, "naomi stealth ext=inf", enter=False)
        p = age.advanced_completion_odds(5, 11, 15, 7)
        assert (
            f"infiltration: {pct(p)} to complete in the 7 rolls left, all by Naomi"
            in screen_text(pilot, "#preview")
        )
