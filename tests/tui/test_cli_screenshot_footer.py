"""Issue 37's small things: the palette's Screenshot without ~/Downloads, the picker's footer
listing each key once and no undo, the classifiers."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.seeds import ROOT
from tests.tui.conftest import rng, type_keys
from tests.tui.test_footer import _line
from tui.app import palette
from tui.app.app import TablekeeperApp


@pytest.fixture
def no_downloads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_dirs: Path) -> Path:
    """A fresh account: a home without Downloads (and no user-dirs.dirs naming one)."""
    home = tmp_path / "fresh-home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    return home


async def test_the_palettes_screenshot_goes_to_the_state_folder_without_downloads(
    no_downloads: Path, user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(rng=rng())
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(app, "say", lambda text, **kw: said.append(text))
        monkeypatch.setattr(app, "set_timer", lambda delay, call: call())
        entry = next(c for c in app.get_system_commands(app.screen) if c.title == "Screenshot")
        entry.callback()
    folder = user_dirs / "state" / "tablekeeper" / "screenshots"
    shots = list(folder.glob("*.svg"))
    assert len(shots) == 1 and shots[0].read_text(encoding="utf-8").startswith("<svg")
    assert said == [f"Screenshot saved to {shots[0]}"]
    assert not (no_downloads / "Downloads").exists()


async def test_with_downloads_the_screenshot_goes_there_and_a_failure_is_said(
    no_downloads: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    downloads = no_downloads / "Downloads"
    downloads.mkdir()
    app = TablekeeperApp(rng=rng())
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(app, "say", lambda text, **kw: said.append(text))
        path = palette.take_screenshot(app)
        assert path is not None and path.parent == downloads
        monkeypatch.setattr(app, "save_screenshot", _refused)
        assert palette.take_screenshot(app) is None
    assert said[0] == f"Screenshot saved to ~/Downloads/{path.name}"
    assert said[1].startswith("Cannot save the screenshot in ~/Downloads: ")


def _refused(**kwargs: object) -> str:
    raise PermissionError(13, "Permission denied")


async def test_the_pickers_footer_lists_each_key_once_and_no_undo(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(saves_dir=demo_copy("brp").parent, rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        line = _line(app)
        assert line.count("Quit") == 1 and " ^q Quit " in line, line
        assert "Undo" not in line and "Redo" not in line, line
        assert app.check_action("undo", ()) is False
        await type_keys(pilot, "q")  # q still quits, though not listed twice
    assert app.return_code == 0 and not app.is_running


async def test_the_main_screen_still_offers_undo(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        assert app.check_action("undo", ()) is True
        assert " ^z Undo " in _line(app)


def test_the_classifiers_name_python_3_11_to_3_13() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    versions = [
        c.rsplit(" :: ", 1)[1]
        for c in project["classifiers"]
        if c.startswith("Programming Language :: Python :: 3.")
    ]
    assert versions == ["3.11", "3.12", "3.13"]
    assert project["requires-python"].startswith(">=3.11")
