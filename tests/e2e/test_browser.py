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

import random
import re
import shutil
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.browser import Served, chrome
from tests.e2e.term import tablekeeper_command
from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import Store, demo_paths

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-strange.toml")
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


class Players(Served):
    """The installed ``tablekeeper serve SAVE``, and the players' view URL it prints."""

    def __init__(self, save: Path, folder: Path) -> None:
        super().__init__([tablekeeper_command()], save, folder)
        self.url = self.printed(r"http://127\.0\.0\.1:\d+/\?token=[\w-]+", "URL")[0]


@pytest.fixture
def save(tmp_path: Path) -> Path:
    target = tmp_path / "road.toml"
    shutil.copy(DEMO, target)
    return target


@pytest.fixture
def served(save: Path, tmp_path: Path) -> Iterator[Players]:
    server = Players(save, tmp_path)
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


def test_requests_without_the_token_are_refused(served: Players) -> None:
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
    save: Path, served: Players, tmp_path: Path
) -> None:
    driver = chrome(tmp_path)
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
