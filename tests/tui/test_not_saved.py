"""While a change is only in memory (the log cannot be written: disk full), the header says
NOT SAVED, at any width and whatever the result line holds; it goes once writes work again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui.conftest import DEMOS, rng, type_line
from tui.app.app import TablekeeperApp
from tui.store.errors import WriteError
from tui.store.journal import Journal
from tui.widgets.header import HeaderBar


def _header(app: TablekeeperApp) -> str:
    return app.screen.query_one("#header", HeaderBar).plain_text


@pytest.mark.parametrize("size", [(80, 24), (160, 40)])
async def test_not_saved_stays_in_the_header_while_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    path = tmp_path / "brp.toml"
    path.write_bytes(DEMOS["brp"].read_bytes())
    real_append = Journal.append
    full = {"on": False}

    def append(self: Journal, data: bytes) -> None:
        if full["on"]:
            raise WriteError(path, "No space left on device")
        real_append(self, data)

    monkeypatch.setattr(Journal, "append", append)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "/hp alice -1")
        assert "NOT SAVED" not in _header(app)
        full["on"] = True
        await type_line(pilot, "/note " + "a very long note that fills the result line " * 4)
        await pilot.pause()
        assert "NOT SAVED" in _header(app)
        await type_line(pilot, "/hp boris -1")  # another change: still only in memory
        assert "NOT SAVED" in _header(app)
        full["on"] = False
        await type_line(pilot, "/hp boris -1")  # writes work again: all three go
        await pilot.pause()
        assert "NOT SAVED" not in _header(app)
