"""The campaign files controller on its own: a plain object, driven here through a fake host.

No Textual app runs: the host records what the controller asks of it (notifications,
dialogs, opening, leaving), so each answer of the controller is checked directly.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from textual.notifications import SeverityLevel

from tests.tui.conftest import DEMOS
from tui.app.files import CampaignFiles
from tui.store import ConflictError, WriteError, load, log_path

Chosen = Callable[[str | None], None]


class Host:
    """A stand-in for the app: every request is written down."""

    def __init__(self) -> None:
        self.said: list[tuple[str, SeverityLevel]] = []
        self.asked: list[tuple[str, list[str], Chosen]] = []
        self.calls: list[tuple[object, ...]] = []
        self.files: CampaignFiles | None = None

    def say(
        self, message: str, *, severity: SeverityLevel = "information", timeout: float = 10
    ) -> None:
        self.said.append((message, severity))

    def clear_notifications(self) -> None:
        self.calls.append(("clear",))

    def ask(self, title: str, message: str, choices: list[tuple[str, str]], chosen: Chosen) -> None:
        self.asked.append((title, [key for key, _label in choices], chosen))

    def on_ui_thread(self, call: Callable[[], None]) -> None:
        call()

    def open_campaign(self, path: Path, *, read_only: bool = False) -> None:
        self.calls.append(("open", path, read_only))

    def show_picker(self) -> None:
        self.calls.append(("picker",))

    def saving_changed(self) -> None:
        self.calls.append(("saving",))

    def leave_campaign(self) -> None:
        self.calls.append(("leave",))
        if self.files is not None:
            self.files.close()

    def exit(self) -> None:
        self.calls.append(("exit",))


def files_with_host() -> tuple[CampaignFiles, Host]:
    host = Host()
    files = CampaignFiles(host, rng=random.Random(7))
    host.files = files
    return files, host


def test_the_controller_loads_no_textual() -> None:
    code = "import sys, tui.app.files; print(sorted({'textual', 'rich'} & set(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_a_save_that_does_not_parse_asks_and_each_choice_does_its_thing(tmp_path: Path) -> None:
    save = tmp_path / "broken.toml"
    save.write_text("this is = = not toml", encoding="utf-8")
    files, host = files_with_host()
    assert files.open(save) is None
    assert files.store is None
    [(title, keys, chosen)] = host.asked
    assert title == "This save cannot be opened"
    assert keys == ["back", "quit"]  # no backup exists, so none is offered
    chosen("back")
    chosen(None)  # Escape
    chosen("quit")
    assert host.calls == [("picker",), ("picker",), ("exit",)]
    assert save.read_text(encoding="utf-8") == "this is = = not toml"


def test_an_opened_campaign_is_autosaved_and_close_releases_it(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    save.write_bytes(DEMOS["brp"].read_bytes())
    files, host = files_with_host()
    table = files.open(save)
    assert table is not None and files.store is not None and files.autosaver is not None
    assert files.log_path == log_path(save.resolve()) and files.save_file == save.resolve()
    before = table.campaign.character("Alice Moore").resources["HP"]
    assert table.submit("/hp alice -1").ok
    files.flush()
    files.close()
    assert files.store is None and files.autosaver is None and files.log_path is None
    campaign, _log = load(save)
    assert campaign.character("Alice Moore").resources["HP"] == before - 1
    assert host.asked == []


def test_a_failed_write_is_said_kept_and_cleared_once_writes_work(tmp_path: Path) -> None:
    files, host = files_with_host()
    files.save_report(WriteError(tmp_path / "x.toml", "disk full"), False)
    assert "disk full" in files.save_problem and not files.checkpoint_problem
    text, severity = host.said[-1]
    assert severity == "error" and "kept in memory" in text
    files.save_report(WriteError(tmp_path / "x.toml", "still full"), True)
    text, severity = host.said[-1]
    assert "still full" in files.checkpoint_problem and severity == "warning"
    files.save_report(None, False)
    assert not files.save_problem and files.checkpoint_problem  # the save file still lags
    assert not any("Saved again" in text for text, _severity in host.said)
    files.save_report(None, True)
    assert not files.checkpoint_problem
    assert host.said[-1] == ("Saved again: everything is on disk.", "information")


def test_after_the_quit_warning_a_failure_is_kept_but_not_said(tmp_path: Path) -> None:
    files, host = files_with_host()
    files.quit_warned = True
    files.save_report(WriteError(tmp_path / "x.toml", "disk full"), False)
    assert files.save_problem and host.said == []


def test_an_outside_edit_stops_writing_saves_beside_and_offers_reload(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    save.write_bytes(DEMOS["brp"].read_bytes())
    files, host = files_with_host()
    assert files.open(save) is not None
    files.save_report(ConflictError(save, "was changed outside Tablekeeper"), False)
    assert ("leave",) in host.calls and files.store is None
    [(title, keys, chosen)] = host.asked
    assert title == "The save changed outside Tablekeeper"
    assert keys == ["reload", "beside", "quit"]
    [beside] = [p for p in tmp_path.iterdir() if ".conflict-" in p.name]
    chosen("reload")
    chosen("beside")
    assert host.calls[-2:] == [("open", save, False), ("open", beside, False)]
