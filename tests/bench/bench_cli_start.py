"""``tablekeeper --version`` and ``--help`` against a bare ``python -c pass``.

Each run is a fresh process of the installed console script (the one a GM types), timed
from spawn to exit; runs alternate with the bare interpreter's and the medians are compared.
Both commands print what they know without loading the store, the systems or Textual
(``tests/tui/test_cli_start.py`` checks which modules they import).

The processes run as an installed copy does: with its modules' bytecode (pip compiles it at
install; the cache is a folder of this run's, written by the first, untimed, run, so a
``PYTHONDONTWRITEBYTECODE`` in the environment does not time Python's compiler instead).
``cli_version_vs_bare_python`` and ``cli_help_vs_bare_python`` are a fresh user's, whose
folders hold no config file; ``cli_help_with_config_vs_bare_python`` has a config file
(``language = "en"``, a theme, a saves folder and a keymap: read at a glance, without the
config module) and ``cli_help_ru_vs_bare_python`` the same with ``language = "ru"`` (the
catalog compiled by the untimed first run, read from the per-user cache after it).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = [
    "bench_cli_help",
    "bench_cli_help_ru",
    "bench_cli_help_with_config",
    "bench_cli_version",
]

LIMIT = 2.0


def _console_script() -> str:
    script = Path(sys.executable).with_name("tablekeeper")
    return str(script) if script.exists() else "tablekeeper"


def _seconds(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, env=env, timeout=60)
    return time.perf_counter() - started


def _environment(folder: Path, *, language: str | None) -> dict[str, str]:
    """A fresh user's environment in ``folder`` (with a config file if ``language``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TABLEKEEPER_")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(COLUMNS="100", PYTHONPYCACHEPREFIX=str(folder / "bytecode"))
    for name in ("data", "config", "state", "cache"):
        env[f"XDG_{name.upper()}_HOME"] = str(folder / name)
    if language is not None:
        path = folder / "config" / "tablekeeper" / "config.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        saves = str(folder / "campaigns")
        path.write_text(
            f'theme = "nord"\nlanguage = "{language}"\nsaves = "{saves}"\n\n'
            '[keymap]\n"app.undo" = "ctrl+u"\n',
            encoding="utf-8",
        )
    return env


def _against_bare(
    name: str, words: list[str], repeats: int, *, language: str | None = None
) -> tuple[str, float, float, str]:
    ours_argv, bare_argv = [_console_script(), *words], [sys.executable, "-c", "pass"]
    with tempfile.TemporaryDirectory(prefix="tk-cli-") as folder:
        env = _environment(Path(folder), language=language)
        _seconds(ours_argv, env), _seconds(bare_argv, env)  # the caches warm for both alike
        ours, bare = [], []
        for _ in range(repeats):
            ours.append(_seconds(ours_argv, env))
            bare.append(_seconds(bare_argv, env))
    mine, other = statistics.median(ours), statistics.median(bare)
    said = " ".join(words) + (f" (a config file, language {language})" if language else "")
    note = f"tablekeeper {said} {mine * 1e3:.0f} ms, python -c pass {other * 1e3:.0f} ms"
    return (name, mine / other, LIMIT, note)


def bench_cli_version(*, repeats: int = 15) -> tuple[str, float, float, str]:
    return _against_bare("cli_version_vs_bare_python", ["--version"], repeats)


def bench_cli_help(*, repeats: int = 15, config: bool = False) -> tuple[str, float, float, str]:
    """``--help`` for a fresh user; ``config``: the Russian config's figure
    (:func:`bench_cli_help_ru`, under its own name)."""
    if config:
        return bench_cli_help_ru(repeats=repeats)
    return _against_bare("cli_help_vs_bare_python", ["--help"], repeats)


def bench_cli_help_with_config(*, repeats: int = 15) -> tuple[str, float, float, str]:
    name = "cli_help_with_config_vs_bare_python"
    return _against_bare(name, ["--help"], repeats, language="en")


def bench_cli_help_ru(*, repeats: int = 15) -> tuple[str, float, float, str]:
    return _against_bare("cli_help_ru_vs_bare_python", ["--help"], repeats, language="ru")
