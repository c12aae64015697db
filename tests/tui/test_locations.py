"""Per-user folders: where an installed app keeps saves, config, history and its log."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.seeds import ROOT
from tests.tui.conftest import rng, type_keys
from tui.app.app import TablekeeperApp
from tui.base import locations
from tui.store.paths import default_saves_dir, saves_dir


def test_this_checkout_is_recognised_and_keeps_its_saves_folder() -> None:
    assert locations.source_checkout() == ROOT.resolve()
    assert default_saves_dir() == ROOT.resolve() / "saves"


def test_an_installed_app_uses_the_xdg_folders(
    user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locations, "source_checkout", lambda: None)
    assert default_saves_dir() == saves_dir() == user_dirs / "data" / "tablekeeper" / "saves"
    assert locations.config_path() == user_dirs / "config" / "tablekeeper" / "config.toml"
    assert locations.history_dir() == user_dirs / "state" / "tablekeeper" / "history"
    state = user_dirs / "state" / "tablekeeper"
    assert locations.bug_log_path() == state / "log" / "tablekeeper.log"


def test_home_is_shown_as_a_tilde(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/gm")
    assert locations.shown(Path("/home/gm/.local/share/x")) == "~/.local/share/x"
    assert locations.shown(Path("/home/gmother/x")) == "/home/gmother/x"


async def test_a_new_campaign_lands_in_the_per_user_data_folder(
    user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locations, "source_checkout", lambda: None)
    app = TablekeeperApp(rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        folder = str(app.screen.query_one("#picker-folder").render())
        assert folder == f"Saves in {user_dirs / 'data' / 'tablekeeper' / 'saves'}"
        await pilot.press("n")
        await pilot.pause()
        await type_keys(pilot, "enter", *"Night game", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        app.flush()
    assert (user_dirs / "data" / "tablekeeper" / "saves" / "Night game.toml").is_file()


def test_the_new_pure_modules_and_check_import_no_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys, tui.app.config, tui.base.locations, tui.app.history, tui.base.bugreport, "
        "tui.store.catalog, tui.cli.main\n"
        "from tui.store import demo_paths\n"
        "[tui.store.catalog.summarize(p) for p in demo_paths()]\n"
        "assert tui.cli.main.main(['check', str(demo_paths()[0])]) == 0\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
