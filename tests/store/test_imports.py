"""The store and the check command import neither Textual nor Rich."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_textual_or_rich() -> None:
    code = (
        "import sys, tui.store, tui.store.store, tui.cli.check; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
