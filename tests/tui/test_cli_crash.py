"""The crash handler: an uncaught error in a real handler after a confirmed change leaves the
campaign at that change, a report in the log folder and one paragraph naming it."""

from __future__ import annotations

import asyncio
import io
import platform
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import key_event, rng, type_line
from tests.tui.test_cli import run_main, started
from tui.app.app import TablekeeperApp
from tui.base import bugreport
from tui.cli.crash import guard, report_text
from tui.screens.main import MainScreen
from tui.store import Store

__all__ = ["started"]  # a fixture, used by name

SECRET = "Zyx secret plan of the GM"


def _boom(screen: object) -> None:
    raise RuntimeError("a handler broke")


async def test_a_crash_after_a_change_keeps_it_and_writes_a_report(
    demo_copy: Callable[[str], Path], user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = demo_copy("brp")
    bugreport.record("earlier problem", "a line of the app's own log")
    app = TablekeeperApp(save, rng=rng())
    crash = guard(app)
    monkeypatch.setattr(MainScreen, "next_character", _boom)
    async with app.run_test() as pilot:
        await type_line(pilot, f"/note {SECRET}")
        pilot.app.post_message(key_event("f2"))  # the broken handler: the app closes
        assert await asyncio.to_thread(crash.caught.wait, 20)

    assert isinstance(crash.error, RuntimeError) and app.return_code == 1
    with Store.open(save, read_only=True) as store:  # the change confirmed before it is kept
        assert any(SECRET in entry.text for entry in store.log)
    out = io.StringIO()
    assert crash.report(stream=out) == 1
    reports = sorted((user_dirs / "state" / "tablekeeper" / "log").glob("crash-*.txt"))
    assert len(reports) == 1
    said = out.getvalue()
    assert said.count("\n") == 1 and str(reports[0]) in said
    assert said.startswith("Tablekeeper stopped on an unexpected error (RuntimeError).")
    text = reports[0].read_text(encoding="utf-8")
    for part in (
        f"tablekeeper: {version('tablekeeper')}",
        f"Textual: {version('textual')}",
        f"Python: {platform.python_version()}",
        f"platform: {platform.platform()}",
        "a line of the app's own log",
        "traceback:",
        "in _boom",
        "RuntimeError: a handler broke",
    ):
        assert part in text, part
    assert SECRET not in text and "Zyx" not in text  # no campaign contents (nor locals)


def test_the_command_line_prints_the_paragraph_and_exits_1(
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
    monkeypatch: pytest.MonkeyPatch,
    user_dirs: Path,
) -> None:
    import tui.app.app

    class Crashing:
        def __init__(self, save: Path | None, **kwargs: Any) -> None:
            pass

        def _close_messages_no_wait(self) -> None:
            pass

        def _handle_exception(self, error: Exception) -> None:  # Textual's: replaced
            raise AssertionError("Textual's handler ran")

        def run(self) -> None:
            try:
                raise ValueError("inside the app")
            except ValueError as exc:
                self._handle_exception(exc)

    monkeypatch.setattr(tui.app.app, "TablekeeperApp", Crashing)
    code, out, err = run_main([], capsys)
    assert (code, out) == (1, "")
    report = next((user_dirs / "state" / "tablekeeper" / "log").glob("crash-*.txt"))
    assert err.count("\n") == 1 and str(report) in err and "(ValueError)" in err
    assert "ValueError: inside the app" in report.read_text(encoding="utf-8")


def test_a_report_that_cannot_be_written_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_dirs: Path
) -> None:
    blocker = tmp_path / "blocked"
    blocker.write_text("a file where the state folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_STATE_HOME", str(blocker))
    bugreport.reset()
    app = type("App", (), {"_close_messages_no_wait": lambda self: None})()
    crash = guard(app)
    try:
        raise KeyError("lost")
    except KeyError as exc:
        app._handle_exception(exc)
    out = io.StringIO()
    assert crash.report(stream=out) == 1
    said = out.getvalue()
    assert "The report could not be written" in said and "KeyError: 'lost'" in said
    assert report_text(KeyError("x")).startswith("Tablekeeper crash report")


def test_the_log_folder_keeps_the_newest_ten_reports(
    user_dirs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: crash reports were never deleted."""
    from tui.base.locations import bug_log_path
    from tui.cli import crash

    folder = bug_log_path().parent
    folder.mkdir(parents=True)
    old = [folder / f"crash-202611{day:02d}-120000-{100 + day}.txt" for day in range(1, 13)]
    for path in old:
        path.write_text("old", encoding="utf-8")
    other = folder / "tablekeeper.log"
    other.write_text("the bug log stays", encoding="utf-8")
    (folder / "crash-notes.txt").write_text("not a report: stays", encoding="utf-8")
    written, problem = crash.write_report(RuntimeError("now"))
    assert written is not None and problem == ""
    kept = sorted(p.name for p in folder.glob("crash-*-*-*.txt"))
    assert len(kept) == crash.KEEP_REPORTS == 10
    assert written.name in kept  # the newest, written now (after November 2026)
    assert kept[:9] == sorted(p.name for p in old[-9:])  # the nine newest of the old
    assert other.exists() and (folder / "crash-notes.txt").exists()
