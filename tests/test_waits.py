"""Tests wait for a state, never for a time (outside ``tests/bench`` and ``tests/e2e``).

A sleep or a ``pilot.pause(0.3)`` guesses how long the machine needs; on a loaded CI machine
(two cores, the suite in parallel) the guess is wrong and the test fails for nothing, or
passes before what it checks has happened. :mod:`tests.waits` is the one place that polls
(each look yields to the app or the thread, and a deadline only guards against a hang).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
EXEMPT = {TESTS / "bench", TESTS / "e2e"}
POLLER = TESTS / "waits.py"


def timed_waits(source: str) -> list[tuple[int, str]]:
    """Each ``time.sleep(…)`` (or a ``sleep`` imported from time), ``….pause(<delay>)`` and
    ``asyncio.sleep(<delay>)`` (but the poll interval ``POLL`` or 0) in ``source``."""
    tree = ast.parse(source)
    from_time = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "time"
        for alias in node.names
        if alias.name == "sleep"
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func, args = node.func, [*node.args, *(k.value for k in node.keywords)]
        name = ast.unparse(func)
        sleeps = name == "time.sleep" or (isinstance(func, ast.Name) and func.id in from_time)
        pauses = isinstance(func, ast.Attribute) and func.attr == "pause" and bool(args)
        if sleeps or pauses:
            found.append((node.lineno, ast.unparse(node)))
        elif name == "asyncio.sleep" and args:
            (arg,) = args
            polls = isinstance(arg, ast.Name) and arg.id == "POLL"
            zero = isinstance(arg, ast.Constant) and arg.value == 0
            if not (polls or zero):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_checker_finds_each_kind_of_timed_wait() -> None:
    source = (
        "import asyncio, time\nfrom time import sleep as nap\n"
        "async def f(pilot):\n"
        "    time.sleep(0.1)\n    nap(1)\n    await pilot.pause(0.3)\n"
        "    await asyncio.sleep(0.05)\n"
        "    await pilot.pause()\n    await asyncio.sleep(0)\n    await asyncio.sleep(POLL)\n"
    )
    assert [line for line, _ in timed_waits(source)] == [4, 5, 6, 7]


def offenders() -> list[str]:
    """Every timed wait in the tests, as ``PATH:LINE: call``."""
    return [
        f"{path.relative_to(TESTS.parent)}:{line}: {call}"
        for path in sorted(TESTS.rglob("*.py"))
        if path != POLLER and not any(path.is_relative_to(folder) for folder in EXEMPT)
        for line, call in timed_waits(path.read_text(encoding="utf-8"))
    ]


def test_no_test_waits_for_a_time() -> None:
    # in a fresh interpreter: CPython 3.11's parser can fail with "AST constructor recursion
    # depth mismatch" in a worker process an earlier test left deep in recursion bookkeeping
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tests.test_waits import offenders; print(*offenders(), sep=chr(10))",
        ],
        capture_output=True,
        text=True,
        cwd=TESTS.parent,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", done.stdout
