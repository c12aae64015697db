"""80×24 snapshots of each shipped system's main screen in Russian, after one roll typed in Russian
(pytest-textual-snapshot; update with ``--snapshot-update`` after a reviewed change)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.systems import PICTURED, demo, demo_campaign, roll_line, stale
from tests.tui.conftest import rng
from tests.tui.test_snapshots import _settled
from tui import language as i18n
from tui.app.app import TablekeeperApp

#: one roll per system with the system's Russian words, where written for it; any other
#: registered system rolls :func:`tests.systems.roll_line` (its demo's first skill)
LINES = {
    "brp": "alice spot hidden сложно = 07",
    "age": "naomi stealth затруднительно = 3 4 6",
    "gurps": "vic lockpicking -2 = 4 3 5",
    "strange": "кирма верховая езда диапазон=4,5 = 3 3 5 5",
    "skirmish": "samurai fighting = 5",
}


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


def test_the_lines_name_registered_systems() -> None:
    assert stale(LINES) == []


@pytest.mark.parametrize("system", PICTURED)
def test_main_screen_in_russian(
    system: str,
    tmp_path: Path,
    snap_compare: Callable[..., bool],
    russian: None,
) -> None:
    path = tmp_path / f"{system}.toml"
    shutil.copy(demo(system), path)
    app = TablekeeperApp(path, rng=rng())

    async def run(pilot) -> None:  # type: ignore[no-untyped-def]
        await _settled(pilot)
        pilot.app.screen.commit_line(LINES.get(system) or roll_line(demo_campaign(system)))
        pilot.app.screen.commit_line("/scene Засада")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)
