"""A save or log changed by someone else while the app has it open: stop, keep both, ask.

Regression: edits made in an editor while the app was open were silently overwritten by the
next change (save and log alike).
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from tests.tui.conftest import DEMOS
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.store import load, log_path, read_campaign


async def submit(pilot: Pilot[None], line: str) -> None:
    pilot.app.screen.query_one("#roll-entry", Input).value = line
    await pilot.press("enter")
    await pilot.pause()


def problem_choices(app: TablekeeperApp) -> list[str]:
    options = app.screen.query_one("#problem-choices", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def choose(pilot: Pilot[None], starts: str) -> None:
    options = pilot.app.screen.query_one("#problem-choices", OptionList)
    labels = problem_choices(pilot.app)  # type: ignore[arg-type]
    options.highlighted = next(i for i, label in enumerate(labels) if label.startswith(starts))
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("choice", ["Reload", "Continue"])
async def test_an_edited_save_is_kept_and_the_gm_chooses(choice: str, tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    app = TablekeeperApp(save, rng=random.Random(2))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await submit(pilot, "/hp alice -1")
        app.flush()
        edited = save.read_text(encoding="utf-8").replace(
            'name = "Boulder"', 'name = "Boulder"\nplayer = "the GM"', 1
        )
        save.write_text(edited, encoding="utf-8")  # an editor, while the app runs
        await submit(pilot, "/hp alice -2")
        await until(
            pilot, lambda: type(app.screen).__name__ == "ProblemScreen", "the conflict dialog"
        )
        assert save.read_text(encoding="utf-8") == edited  # never overwritten
        labels = problem_choices(app)
        assert labels[0].startswith("Reload brp.toml")
        beside = next(tmp_path.glob("brp.conflict-*.toml"))
        assert read_campaign(beside).character("Alice Moore").resources["HP"] == 8
        await choose(pilot, choice)
        await until(pilot, lambda: type(app.screen).__name__ == "MainScreen", "the campaign")
        assert app.table is not None
        if choice == "Reload":
            # the outside edit and the app's changes the log holds, together
            assert app.save_path == save
            boulder = app.table.campaign.character("Boulder")
            assert boulder.player == "the GM"
            assert app.table.campaign.character("Alice Moore").resources["HP"] == 8
        else:
            assert app.save_path == beside
            await submit(pilot, "/hp alice =5")
            app.flush()
            assert load(beside)[0].character("Alice Moore").resources["HP"] == 5
            assert save.read_text(encoding="utf-8") == edited


async def test_a_deleted_log_stops_writing_and_keeps_the_state_beside(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    app = TablekeeperApp(save, rng=random.Random(2))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await submit(pilot, "/hp alice -1")
        app.flush()
        os.unlink(log_path(save))
        await submit(pilot, "/hp alice -3")
        await until(
            pilot, lambda: type(app.screen).__name__ == "ProblemScreen", "the conflict dialog"
        )
        message = str(app.screen.query_one("#problem-message").render())
        assert "deleted or renamed" in message
        assert not log_path(save).exists()  # not re-created behind the GM's back
        beside = next(tmp_path.glob("brp.conflict-*.toml"))
        assert read_campaign(beside).character("Alice Moore").resources["HP"] == 7


WORKING = ("MainScreen", "PickerScreen", "ProblemScreen")


@pytest.mark.parametrize("choice", ["reload", "beside", "quit", "escape"])
async def test_every_choice_after_a_conflict_leaves_a_working_screen(
    choice: str, tmp_path: Path
) -> None:
    """Regression: the log replaced by a folder while the campaign is open, the next roll
    finds the conflict while the roll entry handles it; the dialog's answer went to the
    entry's screen, already closed, so every choice left a blank screen."""
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    app = TablekeeperApp(save, saves_dir=tmp_path, rng=random.Random(2))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await submit(pilot, "/hp alice -1")
        app.flush()
        log = log_path(save)
        log.rename(tmp_path / "moved-away")
        log.mkdir()
        await submit(pilot, "/hp alice -2")
        await until(pilot, lambda: type(app.screen).__name__ == "ProblemScreen", "the dialog")
        await until(pilot, lambda: app.screen.focused is not None, "the choices focused")
        if choice == "escape":
            await pilot.press("escape")
        else:
            options = app.screen.query_one("#problem-choices", OptionList)
            ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
            options.highlighted = ids.index(choice)
            await pilot.press("enter")
        if choice == "quit":
            await until(pilot, lambda: app.return_code is not None, "the app to quit")
            return
        expected = {"reload": "ProblemScreen", "beside": "MainScreen", "escape": "PickerScreen"}
        await until(
            pilot,
            lambda: (
                type(app.screen).__name__ == expected[choice]
                and app.screen.query("#problem-choices, #picker-list, #roll-entry")
            ),
            f"the {expected[choice]} after {choice}",
        )
        assert type(app.screen).__name__ in WORKING
        if choice == "reload":  # the folder still stands where the log goes: said, not blank
            assert "brp.log.toml" in str(app.screen.query_one("#problem-message").render())
        if choice == "beside":
            assert app.save_path is not None and app.save_path.name.startswith("brp.conflict-")
