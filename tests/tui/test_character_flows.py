"""Characters in the real app (Pilot, 80×24), in every system: a surprise NPC added
mid-scene, rolled for, copied, damaged past 0, stunned for two rounds — each step undone
and redone with ctrl+z / ctrl+y — and the editor and sheet driven by keys."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.systems import SYSTEMS, derived_npc, written_for
from tests.tui.conftest import log_text, rng, screen_text, type_keys, type_line
from tui.app.app import TablekeeperApp
from tui.screens.editor import EditorScreen
from tui.screens.sheet import SheetScreen
from tui.session.campaign.model import Condition
from tui.store import load
from tui.widgets.party import PartyList


@dataclass(frozen=True)
class Spec:
    scene: str
    setup: tuple[str, ...]  # lines that give the new NPC what its system needs
    roll: str  # a roll line for it with typed dice
    rolled: str  # a phrase of its log line
    round_lines: tuple[str, ...] = ()  # what ends a round (default: ctrl+n round the order)
    next_round: tuple[str, ...] = ()  # what a later round needs before it can end


SPECS = {
    "brp": Spec(
        "/scene Cellar", ("/skill bandit dodge 30",), "bandit dodge = 10", "Bandit · Dodge 30%: 10"
    ),
    "gurps": Spec(
        "/scene Warehouse",
        ("/attr bandit DX 11", "/attr bandit basic speed 5.5", "/skill bandit brawling 12"),
        "bandit brawling = 3 4 5",
        "Bandit Brawling 12",
    ),
    "age": Spec(
        "/scene Tycho",
        ("/attr bandit dexterity 2", "/skill bandit stealth Dexterity"),
        "bandit stealth tn=11 = 3 4 5",
        "Bandit",
    ),
    "skirmish": Spec(
        "/scene Pass", ("/skill bandit fighting 5",), "bandit fighting = 4", "Bandit Fighting"
    ),
    "strange": Spec(
        "/scene Road",
        ("/skill bandit атлетика Умелец", "/goal bandit rob", "/phase"),
        "bandit атлетика range=3,5 = 1 2 3 4",
        "Bandit",
        ("/phase", "/phase"),
        ("/goal bandit rob", "/phase", "bandit атлетика range=3,5 = 1 2 3 4"),
    ),
}


def derived_spec(system: str) -> Spec | None:
    """A system without an entry: the NPC made like its demo's first roller, rounds by the
    turn order (None — the failure naming SPECS — when its rounds come from elsewhere)."""
    made = derived_npc(system)
    return Spec(made[0], made[1], made[2], "Bandit") if made is not None else None


def party(pilot: Pilot[None]) -> str:
    """The party list's lines as plain text."""
    listing = pilot.app.screen.query_one("#party-list", PartyList)
    return "\n".join(listing.prompt(i).plain for i in range(listing.count))


async def undoable(pilot: Pilot[None], line: str) -> None:
    """Type ``line`` (it must be logged); ctrl+z brings back exactly the state before and
    marks the entry undone, ctrl+y the state after."""
    app = pilot.app
    assert isinstance(app, TablekeeperApp) and app.table is not None
    session = app.table.session
    before, count = app.table.campaign, len(session.log)
    await type_line(pilot, line)
    assert len(session.log) == count + 1, (line, screen_text(pilot, "#preview"))
    seq, after = session.log[-1].seq, app.table.campaign
    await pilot.press("ctrl+z")
    await pilot.pause()
    assert app.table.campaign is before and seq in session.undone(), line
    await pilot.press("ctrl+y")
    await pilot.pause()
    assert app.table.campaign is after and seq not in session.undone(), line


async def end_round(pilot: Pilot[None], spec: Spec, *, first: bool = False) -> None:
    """Play to the start of the next round; its last step is the one that begins it."""
    app = pilot.app
    assert isinstance(app, TablekeeperApp) and app.table is not None
    if spec.round_lines:
        for line in (() if first else spec.next_round) + spec.round_lines:
            await type_line(pilot, line)
        return
    scene = app.table.campaign.scene
    assert scene is not None
    for _ in range(len(scene.turn_order) - scene.current):
        await pilot.press("ctrl+n")
    await pilot.pause()


@pytest.mark.parametrize("system", SYSTEMS)
async def test_a_surprise_npc_from_start_to_undo(
    system: str, demo_copy: Callable[[str], Path]
) -> None:
    spec = written_for(SPECS, system, "SPECS", derived_spec)
    path = demo_copy(system)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        table = app.table
        assert table is not None
        await type_line(pilot, spec.scene)
        if not spec.round_lines:
            await type_line(pilot, "/order")
        # added at once, the editor opens; Escape keeps it as added
        await type_line(pilot, "/add Bandit npc")
        assert isinstance(app.screen, EditorScreen) and app.screen.who == "Bandit"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)
        assert "Bandit (npc)" in party(pilot)
        for line in spec.setup:
            await undoable(pilot, line) if line.startswith(("/skill", "/attr")) else (
                await type_line(pilot, line)
            )
        if not spec.round_lines:
            await type_line(pilot, "/order")  # GURPS places it by Basic Speed now
            scene = table.campaign.scene
            assert scene is not None and "Bandit" in scene.turn_order
        await undoable(pilot, spec.roll)
        assert spec.rolled in log_text(pilot)
        await undoable(pilot, "/dup bandit")
        assert "Bandit 2 (npc)" in party(pilot)
        await undoable(pilot, "/hp bandit max=10")
        await undoable(pilot, "/hp bandit -12")
        assert "Bandit is down (HP -2/10)" in log_text(pilot)
        line = next(x for x in party(pilot).splitlines() if x.startswith("Bandit (npc)"))
        assert line.endswith("✗ down") and "HP -2/10 ░░░░" in party(pilot)
        await undoable(pilot, "/cond bandit 2 stunned 2 rounds")
        await end_round(pilot, spec, first=True)
        assert table.campaign.character("Bandit 2").conditions == (
            Condition("stunned", 1, "rounds"),
        )
        await end_round(pilot, spec)
        assert table.campaign.character("Bandit 2").conditions == ()
        assert "Bandit 2: stunned ends" in log_text(pilot)
        await pilot.press("ctrl+z")  # the expiry is part of the step that ended the round
        await pilot.pause()
        assert table.campaign.character("Bandit 2").conditions == (
            Condition("stunned", 1, "rounds"),
        )
        await pilot.press("ctrl+y")
        await pilot.pause()
        await undoable(pilot, "/rm bandit 2")
        await pilot.press("ctrl+q")
    saved = load(path)[0]
    assert [c.name for c in saved.characters][-1] == "Bandit"
    assert saved.character("Bandit").resources == {"HP": -2}


async def test_the_editor_by_keys_one_undo_step_per_field(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        await type_line(pilot, "/edit boris")
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        await pilot.press("enter")  # Name
        await type_keys(pilot, "ctrl+u", *"Boris Petrov", "enter")
        await pilot.pause()
        assert editor.who == "Boris Petrov"
        for _ in range(3):
            await pilot.press("down")
        await pilot.press("enter")  # GM-only switches at once
        await pilot.pause()
        assert table.campaign.character("Boris Petrov").gm_only
        field = editor.field
        assert field is not None and field.kind == "gm"
        # a bad value is refused in the editor's status line and changes nothing
        while editor.field is None or editor.field.kind != "skill":
            await pilot.press("down")
        before = table.campaign
        await type_keys(pilot, "enter", "ctrl+u", *"lots", "enter")
        await pilot.pause()
        assert table.campaign is before
        assert "a whole number" in str(editor.query_one("#editor-status").render())
        await type_keys(pilot, "ctrl+u", *"55", "enter")
        await pilot.pause()
        assert table.campaign.character("Boris Petrov").skills["Listen"] == 55
        await pilot.press("ctrl+z")  # undoes the last field only, and the editor follows
        await pilot.pause()
        assert table.campaign.character("Boris Petrov").skills["Listen"] == 50
        assert "Listen            50" in str(
            editor.rows.get_option_at_index(editor.rows.highlighted or 0).prompt
        )
        await pilot.press("ctrl+z", "ctrl+z")  # GM-only, then the rename
        await pilot.pause()
        assert editor.who == "Boris Ivanov"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, EditorScreen)


async def test_the_sheet_from_the_party_list_and_its_keys(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "ruth shotgun = 3 3 3")
        app.screen.query_one("#party-list").focus()
        await pilot.press("enter")  # the highlighted one: who rolled last
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, SheetScreen) and sheet.who == "Ruth Hale"
        text = str(sheet.query_one("#sheet-body").render())
        for phrase in (
            "HP 11/11",
            "Guns (Shotgun) 13",
            "Stevenson: skill=Guns (Shotgun)",
            "damage=2d6-1",
            "RECENT ROLLS",
            "Ruth Hale Guns (Shotgun) 13: 9 [3 3 3]",
        ):
            assert phrase in text, phrase
        await pilot.press("right")
        await pilot.pause()
        assert sheet.who == "Guard Moss"
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EditorScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, (EditorScreen, SheetScreen))
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


async def test_help_and_palette_list_the_character_commands(
    demo_copy: Callable[[str], Path],
) -> None:
    from tui.app.palette import ours

    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        await pilot.press("f1")
        await pilot.pause()
        text = str(app.screen.query_one("Static").render())
        for usage in (
            "/add NAME [xN] [npc] [gm]",
            "/dup CHAR [xN]",
            "/rm CHAR",
            "/sheet [CHAR]",
            "/skill CHAR SKILL VALUE",
            "/attr CHAR NAME VALUE",
            "/cond CHAR NAME [N rounds|turns] [mod=±N] [gm]",
            "/uncond CHAR NAME|all",
            "/init CHAR N | roll CHAR|all EXPR",
            "max=N",
        ):
            assert usage in text, usage
        assert "f4" in text and "main.sheet" in text
        await pilot.press("escape")
        await pilot.pause()
        titles = {c.title for c in ours(app)}
        assert {"Character sheet", "Edit character", "/add", "/cond", "/dup"} <= titles


async def test_the_gms_party_list_marks_who_the_players_do_not_see(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        for line in ("/add Cultist Leader npc gm", "/add Spy gm"):
            await type_line(pilot, line)
            assert isinstance(app.screen, EditorScreen)
            await pilot.press("escape")
            await pilot.pause()
        shown = party(pilot).splitlines()
        assert "Cultist Leader (npc, hidden)" in shown
        assert "Spy (hidden)" in shown
        assert "Boulder (npc)" in shown  # seen by the players: no mark
