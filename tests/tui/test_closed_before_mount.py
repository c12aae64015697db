"""A screen closed before its mount ran takes nothing down with it.

Textual mounts a pushed screen over the next rounds of its loop; the campaign can close
under a dialog just opened (a save changed outside the app) or a dialog be answered at once.
Each screen the app pushes is popped here in the same instant it is pushed, before its
mount: the app must go on, on a working screen.

Regressions: the picker, the new-campaign dialog and every dialog over the main screen but
the help looked their widgets up in their mount (``query_one``) and ended the app with
``NoMatches`` (the problem dialog did so on a loaded machine); and the sheet and the editor
subscribed to the session twice on each opening (their own mount called the base class's,
which Textual calls too) and left one listener behind when closed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.tui.conftest import DEMOS, type_line
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.screens.picker import NewCampaignScreen, PickerScreen, ProblemScreen

#: the actions that open a dialog over the main screen: the main screen's, the app's
ON_MAIN = (
    "sheet",
    "edit",
    "whole_preview",
    "roll_form",
    "best",
    "scene_details",
    "find_log",
    "past_scenes",
    "dice_stats",
    "recap",
    "edit_encounter",
)
ON_APP = ("help", "links", "end_adventure")
#: what the entry holds first for the actions that open a dialog on the typed line
TYPED = {"whole_preview": "alice spot hidden", "best": "alice spot hidden"}


def main_working(app: TablekeeperApp) -> bool:
    focused = app.screen.focused
    main = type(app.screen).__name__ == "MainScreen"
    return main and focused is not None and focused.id == "roll-entry"


def picker_working(app: TablekeeperApp) -> bool:
    focused = app.screen.focused
    return isinstance(app.screen, PickerScreen) and focused is not None


@contextmanager
def popped_at_once(app: TablekeeperApp) -> Iterator[list[str]]:
    """Every screen but the main one pushed meanwhile is popped as it is pushed; yields the
    names of the screens so closed."""
    closed: list[str] = []
    real = app.push_screen

    def push(screen: Any, *args: Any, **kwargs: Any) -> Any:
        done = real(screen, *args, **kwargs)
        if type(screen).__name__ != "MainScreen":
            app.pop_screen()  # before the screen's mount has run
            closed.append(type(screen).__name__)
        return done

    app.push_screen = push  # type: ignore[method-assign]
    try:
        yield closed
    finally:
        app.push_screen = real  # type: ignore[method-assign]


@pytest.mark.parametrize(
    ("owner", "action"), [("main", a) for a in ON_MAIN] + [("app", a) for a in ON_APP]
)
async def test_a_dialog_closed_before_its_mount(owner: str, action: str, tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    save.write_bytes(DEMOS["brp"].read_bytes())
    app = TablekeeperApp(save, saves_dir=tmp_path, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: main_working(app), "the campaign")
        if action in TYPED:
            await type_line(pilot, TYPED[action], enter=False)
        with popped_at_once(app) as closed:
            target = app.screen if owner == "main" else app
            await target.run_action(f"run({action!r})")
            await settled(pilot)
        assert closed, f"{action} opened no screen"  # else there was nothing to check
        assert app.is_running and app.return_code is None
        await until(pilot, lambda: main_working(app), f"the campaign after {closed}")


SCREENS: dict[str, Callable[[Path], Screen[Any]]] = {
    "picker": lambda folder: PickerScreen([], [], folder),
    "new campaign": lambda _folder: NewCampaignScreen(),
    "new copy of a demo": lambda _folder: NewCampaignScreen(system="brp", name="x"),
    "problem": lambda _folder: ProblemScreen("t", "m", [("back", "Back")]),
}


@pytest.mark.parametrize("name", list(SCREENS))
async def test_a_screen_in_place_of_the_main_one_closed_before_its_mount(
    name: str, tmp_path: Path
) -> None:
    app = TablekeeperApp(saves_dir=tmp_path, rng=random.Random(5))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: picker_working(app), "the picker")
        for _ in range(3):
            app.push_screen(SCREENS[name](tmp_path))
            app.pop_screen()  # at once: before the screen's mount has run
        await settled(pilot)
        assert app.is_running and app.return_code is None
        assert picker_working(app)


@pytest.mark.parametrize("key", ["f4", "edit"])
async def test_the_sheet_and_the_editor_leave_no_listener_behind(key: str, tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    save.write_bytes(DEMOS["brp"].read_bytes())
    app = TablekeeperApp(save, saves_dir=tmp_path, rng=random.Random(3))
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: main_working(app), "the campaign")
        assert app.table is not None
        session = app.table.session
        live: list[object] = []
        real_subscribe, real_unsubscribe = session.subscribe, session.unsubscribe

        def subscribe(listener: Any) -> None:
            live.append(listener)
            real_subscribe(listener)

        def unsubscribe(listener: Any) -> None:
            if listener in live:
                live.remove(listener)
            real_unsubscribe(listener)

        session.subscribe = subscribe  # type: ignore[method-assign]
        session.unsubscribe = unsubscribe  # type: ignore[method-assign]
        for _ in range(2):
            if key == "f4":
                await pilot.press("f4")
            else:
                await app.screen.run_action("run('edit')")
            await until(
                pilot,
                lambda: bool(live) and not main_working(app) and app.screen.focused is not None,
                "the character's screen, following the session",
            )
            await pilot.press("escape")
            await until(pilot, lambda: main_working(app), "the campaign again")
            assert live == []
