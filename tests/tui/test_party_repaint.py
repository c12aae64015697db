"""The party list draws only the rows that show, and a change redraws only its own rows."""

from __future__ import annotations

from pathlib import Path

from tests.bench.big import big_campaign
from tests.tui.conftest import rng, type_line
from tui.app.app import TablekeeperApp
from tui.screens.main import MainScreen
from tui.session.campaign.model import Character
from tui.store import Store
from tui.widgets.party import PartyList, _summary
from tui.widgets.party_list import rows_of


def _app(folder: Path, *, characters: int, past_scenes: int) -> TablekeeperApp:
    """The app on a new generated campaign of ``characters`` in ``folder``."""
    save = folder / "party.toml"
    Store.create(save, big_campaign(characters=characters, past_scenes=past_scenes)).close()
    return TablekeeperApp(save, rng=rng())


def _count_drawing(listing: PartyList) -> list[str]:
    """The names whose summary the list builds from now on."""
    drawn: list[str] = []
    real = listing._summary

    def summary(ch: Character):  # type: ignore[no-untyped-def]
        drawn.append(ch.name)
        return real(ch)

    listing._summary = summary
    return drawn


async def test_one_hurt_character_redraws_one_entry(tmp_path: Path) -> None:
    app = _app(tmp_path, characters=60, past_scenes=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        assert listing.count == 60
        starts = listing._starts
        before = {ch.name for ch, _ in listing._texts.values()}
        drawn = _count_drawing(listing)
        layouts: list[bool] = []
        real_refresh = listing.refresh

        def refresh(*args, layout: bool = False, **kwargs):  # type: ignore[no-untyped-def]
            layouts.append(layout)
            return real_refresh(*args, layout=layout, **kwargs)

        listing.refresh = refresh  # type: ignore[method-assign]
        await type_line(pilot, "/hp cultist 010 -3")
        await pilot.pause()
        assert "HP 9" in listing.prompt(12).plain
        assert not any(layouts), "the whole list was laid out again for one changed line"
        assert listing._starts is starts
        # of the entries drawn before, only Cultist 010's was rebuilt (scrolling to it may
        # draw the few rows that come into view)
        assert set(drawn) & before <= {"Cultist 010"}, drawn
        assert len(drawn) <= listing.size.height
        # moving the sheet to another character rebuilds no entry drawn before
        drawn.clear()
        before = {ch.name for ch, _ in listing._texts.values()}
        await type_line(pilot, "boris listen")
        assert not set(drawn) & before, drawn
        assert listing.highlighted == 1


async def test_a_long_party_draws_only_what_shows(tmp_path: Path) -> None:
    app = _app(tmp_path, characters=150, past_scenes=0)
    async with app.run_test(size=(100, 30)) as pilot:
        listing = app.screen.query_one("#party-list", PartyList)
        await pilot.pause()
        assert listing.count == 150
        assert app.table is not None
        assert listing.virtual_size.height == sum(rows_of(c) for c in app.table.campaign.characters)
        # a few rows show: only those characters have been drawn
        assert 0 < len(listing._texts) <= listing.size.height
        assert "Cultist 147" in listing.prompt(149).plain
        await type_line(pilot, "cultist 140 stealth = 33")
        assert listing.highlighted == 142
        assert "Cultist 140" in str(app.screen.query_one("#sheet").render())
        await pilot.pause()
        top = listing.scroll_offset.y
        assert top <= listing._starts[142] < top + listing.size.height  # scrolled to it
        rows = [listing.render_line(y).text for y in range(listing.size.height)]
        assert any(r.startswith("Cultist 140") for r in rows), rows


def test_rows_of_matches_the_summary() -> None:
    for ch in big_campaign(characters=30, past_scenes=0).characters:
        for variant in (ch, Character(ch.name), Character(ch.name, resources={"HP": 0})):
            assert rows_of(variant) == len(_summary(variant).plain.split("\n")), variant.name


async def test_the_party_list_keys(tmp_path: Path) -> None:
    app = _app(tmp_path, characters=80, past_scenes=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        listing.focus()
        await pilot.press("down", "down")
        assert listing.highlighted == 2
        screen = app.screen
        assert isinstance(screen, MainScreen) and app.table is not None
        assert screen.selected == app.table.campaign.characters[2].name
        await pilot.press("end")
        assert listing.highlighted == 79
        await pilot.press("pageup")
        assert 0 < listing.highlighted < 79
        await pilot.press("home", "up")
        assert listing.highlighted == 0
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "SheetScreen"


def _bar(listing: PartyList) -> list[bool]:
    """Each row of the list's own scroll bar (its last column): True where the thumb is."""
    rows = [listing.render_line(y) for y in range(listing.scrollable_content_region.height)]
    assert listing._bar is not None, "a list longer than its height draws no scroll bar"
    thumb = listing._bar[1]
    cells = [row.crop(row.cell_length - 1, row.cell_length) for row in rows]
    assert all(c.text == " " for c in cells)
    return [c._segments[0].style == thumb._segments[0].style for c in cells]


async def test_a_long_party_draws_its_own_scroll_bar_and_the_mouse_moves_it(tmp_path: Path) -> None:
    """The list draws its scroll bar in its last column (Textual's is a widget repainted
    row by row through Rich at every scroll: about 4 ms a frame); the thumb follows the
    scrolling, and a click or a drag on the bar scrolls there."""
    app = _app(tmp_path, characters=60, past_scenes=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        assert not listing.vertical_scrollbar.display or listing.scrollbar_size_vertical == 0
        height = listing.scrollable_content_region.height
        assert listing._starts[-1] > height
        top = _bar(listing)
        assert top[0] and not top[-1] and 0 < sum(top) < height
        listing.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        bottom = _bar(listing)
        assert bottom[-1] and not bottom[0], bottom
        width = listing.scrollable_content_region.width
        await pilot.click("#party-list", offset=(width - 1, 0))  # a click at the bar's top
        await pilot.pause()
        assert listing.scroll_offset.y == 0 and _bar(listing)[0]
        await pilot.mouse_down("#party-list", offset=(width - 1, 0))
        await pilot.hover("#party-list", offset=(width - 1, height - 1))
        await pilot.mouse_up("#party-list", offset=(width - 1, height - 1))
        await pilot.pause()
        assert listing.scroll_offset.y > 0 and _bar(listing)[-1], "dragging did not scroll"
        row = listing.render_line(0)
        assert row.cell_length == width  # the rows leave the bar its column


async def test_a_party_that_fits_draws_no_scroll_bar(tmp_path: Path) -> None:
    app = _app(tmp_path, characters=3, past_scenes=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        width = listing.scrollable_content_region.width
        assert listing.render_line(0).cell_length == width
        assert listing._bar is None
        assert listing.prompt(0).plain.split("\n")[0].strip() in listing.render_line(0).text
