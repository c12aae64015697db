"""``tablekeeper --version`` and ``--help`` against a bare ``python -c pass``.

Each run is a fresh process of the installed console script (the one a GM types), timed
from spawn to exit; runs alternate with the bare interpreter's and the medians are compared.
Both commands print what they know without loading the store, the systems or Textual
(``tests/tui/test_cli_start.py`` checks which modules they import).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["bench_cli_help", "bench_cli_version"]

LIMIT = 2.0


def _console_script() -> str:
    script = Path(sys.executable).with_name("tablekeeper")
    return str(script) if script.exists() else "tablekeeper"


def _seconds(argv: list[str]) -> float:
    env = dict(os.environ, COLUMNS="100")
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, check=True, env=env, timeout=60)
    return time.perf_counter() - started


def _against_bare(name: str, words: list[str], repeats: int) -> tuple[str, float, float, str]:
    ours_argv, bare_argv = [_console_script(), *words], [sys.executable, "-c", "pass"]
    _seconds(ours_argv), _seconds(bare_argv)  # the OS file cache warm for both alike
    ours, bare = [], []
    for _ in range(repeats):
        ours.append(_seconds(ours_argv))
        bare.append(_seconds(bare_argv))
    mine, other = statistics.median(ours), statistics.median(bare)
    note = f"tablekeeper {' '.join(words)} {mine * 1e3:.0f} ms, python -c pass {other * 1e3:.0f} ms"
    return (name, mine / other, LIMIT, note)


def bench_cli_version(*, repeats: int = 9) -> tuple[str, float, float, str]:
    return _against_bare("cli_version_vs_bare_python", ["--version"], repeats)


def bench_cli_help(*, repeats: int = 9) -> tuple[str, float, float, str]:
    return _against_bare("cli_help_vs_bare_python", ["--help"], repeats)
