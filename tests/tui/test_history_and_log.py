"""The roll entry's history across restarts, and the bug-report log of internal errors."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.conftest import rng, type_line
from tests.waits import until
from tui.app.app import TablekeeperApp
from tui.app.history import LIMIT, EntryHistory
from tui.base import bugreport
from tui.session.protocol.commands import SlashCommand
from tui.session.protocol.context import SlashContext
from tui.session.protocol.lines import Slash
from tui.session.table.core_commands import COMMANDS as CORE
from tui.session.table.table import Feedback
from tui.store import SaveError


def test_history_round_trip_is_bounded_and_atomic(tmp_path: Path) -> None:
    history = EntryHistory(tmp_path / "game.toml", tmp_path / "h")
    assert history.load() == []
    lines = [f"3d6+{i}" for i in range(LIMIT + 20)]
    assert history.save(lines) == ""
    assert EntryHistory(tmp_path / "game.toml", tmp_path / "h").load() == lines[-LIMIT:]
    assert [p.name for p in (tmp_path / "h").iterdir()] == [history.path.name]


def test_the_same_name_in_two_folders_keeps_two_histories(tmp_path: Path) -> None:
    a = EntryHistory(tmp_path / "a" / "game.toml", tmp_path / "h")
    b = EntryHistory(tmp_path / "b" / "game.toml", tmp_path / "h")
    assert a.path != b.path and a.path.name.startswith("game-")


@pytest.mark.parametrize("data", [b"\xff\xfe\x00garbage", b"ok\n\x1b[2J\nfine\n", b""])
def test_a_damaged_history_is_ignored_never_fatal(tmp_path: Path, data: bytes) -> None:
    history = EntryHistory(tmp_path / "game.toml", tmp_path)
    history.path.write_bytes(data)
    loaded = history.load()
    assert loaded == (["ok", "fine"] if data.startswith(b"ok") else [])


def test_a_history_that_cannot_be_written_says_why(tmp_path: Path) -> None:
    (tmp_path / "h").write_text("a file where the folder should be", encoding="utf-8")
    history = EntryHistory(tmp_path / "game.toml", tmp_path / "h")
    assert history.save(["3d6"]) != ""


async def test_the_entry_history_survives_a_restart(
    demo_copy: Callable[[str], Path], user_dirs: Path
) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        await type_line(pilot, "alice spot hidden = 07")
        await type_line(pilot, "3d6")
        await pilot.pause()
    saved = list((user_dirs / "state" / "tablekeeper" / "history").iterdir())
    assert len(saved) == 1
    assert saved[0].read_text(encoding="utf-8") == "alice spot hidden = 07\n3d6\n"
    again = TablekeeperApp(path, rng=rng())
    async with again.run_test(size=(80, 24)) as pilot:
        again.screen._warm_up()  # type: ignore[attr-defined]
        entry = again.screen.query_one("#roll-entry")
        await pilot.press("up")
        assert entry.value == "3d6"  # type: ignore[attr-defined]
        await pilot.press("up")
        assert entry.value == "alice spot hidden = 07"  # type: ignore[attr-defined]
    viewer = TablekeeperApp(path, rng=rng(), read_only=True)
    async with viewer.run_test(size=(80, 24)) as pilot:
        await pilot.press("up")  # the player view never shows the GM's lines
        assert viewer.screen.query_one("#roll-entry").value == ""  # type: ignore[attr-defined]


def test_record_writes_a_small_rotating_log(user_dirs: Path) -> None:
    path = bugreport.record("internal error", "Traceback …\nValueError: boom")
    assert path == user_dirs / "state" / "tablekeeper" / "log" / "tablekeeper.log"
    assert "ERROR internal error: Traceback …\nValueError: boom" in path.read_text("utf-8")
    for _ in range(3 * bugreport.MAX_BYTES // 1000):
        bugreport.record("save failed", "x" * 1000)
    logs = sorted(p.name for p in path.parent.iterdir())
    assert logs == ["tablekeeper.log", "tablekeeper.log.1", "tablekeeper.log.2"]
    assert all(p.stat().st_size <= bugreport.MAX_BYTES + 2000 for p in path.parent.iterdir())


def test_a_log_that_cannot_be_made_is_no_error(user_dirs: Path) -> None:
    (user_dirs / "state").mkdir(parents=True)
    (user_dirs / "state" / "tablekeeper").write_text("not a folder", encoding="utf-8")
    assert bugreport.record("internal error", "boom") is None


def _boom(table: SlashContext, parsed: Slash) -> Feedback:
    raise ZeroDivisionError("the bug under test")


async def test_an_internal_error_is_logged_and_the_notice_says_where(
    demo_copy: Callable[[str], Path],
    user_dirs: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(CORE.by_name, "boom", SlashCommand("boom", "/boom", "fails", _boom))
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/boom")
        await pilot.pause()
        log = user_dirs / "state" / "tablekeeper" / "log" / "tablekeeper.log"
        text = log.read_text(encoding="utf-8")
        assert "internal error: Traceback" in text and "ZeroDivisionError: the bug" in text
        assert any(str(log) in n.message for n in app._notifications)
        assert app.table is not None and app.table.last_internal_error == ""


async def test_a_failed_save_is_logged(
    demo_copy: Callable[[str], Path],
    user_dirs: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = TablekeeperApp(demo_copy("skirmish"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.files.store is not None

        def refuse(*_args: object) -> None:
            raise SaveError("game.toml", "disk full (test)")

        monkeypatch.setattr(app.files.store, "record", refuse)
        await type_line(pilot, "3d6 = 1 2 3")
        app.flush()
        log = user_dirs / "state" / "tablekeeper" / "log" / "tablekeeper.log"
        await until(pilot, log.exists, "the bug-report log")
        assert "save failed: game.toml: disk full (test)" in log.read_text(encoding="utf-8")
        assert any(str(log) in n.message for n in app._notifications)
        monkeypatch.undo()
