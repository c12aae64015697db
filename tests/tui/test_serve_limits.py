"""``tablekeeper serve`` within bounds: a limit on watching tabs, a page that needs no outside
host, and a busy port said in one line."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.tui.conftest import DEMOS
from tui.cli.serve import PlayersServer, serve_main


def _server(max_viewers: int = 2) -> PlayersServer:
    return PlayersServer(
        DEMOS["brp"], host="127.0.0.1", port=0, token="t" * 43, max_viewers=max_viewers
    )


async def test_the_page_and_its_font_come_from_the_server_itself() -> None:
    server = _server()
    async with TestClient(TestServer(await server._make_app())) as client:
        page = await client.get("/?token=" + server.token)
        assert page.status == 200
        text = await page.text()
        own = f"{client.make_url('')}".rstrip("/")
        urls = re.findall(r"""(?:href|src)=["']([^"']+)["']|url\(['"]?([^'")]+)""", text)
        found = [a or b for a, b in urls]
        assert found, text[:500]
        outside = [u for u in found if "//" in u and not u.startswith(own)]
        assert outside == [], outside
        font = next(u for u in found if u.endswith(".ttf"))  # the font: still there, served here
        got = await client.get(font.removeprefix(own), cookies={"tablekeeper_token": server.token})
        assert got.status == 200


async def test_past_the_limit_a_tab_is_told_why_and_runs_nothing() -> None:
    server = _server(max_viewers=1)
    async with TestClient(TestServer(await server._make_app())) as client:
        server.viewers = 1  # one tab watching already
        page = await client.get("/?token=" + server.token)
        assert page.status == 503
        assert "--max-viewers" in await page.text()
        ws = await client.get("/ws?token=" + server.token)
        assert ws.status == 503
        server.viewers = 0
        assert (await client.get("/?token=" + server.token)).status == 200


def test_a_busy_port_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serve_main(DEMOS["brp"], host="127.0.0.1", port=port) == 2
    out = capsys.readouterr()
    assert out.out == ""  # no address printed for a server that never listened
    assert out.err.strip().splitlines() == [
        f"tablekeeper serve: port {port} is in use on 127.0.0.1; give another with --port"
    ]
