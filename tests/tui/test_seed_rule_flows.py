"""The seeds' newer table rules in the real app (Pilot, 80×24, the demo campaigns): preview
while typing, Enter to commit, ctrl+z to undo — BRP passive resistance and impossible checks,
a Strange duel with synergy and the logged /summary, a skirmish contest of two dice a side."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import log_text, rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.store import load


async def test_brp_boulder_resists_by_passive_then_undo(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "alice str vs boulder siz by=passive = 60", enter=False)
        preview = screen_text(pilot, "#preview")
        assert "Boulder rolls (passive)" in preview and "Alice Moore succeeds 40%" in preview
        await pilot.press("enter")
        await pilot.pause()
        entry = table.session.log[-1]
        assert entry.inputs["by"] == "passive" and entry.text.endswith("→ Boulder resists")
        assert "Boulder (passive): 60" in log_text(pilot)

        before = table.campaign
        await type_line(pilot, "alice spot hidden impossible")
        assert table.session.log[-1].inputs["source"] == "no roll"
        assert "no roll → failure" in log_text(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.campaign == before and table.session.undone() == {2}
        app.flush()
        saved, _log = load(path)
        assert saved == table.campaign


async def test_strange_mounted_bow_duel_and_summary(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("strange")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.table
        assert table is not None
        line = "kirma bow mounted = 3 3 4 5 vs orc danger = 3 3 4 5 range=4,5"
        await type_line(pilot, line, enter=False)
        assert "synergy -1: Верховой бой Skilled" in screen_text(pilot, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        last = table.session.log[-1]
        assert last.text.endswith(": Ог'лай wins") and last.inputs["a_mod"] == -1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.session.undone() == {1}

        for typed in (
            "/scene Тракт",
            "/goal party reach the bridge",
            "/phase",
            "dallah wrestling range=3,6 = 1 6 5 5",
            "daimitry lockpicking range=1,4 = 2 2 4 6",
            "kirma riding range=4,5 = 3 3 5 5",
            "balgruf athletics range=3,6 = 2 4 6 6",
            "/phase",
            "/summary",
        ):
            await type_line(pilot, typed)
        entry = table.session.log[-1]
        assert entry.text == "summary of round 1" and len(entry.effects) == 4
        shown = log_text(pilot)
        for name in (
            "Сир Даллах: 1 action",
            "Даймитрий: 1 action",
            "Кирма: 1 action",
            "ярл Балгруф: 1 action",
        ):
            assert name in shown, name


async def test_skirmish_two_attacks_each_preview_who_acts(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("skirmish")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "samurai fighting dice=2 vs yamabushi fighting dice=2", enter=False)
        preview = screen_text(pilot, "#preview")
        assert "Experienced Samurai acts" in preview and "nobody acts" in preview
        await pilot.press("enter")
        await pilot.pause()
        entry = table.session.log[-1]
        assert len(entry.inputs["a"]) == 2 and len(entry.inputs["b"]) == 2
        await type_line(pilot, "samurai fighting set=3,5")
        assert "choose=3 or choose=5" in screen_text(pilot, "#preview")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.session.undone() == {1}
