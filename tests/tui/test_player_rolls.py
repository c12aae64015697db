"""Rolls the players start on their own pages, over HTTP on loopback: ``sheet.json``,
``odds.json``, ``POST roll`` and every refusal, the GM taking and refusing, the campaign
option, the rate limit, a link that stops working, and the one-writer property with phones
racing.

The GM is a writer store and table in the test process, recording as the app does, and the
app's side of the inbox (:class:`tui.app.answers.Answers`) is polled by hand; the server is
``tablekeeper serve``'s aiohttp app under aiohttp's test client.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from rules import brp
from tests.tui.conftest import DEMOS
from tests.tui.test_player_pages import link, serving
from tui.app.answers import Answers
from tui.cli.player_pages import PlayerPages
from tui.cli.rate_limit import RateLimit
from tui.session.asks.offers import OFFERED_KEY, open_offers
from tui.session.campaign.session import Session
from tui.session.players import players_log
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import Store
from tui.store.inbox import Inbox

Client = TestClient[web.Request, web.Application]


@dataclass
class Gm:
    save: Path
    writer: Store
    table: Table
    answers: Answers

    def run(self, line: str) -> None:
        fb = self.table.submit(line)
        assert fb.ok, fb.message


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def gm(tmp_path: Path, user_dirs: Path) -> Iterator[Gm]:
    save = tmp_path / "house.toml"
    shutil.copy(DEMOS["brp"], save)
    writer = Store.open(save)
    assert writer.campaign_id is not None
    session = Session(writer.campaign, writer.log, last_seq=writer.log_count)
    session.subscribe(writer.record)
    table = open_table(session, rng=random.Random(3))
    answers = Answers(Inbox.of(writer.campaign_id), table, writer)
    answers.poll()  # the app follows the inbox
    try:
        yield Gm(save, writer, table, answers)
    finally:
        answers.close()
        writer.close()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def served(gm: Gm, clock: Clock) -> AsyncIterator[tuple[Client, PlayerPages]]:
    pages = PlayerPages(gm.save, limit=RateLimit(burst=3, every=10.0, clock=clock))
    async with serving(gm.save, pages) as both:
        yield both


async def roll(
    served: tuple[Client, PlayerPages], who: str, **form: str
) -> tuple[int, dict[str, Any]]:
    http, pages = served
    got = await http.post(link(pages, who) + "/roll", data=form)
    return got.status, await got.json()


async def test_the_sheet_lists_every_skill_and_characteristic_with_exact_odds(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    got = await http.get(link(pages, "Alice Moore") + "/sheet.json")
    assert got.status == 200
    doc = await got.json()
    assert doc["rolling"] == "ask"
    rows = {r["skill"]: r for r in doc["rollable"]}
    alice = gm.table.campaign.character("Alice Moore")
    assert set(rows) == set(alice.skills) | set(alice.attributes)
    assert rows["Spot Hidden"]["kind"] == "skill" and rows["STR"]["kind"] == "attribute"
    for name, row in rows.items():  # the page's odds are the rules' own, exactly
        if name in alice.skills:
            exact = brp.odds(int(alice.skills[name]))
            assert {o["label"]: Fraction(o["p"]) for o in row["odds"]} == {
                level.name.lower().replace("_", " ")
                if level not in (brp.Level.CRITICAL, brp.Level.SPECIAL)
                else level.name.lower() + " success": p
                for level, p in exact.items()
                if p
            }, name
            assert sum(Fraction(o["p"]) for o in row["odds"]) == 1
    hard = await http.get(
        link(pages, "Alice Moore") + "/odds.json",
        params={"skill": "spot hidden", "modifiers": "hard"},
    )
    shown = await hard.json()
    chance = brp.effective_chance(60, "hard")
    assert {o["label"]: Fraction(o["p"]) for o in shown["odds"]}["success"] == (
        brp.odds(chance)[brp.Level.SUCCESS]
    )
    assert shown["text"] == gm.table.preview("alice spot hidden hard").text.splitlines()[0]
    bad = await http.get(
        link(pages, "Alice Moore") + "/odds.json", params={"skill": "spot hidden", "modifiers": "x"}
    )
    assert bad.status == 400 and (await bad.json())["reason"]


async def test_a_roll_waits_for_the_gm_and_take_records_it_like_a_typed_line(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    status, doc = await roll(
        served, "Alice Moore", skill="Spot Hidden", modifiers="hard", dice="34"
    )
    assert status == 202 and doc["ok"] and doc["id"]
    (taken,) = gm.answers.poll()
    assert taken.feedback.ok
    (offer,) = open_offers(gm.table.campaign)
    assert (offer.id, offer.who, offer.dice) == (doc["id"], "Alice Moore", "34")
    assert "30%" in offer.odds  # the preview's odds, shown with the pending line
    state = await (await http.get(link(pages, "Alice Moore") + "/requests.json")).json()
    assert state["pending"]["id"] == doc["id"]
    gm.run("/take")
    entry = gm.table.session.log[-1]
    assert entry.text.endswith("34 → failure") and "entered by the player" in entry.effects
    assert entry.inputs[OFFERED_KEY] == {"id": doc["id"], "who": "Alice Moore", "by": "entered"}
    assert open_offers(gm.table.campaign) == ()
    gm.answers.poll()  # the file goes once the change is durable
    state = await (await http.get(link(pages, "Alice Moore") + "/requests.json")).json()
    assert state["pending"] is None
    assert state["results"][0]["id"] == doc["id"] and "34 → failure" in state["results"][0]["text"]
    view = players_log(gm.table.system, gm.table.session.log, gm.table.campaign)
    assert any("34 → failure" in e.text for e in view)  # a public roll, as any other
    gm.run("/undo")
    assert [o.id for o in open_offers(gm.table.campaign)] == [doc["id"]]


async def test_roll_for_me_is_rolled_by_the_app_when_the_gm_takes_it(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    status, _doc = await roll(served, "Boris Ivanov", skill="listen")
    assert status == 202
    gm.answers.poll()
    (offer,) = open_offers(gm.table.campaign)
    assert offer.dice is None
    gm.run(f"/take {offer.id}")
    entry = gm.table.session.log[-1]
    assert entry.kind == "roll" and "rolled for the player" in entry.effects
    assert entry.inputs["source"] != "typed"


async def test_every_bad_roll_is_a_status_and_one_line(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    pages.limit = RateLimit(burst=100)  # this test posts more than a player would
    cases = [
        ({"skill": "Spot Hidden", "dice": "101"}, 400),  # out of range
        ({"skill": "Spot Hidden", "dice": "3 4"}, 400),  # two dice for a d100
        ({"skill": "Spot Hidden", "dice": "abc"}, 400),
        ({"skill": "Flying"}, 400),
        ({"skill": ""}, 400),
        ({"skill": "Spot Hidden", "modifiers": "vs boris"}, 400),  # opposed: the GM's
        ({"skill": "Spot Hidden", "modifiers": "ext=Search"}, 400),  # extended: the GM's
        ({"skill": "Spot Hidden", "modifiers": "= 5"}, 400),
        ({"skill": "Spot Hidden", "modifiers": "x" * 200}, 400),
    ]
    for form, expected in cases:
        got = await http.post(link(pages, "Alice Moore") + "/roll", data=form)
        doc = await got.json()
        assert got.status == expected, (form, doc)
        assert doc["ok"] is False and doc["reason"] and "\n" not in doc["reason"], form
    assert not gm.answers.poll() and open_offers(gm.table.campaign) == ()
    junk = await http.post(
        link(pages, "Alice Moore") + "/roll",
        data=b"[1, 2]",
        headers={"Content-Type": "application/json"},
    )
    assert junk.status == 400
    wrong = await http.post("/p/" + "x" * 32 + "/roll", data={"skill": "Spot Hidden"})
    assert wrong.status == 403


async def test_one_pending_roll_per_character(gm: Gm, served: tuple[Client, PlayerPages]) -> None:
    status, _doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="10")
    assert status == 202
    status, doc = await roll(served, "Alice Moore", skill="Stealth", dice="10")  # in the inbox
    assert status == 409 and "waits" in doc["reason"]
    gm.answers.poll()
    assert len(open_offers(gm.table.campaign)) == 1
    status, doc = await roll(served, "Alice Moore", skill="Stealth", dice="10")  # pending now
    assert status == 409
    status, _doc = await roll(served, "Boris Ivanov", skill="Listen", dice="10")  # another one
    assert status == 202


async def test_refused_with_a_reason_the_player_sees(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    _status, doc = await roll(served, "Alice Moore", skill="Stealth", dice="10")
    gm.answers.poll()
    gm.run("/refuse alice you are in plain sight")
    assert open_offers(gm.table.campaign) == ()
    state = await (await http.get(link(pages, "Alice Moore") + "/requests.json")).json()
    (first, *_rest) = state["results"]
    assert first["id"] == doc["id"] and first["refused"]
    assert "you are in plain sight" in first["text"]
    assert state["pending"] is None
    status, _doc = await roll(served, "Alice Moore", skill="Stealth", dice="10")
    assert status == 202  # nothing waits any more


async def test_the_option_accepts_at_once_or_turns_rolling_off(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    gm.run("/players-roll accept")
    assert gm.table.campaign.options["players_roll"] == "accept"
    status, _doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="05")
    assert status == 202
    (taken,) = gm.answers.poll()
    assert taken.feedback.ok and open_offers(gm.table.campaign) == ()
    assert gm.table.session.log[-1].text.endswith("05 → special success")
    gm.run("/players-roll off")
    status, doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="05")
    assert status == 403 and "off" in doc["reason"]
    sheet = await (await http.get(link(pages, "Alice Moore") + "/sheet.json")).json()
    assert sheet["rolling"] == "off"
    gm.run("/undo")  # the option is a change like any other
    assert gm.table.campaign.options["players_roll"] == "accept"


async def test_rolling_turned_off_while_a_roll_travels_refuses_it_with_the_reason(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    status, _doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="05")
    assert status == 202
    gm.run("/players-roll off")
    (taken,) = gm.answers.poll()
    assert not taken.feedback.ok and open_offers(gm.table.campaign) == ()
    state = await (await http.get(link(pages, "Alice Moore") + "/requests.json")).json()
    assert state["results"][0]["refused"] and "off" in state["results"][0]["text"]


async def test_a_rate_limit_per_link(
    gm: Gm, served: tuple[Client, PlayerPages], clock: Clock
) -> None:
    for _i in range(3):  # refused rolls count too: the limit is on posts
        status, _doc = await roll(served, "Alice Moore", skill="Flying")
        assert status == 400
    status, doc = await roll(served, "Alice Moore", skill="Spot Hidden")
    assert status == 429 and doc["reason"]
    status, _doc = await roll(served, "Boris Ivanov", skill="Listen")  # another link
    assert status == 202
    clock.now += 10.0
    status, _doc = await roll(served, "Alice Moore", skill="Spot Hidden")
    assert status == 202


async def test_a_link_stops_at_once_when_its_character_is_hidden_or_removed(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    alice, boris = link(pages, "Alice Moore"), link(pages, "Boris Ivanov")
    status, _doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="10")
    assert status == 202
    _hide(gm, "Alice Moore")
    gm.answers.poll()  # the roll that was on its way is dropped: no one to take it for
    assert open_offers(gm.table.campaign) == ()
    for path in ("/sheet.json", "/requests.json", ""):
        assert (await http.get(alice + path)).status == 403
    assert (await http.post(alice + "/roll", data={"skill": "Spot Hidden"})).status == 403
    _remove(gm, "Boris Ivanov")
    assert (await http.get(boris + "/sheet.json")).status == 403


def _hide(gm: Gm, name: str) -> None:
    from dataclasses import replace

    def hidden(c: Any) -> Any:
        chars = tuple(replace(x, gm_only=True) if x.name == name else x for x in c.characters)
        return replace(c, characters=chars)

    assert gm.table.change(hidden, "hidden").ok


def _remove(gm: Gm, name: str) -> None:
    from dataclasses import replace

    def removed(c: Any) -> Any:
        return replace(c, characters=tuple(x for x in c.characters if x.name != name))

    assert gm.table.change(removed, "removed").ok


async def test_the_gm_app_is_the_one_writer_with_phones_racing(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    """Each party member's phone posts many rolls at once while the GM's app takes them:
    every accepted roll (202) is recorded exactly once, every other post is refused, and
    no character ever has two pending rolls."""
    http, pages = served
    pages.limit = RateLimit(burst=1000)
    gm.run("/players-roll accept")
    accepted: list[str] = []

    async def phone(who: str, skill: str) -> None:
        for _i in range(6):
            got = await http.post(link(pages, who) + "/roll", data={"skill": skill, "dice": "50"})
            if got.status == 202:
                accepted.append((await got.json())["id"])
            else:
                assert got.status == 409, await got.text()

    async def app() -> None:
        for _i in range(40):
            gm.answers.poll()
            assert len({o.who for o in open_offers(gm.table.campaign)}) == len(
                open_offers(gm.table.campaign)
            )
            await asyncio.sleep(0)

    await asyncio.gather(
        phone("Alice Moore", "Spot Hidden"),
        phone("Alice Moore", "Stealth"),
        phone("Boris Ivanov", "Listen"),
        phone("Boris Ivanov", "Teach"),
        app(),
    )
    while gm.answers.poll() or Inbox.of(str(gm.writer.campaign_id)).answers():
        pass
    recorded = [
        e.inputs[OFFERED_KEY]["id"]
        for e in gm.table.session.log
        if OFFERED_KEY in e.inputs and e.inputs[OFFERED_KEY]["by"] == "entered"
    ]
    assert sorted(recorded) == sorted(accepted) and len(set(recorded)) == len(recorded)
    assert accepted  # the race let some in
    reread = Store.open(gm.save, read_only=True)  # and all of it is in the save
    try:
        on_disk = [e.inputs[OFFERED_KEY]["id"] for e in reread.log if OFFERED_KEY in e.inputs]
        assert sorted(on_disk) == sorted(accepted)
    finally:
        reread.close()


async def next_event(stream: Any) -> dict[str, Any]:
    """The next ``data:`` event of a server-sent stream (comment lines skipped)."""
    import json

    while True:
        line = await asyncio.wait_for(stream.content.readline(), 10)
        assert line, "the stream ended"
        if line.startswith(b"data: "):
            doc: dict[str, Any] = json.loads(line[6:])
            return doc


async def test_the_page_state_is_pushed_on_every_change_and_stops_with_the_link(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    http, pages = served
    stream = await http.get(link(pages, "Alice Moore") + "/events")
    assert stream.status == 200 and stream.headers["Content-Type"].startswith("text/event-stream")
    first = await next_event(stream)
    assert first["name"] == "Alice Moore" and first["pending"] is None
    gm.run("/ask alice stealth")
    pushed = await next_event(stream)
    assert [r["line"] for r in pushed["requests"]] == ["Alice Moore Stealth"]
    status, doc = await roll(served, "Alice Moore", skill="Spot Hidden", dice="20")
    assert status == 202
    assert (await next_event(stream))["pending"]["sent"]  # on its way to the app
    gm.answers.poll()
    assert (await next_event(stream))["pending"]["id"] == doc["id"]  # waits for the GM
    _hide(gm, "Alice Moore")
    rest = await asyncio.wait_for(stream.content.read(), 10)  # to its end: it ends
    assert rest.strip() == b"" and stream.content.at_eof()
    stream.close()
    again = await http.get(link(pages, "Alice Moore") + "/events")
    assert again.status == 403


def test_servers_racing_for_one_character_let_exactly_one_roll_in(gm: Gm) -> None:
    """Eight servers (each its own pages, files and inbox handle, as separate processes
    would be) post a roll for the same character at the same instant: exactly one is
    handed on, the others get 409, and the GM's app records that one once."""
    import threading

    racers = [PlayerPages(gm.save) for _i in range(8)]
    start = threading.Barrier(len(racers))
    got: list[object] = [None] * len(racers)

    def race(k: int) -> None:
        start.wait()
        got[k] = racers[k].start("Alice Moore", f"link{k}", "Spot Hidden", "", str(10 + k))

    threads = [threading.Thread(target=race, args=(k,)) for k in range(len(racers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for pages in racers:
        pages.close()
    ids = [g for g in got if isinstance(g, str)]
    assert len(ids) == 1, got
    assert all(getattr(g, "status", None) == 409 for g in got if not isinstance(g, str))
    (taken,) = gm.answers.poll()
    assert taken.feedback.ok
    (offer,) = open_offers(gm.table.campaign)
    assert offer.id == ids[0]


async def test_a_waiting_roll_is_the_gms_queue_not_the_players_view(
    gm: Gm, served: tuple[Client, PlayerPages]
) -> None:
    from tui.session.players import players

    status, _doc = await roll(served, "Alice Moore", skill="Stealth", dice="10")
    assert status == 202
    gm.answers.poll()
    assert open_offers(gm.table.campaign)
    view, _shown = players(gm.table.system, gm.table.campaign, gm.table.session.log)
    assert open_offers(view) == ()  # not on the table's screen with the GM's hint
