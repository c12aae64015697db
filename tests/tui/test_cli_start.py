"""``tablekeeper --version`` and ``--help`` load only what they print.

Regression: ``--version`` imported the store and every system (1.8 s against 0.3 s for a bare
Python), because importing any module of ``tui.store`` ran the package's ``__init__``, which
imported all of it; and the version came from ``importlib.metadata``, which reads every
installed distribution. Then (issue 50) ``--help`` was still 2.4–3.7 times a bare Python:
the config module (and through it the store's readers) was loaded twice even with no config
file, the translation layer loaded :mod:`dataclasses` for its messages and :mod:`typing`,
and the entry module held every sub-command's runner. With a config file, ``--help`` loaded
the config module (dataclasses, tomllib, the store's readers) and in Russian parsed the whole
``.po`` on every start; now it glances at two keys and reads the compiled catalog from the
(test's own) cache folder. How long they take is the bench's
(``tests/bench/bench_cli_start.py``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.seeds import ROOT

HEAVY = ("textual", "rich", "rules", "tui.store", "tui.session", "tui.app.app", "aiohttp")
#: what neither prints: the config module, the runners, the dataclasses machinery, typing
#: (``tui.app.config`` only when a config file is there to be read)
NOT_FOR_HELP = ("tui.app", "tui.cli.commands", "tui.cli.shellout", "dataclasses", "typing")
#: what ``--version`` does not need on top of that: argparse, the language, the folders
NOT_FOR_VERSION = (*NOT_FOR_HELP, "argparse", "tui.language", "tui.cli.parsers", "platformdirs")


def _modules_after(words: list[str], home: Path) -> tuple[str, list[str]]:
    program = (
        "import io, json, sys, contextlib\n"
        "from tui.cli.main import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        f"        main({words!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "print(json.dumps([out.getvalue(), sorted(sys.modules)]))\n"
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
    for name in ("data", "config", "state", "cache"):  # a fresh user: no config file
        environ[f"XDG_{name.upper()}_HOME"] = str(home / name)
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**environ, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""},
    )
    assert done.returncode == 0, done.stderr
    printed, modules = json.loads(done.stdout)
    return printed, modules


@pytest.mark.parametrize("words", [["--version"], ["--help"]])
def test_version_and_help_import_nothing_they_do_not_print(
    words: list[str], tmp_path: Path
) -> None:
    printed, modules = _modules_after(words, tmp_path)
    assert printed.startswith("tablekeeper " if words == ["--version"] else "usage: tablekeeper")
    assert [m for m in modules if m.startswith(HEAVY)] == []
    spared = NOT_FOR_VERSION if words == ["--version"] else NOT_FOR_HELP
    assert [m for m in modules if m.startswith(spared)] == []
    assert "importlib.metadata" not in modules  # the versions come from the folders' names


#: what ``--help`` with a config file does not need either: the config module, the catalog's
#: parser (once compiled), and for a plain file TOML's reader with its typing and datetime
NOT_FOR_HELP_WITH_CONFIG = (*NOT_FOR_HELP, "tui.language.po", "tomllib", "datetime")


@pytest.mark.parametrize("language", ["ru", "en"])
def test_help_reads_a_config_file_without_the_config_module(language: str, tmp_path: Path) -> None:
    """Regression (issue 50): with a config file, ``--help`` loaded the config module (and
    dataclasses, tomllib, the store's readers) and in Russian parsed the whole ``.po``."""
    config = tmp_path / "config" / "tablekeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    saves = tmp_path / "mine"
    config.write_text(
        f'# mine\nlanguage = "{language}"\nsaves = "{saves}"\n\n[keymap]\n"app.undo" = "ctrl+u"\n',
        encoding="utf-8",
    )
    first, _modules = _modules_after(["--help"], tmp_path)  # compiles the catalog once
    printed, modules = _modules_after(["--help"], tmp_path)
    assert printed == first
    usage = "использование: tablekeeper" if language == "ru" else "usage: tablekeeper"
    assert printed.startswith(usage)  # the config's language
    assert str(saves) in printed  # and its saves folder
    assert [m for m in modules if m.startswith(HEAVY)] == []
    assert [m for m in modules if m.startswith(NOT_FOR_HELP_WITH_CONFIG)] == []


def test_help_with_a_config_of_any_toml_reads_it_and_a_broken_one_does_not_stop_it(
    tmp_path: Path,
) -> None:
    config = tmp_path / "config" / "tablekeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('language = "r\\u0075"\nkeymap = {}\n', encoding="utf-8")  # not plain
    printed, modules = _modules_after(["--help"], tmp_path)
    assert printed.startswith("использование: tablekeeper")
    assert "tomllib" in modules  # TOML's own reader, for what the glance does not read
    assert [m for m in modules if m.startswith("tui.app")] == []  # the first compiles the .po
    for broken in ('language = "ru"\nlanguage = "ru"\n', 'language = "ru\n', "\x00", "[[["):
        config.write_text(broken, encoding="utf-8")
        printed, modules = _modules_after(["--help"], tmp_path)
        assert printed.startswith("usage: tablekeeper")  # the defaults: the locale's C
        assert [m for m in modules if m.startswith(HEAVY)] == []


def test_the_version_names_the_installed_distributions() -> None:
    from importlib.metadata import version

    from tui.cli.main import installed_version, version_text

    assert installed_version("textual") == version("textual")
    assert installed_version("tablekeeper") == version("tablekeeper")
    assert installed_version("no-such-distribution") is None
    assert version_text().startswith(f"tablekeeper {version('tablekeeper')} (Textual ")
