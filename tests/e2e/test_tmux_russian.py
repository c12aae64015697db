"""The installed ``tablekeeper`` in Russian in a real terminal (tmux, 80×24): chosen by the
locale, a roll typed with the seed's words, undo, and the same log read in English.

Everything is read back with ``capture-pane``, as a Russian-speaking GM would see it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, tablekeeper_command, wait_for_file
from tui.store import demo_paths, load

pytestmark = pytest.mark.e2e

DEMO_BRP = next(p for p in demo_paths() if p.name == "demo-brp.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "20261130"}


def test_a_russian_session_by_the_locale_then_read_in_english(tmp_path: Path) -> None:
    save = tmp_path / "brp.toml"
    shutil.copy(DEMO_BRP, save)
    config = tmp_path / "config.toml"
    config.write_text("", encoding="utf-8")  # no language in the config: the locale decides
    command = [tablekeeper_command(), "--config", str(config), str(save)]
    russian = {**ENV, "LANG": "ru_RU.UTF-8", "LC_ALL": ""}

    with Terminal(tmp_path) as term:
        term.start(command, env=russian, cwd=tmp_path)
        term.wait_for("Отряд", "Журнал", "приключение 1")
        term.wait_for("Бросков ещё не было")
        term.wait_for("f1 Справка")

        term.type("alice spot hidden сложно")
        term.wait_for("Spot Hidden 60 сложный → 30%", "особый успех")
        term.type(" = 05")
        term.press("Enter")
        term.wait_for("05 → особый успех", "отметка опыта: Alice Moore")
        wait_for_file(lambda: len(load(save)[1]) == 1, what="the roll in the log")
        assert load(save)[1][0].inputs["difficulty"] == "hard"  # the system's own word

        term.type("/scene Засада")
        term.press("Enter")
        term.wait_for("сцена Засада (активная)", "раунд 1")
        term.press("C-z")
        term.wait_for("отмена: сцена Засада")
        term.press("C-q")
        assert term.wait_exit() == 0

    with Terminal(tmp_path, name="english") as term:
        term.start([*command[:-1], "--lang", "en", str(save)], env=russian, cwd=tmp_path)
        term.wait_for("Party", "Log")
        term.wait_for("Spot Hidden 60 hard → 30%: 05 → special success")
        term.wait_for("undo: scene Засада (active)")
        term.press("C-q")
        assert term.wait_exit() == 0
