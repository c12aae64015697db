"""A player starts their own roll on their page, in headless Chromium on a phone-sized
window, and the GM's app (in tmux) takes it, refuses it, or turns rolling off.

The GM's Tablekeeper runs in tmux (80×24); ``tablekeeper serve`` runs on a free loopback
port and prints Alice's link; Chromium opens it 412 pixels wide. The page must never scroll
sideways; it picks Spot Hidden, adds ``hard`` and shows the odds the GM's preview shows;
dice out of range are refused with the reason; a roll waits on the GM's screen until Enter
takes it, and the result is pushed to the page; a second pending roll is refused; a roll
the GM refuses shows the reason; the option "off" hides the form. A second test serves
the page in Russian (``--lang ru``) on a 360-pixel screen.
"""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.browser import Served, chrome
from tests.e2e.term import Terminal
from tests.e2e.test_player_page import DEMO, ENV, link
from tests.seeds import ROOT

pytestmark = pytest.mark.e2e


@pytest.fixture
def save(tmp_path: Path) -> Path:
    target = tmp_path / "house.toml"
    shutil.copy(DEMO, target)
    return target


@pytest.fixture
def gm(save: Path, tmp_path: Path) -> Iterator[Terminal]:
    with Terminal(tmp_path) as term:
        term.start([sys.executable, "-m", "tui", str(save)], env=ENV, cwd=tmp_path)
        term.wait_for("The Whispering House", "Alice Moore", timeout=20)
        yield term


def served(save: Path, folder: Path, *flags: str) -> Served:
    return Served([sys.executable, "-m", "tui", *flags], save, folder, {"PYTHONPATH": str(ROOT)})


class Page:
    """The driver, and waiting for a state of the page."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def wait(self, test: str, what: str, timeout: float = 10) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.driver.execute_script(test)
            if found:
                return found
            time.sleep(0.02)
        source = self.driver.page_source[-3000:]
        pytest.fail(f"{what} not on the page within {timeout}s:\n{source}")

    def said(self) -> str:
        return str(
            self.driver.execute_script("return document.getElementById('own-said').textContent")
        )

    def no_sideways_scroll(self) -> None:
        wide = self.driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert wide[0] <= wide[1], wide

    def roll(self, skill: str, modifiers: str = "", dice: str = "") -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        Select(self.driver.find_element(By.ID, "own-skill")).select_by_value(skill)
        mods = self.driver.find_element(By.ID, "own-mods")
        mods.clear()
        if modifiers:
            mods.send_keys(modifiers)
        field = self.driver.find_element(By.ID, "own-dice")
        field.clear()
        field.send_keys(dice)
        button = "own-enter" if dice else "own-roll"
        self.driver.find_element(By.ID, button).click()


def test_a_player_starts_a_roll_and_the_gm_takes_or_refuses_it(
    save: Path, gm: Terminal, tmp_path: Path
) -> None:
    server = served(save, tmp_path)
    driver = chrome(tmp_path, "--window-size=412,900")  # a phone held upright
    page = Page(driver)
    try:
        driver.get(link(server, "Alice Moore"))
        page.wait(
            "return [...document.querySelectorAll('#own-skill option')].length > 5",
            "the character's skills and characteristics",
        )
        page.no_sideways_scroll()
        options = driver.execute_script(
            "return [...document.querySelectorAll('#own-skill option')].map(o => o.value)"
        )
        assert {"Spot Hidden", "Stealth", "STR", "POW"} <= set(options)
        page.roll("Spot Hidden", "hard", "101")  # a d100 reads 1..100: refused, one line
        page.wait(
            "return document.querySelector('#own-said.bad')?.textContent.length > 0",
            "the refusal of dice out of range",
        )
        assert "101" in page.said() or "100" in page.said()
        odds = page.wait(
            "return document.getElementById('own-odds').textContent.includes('30%') &&"
            " document.getElementById('own-odds').textContent",
            "the odds with 'hard'",
        )
        assert "Spot Hidden 60 hard → 30%" in odds and "failure 66%" in odds  # as the GM's
        page.roll("Spot Hidden", "hard", "34")
        gm.wait_for("waits:")  # the pending line, on the GM's scene panel
        page.wait(
            "return document.getElementById('own-said').textContent.includes('30%')", "pending"
        )
        page.roll("Stealth", "", "10")  # a second one while the first waits: refused
        page.wait("return document.querySelector('#own-said.bad')", "the second roll's refusal")
        gm.press("Enter")  # Enter on the empty roll entry takes the oldest pending roll
        start = time.monotonic()
        gm.wait_for("34 → failure", "entered by the player")
        page.wait(
            "return document.querySelector('#results li')?.textContent.includes('34 → failure')",
            "the result, pushed",
        )
        print(f"phone: the result showed on the page {time.monotonic() - start:.2f}s after Enter")
        gm.wait_gone("waits:")
        page.roll("Stealth", "", "")  # roll for me
        gm.wait_for("waits:")
        gm.type("/refuse you are in plain sight")
        gm.press("Enter")
        page.wait(
            "return document.querySelector('#results li')?.textContent.includes('plain sight')",
            "the refusal's reason",
        )
        gm.type("/players-roll off")
        gm.press("Enter")
        page.wait("return document.getElementById('own').hidden", "the form hidden")
        assert driver.find_element("id", "own-off").is_displayed()
        page.no_sideways_scroll()
    finally:
        driver.quit()
        server.stop()


def test_the_page_speaks_the_gms_language_on_a_small_phone(
    save: Path, gm: Terminal, tmp_path: Path
) -> None:
    server = served(save, tmp_path, "--lang", "ru")
    driver = chrome(tmp_path, "--window-size=360,740")
    page = Page(driver)
    try:
        driver.get(link(server, "Alice Moore"))
        page.wait("return document.querySelectorAll('#own-skill option').length", "the skills")
        assert driver.execute_script("return document.documentElement.lang") == "ru"
        assert driver.find_element("id", "own-title").text.casefold() == "свой бросок"
        assert driver.find_element("id", "own-roll").text == "Бросьте за меня"
        page.no_sideways_scroll()
        page.roll("Spot Hidden", "x", "5")
        page.wait("return document.querySelector('#own-said.bad')", "the refusal")
        assert any("а" <= ch <= "я" for ch in page.said().casefold()), page.said()
    finally:
        driver.quit()
        server.stop()
