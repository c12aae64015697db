"""House style, enforced: ruff on the whole tree, mypy --strict on rules and the session."""

from __future__ import annotations

import subprocess
import sys

from tests.seeds import ROOT


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_is_clean() -> None:
    done = _run("ruff", "check", "rules", "tui", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_applied() -> None:
    done = _run("ruff", "format", "--check", "rules", "tui", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_rules_session_and_store() -> None:
    # the files and the strict flag come from [tool.mypy] in pyproject.toml
    done = _run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
