"""Nothing from a save reaches the terminal as a control sequence, markup or a click action.

Regression: a character named ``\\x1b[2J…`` cleared the GM's screen, an OSC sequence retitled
the terminal, Rich markup in a name crashed ``/endadventure`` (``MarkupError``) and
``[@click=app.screenshot(...)]`` made a click write a file. The property test builds saves
full of such text, opens every screen that shows it at two sizes, and reads every segment the
compositor would write to the terminal.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.app import App

from tests.tui.conftest import type_keys
from tui.app.app import TablekeeperApp
from tui.base.textsafe import visible
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign, Character, Condition
from tui.store import Store
from tui.store.logformat import format_entry
from tui.store.paths import log_path

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
NASTY = [
    "\x1b[2J",
    "\x1b]2;pwned\x07",
    "\x9b31m",
    "\u202e",
    "\r",
    "\t",
    "\x00",
    "\x7f",
    "[b]",
    "[/]",
    "[/b]",
    "[@click=app.screenshot('x.svg')]",
    "[link=file:///etc]",
    "\\[",
    "]",
]
pieces = st.sampled_from(NASTY) | st.text(alphabet="abcАБВ ", min_size=1, max_size=3)
nasty = st.lists(pieces, min_size=1, max_size=5).map("".join).filter(lambda s: s.strip())


def shown_segments(app: App[None]) -> list[tuple[str, object]]:
    """Every text segment of the current screen as the terminal would receive it."""
    update = app.screen._compositor.render_full_update()
    out: list[tuple[str, object]] = []
    for line in update.strips:
        for strip in line:
            for seg in strip:
                if not seg.control:
                    out.append((seg.text, seg.style.meta if seg.style else {}))
    return out


def assert_safe(app: App[None], where: str) -> str:
    segments = shown_segments(app)
    for text, meta in segments:
        assert not CONTROL.search(text), (where, text)
        click = str(meta.get("@click", "")) if isinstance(meta, dict) else ""
        assert "screenshot" not in click, (where, meta)
    return "".join(t for t, _ in segments)


def campaign_of(name: str, char_names: list[str], skill: str, note: str) -> Campaign:
    chars = tuple(
        Character(
            n,
            attributes={"STR": 10},
            skills={skill: 50, "Listen": 30},
            resources={"HP": 10, note[:6] or "X": 1},
            notes=note,
            ticks=(skill,),
            maxima={"HP": 12},
            conditions=(Condition(skill, 2, "rounds"),),
            extra={"aliases": [note]},
        )
        for n in char_names
    )
    return Campaign(name, "brp", characters=chars)


async def look_everywhere(save: Path, size: tuple[int, int]) -> None:
    app = TablekeeperApp(save, rng=random.Random(3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert_safe(app, "main")
        for _ in range(3):
            await pilot.press("f2")
            await pilot.pause()
            assert_safe(app, "sheet")
        await pilot.press("f4")
        await pilot.pause()
        assert type(app.screen).__name__ == "SheetScreen"
        assert_safe(app, "character sheet")
        await pilot.press("e")
        await pilot.pause()
        assert type(app.screen).__name__ == "EditorScreen"
        assert_safe(app, "editor")
        await pilot.press("enter")  # the name, in the edit line
        await pilot.pause()
        assert_safe(app, "editing the name")
        await pilot.press("escape", "escape", "escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert_safe(app, "help")
        await pilot.press("escape")
        await type_keys(pilot, *"/endadventure", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "AdventureEndScreen"
        assert_safe(app, "end of adventure")
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert_safe(app, "palette")
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running


@pytest.mark.timeout(600)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    name=nasty,
    chars=st.lists(nasty, min_size=1, max_size=3, unique_by=lambda s: s.strip().casefold()),
    skill=nasty,
    note=nasty,
    text=nasty,
    size=st.sampled_from([(80, 24), (120, 40)]),
)
async def test_no_text_from_a_save_drives_the_terminal(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    chars: list[str],
    skill: str,
    note: str,
    text: str,
    size: tuple[int, int],
) -> None:
    folder = tmp_path_factory.mktemp("nasty")
    save = folder / "c.toml"
    names = [c.strip() for c in chars]
    with Store.create(save, campaign_of(name, names, skill, note)):
        pass
    entry = LogEntry(
        seq=1,
        time="2026-12-01T10:00:00+00:00",
        kind="roll",
        text=text,
        actor=names[0],
        grade="fumble",
        effects=(text,),
    )
    log_path(save).write_text(format_entry(entry), encoding="utf-8")
    await look_everywhere(save, size)


async def test_markup_in_names_is_shown_as_typed(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    odd = "[b]Mark[/b] [@click=app.screenshot('x.svg')]Zed[/]"
    with Store.create(save, campaign_of("[i]Camp", [odd, "Plain"], "Spot [u]Hidden", "n")):
        pass
    app = TablekeeperApp(save, rng=random.Random(3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = assert_safe(app, "main")
        assert "[b]Mark[/b]" in screen  # the literal brackets, not bold text
        await type_keys(pilot, *"/endadventure", "enter")
        await pilot.pause()
        screen = assert_safe(app, "end of adventure")
        assert "[b]Mark[/b]" in screen and "Spot [u]Hidden" in screen
    assert not (tmp_path / "x.svg").exists() and not Path("x.svg").exists()


def test_visible_keeps_length_and_shows_every_control() -> None:
    for ch in map(chr, [*range(0x20), *range(0x7F, 0xA0), 0x202E, 0x2066]):
        shown = visible(f"a{ch}b")
        assert len(shown) == 3 and not CONTROL.search(shown) and shown != f"a{ch}b"
    assert visible("one\ntwo", newlines=True) == "one\ntwo"
    assert visible("one\ntwo") == "one␊two"
    assert visible("Даллах") == "Даллах"
