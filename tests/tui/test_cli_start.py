"""``tablekeeper --version`` and ``--help`` load only what they print.

Regression: ``--version`` imported the store and every system (1.8 s against 0.3 s for a bare
Python), because importing any module of ``tui.store`` ran the package's ``__init__``, which
imported all of it; and the version came from ``importlib.metadata``, which reads every
installed distribution. Then (issue 50) ``--help`` was still 2.4–3.7 times a bare Python:
the config module (and through it the store's readers) was loaded twice even with no config
file, the translation layer loaded :mod:`dataclasses` for its messages and :mod:`typing`,
and the entry module held every sub-command's runner. How long they take is the bench's
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
    for name in ("data", "config", "state"):  # a fresh user: no config file
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


def test_help_reads_a_config_file_when_there_is_one(tmp_path: Path) -> None:
    config = tmp_path / "config" / "tablekeeper" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'language = "ru"\nsaves = "{tmp_path / "mine"}"\n', encoding="utf-8")
    printed, modules = _modules_after(["--help"], tmp_path)
    assert printed.startswith("использование: tablekeeper")  # the config's language
    assert str(tmp_path / "mine") in printed  # and its saves folder
    assert "tui.app.config" in modules


def test_the_version_names_the_installed_distributions() -> None:
    from importlib.metadata import version

    from tui.cli.main import installed_version, version_text

    assert installed_version("textual") == version("textual")
    assert installed_version("tablekeeper") == version("tablekeeper")
    assert installed_version("no-such-distribution") is None
    assert version_text().startswith(f"tablekeeper {version('tablekeeper')} (Textual ")
