"""A player answers from their own page, in headless Chromium, and the GM's app logs it.

The GM's Tablekeeper runs in tmux (80×24) and asks Alice for a roll; ``tablekeeper serve``
runs on a free loopback port and prints Alice's link; Chromium (Debian's ``chromium`` with
``chromium-driver``, driven by ``selenium``, offline) opens it, sees the request with its
odds, types the dice and presses Enter; the page shows the result and the GM's log shows the
roll, "entered by the player". Both programs run from this checkout (``python -m tui``).
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.browser import Served, chrome
from tests.e2e.term import Terminal
from tests.seeds import ROOT
from tui.store import demo_paths

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-brp.toml")
ENV = {"TERM": "xterm-256color", "TABLEKEEPER_SEED": "20261130", "PYTHONPATH": str(ROOT)}


def served(save: Path, folder: Path) -> Served:
    """``python -m tui serve SAVE`` from this checkout."""
    return Served([sys.executable, "-m", "tui"], save, folder, {"PYTHONPATH": str(ROOT)})


def link(server: Served, name: str) -> str:
    pattern = re.escape(name) + r": (http://127\.0\.0\.1:\d+/p/[\w-]+)"
    return server.printed(pattern, f"link for {name}")[1]


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


def test_a_player_types_dice_on_their_page_and_the_gm_logs_the_roll(
    save: Path, gm: Terminal, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    gm.type("/ask alice spot hidden hard")
    gm.press("Enter")
    gm.wait_for("asked:")
    server = served(save, tmp_path)
    driver = chrome(tmp_path, "--window-size=412,900")  # a phone held upright
    try:
        alice = link(server, "Alice Moore")
        assert link(server, "Boris Ivanov") != alice

        def wait(test: str, what: str, timeout: float = 10) -> object:
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                found = driver.execute_script(test)
                if found:
                    return found
                time.sleep(0.05)
            pytest.fail(f"{what} not on the page within {timeout}s:\n{driver.page_source[-3000:]}")

        driver.get(alice[:-1] + ("x" if alice[-1] != "x" else "y"))
        assert "403" in driver.page_source
        driver.get(alice)
        wait("return document.querySelector('.request input[name=dice]')", "the request")
        odds = driver.find_element(By.CSS_SELECTOR, ".request .odds").text
        assert "Spot Hidden 60 hard → 30%" in odds and "failure 66%" in odds
        assert "Alice Moore" in driver.find_element(By.ID, "sheet").text
        field = driver.find_element(By.CSS_SELECTOR, ".request input[name=dice]")
        field.send_keys("3 4")  # two dice for a d100 roll: refused with the reason
        driver.find_element(By.CSS_SELECTOR, ".request button.enter").click()
        wait(
            "return document.querySelector('.said.bad')?.textContent.includes('expected 1 die')",
            "the refusal",
        )
        field.clear()
        field.send_keys("34")
        start = time.monotonic()
        driver.find_element(By.CSS_SELECTOR, ".request button.enter").click()
        wait(
            "return document.querySelector('#results li')?.textContent.includes('34 → failure')",
            "the result",
        )
        took = time.monotonic() - start
        wait("return !document.querySelector('.request')", "the request to close")
        gm.wait_for("34 → failure", "entered by the player")
        gm.wait_gone("asked:")
        print(f"phone: the result showed on the page {took:.2f}s after Enter")
    finally:
        driver.quit()
        server.stop()
