"""A hand-edited save with a syntax error, and a save folder that becomes read-only.

Both run the installed command in tmux. The broken save must be reported as FILE:LINE:COL
and left byte-for-byte as it was. For the read-only folder the app runs as root *without*
``CAP_DAC_OVERRIDE`` (``setpriv``), so ``chmod a-w`` on the folder really stops its writes.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, flat, squash, tablekeeper_command, wait_for_file
from tests.faults.disk import without_dac_override
from tui.app.app import TablekeeperApp
from tui.session.campaign.model import Character
from tui.store import SaveError, demo_paths, is_locked, load, read_campaign

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "99"}


def broken_copy(folder: Path) -> tuple[Path, bytes, str]:
    """A demo copy whose ``adventure = 1`` became ``adventure = = 1``; its bytes; FILE:L:C."""
    save = folder / "brp.toml"
    text = DEMO_BRP.read_text(encoding="utf-8").replace("adventure = 1", "adventure = = 1", 1)
    save.write_text(text, encoding="utf-8")
    line = text.split("\n").index("adventure = = 1") + 1
    with pytest.raises(SaveError) as info:
        read_campaign(save)
    assert info.value.line == line and info.value.column == len("adventure = ") + 1
    return save, save.read_bytes(), f"{save.name}:{line}:{info.value.column}"


def test_syntax_error_is_located_and_file_untouched(tmp_path: Path) -> None:
    save, original, where = broken_copy(tmp_path)
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV)
        screen = term.wait_until(
            lambda s: "This save cannot be opened" in flat(s) and where in squash(s),
            what=f"the problem screen naming {where}",
        )
        assert "The file was not changed" in flat(screen)
        term.press("Enter")  # "Back to the campaign list": nothing is written either
        term.wait_for("choose a campaign")
        term.press("C-q")
        assert term.wait_exit() == 0
    assert save.read_bytes() == original
    # no log, no backup, no temp file, no lock file: nothing at all beside it
    names = sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".sock")
    assert names == ["brp.toml"]


async def test_syntax_error_problem_screen_pilot(tmp_path: Path) -> None:
    save, original, where = broken_copy(tmp_path)
    app = TablekeeperApp(save, rng=random.Random(1), saves_dir=tmp_path / "saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ProblemScreen"
        message = str(app.screen.query_one("#problem-message").render())
        assert f"{save}:{where.split(':', 1)[1]}" in message
        assert app.table is None and app.files.store is None  # nothing opened, nothing to save
        await pilot.press("ctrl+q")
    assert save.read_bytes() == original
    assert not is_locked(save)  # the failed open gave the writer's lock back


def alice(save: Path) -> Character:
    return load(save)[0].character("Alice Moore")


def test_folder_becomes_read_only(tmp_path: Path) -> None:
    prefix = without_dac_override()
    if prefix is None:
        pytest.fail(
            "cannot drop CAP_DAC_OVERRIDE with setpriv here, so chmod cannot make a "
            "folder read-only for root; the injected EACCES/EROFS cases in "
            "test_write_faults.py cover the app's side"
        )
    folder = tmp_path / "table"
    folder.mkdir()
    save = folder / "brp.toml"
    shutil.copy(DEMO_BRP, save)
    with Terminal(tmp_path) as term:
        term.start([*prefix, tablekeeper_command(), str(save)], env=ENV)
        term.wait_for("Alice Moore")
        term.type("alice spot hidden = 07")
        term.press("Enter")
        wait_for_file(lambda: alice(save).ticks == ("Spot Hidden",), what="the first roll saved")
        saved = save.read_bytes()

        folder.chmod(0o555)
        try:
            # a roll that changes the campaign (a tick), so the save must be replaced
            term.type("alice stealth = 33")
            term.press("Enter")
            # the log (a file that stays writable) takes the change; only the save lags
            term.wait_for("could not be updated", "Permission denied", "safe in brp.log.toml")
            assert alice(save).ticks == ("Spot Hidden", "Stealth")  # durable already
            term.type("boris listen")  # the app keeps running
            term.press("Enter")
            term.wait_for("Listen 50%:")
            assert save.read_bytes() == saved  # the save itself could not be replaced
        finally:
            folder.chmod(0o755)

        term.type("/hp boris -1")
        term.press("Enter")
        term.wait_for("Saved again")
        wait_for_file(lambda: len(load(save)[1]) == 4, what="every change on disk")
        term.press("C-q")
        assert term.wait_exit() == 0
    campaign, log = load(save)
    assert [e.seq for e in log] == [1, 2, 3, 4]
    assert campaign.character("Boris Ivanov").resources["HP"] == 12
    assert campaign.character("Alice Moore").ticks == ("Spot Hidden", "Stealth")
