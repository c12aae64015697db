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


async def _settled(pilot) -> None:  # type: ignore[no-untyped-def]
    """Finish the after-first-frame warm-up now, so the snapshot never races a timer."""
    pilot.app.screen._warm_up()
    pilot.app.table.session._clock = lambda: "2026-11-30T20:00:00+00:00"
    await pilot.pause()


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_main_screen(system: str, tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"{system}.toml"
    shutil.copy(DEMOS[system], path)
    app = TablekeeperApp(path, rng=rng())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_brp_after_roll(tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The preview, the coloured log line and the tick mark after a typed roll."""
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    app = TablekeeperApp(path, rng=rng())

    assert snap_compare(
        app,
        terminal_size=(80, 24),
        run_before=_settled,
        press=[*"alice spot hidden = 07", "enter"],
    )
