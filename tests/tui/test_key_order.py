"""Keys typed in one burst take effect in the order typed, on every screen.

Each test posts several Key events to the app at once, as the terminal driver does for one
read (a GM typing quickly over SSH), and only then lets the app run: nothing waits between
the keys, unlike ``Pilot.press``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from tests.tui.conftest import burst, rng, type_line
from tui.app import TablekeeperApp
from tui.screens.editor import EditorScreen


async def editor_for(pilot: Pilot[None], line: str) -> EditorScreen:
    await type_line(pilot, line)
    editor = pilot.app.screen
    assert isinstance(editor, EditorScreen)
    return editor


async def test_down_enter_in_one_burst_edits_the_row_below(
        demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await editor_for(pilot, "/add Guard npc gm")
        assert editor.field is not None and editor.field.kind == "name"
        burst(app, ["down", "enter"])
        await pilot.pause()
        assert editor.editing is not None and editor.editing.kind == "player"
