"""Fuzzing the running app's roll entry (Pilot): nothing typed may crash it or corrupt state.

Hypothesis draws lines of every kind (arbitrary Unicode, Cyrillic, control characters, 10 kB
lines, absurd dice like ``999999999999d6``, near-miss roll syntax, slash commands) and feeds
them to one running app per demo campaign: most by setting ``#roll-entry``'s value and
pressing Enter, short printable ones by real key presses. After each line the app must still
run on its main screen, and a line reported as an error (``✗`` in the preview) must leave the
campaign and the log exactly as they were.

How it fits pytest-asyncio: the test is a plain *sync* ``@given`` test. A fixture owns an
event loop and enters ``app.run_test()`` on it once; each example runs one coroutine on that
loop (``loop.run_until_complete``), so one app instance serves every example and Hypothesis
shrinks failures as usual. The examples are bounded (``max_examples``, ``deadline=None``).
"""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from textual.pilot import Pilot

from tests.tui.conftest import DEMOS, type_line
from tui.app.app import TablekeeperApp
from tui.screens.main import MainScreen
from tui.session.systems.registry import system_keys, tracker
from tui.session.tables import shared_commands

#: Commands that leave the main screen or the app on purpose (not what fuzzing is about),
#: with their aliases, whichever system (shared or one system's) defines them.
LEAVING = {
    k
    for commands in (*shared_commands(), *(tracker(key).commands() for key in system_keys()))
    for k, c in commands.by_name.items()
    if c.name in {"quit", "help", "endadventure"}
}

WORDS = [
    "alice",
    "boris",
    "spot",
    "hidden",
    "listen",
    "naomi",
    "kirma",
    "samurai",
    "vs",
    "=",
    "hard",
    "easy",
    "tn=",
    "tn=99999999999",
    "mod=-1",
    "range=4,5",
    "resist=",
    "die=d20",
    "die=d0",
    "ext=",
    "-5",
    "+10",
    "07",
    "0",
    "101",
    "-0",
    "1e9",
    "999999999999d6",
    "d6",
    "3d6+2",
    "d100",
    "1000d1000",
    "1001d6",
    "d",
    "6d-1",
    "ж",
    "Алиса",
    "взлом",
    "даймитрий",
    "/hp",
    "/undo",
    "/redo",
    "/note",
    "/rename",
    "/fortune",
    "/scene",
    "/",
    "\x00",
    "\t",
    "\x1b[A",
    "\u200b",
    "🎲",
]

lines = st.one_of(
    st.text(max_size=80),
    st.text(
        st.characters(min_codepoint=0x400, max_codepoint=0x4FF) | st.sampled_from(" =-+d7"),
        max_size=60,
    ),
    st.text(st.characters(max_codepoint=0x1F) | st.sampled_from("ad6= "), max_size=30),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(" ".join),
    st.tuples(st.sampled_from(WORDS), st.integers(-(10**15), 10**15)).map(
        lambda t: f"{t[0]} {t[1]}"
    ),
    st.sampled_from(
        [
            "x" * 10_000,
            "alice " + "9" * 10_000,
            "d6+" * 3_400,
            "ж" * 10_000,
            "/note " + "ё" * 10_000,
            "alice spot hidden = " + "7 " * 5000,
        ]
    ),
)
typed_lines = st.text(st.sampled_from("alicebors ptdhn=0123456789+-vsжи/"), max_size=24)


@dataclass
class Running:
    """One app running on ``loop`` inside a single host task (Textual's context vars must be
    entered and left in the same task); :meth:`feed` hands it one line at a time."""

    loop: asyncio.AbstractEventLoop
    app: TablekeeperApp
    inbox: asyncio.Queue[tuple[str, bool, asyncio.Future[None]] | None]

    def feed(self, line: str, *, keys: bool) -> None:
        done: asyncio.Future[None] = self.loop.create_future()
        self.inbox.put_nowait((line, keys, done))
        self.loop.run_until_complete(done)


async def _host(
    app: TablekeeperApp, inbox: asyncio.Queue[Any], ready: asyncio.Future[None]
) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        ready.set_result(None)
        while (item := await inbox.get()) is not None:
            line, keys, done = item
            try:
                await _feed(pilot, line, keys=keys)
            except BaseException as exc:
                done.set_exception(exc)
            else:
                done.set_result(None)


@pytest.fixture(params=sorted(DEMOS))
def running(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Running]:
    save = tmp_path / f"{request.param}.toml"
    shutil.copy(DEMOS[request.param], save)
    app = TablekeeperApp(save, rng=random.Random(5))
    loop = asyncio.new_event_loop()
    inbox: asyncio.Queue[Any] = asyncio.Queue()
    ready: asyncio.Future[None] = loop.create_future()
    host = loop.create_task(_host(app, inbox, ready))
    loop.run_until_complete(asyncio.wait([ready, host], return_when=asyncio.FIRST_COMPLETED))
    try:
        yield Running(loop, app, inbox)
    finally:
        inbox.put_nowait(None)
        loop.run_until_complete(host)
        loop.close()


def _leaves(line: str) -> bool:
    first = line.strip().split(maxsplit=1)[:1]
    return bool(first) and first[0].startswith("/") and first[0][1:].casefold() in LEAVING


async def _feed(pilot: Pilot[None], line: str, *, keys: bool) -> None:
    app = pilot.app
    assert isinstance(app, TablekeeperApp)
    table = app.table
    assert table is not None
    screen = app.screen
    assert isinstance(screen, MainScreen)
    before, count, undone = table.campaign, len(table.session.log), table.session.undone()
    if keys:
        screen.entry.value = ""
        await type_line(pilot, line)
    else:
        screen.entry.value = line
        await pilot.press("enter")
    await pilot.pause()
    assert app.is_running and app.return_code is None, "the app stopped"
    assert isinstance(app.screen, MainScreen), f"left the main screen: {app.screen!r}"
    shown = str(screen.preview.render())
    if shown.startswith("✗"):
        assert table.campaign == before, f"an error changed the campaign: {shown}"
        assert len(table.session.log) == count and table.session.undone() == undone
    screen.entry.value = ""


@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_roll_entry_survives_anything(running: Running, data: Any) -> None:
    keys = data.draw(st.integers(0, 4).map(lambda n: n == 0), label="keys")  # 1 in 5 typed
    line = data.draw(typed_lines if keys else lines, label="line")
    assume(not _leaves(line))
    running.feed(line, keys=keys)


def test_fuzz_fixture_really_detects_a_crash(tmp_path: Path) -> None:
    """The harness's checks can fail: a handler that raises stops the app, and we see it."""
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    app = TablekeeperApp(save, rng=random.Random(5))

    async def go() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.table is not None

            def boom(_line: str) -> Any:
                raise RuntimeError("fuzz sentinel")

            app.table.submit = boom  # type: ignore[method-assign,assignment]
            with pytest.raises(AssertionError):
                await _feed(pilot, "alice spot hidden", keys=False)

    with pytest.raises(RuntimeError, match="fuzz sentinel"):
        asyncio.run(go())
