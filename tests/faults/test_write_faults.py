"""Saving fails under the running app (full disk, read-only file system, I/O error).

The GM must see a clear notification, keep playing (state in memory, nothing lost), and get
everything on disk with the next change once the disk is fine again. Quitting while changes
are unsaved warns once instead of dropping them silently, and never hangs.
"""

from __future__ import annotations

import errno
import os
import random
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.faults.disk import Disk, toasts
from tests.tui.conftest import DEMOS
from tests.waits import LIMIT, until
from tui.app.app import TablekeeperApp
from tui.store import load


async def submit(pilot: Pilot[None], line: str) -> None:
    """Put ``line`` in the roll entry at once and press Enter (typing is tested elsewhere)."""
    pilot.app.screen.query_one("#roll-entry", Input).value = line
    await pilot.press("enter")
    await pilot.pause()


def open_copy(folder: Path) -> tuple[Path, TablekeeperApp]:
    save = folder / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    return save, TablekeeperApp(save, rng=random.Random(7))


def failing(code: int, *, held: threading.Event | None = None) -> Callable[..., None]:
    """A write that fails with ``code``; with ``held``, off the app's thread it first waits
    until the test sets ``held`` (a slow disk, slow exactly until the test says so)."""

    def fail(*_args: Any, **_kwargs: Any) -> None:
        if held is not None and threading.current_thread() is not threading.main_thread():
            held.wait(LIMIT)
        raise OSError(code, os.strerror(code))

    return fail


async def test_full_disk_keeps_playing_and_saves_later(disk: Disk) -> None:
    save, app = open_copy(disk.folder)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = app.table
        assert table is not None
        await submit(pilot, "alice spot hidden = 07")
        app.flush()
        on_disk = save.read_bytes()

        disk.fill()
        await submit(pilot, "boris listen")  # an app roll
        await until(
            pilot,
            lambda: "Not saved" in toasts(app) or "could not be updated" in toasts(app),
            "the error notification",
        )
        shown = toasts(app)
        assert "No space left on device" in shown and app.is_running
        if "Not saved" in shown:  # the log could not take the entry: it waits in memory
            assert "kept in memory" in shown and app.files.save_problem
        else:  # a full tmpfs still had room in the log's last page: only the save lags
            assert "safe in brp.log.toml" in shown
            assert app.files.checkpoint_problem and not app.files.save_problem
        assert [e.seq for e in table.session.log] == [1, 2]
        assert save.read_bytes() == on_disk  # the save itself is untouched

        await submit(pilot, "alice stealth = 10")  # still playing
        assert [e.seq for e in table.session.log] == [1, 2, 3]
        assert app.is_running

        disk.heal()
        await submit(pilot, "boris spot hidden = 50")
        await until(pilot, lambda: "Saved again" in toasts(app), "the all-clear notification")
        app.flush()
        campaign, log = load(save)
        assert campaign == table.campaign
        assert [e.seq for e in log] == [1, 2, 3, 4]
        assert campaign.character("Alice Moore").ticks == ("Spot Hidden", "Stealth")


@pytest.mark.parametrize(
    "code", [errno.EROFS, errno.EACCES, errno.EIO], ids=["read-only-fs", "permission", "io-error"]
)
async def test_injected_write_error(
    code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder that became read-only (as root chmod does not stop writes: injected)."""
    save, app = open_copy(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = app.table
        assert table is not None
        before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
        monkeypatch.setattr("os.fsync", failing(code))
        await submit(pilot, "alice spot hidden = 07")
        await until(pilot, lambda: "Not saved" in toasts(app), "the error notification")
        assert os.strerror(code) in toasts(app)
        assert table.campaign.character("Alice Moore").ticks == ("Spot Hidden",)
        assert save.read_bytes() == before[save.name]
        monkeypatch.undo()
        await submit(pilot, "/hp alice -1")
        await until(pilot, lambda: not app.files.save_problem, "the retry to succeed")
        app.flush()
        campaign, log = load(save)
        assert campaign == table.campaign and [e.seq for e in log] == [1, 2]


@pytest.mark.timeout(60)
async def test_quit_while_saving_fails_warns_and_does_not_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ctrl+q right after a roll whose save is slow and fails: a warning, no deadlock.

    Regression: the saver thread reported errors with ``call_from_thread`` while quitting
    waited for the saver on the UI thread, so the app froze for good.
    """
    save, app = open_copy(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        slow = threading.Event()
        monkeypatch.setattr("os.fsync", failing(errno.ENOSPC, held=slow))
        await submit(pilot, "alice spot hidden = 07")
        await pilot.press("ctrl+q")
        slow.set()  # the saver's checkpoint fails only now, while the quit waits for it
        await until(pilot, lambda: "ctrl+q again" in toasts(app), "the unsaved warning")
        assert app.is_running and app.table is not None
        monkeypatch.undo()
        await pilot.press("ctrl+q")  # the disk is fine now: saves, then quits
        await until(pilot, lambda: not app.is_running, "the app to quit")
    assert app.return_code == 0
    campaign, log = load(save)
    assert campaign.character("Alice Moore").ticks == ("Spot Hidden",)
    assert [e.kind for e in log] == ["roll"]
