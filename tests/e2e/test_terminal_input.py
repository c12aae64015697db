"""Bytes from the terminal that are not UTF-8 never end the app.

Regression: one byte from a Latin-1 terminal (or line noise over SSH) raised
``UnicodeDecodeError`` in Textual's input thread and ended the app with a traceback.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command
from tests.tui.conftest import DEMOS
from tui.store import load

pytestmark = pytest.mark.e2e
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "3"}


def test_an_invalid_utf8_byte_is_replaced_and_the_app_goes_on(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], save)
    with Terminal(tmp_path) as term:
        term.start([tablekeeper_command(), str(save)], env=ENV)
        term.wait_for("Alice Moore")
        # Latin-1 "é!" and two bytes that are never UTF-8
        term._run("send-keys", "-t", term.name, "-H", "e9", "21", "ff", "fe")
        term.wait_for("no character matches '�!��'")  # replaced, and the app reads them
        term.press("Escape")
        term.wait_for("Tab completes")  # the entry is empty again (its placeholder shows)
        term.type("/hp alice -1")
        term.press("Enter")
        term.wait_for("Alice Moore HP 11 → 10")
        assert "Traceback" not in term.screen()
        term.press("C-q")
        assert term.wait_exit() == 0
    assert load(save)[0].character("Alice Moore").resources["HP"] == 10
