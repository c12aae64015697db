"""Every choice of every problem dialog leaves the GM on a working screen.

A campaign that cannot be opened normally (broken, locked by another writer, on a disk that
cannot be written, with a log that no longer fits the save, unreadable) is a dialog in place
of the main screen; so is a save changed outside the app while it is open (its choices are
``tests/faults/test_outside_edits.py``'s). Whatever the GM picks, the next screen is the
campaign, the players' view, the picker, or the app has quit, and it has its widgets and
the focus: never a blank screen (a dialog closed before its mount ran:
``tests/tui/test_closed_before_mount.py``).

Regression: a log that does not fit the save offered the players' view, which replays the
same log: the choice showed the same dialog again.
"""

from __future__ import annotations

import errno
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from tests.faults.disk import read_only_mount
from tests.store.helpers import played
from tests.store.test_one_writer import crashed_then_renamed
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.screens.picker import PickerScreen, ProblemScreen
from tui.store import Store

#: each problem, and the choices its dialog offers (Escape is "back" too)
CHOICES = {
    "broken": ("backup", "back", "quit", "escape"),
    "locked": ("readonly", "back", "quit", "escape"),
    "unwritable": ("readonly", "back", "quit", "escape"),
    # not read-only: the view replays the same log, which fits it no better (the choice
    # showed the same dialog again)
    "misfit": ("reconcile", "keeplog", "back", "quit", "escape"),
    "unreadable": ("back", "quit", "escape"),
}
#: what each choice leads to
LEADS = {
    "backup": "campaign",
    "reconcile": "campaign",
    "keeplog": "campaign",
    "readonly": "view",
    "back": "picker",
    "escape": "picker",
    "quit": "quit",
}


@contextmanager
def problem(kind: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A save in ``folder`` that meets the problem ``kind`` when the app opens it."""
    # misfit: Alice renamed Alicia in the save, the log names Alice; else a backup beside it
    save = crashed_then_renamed(folder) if kind == "misfit" else played(folder, changes=2)
    holder = None
    if kind == "broken":
        save.write_text("this is = = not toml", encoding="utf-8")
    elif kind == "locked":
        holder = Store.open(save)  # another Tablekeeper writing to it
    elif kind == "unwritable":  # a read-only mount (root ignores chmod)
        read_only_mount(monkeypatch)
    elif kind == "unreadable":
        real = Store.open

        def refused(path: Path, *args: object, **kwargs: object) -> Store:
            if Path(path) == save:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
            return real(path, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr("tui.app.files.Store.open", refused)
    try:
        yield save
    finally:
        if holder is not None:
            holder.close()


def option_ids(app: TablekeeperApp, selector: str) -> list[str | None]:
    options = app.screen.query_one(selector, OptionList)
    return [options.get_option_at_index(i).id for i in range(options.option_count)]


async def answer(app: TablekeeperApp, pilot: Pilot[Any], choice: str) -> None:
    """Pick ``choice`` in the problem dialog on screen, as the GM does: Enter on it."""
    if choice == "escape":
        await pilot.press("escape")
        return
    ids = option_ids(app, "#problem-choices")
    assert choice in ids, ids
    app.screen.query_one("#problem-choices", OptionList).highlighted = ids.index(choice)
    await pilot.press("enter")


def working(app: TablekeeperApp, lead: str) -> bool:
    """The screen ``lead`` promises is up, with its widgets and the focus in it."""
    screen, focused = app.screen, app.screen.focused
    if lead == "picker":
        return (
            isinstance(screen, PickerScreen)
            and focused is not None
            and (focused.id == "picker-list")
        )
    main = type(screen).__name__ == "MainScreen" and app.table is not None
    if not main or focused is None or focused.id != "roll-entry":
        return False
    return app.read_only == (lead == "view")


CASES = [(kind, choice) for kind, choices in CHOICES.items() for choice in choices]


@pytest.mark.parametrize(("kind", "choice"), CASES, ids=[f"{k}-{c}" for k, c in CASES])
async def test_every_choice_leaves_a_working_screen(
    kind: str, choice: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with problem(kind, tmp_path, monkeypatch) as save:
        app = TablekeeperApp(save, saves_dir=tmp_path, rng=random.Random(5))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ProblemScreen), "the dialog")
            await until(pilot, lambda: app.screen.focused is not None, "the choices focused")
            offered = option_ids(app, "#problem-choices")
            assert offered == [c for c in CHOICES[kind] if c != "escape"]
            await answer(app, pilot, choice)
            lead = LEADS[choice]
            if lead == "quit":
                await until(pilot, lambda: app.return_code is not None, "the app to quit")
                return
            await until(pilot, lambda: working(app, lead), f"the {lead} after {choice}")
            if lead == "picker":  # and the picker lists the campaign to try again
                assert any(str(i).startswith("open:") for i in option_ids(app, "#picker-list"))
            if kind == "misfit" and lead == "campaign":
                assert app.table is not None
                assert [c.name for c in app.table.campaign.characters] == ["Alicia"]


@pytest.mark.parametrize("kind", list(CHOICES))
async def test_a_problem_met_from_the_picker_goes_back_to_the_picker(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with problem(kind, tmp_path, monkeypatch):
        app = TablekeeperApp(saves_dir=tmp_path, rng=random.Random(5))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: working(app, "picker"), "the picker")
            ids = option_ids(app, "#picker-list")
            app.screen.query_one("#picker-list", OptionList).highlighted = ids.index("open:0")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, ProblemScreen), "the dialog")
            await until(pilot, lambda: app.screen.focused is not None, "the choices focused")
            await pilot.press("escape")
            await until(pilot, lambda: working(app, "picker"), "the picker again")
