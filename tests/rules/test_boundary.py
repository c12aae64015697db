"""`rules` and the session/store modules never pull in Textual or Rich."""

from __future__ import annotations

import subprocess
import sys

from tests.seeds import ROOT

PROBE = """
import importlib, pkgutil, sys
import rules
names = [m.name for m in pkgutil.walk_packages(rules.__path__, 'rules.')]
for name in names:
    importlib.import_module(name)
for key in rules.SYSTEMS:
    rules.SYSTEMS[key]
extra = sys.argv[1:]
for name in extra:
    importlib.import_module(name)
print(len(names))
print(' '.join(k for k in ('textual', 'rich') if k in sys.modules) or 'clean')
"""


def _probe(*modules: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split("\n")


def test_rules_never_import_textual_or_rich() -> None:
    count, leaked = _probe()[:2]
    assert int(count) >= 3  # errors, exact, dice at least: the walk really ran
    assert leaked == "clean"
