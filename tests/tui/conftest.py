"""Shared helpers for Pilot tests: copies of the demo saves and typing into the roll entry."""

from __future__ import annotations

import asyncio
import random
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.keys import _character_to_key
from textual.pilot import Pilot

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


async def type_line(pilot: Pilot[None], text: str, *, enter: bool = True) -> None:
    """Type ``text`` key by key into the focused roll entry, then Enter."""
    await pilot.press(*text)
    if enter:
        await pilot.press("enter")
    await pilot.pause()


def screen_text(pilot: Pilot[None], selector: str) -> str:
    """The plain text a widget currently shows."""
    widget = pilot.app.screen.query_one(selector)
    return str(widget.render())


def log_text(pilot: Pilot[None]) -> str:
    """The plain text of the log panel."""
    return str(pilot.app.screen.query_one("#log").plain_text)  # type: ignore[attr-defined]


def burst(app: App[None], keys: str | list[str]) -> None:
    """Keys posted at once, as the terminal driver does for one read (no waiting between):
    a character stands for itself, ``"\r"`` for Enter, a longer string names a key."""
    for key in keys:
        if key == "\r":
            key = "enter"
        name = key if len(key) > 1 else _character_to_key(key)
        app.post_message(events.Key(name, key if len(key) == 1 else None))


async def keys_handled(pilot: Pilot[None], timeout: float = 20.0) -> None:
    """Wait until every key posted to the app has been taken and handled (however loaded
    the machine is), then for the screen."""
    from tui.widgets.key_order import OrderedKeysApp

    app = pilot.app
    assert isinstance(app, OrderedKeysApp)
    deadline = time.monotonic() + timeout
    while app.message_queue_size or not app.keys_handled:
        assert time.monotonic() < deadline, "the keys posted were not all handled"
        await asyncio.sleep(0.005)
    await pilot.pause()
