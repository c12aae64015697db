"""What the GM is offered when a campaign cannot be opened normally, and errors in the saver.

Regressions: "Open the backup" opened ``NAME.restored.toml`` with an empty log, leaving the
history behind; a corrupt ``.bak`` was still offered; a read-only mount said "open
read-only" but offered no such choice; an error in the saver thread was lost.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from tests.faults.disk import read_only_mount, toasts
from tests.tui.conftest import DEMOS
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.store import backup_path, load, log_path


def choices(app: TablekeeperApp) -> list[str]:
    options = app.screen.query_one("#problem-choices", OptionList)
    return [str(options.get_option_at_index(i).id) for i in range(options.option_count)]


async def played(save: Path) -> None:
    """Two changes, so there is a backup (the previous checkpoint) and a log."""
    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(100, 30)) as pilot:
        for line in ("/hp alice -1", "/hp alice -2"):
            pilot.app.screen.query_one("#roll-entry", Input).value = line
            await pilot.press("enter")
            await pilot.pause()
        app.flush()


async def test_restoring_the_backup_replaces_the_broken_file_and_keeps_the_log(
    tmp_path: Path,
) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    await played(save)
    assert backup_path(save).exists() and log_path(save).exists()
    save.write_text("this is = = not toml", encoding="utf-8")
    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ProblemScreen"
        assert choices(app)[0] == "backup"
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "MainScreen", "the campaign")
        assert app.save_path == save  # in place, not a copy beside it
        assert app.table is not None
        # the backup (an older checkpoint) plus the log's changes: nothing lost
        assert app.table.campaign.character("Alice Moore").resources["HP"] == 8
        assert len(app.table.session.log) == 2
    broken = list(tmp_path.glob("brp.toml.broken-*"))
    assert len(broken) == 1 and broken[0].read_text(encoding="utf-8") == "this is = = not toml"
    assert not list(tmp_path.glob("*.restored*"))
    assert load(save)[0].character("Alice Moore").resources["HP"] == 8


async def test_a_backup_that_does_not_load_is_not_offered(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    await played(save)
    save.write_text("broken = = 1", encoding="utf-8")
    backup_path(save).write_text("also = = broken", encoding="utf-8")
    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ProblemScreen"
        assert "backup" not in choices(app)


async def test_a_campaign_that_cannot_be_written_offers_the_read_only_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only mount (root ignores ``chmod``: the EROFS is injected where the log is
    opened for appending)."""
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    await played(save)
    read_only_mount(monkeypatch)
    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ProblemScreen"
        message = str(app.screen.query_one("#problem-message").render())
        assert "Read-only file system" in message
        assert choices(app)[0] == "readonly"
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "MainScreen", "the view")
        assert app.read_only and app.table is not None
        assert app.table.campaign.character("Alice Moore").resources["HP"] == 8


async def test_an_error_in_the_saver_thread_reaches_the_gm_and_quitting_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    app = TablekeeperApp(save, rng=random.Random(4))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        from tui.store import savetext

        def explode(*_args: object) -> str:
            raise RecursionError("maximum recursion depth exceeded (test)")

        monkeypatch.setattr(savetext.SaveText, "render_parts", explode)
        pilot.app.screen.query_one("#roll-entry", Input).value = "/hp alice -1"
        await pilot.press("enter")
        await until(pilot, lambda: "could not be updated" in toasts(app), "the notification")
        assert "internal error" in toasts(app) and "safe in brp.log.toml" in toasts(app)
        monkeypatch.undo()
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running, "the app to quit")
    assert load(save)[0].character("Alice Moore").resources["HP"] == 10
