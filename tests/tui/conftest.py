"""Shared helpers for Pilot tests: copies of the demo saves and typing into the roll entry."""

from __future__ import annotations

import asyncio
import random
import shutil
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot

from tests.waits import POLL
from tui.store import demo_paths

DEMOS = {p.stem.removeprefix("demo-"): p for p in demo_paths()}


@pytest.fixture
def demo_copy(tmp_path: Path) -> Callable[[str], Path]:
    """``demo_copy("brp")`` → a fresh copy of ``saves/demo-brp.toml`` in a temp folder."""

    def make(system: str) -> Path:
        target = tmp_path / f"{system}.toml"
        shutil.copy(DEMOS[system], target)
        return target

    return make


def rng() -> random.Random:
    return random.Random(20261130)


async def type_keys(pilot: Pilot[None], *keys: str) -> None:
    """Press ``keys`` (as ``pilot.press`` takes them: a character or a key name each) the way
    a terminal delivers a burst: all posted at once, then wait until the app has handled them.

    ``pilot.press`` waits for the process to look idle after every key (~20-100 ms a key, a
    whole line costing seconds); the app's keys take effect in order however fast they come
    (:mod:`tui.widgets.key_order`), so the wait is needed once, at the end, on the app's own
    signal that every key and what it caused is done.
    """
    from tui.widgets.key_order import OrderedKeysApp

    if not isinstance(pilot.app, OrderedKeysApp):  # a bare test app: no ordering to rely on
        await pilot.press(*keys)
        return
    for key in keys:
        pilot.app.post_message(key_event(key))
    await keys_handled(pilot)


async def type_line(pilot: Pilot[None], text: str, *, enter: bool = True) -> None:
    """Type ``text`` into the focused widget in one burst, then (by default) press Enter as
    a GM does once the line is in: the screen has previewed the line, and the result of the
    Enter shows on its own (the results of lines committed within one burst stay together
    in the preview; ``burst`` tests that)."""
    await type_keys(pilot, *text)
    if enter:
        await type_keys(pilot, "enter")


def screen_text(pilot: Pilot[None], selector: str) -> str:
    """The plain text a widget currently shows (a no-break space shows as a space)."""
    widget = pilot.app.screen.query_one(selector)
    return str(widget.render()).replace("\xa0", " ")


def log_text(pilot: Pilot[None]) -> str:
    """The plain text of the log panel."""
    return str(pilot.app.screen.query_one("#log").plain_text)  # type: ignore[attr-defined]


def key_event(key: str) -> events.Key:
    """The key event ``pilot.press(key)`` sends: a character stands for itself (named as
    Textual names it), a longer string names a key."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(
            _get_unicode_name_from_key(REPLACED_KEYS.get(key, key))
        )
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def burst(app: App[None], keys: str | list[str]) -> None:
    """Keys posted at once, as the terminal driver does for one read (no waiting between):
    ``"\\r"`` stands for Enter, any other key is made by :func:`key_event`."""
    for key in keys:
        app.post_message(key_event("enter" if key == "\r" else key))


async def keys_handled(pilot: Pilot[None], timeout: float = 20.0) -> None:
    """Wait until every key posted to the app has been taken and handled (however loaded
    the machine is), then for the screen."""
    from tui.widgets.key_order import OrderedKeysApp

    app = pilot.app
    assert isinstance(app, OrderedKeysApp)
    deadline = time.monotonic() + timeout
    while app.message_queue_size or not app.keys_handled:
        assert time.monotonic() < deadline, "the keys posted were not all handled"
        await asyncio.sleep(POLL)
    await pilot.pause()
