"""Copying to the clipboard: the last result and the recap, by key and from the palette, go
through Textual's ``copy_to_clipboard`` (OSC 52) with the text the GM sees."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.conftest import rng, type_keys, type_line
from tui.app.app import TablekeeperApp
from tui.screens.recap_view import RecapScreen


def _recording(app: TablekeeperApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    copied: list[str] = []
    monkeypatch.setattr(app, "copy_to_clipboard", copied.append)
    return copied


async def test_alt_c_copies_the_last_result(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    copied = _recording(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "/note the door is trapped")
        await type_keys(pilot, "alt+c")
        assert app.table is not None
        newest = app.table.session.log[-1].text
        assert "the door is trapped" in newest
        assert copied == [newest]
        await type_line(pilot, "2d6")
        entry = next(
            c for c in app.get_system_commands(app.screen) if c.title == "Copy the last result"
        )
        entry.callback()
        assert copied[-1] == app.table.session.log[-1].text and copied[-1] != newest


async def test_alt_r_copies_the_recap_on_screen_or_the_players_recap(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    copied = _recording(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "/note! the bridge is out")
        await type_keys(pilot, "alt+r")  # no recap on screen: the players' recap, built
        assert len(copied) == 1 and copied[0].startswith("#")
        await type_line(pilot, "/recap gm")
        for _ in range(100):  # the recap screen builds in a worker
            await pilot.pause()
            if isinstance(app.screen, RecapScreen) and app.screen.text:
                break
        assert isinstance(app.screen, RecapScreen)
        shown = app.screen.text
        await type_keys(pilot, "alt+r")
        assert copied[-1] == shown
        on_top = app.screen_stack[-1]  # the recap screen (typed as any screen)
        entry = next(c for c in app.get_system_commands(on_top) if c.title == "Copy the recap")
        entry.callback()
        assert copied[-1] == shown


async def test_nothing_to_copy_on_the_picker_and_in_the_players_view(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(rng=rng())
    copied = _recording(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_keys(pilot, "alt+c")
        assert copied == [] and app.check_action("copy_result", ()) is False
    view = TablekeeperApp(demo_copy("age"), rng=rng(), read_only=True)
    async with view.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = {c.title for c in view.get_system_commands(view.screen)}
        assert "Copy the last result" not in titles and "Copy the recap" not in titles
        assert view.check_action("copy_recap", ()) is False


async def test_alt_c_copies_the_results_effects_too(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45: after the experience rolls alt+c copied "2 of 3 skills improved" without
    who improved what: the effects (one a character) are part of the result."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    copied = _recording(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "alice spot hidden = 07")
        await type_keys(pilot, "alt+c")
        assert app.table is not None
        entry = app.table.session.log[-1]
        assert entry.effects, entry  # the experience tick
        assert copied == [entry.text + "".join(f"  ⟶ {e}" for e in entry.effects)]
