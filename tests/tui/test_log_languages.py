"""One campaign, either language: a log written in English reads in Russian after reopening
(and back), because each entry keeps its facts; a log of an older version (text only) still
opens and shows its text."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.tui.conftest import DEMOS, log_text, rng
from tui import language as i18n
from tui.app.app import TablekeeperApp
from tui.screens.main import MainScreen

LINES = [
    "alice spot hidden hard = 05",
    "alice stealth = 25 vs boris listen = 05",
    "/note the door creaks",
]


async def _log_of(path: Path, lang: str, lines: list[str] = ()) -> str:  # type: ignore[assignment]
    i18n.set_language(lang)
    try:
        app = TablekeeperApp(path, rng=rng())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = app.screen
            assert isinstance(screen, MainScreen)
            screen._warm_up()
            for line in lines:
                screen.commit_line(line)
            await pilot.pause()
            return log_text(pilot)
    finally:
        i18n.set_language("en")


async def test_a_log_written_in_english_reads_in_russian_and_back(tmp_path: Path) -> None:
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    english = await _log_of(path, "en", LINES)
    assert "→ special success" in english and "Boris Ivanov wins" in english
    russian = await _log_of(path, "ru")
    assert "→ особый успех" in russian and "Сложный" not in russian
    assert "побеждает Boris Ivanov" in russian and "отметка опыта: Alice Moore" in russian
    assert "заметка: the door creaks" in russian  # the GM's words stay the GM's
    assert "special success" not in russian and "wins" not in russian
    assert await _log_of(path, "en") == english


async def test_a_log_in_russian_reads_in_english(tmp_path: Path) -> None:
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    russian = await _log_of(path, "ru", ["alice spot hidden сложно = 05", "/undo"])
    assert "отмена: Alice Moore" in russian
    english = await _log_of(path, "en")
    assert "undo: Alice Moore · Spot Hidden 60 hard → 30%: 05 → special success" in english


async def test_an_older_log_without_facts_still_opens_and_shows_its_text(tmp_path: Path) -> None:
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    await _log_of(path, "en", ["alice spot hidden = 07"])
    logs = [p for p in tmp_path.iterdir() if p.name.endswith(".log.toml")]
    assert len(logs) == 1
    text = logs[0].read_text(encoding="utf-8")
    assert "\nmsg = {" in text and "\neffect_msgs = [" in text
    old = "".join(
        ln
        for ln in text.splitlines(keepends=True)
        if not ln.startswith(("msg = ", "effect_msgs = "))
    )
    logs[0].write_text(old, encoding="utf-8")
    russian = await _log_of(path, "ru")
    assert "Alice Moore · Spot Hidden 60%: 07 → special success" in russian
