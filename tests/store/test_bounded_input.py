"""Damaged files refused in one line, never waited on: a number too long to convert, a FIFO
where a file is expected, a file past its size limit."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS
from tui.app.config import load_config
from tui.app.history import EntryHistory
from tui.cli.check import check_main
from tui.store import SaveError, Store, log_path
from tui.store import regular as regular_module
from tui.store.regular import read_regular

LONG = "9" * 5000


def _demo(folder: Path, name: str = "c.toml") -> Path:
    path = folder / name
    path.write_bytes(DEMOS["brp"].read_bytes())
    return path


def test_a_number_too_long_for_python_is_refused_at_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _demo(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"Spot Hidden" = 60', f'"Spot Hidden" = {LONG}', 1), "utf-8")
    line = text[: text.index('"Spot Hidden" = 60')].count("\n") + 1
    assert check_main([str(path)]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"{path}:{line}:17: a number of 5,000 digits (at most 4,300)"]
    with pytest.raises(SaveError) as caught:
        Store.open(path)
    assert caught.value.line == line


def test_a_number_too_long_in_the_log_is_refused_too(tmp_path: Path) -> None:
    path = _demo(tmp_path)
    with Store.open(path):
        pass
    log_path(path).write_text(
        f'[[log]]\nseq = 1\ntime = "2026-12-03T10:00:00+00:00"\nkind = "note"\nx = {LONG}\n'
        'text = "a note"\n\n',
        encoding="utf-8",
    )
    with pytest.raises(SaveError) as caught:
        Store.open(path)
    assert "5,000 digits" in str(caught.value)


def _finishes(run: object, seconds: float = 20.0) -> bool:
    done = threading.Event()

    def target() -> None:
        assert callable(run)
        run()
        done.set()

    threading.Thread(target=target, daemon=True).start()
    return done.wait(seconds)


def test_a_fifo_named_like_the_parse_cache_is_never_waited_on(tmp_path: Path) -> None:
    path = _demo(tmp_path)
    os.mkfifo(tmp_path / f".{path.name}.cache")
    script = "import sys; from tui.cli.check import check_main; sys.exit(check_main([sys.argv[1]]))"
    done = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert _finishes(lambda: Store.open(path, read_only=True).close())


def test_a_fifo_as_the_config_or_the_history_is_refused_not_waited_on(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    os.mkfifo(config)
    found: list[object] = []
    assert _finishes(lambda: found.append(load_config(config)))
    problems = [str(p) for p in getattr(found[0], "problems", ())]
    assert any("not a regular file" in p for p in problems), problems
    history = EntryHistory(tmp_path / "c.toml", tmp_path)
    os.mkfifo(history.path)
    assert _finishes(lambda: found.append(history.load()))
    assert found[-1] == []


def test_a_file_past_its_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.bin"
    big.write_bytes(b"x" * 4096)
    assert read_regular(big, limit=4096) == b"x" * 4096
    with pytest.raises(OSError, match="at most"):
        read_regular(big, limit=4095)
    path = _demo(tmp_path)
    monkeypatch.setattr(regular_module, "SAVE_LIMIT", 1024)
    monkeypatch.setattr("tui.store.files.SAVE_LIMIT", 1024)
    with pytest.raises(SaveError, match="MB"):
        Store.open(path, read_only=True)
