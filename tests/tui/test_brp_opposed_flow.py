"""Pilot flow for BRP opposed rolls of every acting side (seed 000, «все действующие
стороны»), typed into the real app on a copy of the BRP demo; and a two-sided system's
refusal of a third side."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import Input

from rules import brp
from tests.session.conftest import pct
from tests.tui.conftest import rng, screen_text
from tui.app.app import TablekeeperApp

LINE = "alice stealth vs boris listen vs alice spot hidden"


async def _paste(pilot, text: str, *, enter: bool = True) -> None:  # type: ignore[no-untyped-def]
    entry = pilot.app.screen.query_one("#roll-entry", Input)
    entry.focus()
    entry.value = text
    await pilot.pause()
    if enter:
        await pilot.press("enter")
        await pilot.pause()


async def test_seed_every_acting_side_preview_commit_undo(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        await _paste(pilot, LINE, enter=False)
        odds = brp.opposed_odds((40, 50, 60), (40, 50, 60))
        text = screen_text(pilot, "#preview")
        assert f"Boris Ivanov wins {pct(odds[1])}" in text
        assert f"Alice Moore (Spot Hidden) wins {pct(odds[2])}" in text
        await _paste(pilot, "alice stealth = 30 vs boris listen = 05 vs alice spot hidden = 50")
        assert "(special success→success)" in screen_text(pilot, "#preview")
        assert app.table is not None
        assert set(app.table.campaign.character("Alice Moore").ticks) == {"Stealth", "Spot Hidden"}
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.table.campaign.character("Alice Moore").ticks == ()


async def test_a_third_side_is_refused_by_name(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(120, 30)) as pilot:
        assert app.table is not None
        chars = app.table.campaign.characters[:3]
        line = " vs ".join(f'"{c.name}" {app.table.rollables(c.name)[0]}' for c in chars)
        await _paste(pilot, line)
        text = screen_text(pilot, "#preview")
        assert "GURPS" in text and "two sides" in text
        assert not app.table.session.log
