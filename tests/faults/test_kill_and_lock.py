"""The real command in tmux: SIGKILL mid-session, and a second instance on the same save.

Both drive the installed ``tablekeeper`` in a pty. The app's pid is read from the save's lock
file (the lock holder writes it there), so the kill hits exactly the app, not the shell.
"""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tui.store import demo_paths, load, lock_path, read_campaign

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "4242"}

# (line typed, phrase that shows it was committed: the result, not the live preview)
COMMITS = [
    ("alice spot hidden = 07", "Spot Hidden 60%: 07 →"),
    ("boris listen", "Listen 50%:"),
    ("alice stealth = 33", "Stealth 40%: 33 →"),
    ("boris teach", "Teach 60%:"),
    ("/hp alice -2", "Alice Moore HP 11 → 9/11"),
]


def copy_demo(folder: Path) -> Path:
    save = folder / "brp.toml"
    shutil.copy(DEMO_BRP, save)
    return save


def app_pid(save: Path) -> int:
    return int(lock_path(save).read_text().split()[0])


def test_sigkill_mid_session_keeps_every_committed_roll(tmp_path: Path) -> None:
    save = copy_demo(tmp_path)
    command = [tablekeeper_command(), str(save)]
    with Terminal(tmp_path) as term:
        term.start(command, env=ENV)
        term.wait_for("Alice Moore")
        for line, shown in COMMITS:
            term.type(line)
            term.press("Enter")
            term.wait_for(shown)
        # no waiting for the disk: the GM saw the last change, now the process dies
        os.kill(app_pid(save), signal.SIGKILL)
        assert term.wait_exit() == 128 + signal.SIGKILL

    campaign, log = load(save)
    assert [e.seq for e in log] == [1, 2, 3, 4, 5]
    assert [e.inputs.get("source") for e in log[:4]] == ["typed", "rolled", "typed", "rolled"]
    alice = campaign.character("Alice Moore")
    assert alice.resources["HP"] == 9
    assert alice.ticks == ("Spot Hidden", "Stealth")

    # the kernel dropped the lock with the process: reopening writes normally
    with Terminal(tmp_path, name="again") as term:
        term.start(command, env=ENV)
        term.wait_for("Alice Moore HP 11 → 9/11")  # the newest log entries are on screen
        assert "PLAYERS' VIEW" not in term.screen()
        term.type("boris spot hidden = 10")
        term.press("Enter")
        term.wait_for("Spot Hidden 45%: 10 →")
        term.press("C-q")
        assert term.wait_exit() == 0
    assert [e.seq for e in load(save)[1]] == [1, 2, 3, 4, 5, 6]


def test_second_instance_gets_lock_message_and_read_only(tmp_path: Path) -> None:
    save = copy_demo(tmp_path)
    command = [tablekeeper_command(), str(save)]
    with Terminal(tmp_path, name="first") as first:
        first.start(command, env=ENV)
        first.wait_for("Alice Moore")
        first.type("alice spot hidden = 07")
        first.press("Enter")
        first.wait_for("07 → special success")
        wait_for_file(
            lambda: read_campaign(save).character("Alice Moore").ticks == ("Spot Hidden",),
            what="the first roll checkpointed into the save (the log has it first)",
        )
        pid = app_pid(save)
        files = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.suffix != ".sock"}

        with Terminal(tmp_path, name="second") as second:
            second.start(command, env=ENV)
            second.wait_for("Campaign already open", f"Tablekeeper (process {pid})")
            second.wait_for("Open read-only (player view)")
            second.press("Enter")  # the first choice: read-only
            second.wait_for("PLAYERS' VIEW", "07 → special success")
            second.type("alice stealth = 10")
            second.press("Enter")
            second.wait_for("read-only player view: nothing can change")
            second.press("C-q")
            assert second.wait_exit() == 0
        after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.suffix != ".sock"}
        assert after == files  # the read-only instance wrote nothing
        assert app_pid(save) == pid  # and left the writer's lock alone

        first.type("boris listen")
        first.press("Enter")
        first.wait_for("Listen 50%:")
        wait_for_file(lambda: len(load(save)[1]) == 2, what="the writer still saving")
        first.press("C-q")
        assert first.wait_exit() == 0
