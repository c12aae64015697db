"""The main screen's footer: the keys of the bindings, rebuilt only when they change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets._footer import FooterKey

from tests.tui.conftest import rng
from tui.app import TablekeeperApp
from tui.widgets.footer import KeyFooter


async def test_opening_rebuilds_the_footer_once_and_it_shows_the_keys(
        demo_copy: Callable[[str], Path]) -> None:
    composed: list[int] = []
    real = KeyFooter.compose

    def counted(self: KeyFooter):  # type: ignore[no-untyped-def]
        composed.append(1)
        return real(self)

    KeyFooter.compose = counted  # type: ignore[method-assign]
    try:
        app = TablekeeperApp(demo_copy("brp"), rng=rng())
        async with app.run_test(size=(100, 24)) as pilot:
            await pilot.pause(0.3)
            footer = app.screen.query_one(KeyFooter)
            shown = {k.description for k in footer.query(FooterKey)}
            assert {"Next sheet", "Next turn", "Roll form"} <= shown, shown
            assert len(composed) <= 3, f"the footer was rebuilt {len(composed)} times"
            before = len(composed)
            await pilot.press("f1")  # another screen and back: its keys are shown again
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause(0.2)
            shown = {k.description for k in app.screen.query_one(KeyFooter).query(FooterKey)}
            assert {"Next sheet", "Next turn", "Roll form"} <= shown, shown
            assert len(composed) >= before
    finally:
        KeyFooter.compose = real  # type: ignore[method-assign]


async def test_hidden_keys_coming_and_going_do_not_rebuild_the_footer(
        demo_copy: Callable[[str], Path]) -> None:
    """Moving the focus from the roll entry to the party list changes only hidden bindings
    (the entry's cursor keys, the list's arrows): the footer shows the same keys."""
    composed: list[int] = []
    real = KeyFooter.compose

    def counted(self: KeyFooter):  # type: ignore[no-untyped-def]
        composed.append(1)
        return real(self)

    KeyFooter.compose = counted  # type: ignore[method-assign]
    try:
        app = TablekeeperApp(demo_copy("brp"), rng=rng())
        async with app.run_test(size=(100, 24)) as pilot:
            await pilot.pause(0.3)
            before = len(composed)
            app.screen.query_one("#party-list").focus()
            await pilot.pause(0.2)
            app.screen.query_one("#roll-entry").focus()
            await pilot.pause(0.2)
            assert len(composed) == before, "the footer was rebuilt for hidden keys"
            shown = {k.description for k in app.screen.query_one(KeyFooter).query(FooterKey)}
            assert {"Next sheet", "Next turn", "Roll form"} <= shown, shown
    finally:
        KeyFooter.compose = real  # type: ignore[method-assign]
