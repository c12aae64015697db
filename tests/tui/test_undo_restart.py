"""ctrl+z after quitting and opening the campaign again takes back the last changes, each as
a new logged step that the players' view follows."""

from __future__ import annotations

from pathlib import Path

from tests.tui.conftest import DEMOS, log_text, rng, type_line
from tui.app.app import TablekeeperApp
from tui.store import load


def _hp(app: TablekeeperApp, name: str) -> int:
    assert app.table is not None
    return app.table.campaign.character(name).resources["HP"]


async def test_ctrl_z_after_a_restart_takes_back_the_last_changes(tmp_path: Path) -> None:
    path = tmp_path / "brp.toml"
    path.write_bytes(DEMOS["brp"].read_bytes())
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        full = _hp(app, "Alice Moore")
        await type_line(pilot, "/hp alice -3")
        await type_line(pilot, "alice spot hidden = 07")  # a roll: its tick is a change
        await type_line(pilot, "/hp boris -2")
        await pilot.press("ctrl+q")
    again = TablekeeperApp(path, rng=rng())
    async with again.run_test(size=(100, 30)) as pilot:
        assert _hp(again, "Alice Moore") == full - 3
        boris = _hp(again, "Boris Ivanov")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _hp(again, "Boris Ivanov") == boris + 2
        assert "undo" in log_text(pilot)
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert _hp(again, "Alice Moore") == full
        viewer = TablekeeperApp(path, rng=rng(), read_only=True)  # the players' screen
        async with viewer.run_test(size=(100, 30)) as view:
            await view.pause()
            assert _hp(viewer, "Alice Moore") == full
            assert _hp(viewer, "Boris Ivanov") == boris + 2
        await pilot.press("ctrl+q")
    campaign, log = load(path)
    assert campaign.character("Alice Moore").resources["HP"] == full
    assert [e.kind for e in log[-3:]] == ["undo", "undo", "undo"]
