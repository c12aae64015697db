"""``/import`` in the real app (Pilot, 80×24) with the campaign open: the app is the writer,
the import is one undoable step, and the app says what it skipped and why, as the shell
does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import log_text, rng, screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.store import load

GCS = Path(__file__).resolve().parents[1] / "session" / "systems" / "gurps" / "gcs"


async def test_slash_import_with_the_campaign_open_says_what_it_skipped(
    demo_copy: Callable[[str], Path], tmp_path: Path
) -> None:
    path = demo_copy("gurps")
    folder = tmp_path / "lib"
    folder.mkdir()
    (folder / "hound.gcs").write_bytes((GCS / "natural.gcs").read_bytes())
    (folder / "broken.gcs").write_text("{not json")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.table
        assert table is not None
        before = table.campaign
        line = f"/import {folder} npc"  # a folder: its .gcs files
        await type_line(pilot, line)
        assert table.campaign.character("Ash Hound").side == "npc"
        shown = log_text(pilot)
        assert "imported Ash Hound from GCS" in shown
        assert "skipped broken.gcs" in shown.replace("\n", " ")
        # the import rolls at once: the bite at its GCS level
        await type_line(pilot, "ash bite = 14")
        assert "Ash Hound Brawling 14, Bite: 14" in table.session.log[-1].text
        app.flush()
        saved, _log = load(path)
        assert "Ash Hound" in [c.name for c in saved.characters]
        # one undo step each: the roll, then the import
        await pilot.press("ctrl+z")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.campaign == before
        assert "Ash Hound" not in screen_text(pilot, "#party")
