"""``tablekeeper --version`` and ``--help`` load only what they print.

Regression: ``--version`` imported the store and every system (1.8 s against 0.3 s for a bare
Python), because importing any module of ``tui.store`` ran the package's ``__init__``, which
imported all of it; and the version came from ``importlib.metadata``, which reads every
installed distribution. How long they take is the bench's (``tests/bench/bench_cli_start.py``).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.seeds import ROOT

HEAVY = ("textual", "rich", "rules", "tui.store.store", "tui.session", "tui.app.app", "aiohttp")


def _modules_after(words: list[str]) -> tuple[str, list[str]]:
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
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    printed, modules = json.loads(done.stdout)
    return printed, modules


@pytest.mark.parametrize("words", [["--version"], ["--help"]])
def test_version_and_help_import_nothing_they_do_not_print(words: list[str]) -> None:
    printed, modules = _modules_after(words)
    assert printed.startswith("tablekeeper " if words == ["--version"] else "usage: tablekeeper")
    loaded = [m for m in modules if m.startswith(HEAVY)]
    assert loaded == []
    if words == ["--version"]:  # not even the metadata reader, the config or the language
        assert not [m for m in modules if m.startswith(("importlib.metadata", "tui.app"))]


def test_the_version_names_the_installed_distributions() -> None:
    from importlib.metadata import version

    from tui.cli.main import installed_version, version_text

    assert installed_version("textual") == version("textual")
    assert installed_version("tablekeeper") == version("tablekeeper")
    assert installed_version("no-such-distribution") is None
    assert version_text().startswith(f"tablekeeper {version('tablekeeper')} (Textual ")
