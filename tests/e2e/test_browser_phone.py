"""The players' view on a phone: headless Chromium at phone sizes, the installed
``tablekeeper serve``.

The page is textual-serve's: an xterm.js terminal that must fill the window exactly. Its
stylesheet (``xterm.css``, from this server's own static files) lays the terminal's four
canvases over each other and hides its input box; without it they stack down the page, the
page scrolls both ways and the view's footer (its last row) is out of sight. The test
measures the document and the terminal in the browser: nothing wider or taller than the
window, the terminal's screen inside it, and the footer's words received.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.e2e.browser import chrome
from tests.e2e.test_browser import RECORDER, Players, text_of
from tui.cli.serve import own_links
from tui.store import demo_paths

pytestmark = pytest.mark.e2e

DEMO = next(p for p in demo_paths() if p.name == "demo-strange.toml")
#: the page's sizes, measured once the terminal has drawn its first frame
MEASURE = """
const doc = document.documentElement;
const screen = document.querySelector('.xterm-screen');
const viewport = document.querySelector('.xterm-viewport');
const box = screen ? screen.getBoundingClientRect() : null;
return {
  scrollWidth: doc.scrollWidth, scrollHeight: doc.scrollHeight,
  innerWidth: window.innerWidth, innerHeight: window.innerHeight,
  screen: box && {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
  viewportOverflow: viewport ? viewport.scrollWidth - viewport.clientWidth : null,
  stylesheets: [...document.styleSheets].map(s => s.href).filter(Boolean),
};
"""


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)])
def test_a_phone_sees_the_whole_view_without_scrolling(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    save = tmp_path / "road.toml"
    shutil.copy(DEMO, save)
    served = Players(save, tmp_path)
    width, height = size
    driver = chrome(tmp_path, f"--window-size={width},{height}")
    try:
        driver.set_window_size(width, height)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORDER})
        driver.get(served.url)
        deadline = time.monotonic() + 30
        received = ""
        while time.monotonic() < deadline:  # the footer's words: the view has drawn whole
            received = text_of(str(driver.execute_script("return window.__received || ''")))
            if "read-only" in received and "Quit" in received:
                break
            time.sleep(0.05)
        else:
            pytest.fail(f"the players' view drew no footer within 30s:\n{received[-2000:]}")
        got = driver.execute_script(MEASURE)
        assert got["scrollWidth"] <= got["innerWidth"], got
        assert got["scrollHeight"] <= got["innerHeight"], got
        assert got["viewportOverflow"] is not None and got["viewportOverflow"] <= 0, got
        screen = got["screen"]
        assert screen is not None, got
        assert screen["left"] >= 0 and screen["right"] <= got["innerWidth"], got
        assert screen["top"] >= 0 and screen["bottom"] <= got["innerHeight"], got
        assert any(str(href).endswith("/static/css/xterm.css") for href in got["stylesheets"])
    finally:
        driver.quit()
        served.stop()


def test_only_other_hosts_stylesheets_are_replaced() -> None:
    """The page keeps this server's own stylesheet; a web font from another host becomes
    the same font from this server (the page needs no outside host)."""
    static = "http://127.0.0.1:8000/static/"
    page = (
        f'<link rel="stylesheet" href="{static}css/xterm.css" />\n'
        '<link\n  rel="stylesheet"\n  href="https://fonts.googleapis.com/css?family=Roboto"\n/>'
    )
    out = own_links(page, static)
    assert f'href="{static}css/xterm.css"' in out
    assert "googleapis" not in out
    assert f"url('{static}fonts/RobotoMono-VariableFont_wght.ttf')" in out
