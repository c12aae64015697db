"""A secret entry leaves no trace in the players' state: every value shows as the last public
entry left it, until a public entry changes it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.store.helpers import writer
from tests.systems import SYSTEMS, demo_campaign, extended_lines, roll_line
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Session
from tui.session.campaign.veil import VEIL
from tui.session.players import players, players_view
from tui.session.systems.registry import tracker
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import Store

Place = tuple[str, ...]


def places(campaign: Campaign) -> dict[Place, Any]:
    """What the players' screen shows of the party and the checks, flattened (written apart
    from the veil's own cutting, so the two can disagree)."""
    out: dict[Place, Any] = {}
    for ch in campaign.characters:
        if ch.gm_only:
            continue
        out[("ticks", ch.name)] = frozenset(ch.ticks)
        for key, value in ch.resources.items():
            out[("resource", ch.name, key)] = value
    for check in campaign.checks:
        out[("pool", check.name)] = check.pool
        out[("rolls", check.name)] = len(check.contributions)
        out[("status", check.name)] = check.status
    if campaign.scene is not None:
        out[("round",)] = campaign.scene.round
    return out


def expected(start: Campaign, steps: list[tuple[Campaign, Campaign, bool]]) -> dict[Place, Any]:
    """The players' places after ``steps`` (the steps not undone: before, after, secret): each
    place as the last public step that changed it left it, else as at the start."""
    shown = places(start)
    for before, after, secret in steps:
        if secret:
            continue
        was, now = places(before), places(after)
        for place in was.keys() | now.keys():
            if was.get(place) != now.get(place):
                if place in now:
                    shown[place] = now[place]
                else:
                    shown.pop(place, None)
    return shown


def opened(system: str, *lines: str) -> Table:
    table = open_table(Session(demo_campaign(system)), rng=random.Random(11))
    for line in lines:
        assert table.submit(line).ok, line
    return table


def seen(table: Table) -> Campaign:
    return players_view(tracker(table.campaign.system), table.campaign)


def test_a_secret_success_gives_no_tick_and_moves_no_pool() -> None:
    """The issue's case: ``!alice spot hidden`` (a success) showed ✓1 and "Spot Hidden: 60 ✓";
    a secret roll toward an extended check moved the visible pool."""
    table = opened("brp", '/ext Unmask threshold=5 time=60m every=1 minor="a lamp goes out"')
    before = seen(table)
    assert table.submit("!alice spot hidden = 05").ok  # a special success, secretly
    assert table.submit("!alice spot hidden ext=unmask = 03").ok
    gm = table.campaign
    assert "Spot Hidden" in gm.character("Alice Moore").ticks
    assert gm.checks[0].pool > 0
    view = seen(table)
    assert view.character("Alice Moore").ticks == before.character("Alice Moore").ticks
    assert view.checks[0] == before.checks[0]
    assert VEIL not in view.options and "veil" not in repr(view)
    # a public roll toward the check shows the pool as the GM has it now
    assert table.submit("boris spot hidden ext=unmask = 40").ok
    assert seen(table).checks[0].pool == table.campaign.checks[0].pool
    # …but Alice's tick, which no public entry changed, stays as the players last saw it
    assert "Spot Hidden" not in seen(table).character("Alice Moore").ticks


def test_undoing_the_secret_entry_lifts_its_veil() -> None:
    table = opened("brp")
    assert table.submit("!alice spot hidden = 05").ok
    assert VEIL in table.campaign.options
    table.session.undo()
    assert VEIL not in table.campaign.options
    assert seen(table) == players_view(tracker("brp"), demo_campaign("brp"))


def ops(system: str, rng: random.Random) -> Iterator[str]:
    campaign = demo_campaign(system)
    roll = roll_line(campaign)
    other = [
        ch.name.split()[0].casefold()
        for ch in campaign.characters
        if not ch.gm_only and tracker(system).rollables(ch)
    ]
    skill = roll.split(" ", 1)[1]
    while True:
        secret = "!" if rng.random() < 0.5 else ""
        who = rng.choice(other)
        yield rng.choice(
            [
                f"{secret}{roll}",
                f"{secret}{roll} ext=search",
                f"{secret}{who} {skill}",
                f"{secret}{who} {skill} ext=search",
                "undo",
                "redo",
            ]
        )


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", range(6))
def test_the_players_see_what_the_last_public_entry_left(system: str, seed: int) -> None:
    """Random public and secret rolls (toward an extended check too), undos and redos: the
    players' places are always those of the last public step that changed each."""
    rng = random.Random(seed)
    table = opened(system, extended_lines(demo_campaign(system))[0])
    start = table.campaign
    done: list[tuple[Campaign, Campaign, bool]] = []
    undone: list[tuple[Campaign, Campaign, bool]] = []
    typed = ops(system, rng)
    for _ in range(14):
        line = next(typed)
        before = table.campaign
        if line == "undo":
            if table.session.undo() is not None:
                undone.append(done.pop())
        elif line == "redo":
            if table.session.redo() is not None:
                done.append(undone.pop())
        elif table.submit(line).ok:
            done.append((before, table.campaign, line.startswith("!")))
            undone.clear()
        assert places(seen(table)) == expected(start, done), (line, done)


def test_the_veil_survives_a_restart(tmp_path: Path) -> None:
    """Kept in the save's options, written and read back like any value of the campaign."""
    path = tmp_path / "brp.toml"
    Store.create(path, demo_campaign("brp")).close()
    store, session = writer(path)
    table = open_table(session, rng=random.Random(3))
    assert table.submit('/ext Unmask threshold=5 time=60m every=1 minor="a lamp"').ok
    shown = seen(table)
    assert table.submit("!alice spot hidden = 05").ok
    assert table.submit("!alice spot hidden ext=unmask = 03").ok
    store.close()
    again = Store.open(path, read_only=True)
    campaign = again.campaign
    view, _log = players(tracker("brp"), campaign, again.log)
    assert view.character("Alice Moore").ticks == shown.character("Alice Moore").ticks
    assert view.checks == shown.checks
    again.close()
