"""The key footer: one drawn line of the screen's keys, redrawn only when they change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.tui.conftest import rng
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.widgets.footer import Footer


@pytest.fixture
def changes(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """One item for each time a Footer read the screen's keys: True when they changed."""
    seen: list[bool] = []
    real = Footer._update

    def counted(self: Footer) -> bool:
        changed = real(self)
        seen.append(changed)
        return changed

    monkeypatch.setattr(Footer, "_update", counted)
    return seen


def _line(app: TablekeeperApp) -> str:
    return app.screen.query_one(Footer).render_line(0).text


def _shows(app: TablekeeperApp, text: str) -> bool:
    """Whether the main screen's footer is up and shows ``text``."""
    footers = app.screen.query(Footer)
    return bool(footers) and text in footers.first().render_line(0).text


def _column(app: TablekeeperApp, text: str) -> int:
    at = _line(app).find(text)
    assert at >= 0, f"{text!r} is not on the footer: {_line(app)!r}"
    return at


async def test_opening_draws_the_keys_on_one_line_without_a_widget_per_key(
    demo_copy: Callable[[str], Path], changes: list[bool]
) -> None:
    """No widget per key: a change of the keys repaints one line and lays nothing out."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: _shows(app, "palette"), "the footer")
        await settled(pilot)
        footer = app.screen.query_one(Footer)
        line = _line(app)
        assert len(line) == 100
        for shown in (" f2 Next sheet ", " ^n Next turn ", " ^r Roll form ", " ^q Quit "):
            assert shown in line, line
        assert line.endswith("▏^p palette "), line
        assert not footer.children, "the footer mounted a widget per key"
        assert changes.count(True) <= 3, f"the footer was redrawn {changes.count(True)} times"
        await pilot.press("f1")  # another screen and back: its keys are shown again
        await until(pilot, lambda: type(app.screen).__name__ == "HelpScreen", "the help")
        await pilot.press("escape")
        await until(pilot, lambda: _shows(app, " ^n Next turn "), "the main screen's keys")


async def test_hidden_keys_coming_and_going_do_not_redraw_the_footer(
    demo_copy: Callable[[str], Path], changes: list[bool]
) -> None:
    """Moving the focus from the roll entry to the party list changes only hidden bindings
    (the entry's cursor keys, the list's arrows): the footer shows the same keys."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: _shows(app, "palette"), "the footer")
        await settled(pilot)
        before, heard = changes.count(True), len(changes)
        app.screen.query_one("#party-list").focus()
        await until(pilot, lambda: len(changes) > heard, "the footer hearing of the focus")
        heard = len(changes)
        app.screen.query_one("#roll-entry").focus()
        await until(pilot, lambda: len(changes) > heard, "the footer hearing of the focus")
        await settled(pilot)
        assert changes.count(True) == before, "the footer was redrawn for hidden keys"
        assert " ^n Next turn " in _line(app)


async def test_a_click_on_a_key_presses_it_and_the_pointer_highlights_it(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await until(pilot, lambda: _shows(app, "Next sheet"), "the footer")
        screen = app.screen
        first = screen.selected  # type: ignore[attr-defined]
        at = _column(app, "Next sheet")
        await pilot.hover(Footer, offset=(at, 0))
        footer = screen.query_one(Footer)
        line = footer.render_line(0)
        hovered = [s.style.bgcolor for s in line if s.style and "Next sheet" in s.text]
        normal = [s.style.bgcolor for s in line if s.style and "Next turn" in s.text]
        assert hovered and normal and hovered != normal, "the key under the pointer is not lit"
        await pilot.click(Footer, offset=(at, 0))
        await until(pilot, lambda: screen.selected != first, "the next sheet")  # type: ignore[attr-defined]
        assert screen.selected != first, "clicking 'Next sheet' did not move to the next sheet"  # type: ignore[attr-defined]
        await pilot.hover(Footer, offset=(_column(app, "palette"), 0))
        palette = footer.keys[-1]
        assert palette.description == "palette" and palette.tooltip
        assert footer.tooltip == palette.tooltip


async def test_on_a_narrow_terminal_whole_keys_make_room_the_help_key_last(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(40, 24)) as pilot:
        await until(pilot, lambda: _shows(app, "palette"), "the footer")
        line = _line(app)
        assert len(line) == 40 and line.endswith("▏^p palette "), line
        assert line.startswith(" f2 Next sheet  f1 Help     ▏"), line
        await pilot.click(Footer, offset=(27, 0))  # the rule: no key is under it
        await settled(pilot)
        assert app.screen.query_one("#roll-entry").has_focus


async def test_the_footer_speaks_the_gms_language(demo_copy: Callable[[str], Path]) -> None:
    from tui import language as i18n

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    try:
        i18n.set_language("ru")
        async with app.run_test(size=(120, 24)) as pilot:
            await until(pilot, lambda: _shows(app, "▏^p"), "the footer")
            line = _line(app)
            assert "Next turn" not in line and i18n._("Next turn") in line, line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_label_is_shown_whole_or_not_at_all(
    language: str, demo_copy: Callable[[str], Path]
) -> None:
    """At every width from 40 columns: no "f1 Hel"; the help key stays while it fits."""
    from tui import language as i18n

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    try:
        i18n.set_language(language)
        async with app.run_test(size=(120, 24)) as pilot:
            for width in range(40, 121, 4):
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
                footer = app.screen.query_one(Footer)
                line = _line(app)
                assert len(line) == width
                keys = footer.keys
                assert keys
                for key in keys[:-1]:  # the palette's key (last) is drawn its own way
                    whole = f" {key.display} {key.description} "
                    assert whole in line or f" {key.display} " not in line, (width, line)
                assert f" f1 {i18n._('Help')} " in line, (width, line)
                assert line.rstrip().endswith("▏^p") or line.endswith(f"▏^p {i18n._('palette')} ")
    finally:
        i18n.set_language("en")
