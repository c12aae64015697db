"""80×24 snapshots of the main screen of each system (pytest-textual-snapshot).

Update deliberately with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after a
reviewed layout change.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS, rng
from tui.app import TablekeeperApp


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_main_screen(system: str, tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"{system}.toml"
    shutil.copy(DEMOS[system], path)
    assert snap_compare(TablekeeperApp(path, rng=rng()), terminal_size=(80, 24))


def test_brp_after_roll(tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The preview, the coloured log line and the tick mark after a typed roll."""
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    app = TablekeeperApp(path, rng=rng())

    async def fix_clock(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.table.session._clock = lambda: "2026-11-30T20:00:00+00:00"

    assert snap_compare(
        app,
        terminal_size=(80, 24),
        run_before=fix_clock,
        press=[*"alice spot hidden = 07", "enter"],
    )
