"""The encounter editor in the real app (Pilot, 80×24): opened by ``/encounter NAME edit``,
driven by keys, saved as one secret undo step that is on disk at once, left without a
change by Escape, refusing a bad value in the ``/encounter`` commands' words — and never
changing what the players see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.systems import SYSTEMS
from tests.tui.conftest import log_text, rng, screen_text, type_keys, type_line
from tui.app.app import TablekeeperApp
from tui.screens.encounter_editor import EncounterEditorScreen
from tui.session.campaign.model import Campaign
from tui.session.encounters.plan import Encounter, Member, encounters
from tui.session.players.view import players
from tui.session.table.table import Table
from tui.store import load


def table_of(app: TablekeeperApp) -> Table:
    assert app.table is not None
    return app.table


def seen_by_players(table: Table) -> tuple[Campaign, list[str]]:
    """The players' state and the texts of their log, as their view is made."""
    campaign, log = players(table.system, table.campaign, table.session.log)[:2]
    return campaign, [str(e.text) for e in log]


def rows(screen: EncounterEditorScreen) -> list[str]:
    """The editor's rows as plain text."""
    listing = screen.options
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


def status(pilot: Pilot[None]) -> str:
    return screen_text(pilot, "#encounter-status")


async def open_editor(pilot: Pilot[None], name: str) -> EncounterEditorScreen:
    await type_line(pilot, f'/encounter "{name}" edit')
    screen = pilot.app.screen
    assert isinstance(screen, EncounterEditorScreen), type(screen)
    return screen


async def retype(pilot: Pilot[None], text: str) -> None:
    """Enter on the highlighted row, the prefilled value erased, ``text`` typed, Enter."""
    await type_keys(pilot, "enter", "ctrl+u", *text, "enter")


@pytest.mark.parametrize("system", SYSTEMS)
async def test_edit_save_and_undo(system: str, demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy(system)
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    first = enc.creatures[0]
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        before = seen_by_players(table)
        logged = len(table.session.log)
        editor = await open_editor(pilot, enc.name)
        assert enc.name in screen_text(pilot, "#encounter-title")
        await type_keys(pilot, "down")  # Scene
        await retype(pilot, "Dark alley")
        await type_keys(pilot, "down", "enter")  # Kind: switched
        # down to "+ add a creature", past the creatures there
        await type_keys(pilot, *["down"] * (len(enc.creatures) + 1))
        await retype(pilot, f'"{first.name}" x2 gm')
        assert f"{first.name} ×2 (GM-only)" in [r.strip() for r in rows(editor)]
        # the new creature (last) moves to the top
        await type_keys(pilot, "up", *["alt+up"] * len(enc.creatures))
        assert len(table.session.log) == logged  # nothing saved while editing
        assert "*" in screen_text(pilot, "#encounter-title")
        await type_keys(pilot, "ctrl+s")
        assert not isinstance(app.screen, EncounterEditorScreen)
        [edited] = encounters(table.campaign)
        expected = Encounter(
            enc.name,
            "Dark alley",
            "long" if enc.kind == "active" else "active",
            (Member(first.name, 2, True), *enc.creatures),
            enc.notes,
            enc.checks,
        )
        assert edited == expected
        assert f"encounter {enc.name} edited" in log_text(pilot)  # the GM's log shows it
        assert len(table.session.log) == logged + 1  # one step
        assert table.session.log[-1].secret
        assert seen_by_players(table) == before  # the players see nothing of it
        app.flush()
        assert encounters(load(path)[0]) == [expected]  # on disk at once
        await type_keys(pilot, "ctrl+z")
        assert encounters(table.campaign) == [enc]
        app.flush()
        assert encounters(load(path)[0]) == [enc]


async def test_escape_leaves_without_a_change(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("gurps")
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        logged = len(table.session.log)
        await open_editor(pilot, enc.name)
        await type_keys(pilot, "down")
        await type_keys(pilot, "enter", "ctrl+u", *"Elsewhere", "escape")  # the edit cancelled
        assert "not changed" in status(pilot)
        await type_keys(pilot, "enter", "ctrl+u", *"Elsewhere", "enter")  # kept in the copy
        await type_keys(pilot, "escape")  # asks once
        assert isinstance(app.screen, EncounterEditorScreen)
        assert "unsaved changes" in status(pilot)
        await type_keys(pilot, "escape")
        assert not isinstance(app.screen, EncounterEditorScreen)
        assert encounters(table.campaign) == [enc]
        assert len(table.session.log) == logged


async def test_a_bad_value_is_refused_in_the_commands_words(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("gurps")
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        logged = len(table.session.log)
        await open_editor(pilot, enc.name)
        await type_keys(pilot, "down", "down", *["down"] * (len(enc.creatures) + 1))
        await retype(pilot, "Smaug")
        assert "no template or character called 'Smaug'" in status(pilot)
        await type_keys(pilot, "ctrl+u", *f'"{enc.creatures[0].name}" x99', "enter")
        assert "1..20" in status(pilot)
        await type_keys(pilot, "escape")  # the line, then the editor (nothing changed)
        # the last row: "+ add a check"; a check /ext would refuse
        await type_keys(pilot, "end")
        await retype(pilot, "Climb threshold=5")
        assert "time=" in status(pilot)
        await type_keys(pilot, "escape", "up")  # the first row of the list: Name
        await type_keys(pilot, "home")
        await retype(pilot, "W" * 70)
        assert "name too long" in status(pilot)
        await type_keys(pilot, "escape", "escape")
        assert not isinstance(app.screen, EncounterEditorScreen)
        assert encounters(table.campaign) == [enc]
        assert len(table.session.log) == logged


async def test_a_new_encounter_made_in_the_editor(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("gurps")
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    name = enc.creatures[0].name
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        await open_editor(pilot, "Night watch")
        assert "new encounter" in status(pilot)
        await type_keys(pilot, "down", "down", "down")  # "+ add a creature"
        await retype(pilot, f'"{name}" x3')
        await type_keys(pilot, "ctrl+s")
        assert encounters(table.campaign) == [
            enc,
            Encounter("Night watch", creatures=(Member(name, 3),)),
        ]
        await type_keys(pilot, "ctrl+z")
        assert encounters(table.campaign) == [enc]


async def test_the_players_view_has_no_editor(demo_copy: Callable[[str], Path]) -> None:
    path = demo_copy("gurps")
    [enc] = encounters(load(path)[0])
    app = TablekeeperApp(path, rng=rng(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, f'/encounter "{enc.name}" edit')
        assert not isinstance(app.screen, EncounterEditorScreen)
        assert "read-only" in screen_text(pilot, "#preview")


async def test_undo_in_the_editor_steps_the_copy_not_the_table(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("gurps")
    shipped, _log = load(path)
    [enc] = encounters(shipped)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        await type_line(pilot, "/hp vic -1")
        hurt = table.campaign
        editor = await open_editor(pilot, enc.name)
        await type_keys(pilot, "down")
        await retype(pilot, "Elsewhere")
        await type_keys(pilot, "ctrl+z")
        assert editor.draft == enc and "*" not in screen_text(pilot, "#encounter-title")
        assert table.campaign is hurt  # the table's last step stays
        await type_keys(pilot, "ctrl+z")  # nothing more to take back here
        assert "nothing to take back" in status(pilot) and table.campaign is hurt
        await type_keys(pilot, "ctrl+y")
        assert editor.draft.scene == "Elsewhere"
        await type_keys(pilot, "ctrl+s")
        assert find_scene(table) == "Elsewhere"
        await type_keys(pilot, "ctrl+z")  # on the table again: the save goes back whole
        assert find_scene(table) == enc.scene and table.campaign.character("Vic Lockwood") == (
            hurt.character("Vic Lockwood")
        )


def find_scene(table: Table) -> str:
    [enc] = encounters(table.campaign)
    return enc.scene
