"""Keys typed in one burst take effect in the order typed, on every screen.

Each test posts several Key events to the app at once, as the terminal driver does for one
read (a GM typing quickly over SSH), and only then lets the app run: nothing waits between
the keys, unlike ``Pilot.press``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input, Static

from tests.tui.conftest import burst, keys_handled, rng, type_line
from tests.waits import LIMIT, POLL
from tui.app.app import TablekeeperApp
from tui.screens.adventure_end import AdventureEndScreen
from tui.screens.editor import EditorScreen
from tui.screens.main import MainScreen
from tui.widgets.key_order import SETTLE_LIMIT, OrderedKeysApp


async def editor_for(pilot: Pilot[None], line: str) -> EditorScreen:
    await type_line(pilot, line)
    editor = pilot.app.screen
    assert isinstance(editor, EditorScreen)
    return editor


async def test_down_enter_in_one_burst_edits_the_row_below(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await editor_for(pilot, "/add Guard npc gm")
        assert editor.field is not None and editor.field.kind == "name"
        burst(app, ["down", "enter"])
        await keys_handled(pilot)
        assert editor.editing is not None and editor.editing.kind == "player"


async def test_down_down_enter_from_side_acts_on_the_row_two_below(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await editor_for(pilot, "/add Guard npc gm")
        await pilot.press("down", "down")  # one key at a time: to Side
        assert editor.field is not None and editor.field.kind == "side"
        assert app.table is not None
        before = app.table.campaign
        kinds = [f.kind for f in editor.fields]
        two_below = editor.fields[kinds.index("side") + 2]  # past GM-only (and a header)
        assert not two_below.toggles
        burst(app, ["down", "down", "enter"])
        await keys_handled(pilot)
        assert app.table.campaign is before  # Side not switched, nothing changed
        assert app.table.campaign.character("Guard").side == "npc"
        assert editor.editing == two_below


async def test_keys_typed_right_after_enter_go_into_the_edit_line_then_undo(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        editor = await editor_for(pilot, "/add Guard npc gm")
        table = app.table
        assert table is not None
        burst(app, ["enter", "ctrl+u", *"Captain", "enter"])  # open, retype, confirm
        await keys_handled(pilot)
        assert editor.editing is None and editor.who == "Captain"
        assert [c.name for c in table.campaign.characters][-1] == "Captain"
        steps = len(table.session.log)
        # a committed field, then ctrl+z (an app priority key) in the same burst
        burst(app, ["down", "enter", *"Ann", "enter", "ctrl+z"])
        await keys_handled(pilot)
        assert table.campaign.character("Captain").player == ""  # taken back
        kinds = [e.kind for e in table.session.log[steps:]]
        assert kinds == ["change", "undo"], kinds  # the field first, then its undo
        assert editor.editing is None


async def test_digits_then_enter_on_the_adventure_end_screen(tmp_path: Path) -> None:
    from tests.tui.test_adventure_flows import app_for, status

    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for line in ("alice knowledge occult = 20", "/endadventure"):
            await type_line(pilot, line)
        screen = app.screen
        assert isinstance(screen, AdventureEndScreen)
        burst(app, ["3", "6", "enter"])  # Enter (a priority key) sets the typed die
        await keys_handled(pilot)
        assert screen.rows[0].wants_gain, status(pilot)  # 36 on a 35% skill: improves
        assert "improves, roll d6" in status(pilot)


async def test_enter_right_after_a_pasted_block_reaches_the_dialog_it_opens(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(events.Paste("alice spot hidden = 07\nboris listen = 10\n"))
        burst(app, ["enter"])  # typed before the dialog is up: it answers the dialog
        await keys_handled(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.table is not None
        texts = [e.text for e in app.table.session.log]
        assert len(texts) == 2 and "Spot Hidden" in texts[0] and "Listen" in texts[1], texts


async def test_keys_typed_after_ctrl_r_fill_the_roll_form(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, ["ctrl+r", "escape", *"boris listen = 10", "enter"])
        await keys_handled(pilot)
        assert isinstance(app.screen, MainScreen)  # Escape closed the form it opened
        assert app.table is not None
        assert [e.kind for e in app.table.session.log] == ["roll"]
        assert "Listen 50%: 10" in app.table.session.log[-1].text


class _Stuck(Message):
    """Asks the widget below to wait in its handler (as one waiting on a thread would)."""


class _Waits(Static):
    def __init__(self) -> None:
        super().__init__(id="waits")
        self.release = asyncio.Event()
        self.stuck = asyncio.Event()

    async def on__stuck(self, _message: _Stuck) -> None:
        self.stuck.set()
        await self.release.wait()


class _Keys(OrderedKeysApp[None]):
    def compose(self) -> ComposeResult:
        yield Input(id="line")
        yield _Waits()


async def test_a_widget_that_never_settles_delays_keys_but_loses_none() -> None:
    app = _Keys()
    async with app.run_test() as pilot:
        line = app.query_one("#line", Input)
        line.focus()
        await pilot.pause()
        waits = app.query_one("#waits", _Waits)
        waits.post_message(_Stuck())
        # not pilot.pause(): that would wait for the stuck widget
        await asyncio.wait_for(waits.stuck.wait(), LIMIT)
        try:
            start = time.monotonic()
            burst(app, "abc")
            while line.value != "abc":  # a hang guard, not a timing: the keys must all land
                assert time.monotonic() - start < LIMIT, line.value
                await asyncio.sleep(POLL)
            # each key after the first waited at least SETTLE_LIMIT for the stuck widget
            # (a lower bound: a loaded machine only makes it longer)
            assert time.monotonic() - start >= 2 * SETTLE_LIMIT * 0.9
        finally:
            waits.release.set()
        await pilot.pause()
        assert app.keys_handled


async def test_a_new_campaign_typed_in_one_burst_from_the_picker(tmp_path: Path) -> None:
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "PickerScreen"
        # n opens the new-campaign dialog; the keys after it are for the dialog: Down
        # Enter picks the second system (GURPS), then the name and Enter
        burst(app, ["n", "down", "enter", "ctrl+u", *"Tycho", "enter"])
        await keys_handled(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.table is not None
        assert app.table.campaign.system == "gurps" and app.table.campaign.name == "Tycho"
