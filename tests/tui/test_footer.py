"""The main screen's footer: the keys of the bindings, rebuilt only when they change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from tests.tui.conftest import rng
from tui.app import TablekeeperApp
from tui.widgets.footer import KeyFooter


@pytest.fixture
def composed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """One item for each time a KeyFooter is composed from here on."""
    seen: list[int] = []
    real = KeyFooter.compose

    def counted(self: KeyFooter):  # type: ignore[no-untyped-def]
        seen.append(1)
        return real(self)

    monkeypatch.setattr(KeyFooter, "compose", counted)
    return seen


def _shown(app: TablekeeperApp) -> set[str]:
    return {k.description for k in app.screen.query_one(KeyFooter).query(FooterKey)}


async def test_opening_rebuilds_the_footer_once_and_it_shows_the_keys(
        demo_copy: Callable[[str], Path], composed: list[int]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause(0.3)
        assert {"Next sheet", "Next turn", "Roll form"} <= _shown(app)
        assert len(composed) <= 3, f"the footer was rebuilt {len(composed)} times"
        before = len(composed)
        await pilot.press("f1")  # another screen and back: its keys are shown again
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert {"Next sheet", "Next turn", "Roll form"} <= _shown(app)
        assert len(composed) >= before


async def test_hidden_keys_coming_and_going_do_not_rebuild_the_footer(
        demo_copy: Callable[[str], Path], composed: list[int]) -> None:
    """Moving the focus from the roll entry to the party list changes only hidden bindings
    (the entry's cursor keys, the list's arrows): the footer shows the same keys."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause(0.3)
        before = len(composed)
        app.screen.query_one("#party-list").focus()
        await pilot.pause(0.2)
        app.screen.query_one("#roll-entry").focus()
        await pilot.pause(0.2)
        assert len(composed) == before, "the footer was rebuilt for hidden keys"
        assert {"Next sheet", "Next turn", "Roll form"} <= _shown(app)
