"""Copying over SSH inside tmux (issue 37): the app's OSC 52 copies become tmux paste buffers.

The GM's setup as the README gives it: tmux with ``set -g set-clipboard on`` (its only config
line), an SSH login in it (the local ``sshd`` of :mod:`tests.e2e.sshd`), the app in the login.
alt+c copies the last result, ctrl+l Up Enter a selected log line, alt+l (nothing selected)
the newest line; each arrives as the newest paste buffer, read back with ``tmux
show-buffer``. With tmux's defaults (``set-clipboard external``) the same copy makes no
buffer: the config line is what it takes (``allow-passthrough`` and ``terminal-features``
play no part in it). The login runs this checkout's code (``PYTHONPATH``), whatever is
installed.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.sshd import Sshd, remote_command
from tests.e2e.term import Terminal, wait_for_file
from tests.seeds import ROOT
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
#: the one line a GM adds to ~/.tmux.conf (README, "Copying")
TMUX_CONF = "set -g set-clipboard on"
ENV = {"TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
_STAMP = re.compile(r"^\d\d:\d\d ")


def wait_buffer(term: Terminal, test: Callable[[str], bool], what: str) -> str:
    """The newest paste buffer once ``test`` holds for it (polled, never a fixed sleep)."""
    found: list[str] = []

    def arrived() -> bool:
        buffer = term.paste_buffer()
        found[:] = [buffer or ""]
        return buffer is not None and test(buffer)

    wait_for_file(arrived, what=what)
    return found[0]


def start(term: Terminal, sshd: Sshd, tmp_path: Path) -> Path:
    save = tmp_path / "table.toml"
    shutil.copy(DEMO_BRP, save)
    term.start(sshd.ssh_argv(remote_command(tmp_path, save, ENV)), env=ENV, cwd=tmp_path)
    term.wait_for("The Whispering House", "Alice Moore", timeout=20)
    return save


def test_copies_over_ssh_arrive_as_tmux_paste_buffers(sshd: Sshd, tmp_path: Path) -> None:
    with Terminal(tmp_path, width=100, height=30, config=[TMUX_CONF]) as term:
        save = start(term, sshd, tmp_path)
        assert term.server_option("set-clipboard") == "on"
        assert term.paste_buffer() is None

        term.type("alice spot hidden = 07")
        term.press("Enter")
        term.wait_for("07 → special success")
        wait_for_file(lambda: len(load(save)[1]) == 1, what="the roll in the save")
        result = load(save)[1][-1].text
        term.press("M-c")  # alt+c: the last result, with its effects as the log shows them
        copied = wait_buffer(term, lambda b: b != "", "the last result")
        assert copied.startswith(result + "  ⟶ "), copied
        assert result == "Alice Moore · Spot Hidden 60%: 07 → special success"

        term.type("boris listen = 42")
        term.press("Enter")
        term.wait_for("Boris Ivanov · Listen 50%: 42")
        term.press("C-l")  # into the log: the newest highlighted
        term.press("Up")  # the roll before it
        term.press("Enter")  # copied
        line = wait_buffer(term, lambda b: b != copied, "the selected log line")
        assert _STAMP.match(line), line
        assert line[6:].startswith(result + "  ⟶ "), line  # as the log shows it, effects too
        assert "Boris" not in line
        term.wait_for("Copied the log line:")

        term.press("Escape")  # back to the entry, nothing selected ...
        term.press("M-l")  # ... so alt+l copies the newest line and says so
        newest = wait_buffer(term, lambda b: "Boris" in b, "the newest log line")
        assert _STAMP.match(newest) and "Boris Ivanov · Listen 50%: 42" in newest, newest
        term.wait_for("(none selected)")

        term.press("C-q")
        assert term.wait_exit(timeout=15) == 0


def test_without_set_clipboard_on_tmux_keeps_no_copy(sshd: Sshd, tmp_path: Path) -> None:
    """tmux's default (``external``) ignores an application's OSC 52: the notice shows (the
    sequence went out before it), no buffer is made."""
    with Terminal(tmp_path, width=100, height=30) as term:
        start(term, sshd, tmp_path)
        assert term.server_option("set-clipboard") == "external"
        term.type("alice spot hidden = 07")
        term.press("Enter")
        term.wait_for("07 → special success")
        term.press("M-c")
        term.wait_for("Copied the last result:")
        assert term.paste_buffer() is None
        term.press("C-q")
        assert term.wait_exit(timeout=15) == 0
