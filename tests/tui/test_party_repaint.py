"""A change repaints only the party lines of the characters it changed."""

from __future__ import annotations

from pathlib import Path

from textual.widgets.option_list import Option

from tests.bench.big import big_campaign
from tests.tui.conftest import rng, type_line
from tui.app import TablekeeperApp
from tui.store import Store
from tui.widgets.party import PartyList


async def test_one_hurt_character_rebuilds_one_line(tmp_path: Path) -> None:
    save = tmp_path / "big.toml"
    Store.create(save, big_campaign(characters=60, past_scenes=3)).close()
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        assert listing.option_count == 60
        options: list[Option] = list(listing.options)
        visuals = [o._visual for o in options]
        lines = listing._line_cache.lines
        measured = len(lines)
        cleared: list[bool] = []
        real = listing._clear_caches

        def clear() -> None:
            cleared.append(True)
            real()

        listing._clear_caches = clear  # type: ignore[method-assign]
        await type_line(pilot, "/hp cultist 010 -3")
        await pilot.pause()
        assert "HP 9" in str(listing.get_option_at_index(12).prompt)
        assert cleared == [], "the whole list was measured again for one changed line"
        assert listing._line_cache.lines is lines and len(lines) == measured
        changed = [i for i, o in enumerate(listing.options) if o._visual is not visuals[i]]
        assert set(changed) <= {12}, changed  # only Cultist 010's line was rebuilt
        assert list(listing.options) == options
        # moving the sheet to another character keeps every line as it was
        await type_line(pilot, "boris listen")
        assert [o._visual for i, o in enumerate(listing.options) if i != 12] == [
            v for i, v in enumerate(visuals) if i != 12]
        assert listing.highlighted == 1


async def test_a_long_party_lists_its_tail_after_the_first_frame(tmp_path: Path) -> None:
    save = tmp_path / "big.toml"
    Store.create(save, big_campaign(characters=150, past_scenes=0)).close()
    app = TablekeeperApp(save, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        listing = app.screen.query_one("#party-list", PartyList)
        await pilot.pause(0.2)
        assert listing.option_count == 150
        assert "Cultist 147" in str(listing.get_option_at_index(149).prompt)
        await type_line(pilot, "cultist 140 stealth = 33")
        assert listing.highlighted == 142
        assert "Cultist 140" in str(app.screen.query_one("#sheet").render())
