"""Every test run gets its own per-user folders, so no test reads or writes the GM's own.

The XDG variables are set for the whole session (before any test imports platformdirs, and
inherited by the ``tablekeeper`` processes the end-to-end tests start); a test that needs
fresh folders of its own uses the ``user_dirs`` fixture.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

#: Hypothesis's per-example deadline (200 ms) is a timing assertion, and timing belongs in the
#: bench: under a loaded machine's parallel run an example that builds a 256-item array took
#: 271 ms once and failed the suite. Every property test runs without one (those that set
#: their own settings name ``deadline=None`` too).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

_ROOT = Path(tempfile.mkdtemp(prefix="tablekeeper-tests-"))
atexit.register(shutil.rmtree, _ROOT, True)
for _name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_ROOT / _name.removeprefix("XDG_").removesuffix("_HOME").lower())
for _name in ("TABLEKEEPER_CONFIG", "TABLEKEEPER_SAVES", "TABLEKEEPER_SEED"):
    os.environ.pop(_name, None)


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Fresh XDG data/config/state folders under ``tmp_path / "home"``; the bug log reset."""
    from tui.base import bugreport

    home = tmp_path / "home"
    for name in ("data", "config", "state"):
        monkeypatch.setenv(f"XDG_{name.upper()}_HOME", str(home / name))
    bugreport.reset()
    yield home
    bugreport.reset()
