"""The command line of issue 37: options anywhere, ``check DIR``, ``config check|show``, and
the app refusing in one line where it has no terminal to draw on."""

from __future__ import annotations

import os
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import DEMOS
from tests.tui.test_cli import english_after, run_main, started
from tui.cli import commands
from tui.cli import main as cli

__all__ = ["english_after", "started"]  # fixtures, used by name


@pytest.mark.parametrize(
    "args",
    [
        ["--lang", "ru", "check", "X"],
        ["check", "X", "--lang", "ru"],
        ["check", "--lang=ru", "X"],
        ["--config", "C", "--lang", "ru", "check", "X"],
    ],
)
def test_global_options_before_or_after_the_sub_command(
    args: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    english_after: None,
    user_dirs: Path,
) -> None:
    save = tmp_path / "x.toml"
    shutil.copy(DEMOS["brp"], save)
    (tmp_path / "c.toml").write_text('language = "en"\n', encoding="utf-8")
    line = [str(save) if a == "X" else str(tmp_path / "c.toml") if a == "C" else a for a in args]
    code, out, err = run_main(line, capsys)
    assert (code, out, err) == (0, f"{save}: в порядке\n", "")


def test_the_sub_command_is_the_first_word_that_is_no_option_or_value() -> None:
    assert cli.split_command(["--lang", "ru", "check", "x"]) == ("check", ["--lang", "ru", "x"])
    assert cli.split_command(["--seed", "check", "recap"]) == ("recap", ["--seed", "check"])
    assert cli.split_command(["--read-only", "config", "show"]) == (
        "config",
        ["--read-only", "show"],
    )
    assert cli.split_command(["mine.toml", "check"]) == (None, ["mine.toml", "check"])
    assert cli.split_command(["--", "check"]) == (None, ["--", "check"])
    assert cli.split_command([]) == (None, [])


def test_a_save_called_check_still_opens_after_dashes(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(DEMOS["age"], tmp_path / "check")
    assert run_main(["--", "check"], capsys)[0] == 0
    assert run_main(["--seed", "3", "./check"], capsys)[0] == 0
    assert [c["save"] for c in started] == [Path("check"), Path("check")]


def test_an_app_option_before_a_sub_command_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["--read-only", "check", str(DEMOS["brp"])], capsys)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "unrecognized arguments: --read-only" in err


def test_check_a_folder_checks_every_save_in_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    shutil.copy(DEMOS["brp"], folder / "b.toml")
    shutil.copy(DEMOS["age"], folder / "a.toml")
    (folder / "c.toml").write_text("format = [\n", encoding="utf-8")
    (folder / "a.log.toml").write_text("", encoding="utf-8")  # a log: not a save
    (folder / "b.toml.bak").write_text("junk", encoding="utf-8")
    (folder / ".hidden.toml").write_text("junk", encoding="utf-8")
    code, out, _ = run_main(["check", str(folder)], capsys)
    lines = out.splitlines()
    assert code == 1
    assert lines[0] == f"{folder / 'a.toml'}: ok"
    assert lines[1] == f"{folder / 'b.toml'}: ok"
    assert lines[2].startswith(f"{folder / 'c.toml'}:1:11: ")
    assert len(lines) == 3
    (folder / "c.toml").unlink()
    assert run_main(["check", str(folder), str(DEMOS["gurps"])], capsys)[:2] == (
        0,
        f"{folder / 'a.toml'}: ok\n{folder / 'b.toml'}: ok\n{DEMOS['gurps']}: ok\n",
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_main(["check", str(empty)], capsys)[:2] == (
        1,
        f"{empty}: no saves in this folder\n",
    )


def test_config_check_gives_line_and_column_then_key_paths(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], user_dirs: Path
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('theme = "nord"\nsaves = [\n', encoding="utf-8")
    code, out, err = run_main(["config", "check", "--config", str(config)], capsys)
    assert code == 1 and err == ""
    assert out.startswith(f"{config}:2:10: ") and out.count("\n") == 1
    config.write_text(
        'theme = "nrod"\nlanguage = "xx"\nwho = 1\n[keymap]\n"app.undo" = "ctrl+u"\n'
        '"app.nothing" = "f9"\n"main.find" = "f6, f7"\n',
        encoding="utf-8",
    )
    code, out, _ = run_main(["--config", str(config), "config", "check"], capsys)
    assert code == 1
    starts = [line.split(": ")[:2] for line in out.splitlines()]
    assert starts == [
        ["config.toml", "theme"],
        ["config.toml", "language"],
        ["config.toml", "who"],
        ["config.toml", 'keymap."app.nothing"'],
        ["config.toml", 'keymap."main.find"'],
    ]
    config.write_text('theme = "nord"\n[keymap]\n"app.undo" = "ctrl+u"\n', encoding="utf-8")
    assert run_main(["config", "check", "--config", str(config)], capsys)[:2] == (
        0,
        f"{config}: ok\n",
    )
    code, out, _ = run_main(["config", "check"], capsys)  # no file: the defaults, fine
    assert code == 0 and out.endswith("no config file; every setting is its default\n")
    code, _, err = run_main(["config", "check", "--config", str(tmp_path / "no.toml")], capsys)
    assert code == 2 and "--config: no such file" in err


def _shown(out: str) -> dict[str, tuple[str, str]]:
    rows = {}
    for line in out.splitlines():
        if not line.strip():
            break
        name, value, source = (part.strip() for part in line.split("  ") if part.strip())
        rows[name if name != "key" else value] = (value, source)
    return rows


def test_config_show_names_where_each_setting_comes_from(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    user_dirs: Path,
    english_after: None,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "TABLEKEEPER_SAVES", "TABLEKEEPER_SEED"):
        monkeypatch.delenv(name, raising=False)
    code, out, _ = run_main(["config", "show"], capsys)
    rows = _shown(out)
    default_config = user_dirs / "config" / "tablekeeper" / "config.toml"
    assert code == 0
    # the folders the XDG variables moved say so
    assert rows["config"] == (str(default_config), "XDG_CONFIG_HOME (no such file)")
    assert rows["theme"] == ("textual-dark", "default")
    assert rows["language"] == ("en", "default")
    assert rows["seed"] == ("random", "default")
    assert rows["saves"][1].startswith("default")
    assert rows["history"] == (
        str(user_dirs / "state" / "tablekeeper" / "history"),
        "XDG_STATE_HOME",
    )

    from tui.base import locations

    monkeypatch.setattr(locations, "source_checkout", lambda: None)  # as an installed wheel
    rows = _shown(run_main(["config", "show"], capsys)[1])
    saves = user_dirs / "data" / "tablekeeper" / "saves"
    assert rows["saves"] == (str(saves), "XDG_DATA_HOME (per-user data)")
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.delenv("XDG_DATA_HOME")
    rows = _shown(run_main(["config", "show"], capsys)[1])
    assert rows["config"][1] == "default (no such file)"
    assert rows["saves"][1] == "default (per-user data)"
    monkeypatch.undo()
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "TABLEKEEPER_SAVES", "TABLEKEEPER_SEED"):
        monkeypatch.delenv(name, raising=False)
    for name in ("data", "config", "state"):
        monkeypatch.setenv(f"XDG_{name.upper()}_HOME", str(user_dirs / name))

    config = tmp_path / "my.toml"
    config.write_text(
        f'theme = "nord"\nlanguage = "ru"\nsaves = "{tmp_path}"\n[keymap]\n"app.undo" = "ctrl+u"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("TABLEKEEPER_CONFIG", str(config))
    rows = _shown(run_main(["config", "show", "--lang", "en"], capsys)[1])
    assert rows["config"] == (str(config), "TABLEKEEPER_CONFIG")
    assert rows["theme"] == ("nord", str(config))
    assert rows["language"] == ("en", "--lang")
    assert rows["saves"] == (str(tmp_path), str(config))
    assert rows["app.undo = ctrl+u"] == ("app.undo = ctrl+u", str(config))
    monkeypatch.setenv("TABLEKEEPER_SAVES", str(tmp_path / "env"))
    monkeypatch.setenv("TABLEKEEPER_SEED", "7")
    rows = _shown(run_main(["--lang", "en", "config", "show"], capsys)[1])
    assert rows["saves"] == (str(tmp_path / "env"), "TABLEKEEPER_SAVES")
    assert rows["seed"] == ("7", "TABLEKEEPER_SEED")
    rows = _shown(
        run_main(
            ["--saves", str(tmp_path), "--seed", "9", "config", "show", "--lang", "en"], capsys
        )[1]
    )
    assert rows["saves"] == (str(tmp_path), "--saves")
    assert rows["seed"] == ("9", "--seed")
    config.write_text('language = "ru"\n', encoding="utf-8")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    # the config's language is the output's too
    assert _shown(run_main(["config", "show"], capsys)[1])["язык"] == ("ru", str(config))
    config.write_text("", encoding="utf-8")
    assert _shown(run_main(["config", "show"], capsys)[1])["language"] == ("en", "LANG=en_GB.UTF-8")


def _python(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "tui", *args], capture_output=True, timeout=60, **kwargs
    )


def test_without_a_terminal_the_app_is_one_line_and_exit_2() -> None:
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    done = _python(str(DEMOS["brp"]), stdin=subprocess.DEVNULL, env=env)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode().startswith("tablekeeper: no terminal: ")
    assert done.stderr.count(b"\n") == 1 and b"\x1b" not in done.stderr
    checked = _python("check", str(DEMOS["brp"]), stdin=subprocess.DEVNULL, env=env)
    assert (checked.returncode, checked.stdout) == (0, f"{DEMOS['brp']}: ok\n".encode())


def test_a_dumb_terminal_gets_one_line_and_no_escape_codes() -> None:
    leader, follower = pty.openpty()
    try:
        env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
        done = subprocess.run(
            [sys.executable, "-m", "tui", str(DEMOS["brp"])],
            stdin=follower,
            stdout=follower,
            stderr=subprocess.PIPE,
            env={**env, "TERM": "dumb"},
            timeout=60,
        )
        os.set_blocking(leader, False)
        try:
            shown = os.read(leader, 65536)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(leader)
        os.close(follower)
    assert done.returncode == 2 and shown == b""
    assert done.stderr.decode().startswith("tablekeeper: TERM=dumb cannot show the app")
    assert done.stderr.count(b"\n") == 1 and b"\x1b" not in done.stderr


def test_the_terminal_check(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty:
        def __init__(self, tty: bool) -> None:
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr(sys, "stdin", Tty(True))
    monkeypatch.setattr(sys, "stdout", Tty(True))
    assert commands.terminal_problem() is None
    monkeypatch.setattr(sys, "stdout", Tty(False))
    assert (commands.terminal_problem() or "").startswith("no terminal")
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")  # serve
    assert commands.terminal_problem() is None
    monkeypatch.delenv("TEXTUAL_DRIVER")
    monkeypatch.setattr(sys, "stdout", Tty(True))
    monkeypatch.setenv("TERM", "dumb")
    assert (commands.terminal_problem() or "").startswith("TERM=dumb")


@pytest.mark.parametrize(
    ("words", "status"),
    [
        (["config", "show"], cli.PIPE_CLOSED),
        (["--version"], cli.PIPE_CLOSED),
        (["--help"], 0),  # argparse drops its own failed write
    ],
)
def test_a_reader_that_stops_reading_ends_it_quietly(words: list[str], status: int) -> None:
    """``tablekeeper config show | head -1``: regression, a BrokenPipeError traceback. The
    pipe's reading end is closed before the command starts, so every write fails."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tui", *words],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (status, "")
