"""80×24 snapshots of the main screen of each shipped system (pytest-textual-snapshot).

Update deliberately with ``pytest tests/tui/test_snapshots.py --snapshot-update`` after a
reviewed layout change.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.systems import PICTURED, demo, demo_campaign, extended_lines, stale
from tests.tui.conftest import rng
from tui.app.app import TablekeeperApp


async def _settled(pilot) -> None:  # type: ignore[no-untyped-def]
    """Finish the after-first-frame warm-up now, so the snapshot never races a timer."""
    pilot.app.screen._warm_up()
    pilot.app.table.session._clock = lambda: "2026-11-30T20:00:00+00:00"
    pilot.app.screen.entry.cursor_blink = False  # a slow machine must not catch it blinking
    await pilot.pause()


def test_the_pictured_systems_are_registered() -> None:
    assert stale(dict.fromkeys(PICTURED)) == [] and list(PICTURED) == sorted(PICTURED)


@pytest.mark.parametrize("system", PICTURED)
def test_main_screen(system: str, tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"{system}.toml"
    shutil.copy(demo(system), path)
    app = TablekeeperApp(path, rng=rng())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled)


def test_brp_after_roll(tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The preview, the coloured log line and the tick mark after a typed roll."""
    path = tmp_path / "brp.toml"
    shutil.copy(demo("brp"), path)
    app = TablekeeperApp(path, rng=rng())

    assert snap_compare(
        app,
        terminal_size=(80, 24),
        run_before=_settled,
        press=[*"alice spot hidden = 07", "enter"],
    )


#: typed lines that reach an extended check's consequence, where written for a system; any
#: other registered system shows :func:`tests.systems.extended_lines` (rolled on its demo)
EXTENDED = {
    "brp": [
        '/ext Archive threshold=4 time=60m every=1 minor="the librarian '
        'grows suspicious" major="the archive is locked"',
        "alice spot hidden ext=archive = 99",
        "alice spot hidden ext=archive = 07",
    ],
    "gurps": [
        '/ext Safe threshold=4 time=60m every=1 minor="alarm armed"',
        "vic lockpicking ext=safe = 6 6 6",
        "vic lockpicking ext=safe = 1 2 3",
    ],
    "age": [
        '/ext Infiltration threshold=15 time=60m every=1 minor="guards alerted" '
        'major="the door jams"',
        "amos technology ext=infiltration = 1 1 1",
        "naomi stealth ext=infiltration = 6 6 6",
    ],
    "strange": [
        '/ext Gate threshold=4 time=60m every=1 minor="guards alerted"',
        "kirma riding ext=gate range=4,5 = 1 1 2 2",
        "dallah longsword ext=gate range=3,6 = 4 5 6 6",
    ],
    "skirmish": [
        '/ext Pass threshold=4 time=60m every=1 minor="a rockfall"',
        "samurai dexterity ext=pass = 10",
        "samurai dexterity ext=pass = 2",
    ],
}

STRANGE_ROUND = [
    "/scene Bridge at dawn limit=2",
    "/goal dallah throw Balgruf to the ground before the gate closes",
    "/goal kirma shoot the orc from horseback while riding past the bridge",
    "/goal npc hold the bridge until the horn sounds",
    "/phase",
    "/act dallah wrestling vs balgruf trip him",
    "/act kirma bow vs balgruf",
    "dallah wrestling range=3,6 = 1 6 5 5",
    "kirma bow range=4,5 = 1 1 2 2",
]


def _lines(lines: list[str]):  # type: ignore[no-untyped-def]
    async def run(pilot) -> None:  # type: ignore[no-untyped-def]
        await _settled(pilot)
        for line in lines:
            pilot.app.screen.commit_line(line)
        await pilot.pause()

    return run


def test_the_extended_lines_name_registered_systems() -> None:
    assert stale(EXTENDED) == []


@pytest.mark.parametrize("system", PICTURED)
def test_extended_check_at_80x24(system: str, tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """An extended check with its consequence level and status, whole in the scene panel."""
    path = tmp_path / f"{system}.toml"
    shutil.copy(demo(system), path)
    app = TablekeeperApp(path, rng=rng())
    lines = EXTENDED.get(system) or extended_lines(demo_campaign(system))
    assert snap_compare(app, terminal_size=(80, 24), run_before=_lines(lines))


def test_long_strange_round_at_80x24(tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Goals, two actions and the pending list: every line gets a row, f3 has the rest."""
    path = tmp_path / "strange.toml"
    shutil.copy(demo("strange"), path)
    app = TablekeeperApp(path, rng=rng())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_lines(STRANGE_ROUND))


@pytest.mark.parametrize("system", PICTURED)
def test_help_at_80x24(system: str, tmp_path: Path, snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The help wraps to the screen; its examples are the campaign's."""
    path = tmp_path / f"{system}.toml"
    shutil.copy(demo(system), path)
    app = TablekeeperApp(path, rng=rng())
    assert snap_compare(app, terminal_size=(80, 24), run_before=_settled, press=["f1"])
