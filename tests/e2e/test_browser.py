"""The players' view in a real browser: ``tablekeeper serve`` and headless Chromium.

The installed ``tablekeeper serve`` runs on a free loopback port; Debian's ``chromium`` with
``chromium-driver`` is driven by ``selenium`` (offline: no updates, no sync, a fresh
profile). The page draws the terminal on a canvas, so the test reads what the browser
*received*: a script added before the page loads records every byte the page's websocket
delivers (the terminal output of the players' view), and the test strips the escapes and
looks for text in it. The GM is a store and table in the test process, recording as the app
does. A request without the token (the page, the static files, the websocket) gets 403.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.sshd import free_port
from tests.e2e.term import require_tool, tablekeeper_command
from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import Store, demo_paths

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-strange.toml")
CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,900",
)
#: Wraps the page's WebSocket so the test can read the terminal output it receives.
RECORDER = """
(() => {
  const Native = window.WebSocket;
  const decoder = new TextDecoder("utf-8");
  window.__received = "";
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (event.data instanceof ArrayBuffer) {
        window.__received += decoder.decode(new Uint8Array(event.data), {stream: true});
      } else if (typeof event.data === "string") {
        window.__received += event.data;
      }
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
})();
"""
_ESC = re.compile(r"\x1b(\[[0-9;?:<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|.)")


def text_of(received: str) -> str:
    return _ESC.sub("", received)


class Served:
    """``tablekeeper serve SAVE`` on a free port; its URL from what it prints."""

    def __init__(self, save: Path, folder: Path) -> None:
        self.port = free_port()
        self.log = (folder / "serve.out").open("w+b")
        self.process = subprocess.Popen(
            [tablekeeper_command(), "serve", str(save), "--port", str(self.port)],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=folder,
        )
        self.url = self._wait_url()

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")

    def _wait_url(self) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = re.search(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", self.output())
            if found:
                return found[0]
            if self.process.poll() is not None:
                pytest.fail(f"tablekeeper serve exited:\n{self.output()}")
            time.sleep(0.05)
        pytest.fail(f"tablekeeper serve printed no URL:\n{self.output()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.log.close()


@pytest.fixture
def save(tmp_path: Path) -> Path:
    target = tmp_path / "road.toml"
    shutil.copy(DEMO, target)
    return target


@pytest.fixture
def served(save: Path, tmp_path: Path) -> Iterator[Served]:
    server = Served(save, tmp_path)
    try:
        yield server
    finally:
        server.stop()


def status(url: str, cookie: str = "") -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


def test_requests_without_the_token_are_refused(served: Served) -> None:
    base = f"http://127.0.0.1:{served.port}"
    token = served.url.split("token=", 1)[1]
    assert status(served.url) == 200
    for path in (
        "/",
        "/ws",
        "/static/js/textual.js",
        "/download/x",
        "/?token=" + "x" * 43,
        f"/?token={token[:-1]}",
    ):
        assert status(base + path) == 403, path
    assert status(base + "/static/js/textual.js", cookie=f"tablekeeper_token={token}") == 200
    assert status(base + "/static/js/textual.js", cookie="tablekeeper_token=nope") == 403


def test_the_browser_shows_the_party_then_the_gms_roll_and_never_the_hidden_npc(
    save: Path, served: Served, tmp_path: Path
) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = require_tool("chromium", "/usr/bin/chromium")
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chrome-profile'}")
    service = Service(
        require_tool("chromedriver", "/usr/bin/chromedriver"),
        env={**os.environ, "HOME": str(tmp_path)},
    )
    driver = webdriver.Chrome(options=options, service=service)
    writer = Store.open(save)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})

        def received() -> str:
            return text_of(str(driver.execute_script("return window.__received || ''")))

        def wait_for(phrase: str, timeout: float) -> float:
            start = time.monotonic()
            while time.monotonic() - start < timeout:
                if phrase in received():
                    return time.monotonic() - start
                time.sleep(0.05)
            pytest.fail(
                f"{phrase!r} not shown in the browser within {timeout}s; it got:\n"
                f"{received()[-3000:]}"
            )

        driver.get(served.url.replace("token=", "token=wrong"))
        assert "403" in driver.page_source
        driver.get(served.url)
        wait_for("Кирма", timeout=30)  # the party, once the view has started
        wait_for("PLAYERS' VIEW", timeout=5)

        table = open_table(
            Session(writer.campaign, writer.log, last_seq=writer.log_count), rng=random.Random(2)
        )
        table.session.subscribe(writer.record)
        assert table.submit("orc danger = 1 2 3 4 range=2,5").ok  # the GM-only NPC acts
        assert table.submit("kirma riding = 1 2 3 4 range=1,6").ok
        seen = wait_for("Верховая езда", timeout=5)
        time.sleep(0.5)
        everything = received()
        for secret in ("Ог'лай", "Og'lai", "danger"):
            assert secret not in everything, secret
        print(f"browser: the GM's roll showed {seen:.2f}s after it was recorded")
    finally:
        writer.close()
        driver.quit()
