"""The command line: --version, --help, the check sub-parser, and one-line errors (exit 2)."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from tests.tui.conftest import DEMOS
from tests.tui.test_russian import english_left
from tui import language as i18n
from tui.cli import commands
from tui.cli import main as cli


def run_main(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(args)
    except SystemExit as exc:  # --help and --version exit through argparse
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Instead of running the app, record what it was started with."""
    import tui.app.app

    calls: list[dict[str, Any]] = []

    class Recorder:
        def __init__(self, save: Path | None, **kwargs: Any) -> None:
            calls.append({"save": save, **kwargs})

        def run(self) -> None:
            pass

    monkeypatch.setattr(tui.app.app, "TablekeeperApp", Recorder)
    monkeypatch.setattr(commands, "terminal_problem", lambda: None)  # capsys is no terminal
    return calls


def test_version_names_ours_and_textuals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["--version"], capsys)
    assert code == 0 and err == ""
    assert out.startswith(f"tablekeeper {version('tablekeeper')} (Textual {version('textual')},")


def test_help_lists_the_environment_and_the_files(
    capsys: pytest.CaptureFixture[str], user_dirs: Path
) -> None:
    code, out, _ = run_main(["--help"], capsys)
    assert code == 0
    for name in (
        "TABLEKEEPER_SAVES",
        "TABLEKEEPER_SEED",
        "TABLEKEEPER_CONFIG",
        "NO_COLOR",
        "--version",
        "--config",
        "check FILE",
    ):
        assert name in out
    assert str(user_dirs / "config" / "tablekeeper" / "config.toml") in out
    assert str(user_dirs / "state" / "tablekeeper" / "log" / "tablekeeper.log") in out
    assert str(user_dirs / "state" / "tablekeeper" / "history") in out


def test_check_has_its_own_parser(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["check", "--help"], capsys)
    assert code == 0
    assert out.startswith(
        "usage: tablekeeper check [-h] [--config FILE] [--lang ru|en] FILE [FILE ...]"
    )
    code, out, _ = run_main(["check", str(DEMOS["brp"])], capsys)
    assert (code, out) == (0, f"{DEMOS['brp']}: ok\n")


@pytest.mark.parametrize(
    ("args", "env", "says"),
    [
        (["--seed", "abc"], {}, "argument --seed: invalid int value: 'abc'"),
        ([], {"TABLEKEEPER_SEED": "abc"}, "TABLEKEEPER_SEED: expected a whole number, got 'abc'"),
        (["--bogus"], {}, "unrecognized arguments: --bogus"),
        (["a.toml", "b.toml"], {}, "unrecognized arguments: b.toml"),
        (["missing.toml"], {}, "SAVE: no such file: missing.toml"),
        (["."], {}, "SAVE: . is a folder, not a file (--saves DIR"),
        (["--saves", "FILE"], {}, "--saves: FILE is not a folder"),
        ([], {"TABLEKEEPER_SAVES": "FILE"}, "TABLEKEEPER_SAVES: FILE is not a folder"),
        (["--config", "nope.toml"], {}, "--config: no such file: nope.toml"),
        ([], {"TABLEKEEPER_CONFIG": "nope.toml"}, "TABLEKEEPER_CONFIG: no such file: nope.toml"),
        (["check"], {}, "the following arguments are required: FILE"),
        (["check", "--strict", "x"], {}, "unrecognized arguments: --strict"),
        (["serve"], {}, "the following arguments are required: FILE"),
        (["serve", "nope.toml"], {}, "FILE: no such file: nope.toml"),
        (["serve", "FILE", "--port", "0"], {}, "--port: expected 1..65535, got 0"),
        (["serve", "FILE", "--port", "x"], {}, "argument --port: invalid int value: 'x'"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    args: list[str],
    env: dict[str, str],
    says: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "FILE").write_text("x", encoding="utf-8")
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, err = run_main(args, capsys)
    assert code == 2 and out == "" and started == []
    assert err.count("\n") == 1 and err.startswith("tablekeeper: ")
    assert says in err


def test_the_saves_folder_comes_from_the_flag_the_variable_the_config(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'saves = "{tmp_path / "from-config"}"\n', encoding="utf-8")
    monkeypatch.setenv("TABLEKEEPER_CONFIG", str(config))
    assert run_main([], capsys)[0] == 0
    monkeypatch.setenv("TABLEKEEPER_SAVES", str(tmp_path / "from-env"))
    assert run_main([], capsys)[0] == 0
    assert run_main(["--saves", str(tmp_path / "from-flag")], capsys)[0] == 0
    assert [c["saves_dir"].name for c in started] == ["from-config", "from-env", "from-flag"]
    assert all(c["config"].path == config for c in started)


def test_no_saves_anywhere_means_the_default_and_seeds_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    started: list[dict[str, Any]],
    user_dirs: Path,
) -> None:
    monkeypatch.setenv("TABLEKEEPER_SEED", "42")
    assert run_main([str(DEMOS["age"]), "--read-only"], capsys)[0] == 0
    call = started[0]
    assert call["saves_dir"] is None and call["read_only"] and call["save"] == DEMOS["age"]
    assert call["rng"].random() == random.Random(42).random()
    assert call["config"].path == user_dirs / "config" / "tablekeeper" / "config.toml"


def _console(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    script = shutil.which("tablekeeper", path=str(Path(sys.executable).parent))
    assert script is not None, "the tablekeeper console script is not installed"
    return subprocess.run(
        [script, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        stdin=subprocess.DEVNULL,
    )


def test_the_installed_command_and_python_m_tui() -> None:
    done = _console("--version")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("tablekeeper ")
    module = subprocess.run(
        [sys.executable, "-m", "tui", "check", "--help"], capture_output=True, text=True, timeout=60
    )
    assert module.returncode == 0 and "usage: tablekeeper check" in module.stdout


def test_a_bad_seed_in_the_environment_is_no_traceback() -> None:
    done = _console(env={"TABLEKEEPER_SEED": "abc"})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "tablekeeper: TABLEKEEPER_SEED: expected a whole number, got 'abc'\n"


def test_serve_listens_on_loopback_unless_told_and_runs_only_the_players_view(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import shlex

    import tui.cli.serve

    calls: list[dict[str, Any]] = []

    def serve_main(save: object, **kw: Any) -> int:
        calls.append({"save": save, **kw})
        return 0

    monkeypatch.setattr(tui.cli.serve, "serve_main", serve_main)
    save = tmp_path / "my table.toml"
    shutil.copy(DEMOS["brp"], save)
    assert run_main(["serve", str(save)], capsys)[0] == 0
    assert run_main(["serve", str(save), "--host", "0.0.0.0", "--port", "9000"], capsys)[0] == 0
    assert [(c["host"], c["port"]) for c in calls] == [("127.0.0.1", 8000), ("0.0.0.0", 9000)]
    command = shlex.split(tui.cli.serve.view_command(save))
    assert command[-4:-2] == [str(save), "--read-only"] and command[1:3] == ["-m", "tui"]
    assert command[-2:] == ["--lang", "en"]  # the tabs speak the server's language


def test_serve_lang_reaches_every_tab(tmp_path: Path) -> None:
    """``serve --lang ru``: each browser tab's players' view is started in Russian."""
    import shlex

    import tui.cli.serve
    from tui.language import current, set_language

    before = current()
    set_language("ru")
    try:
        command = shlex.split(tui.cli.serve.view_command(tmp_path / "c.toml"))
    finally:
        set_language(before)
    assert command[-2:] == ["--lang", "ru"]


def test_serving_costs_the_normal_start_nothing() -> None:
    """textual-serve and aiohttp are imported by the serve command only."""
    script = (
        "import sys, tui.cli.main, tui.cli.commands, tui.app.app, tui.app.players_feed, "
        "tui.app.palette; tui.cli.parsers.parser('').parse_args([]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('textual_serve', 'aiohttp')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    served = subprocess.run(
        [sys.executable, "-c", "import sys, tui.cli.serve; print('textual_serve' in sys.modules)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert served.stdout.strip() == "True"  # the check above can see the import


@pytest.fixture
def english_after() -> Iterator[None]:
    """The command line sets the language for the process: back to English afterwards."""
    yield
    i18n.set_language("en")


#: the help's syntax, the same in either language: options, metavars, sub-commands, names
SYNTAX = {
    "tablekeeper",
    "show",
    "completion",
    "shell",
    "bash",
    "zsh",
    "fish",
    "check",
    "serve",
    "max-viewers",
    "max",
    "viewers",
    "new-links",
    "new",
    "links",
    "recap",
    "import",
    "npc",
    "only",
    "gm-only",
    "on-clash",
    "yes",
    "clash",
    "update",
    "rename",
    "skip",
    "bestiary",
    "gcs",
    "gurps",
    "help",
    "version",
    "read-only",
    "saves",
    "config",
    "seed",
    "lang",
    "ru",
    "en",
    "language",
    "host",
    "port",
    "adventure",
    "since",
    "scene",
    "gm",
    "md",
    "output",
    "toml",
    "markdown",
    "h",
    "o",
    "file",
    "dir",
    "name",
    "date",
    "save",
    "xdg",
    "lc",
    "all",
    "messages",
    "no",
    "color",
}
_PATHS = re.compile(r"\S*/\S*")


def test_help_and_check_speak_russian(
    capsys: pytest.CaptureFixture[str], user_dirs: Path, tmp_path: Path, english_after: None
) -> None:
    for args in (
        ["--lang", "ru", "--help"],
        ["check", "--lang", "ru", "--help"],
        ["serve", "--help", "--lang=ru"],
        ["recap", "--lang", "ru", "--help"],
        ["import", "--lang", "ru", "--help"],
    ):
        code, out, _ = run_main(args, capsys)
        assert code == 0
        assert out.startswith("использование: tablekeeper"), out
        assert "параметры:" in out and "показать эту справку и выйти" in out
        rows = [_PATHS.sub("", row) for row in out.splitlines()]
        assert english_left(rows, SYNTAX) == [], args
    code, out, _ = run_main(["--lang", "ru", "--help"], capsys)
    assert "переменные окружения:" in out and "файлы:" in out
    missing = tmp_path / "none.toml"
    code, out, _ = run_main(["check", "--lang", "ru", str(DEMOS["brp"]), str(missing)], capsys)
    assert (code, out) == (1, f"{DEMOS['brp']}: в порядке\n{missing}: нет такого файла\n")
    broken = tmp_path / "broken.toml"
    broken.write_text(
        'format = 3\nsystem = "brp"\nname = "x"\nadventure = 1\n'
        '[[characters]]\nname = "A"\nside = "enemy"\n',
        encoding="utf-8",
    )
    code, out, _ = run_main(["check", "--lang", "ru", str(broken)], capsys)
    assert (code, out) == (
        1,
        f"{broken}: characters[0].side: должно быть одним из: party, npc, а здесь 'enemy'\n",
    )
    code, _, err = run_main(["--lang", "ru", "--seed", "abc"], capsys)
    assert (code, err) == (
        2,
        "tablekeeper: аргумент --seed: неверное значение (int): 'abc' (см. tablekeeper --help)\n",
    )
    code, _, err = run_main(["check", "--lang", "ru"], capsys)
    assert (code, err) == (2, "tablekeeper: нужны аргументы: FILE (см. tablekeeper check --help)\n")
    import argparse

    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]  # restored


def test_the_command_lines_language_is_the_flag_the_config_the_locale(
    capsys: pytest.CaptureFixture[str],
    user_dirs: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    english_after: None,
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    missing = str(tmp_path / "none.toml")

    def says() -> str:
        return run_main(["check", missing], capsys)[1]

    assert says() == f"{missing}: no such file\n"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert says() == f"{missing}: нет такого файла\n"
    assert run_main(["check", "--lang", "en", missing], capsys)[1] == f"{missing}: no such file\n"
    config = tmp_path / "config.toml"
    config.write_text('language = "en"\n', encoding="utf-8")
    monkeypatch.setenv("TABLEKEEPER_CONFIG", str(config))
    assert says() == f"{missing}: no such file\n"  # the config before the locale
    config.write_text('language = "ru"\n', encoding="utf-8")
    monkeypatch.delenv("LANG")
    assert says() == f"{missing}: нет такого файла\n"
    config.write_text("language = [", encoding="utf-8")  # a broken config: the locale decides
    assert says() == f"{missing}: no such file\n"
