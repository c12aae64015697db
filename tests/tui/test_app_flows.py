"""Whole GM flows in the real app (Pilot), one per demo campaign.

Each flow opens a copy of a demo save, types a roll with physical dice, lets the app roll
one, makes an opposed roll, types a bad line (state unchanged, inline error), undoes and
redoes, and checks the session, the screen and the save on disk.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.command import CommandList

from tests.systems import SYSTEMS, derived_flow, written_for
from tests.tui.conftest import keys_handled, log_text, rng, screen_text, type_keys, type_line
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.store import load

# system → (typed roll, words it must log, app roll, opposed roll, bad line, error words);
# a system without an entry plays lines derived from its demo (tests.systems.derived_flow)
FLOWS = {
    "brp": (
        "alice spot hidden = 07",
        "special success",
        "boris listen",
        "alice stealth vs boris listen",
        "alice spot hidden = 101",
        "1..100",
    ),
    "gurps": (
        "lockpicker lockpicking -5 +10 = 4 3 5",
        "→ 14: 12 [4 3 5] → success",
        "ruth guns",
        "vic dx vs guard moss dx",
        "vic lockpicking -11",
        "-10..+10",
    ),
    "age": (
        "naomi stealth tn=13 = 3 4 6",
        "success",
        "amos technology tn=11",
        "naomi stealth vs bobbie seeing",
        "naomi stealth = 7 1 1",
        "1..6",
    ),
    "strange": (
        "kirma bow mod=-1 range=4,5 resist=3,4 = 3 3 4 5",
        "partial failure, impact 2",
        "даймитрий взлом",
        "dallah wrestling = 1 6 5 5 vs balgruf athletics = 2 4 6 6 range=3,6",
        "kirma flying",
        "no skill",
    ),
    "skirmish": (
        "samurai fighting die=d20 = 12",
        "12: success",
        "yamabushi fighting",
        "samurai fighting = 5 vs yamabushi = 8",
        "samurai fighting die=d7",
        "d10, d12, d20",
    ),
}


@pytest.mark.parametrize("system", SYSTEMS)
async def test_gm_flow(system: str, demo_copy: Callable[[str], Path]) -> None:
    typed, typed_words, app_roll, opposed, bad, bad_words = written_for(
        FLOWS, system, "FLOWS", derived_flow
    )
    path = demo_copy(system)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None and table.campaign.system == system

        # typed dice: the preview shows exact odds while typing, Enter logs the result
        await type_line(pilot, typed, enter=False)
        assert "%" in screen_text(pilot, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        entry = table.session.log[-1]
        assert entry.kind == "roll" and entry.inputs["source"] == "typed"
        assert typed_words in entry.text
        assert typed_words in log_text(pilot)

        # the app rolls
        await type_line(pilot, app_roll)
        assert table.session.log[-1].inputs["source"] == "rolled"

        # an opposed roll names a winner or says there is none (where the system has them)
        if opposed:
            await type_line(pilot, opposed)
            last = table.session.log[-1]
            assert last.kind == "roll" and " vs " in last.text
            assert last.seq == 3
        newest = table.session.log[-1].seq

        # a bad line: inline error naming the problem, nothing changes
        before, count = table.campaign, len(table.session.log)
        await type_line(pilot, bad)
        assert table.campaign == before and len(table.session.log) == count
        assert bad_words in screen_text(pilot, "#preview")

        # undo takes back the opposed roll, redo brings it back
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.session.undone() == {newest}
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert table.session.undone() == set()
        app.flush()
        saved_campaign, saved_log = load(path)
        assert saved_campaign == table.campaign
        assert [e.seq for e in saved_log][-2:] == [newest + 1, newest + 2]  # undo, redo


async def test_brp_tick_saved_and_undone(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "alice spot hidden = 07")
        app.flush()
        campaign, _log = load(path)
        assert campaign.character("Alice Moore").ticks == ("Spot Hidden",)
        assert "✓" in screen_text(pilot, "#sheet")
        await pilot.press("ctrl+z")
        await pilot.pause()
        app.flush()
        campaign, _log = load(path)
        assert campaign.character("Alice Moore").ticks == ()


async def test_reopen_shows_latest_log(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("skirmish")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "samurai fighting = 5 vs yamabushi = 8")
    again = TablekeeperApp(path, rng=rng())
    async with again.run_test(size=(80, 24)) as pilot:
        assert "Experienced Samurai acts with 1 hit" in log_text(pilot)


async def test_help_palette_and_quit(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert "/fortune" in text and "ROLL ENTRY" in text
        await pilot.press("escape")
        await pilot.pause()
        await type_line(pilot, "/help")
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await type_line(pilot, "/quit")
    assert app.return_code == 0


async def test_tab_completion_and_history(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_keys(pilot, *"ali", "tab")
        entry = app.screen.query_one("#roll-entry")
        assert entry.value == "alice moore "  # type: ignore[attr-defined]
        await type_keys(pilot, *"spot h", "tab")
        assert entry.value == "alice moore spot hidden"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("up")
        assert entry.value == "alice moore spot hidden"  # type: ignore[attr-defined]


async def test_command_palette_lists_the_actions(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        titles = [cmd.title for cmd in app.get_system_commands(app.screen)]
        for title in ("Undo", "Redo", "Help", "Quit", "Next sheet", "/fortune", "/ext", "/next"):
            assert title in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert type(app.screen).__name__ == "CommandPalette"
        await type_keys(pilot, *"/fortune")
        commands = app.screen.query_one("CommandList", CommandList)
        await until(  # the palette searches in a worker
            pilot,
            lambda: (
                commands.option_count and "/fortune" in str(commands.get_option_at_index(0).prompt)
            ),
            "/fortune found",
        )
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "MainScreen", "the main screen")
        # choosing a slash command puts it in the roll entry, ready for its arguments
        entry = app.screen.query_one("#roll-entry")
        assert entry.value == "/fortune "  # type: ignore[attr-defined]


async def test_keys_arriving_in_one_burst_commit_line_by_line(
    demo_copy: Callable[[str], Path],
) -> None:
    """Over SSH a line, its Enter and the next line can arrive in one read: none is lost."""
    from textual import events
    from textual.keys import _character_to_key

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        burst = "alice spot hidden = 07\rboris listen\ralice stealth = 33\r"
        for ch in burst:  # posted at once, as the terminal driver does for one read
            key = "enter" if ch == "\r" else _character_to_key(ch)
            app.post_message(events.Key(key, ch))
        await keys_handled(pilot)
        assert app.table is not None
        texts = [e.text for e in app.table.session.log]
        assert len(texts) == 3, texts
        assert "Spot Hidden 60%: 07" in texts[0]
        assert "Listen 50%" in texts[1]
        assert "Stealth 40%: 33" in texts[2]
