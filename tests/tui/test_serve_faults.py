"""``tablekeeper serve`` against a hostile client: every fault is a status, never a traceback,
and no log line holds a token.

Raw sockets speak to aiohttp's test server where a client library would refuse to misbehave
(a body cut short, a ``Content-Length`` that lies, a ``Host`` header that is no host).
"""

from __future__ import annotations

import asyncio
import logging
import sys

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient

from tests.tui.test_player_pages import Served, Table_, client, gm, link
from tui.cli import player_pages
from tui.cli.serve import _OneLine, quiet_logging, redact

__all__ = ["client", "gm"]  # the fixtures, imported to be used here

Http = TestClient[web.Request, web.Application]


async def _raw(http: Http, data: bytes, *, shut: bool = True) -> bytes:
    """Send ``data`` on a connection of its own; what comes back until the server closes
    (``shut``: the client's side closed first, as a client that gives up)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", http.port)
    writer.write(data)
    await writer.drain()
    if shut:
        writer.write_eof()
    got = await reader.read()
    writer.close()
    return got


def _faults(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]


async def test_bodies_cut_short_are_answered_without_a_traceback_and_stall_nothing(
    client: Served, caplog: pytest.LogCaptureFixture
) -> None:
    http, pages = client
    caplog.set_level(logging.INFO)
    path = link(pages, "Alice Moore") + "/answer"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        "Content-Length: 10000\r\n\r\nrequest=abc"
    ).encode()
    got = await asyncio.gather(*(_raw(http, head) for _ in range(10)))
    for answer in got:  # each was told, or the connection closed: never a hang, nor a 500
        assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer[:80]
    page = await http.get(link(pages, "Alice Moore") + "/requests.json")
    assert page.status == 200
    assert _faults(caplog) == []


async def test_a_body_past_the_limit_is_413_before_it_is_read(client: Served) -> None:
    http, pages = client
    path = link(pages, "Alice Moore") + "/answer"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {player_pages.ANSWER_LIMIT + 1}\r\nConnection: close\r\n\r\n"
    ).encode()
    got = await _raw(http, head, shut=False)  # no byte of the body is sent: none is awaited
    assert got.startswith(b"HTTP/1.1 413"), got[:80]


async def test_a_body_that_stops_coming_is_400_after_its_time(
    client: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    http, pages = client
    monkeypatch.setattr(player_pages, "BODY_SECONDS", 0.05)
    path = link(pages, "Alice Moore") + "/answer"
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\nConnection: close\r\n\r\n{"
    ).encode()
    got = await _raw(http, head, shut=False)  # the connection stays open, the body never ends
    assert got.startswith(b"HTTP/1.1 400"), got[:80]


@pytest.mark.parametrize("depth", [3, 1000, 100_000])
async def test_json_nested_deep_is_400_before_it_is_parsed(
    gm: Table_, client: Served, caplog: pytest.LogCaptureFixture, depth: int
) -> None:
    http, pages = client
    ident = gm.ask("/ask alice spot hidden")
    body = '{"request": "' + ident + '", "dice": ' + "[" * depth + "]" * depth + "}"
    got = await http.post(
        link(pages, "Alice Moore") + "/answer",
        data=body.encode(),
        headers={"Content-Type": "application/json"},
    )
    assert got.status in (400, 413), await got.text()
    assert _faults(caplog) == []


async def test_ws_without_upgrade_gets_400(
    client: Served, caplog: pytest.LogCaptureFixture
) -> None:
    http, _pages = client
    got = await http.get("/ws?token=" + "t" * 43)
    assert got.status == 400
    assert "Upgrade" in await got.text()
    assert _faults(caplog) == []


@pytest.mark.parametrize(
    "host",
    [
        'evil"></script><script>alert(1)</script>',
        "x y",
        "a\\b:1",
        "[::1",
        "",
    ],
)
async def test_the_index_page_never_writes_a_host_header_that_is_no_host(
    client: Served, host: str
) -> None:
    http, _pages = client
    request = f"GET /?token={'t' * 43} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    got = (await _raw(http, request.encode("latin-1"), shut=False)).decode("utf-8", "replace")
    assert got.startswith("HTTP/1.1 200"), got[:80]
    if host:
        assert host not in got
    assert "ws://127.0.0.1:" in got  # the server's own address instead


async def test_a_host_header_that_is_a_host_is_followed(client: Served) -> None:
    http, _pages = client
    got = await http.get("/?token=" + "t" * 43, headers={"Host": "table.local:8000"})
    assert "ws://table.local:8000/ws" in await got.text()


async def test_a_fault_of_ours_is_500_and_one_line(
    client: Served, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    http, pages = client

    def broken(who: str) -> dict[str, object]:
        raise KeyError("the state broke")

    monkeypatch.setattr(pages, "state", broken)
    got = await http.get(link(pages, "Alice Moore") + "/requests.json")
    assert got.status == 500
    assert "KeyError" not in await got.text()
    (record,) = _faults(caplog)
    line = _OneLine().format(record)
    assert "\n" not in line and "Traceback" not in line and "KeyError" in line
    assert pages.tokens["Alice Moore"] not in line


def test_a_log_line_holds_no_token_and_no_escape() -> None:
    secret = "Kqz7RO46nlHOxK-gFeHCVYI8K2Uz4wbs"
    try:
        raise ConnectionResetError(f"lost /p/{secret}/answer")
    except ConnectionResetError:
        record = logging.LogRecord(
            "aiohttp.server",
            logging.ERROR,
            __file__,
            1,
            "Error handling %s?token=%s\x1b]0;pwned\x07",
            (f"/p/{secret}/answer", secret),
            sys.exc_info(),
        )
    line = _OneLine().format(record)
    assert secret not in line and "\x1b" not in line and "\x07" not in line
    assert "\n" not in line and "ConnectionResetError" in line
    assert redact(f"GET /p/{secret}/requests.json?token={secret}") == (
        "GET /p/…/requests.json?token=…"
    )


def test_quiet_logging_silences_the_access_log(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    try:
        quiet_logging()
        logging.getLogger("aiohttp.access").info('"GET /p/%s HTTP/1.1" 200', "secret-token")
        logging.getLogger("aiohttp.server").error("bad", exc_info=ValueError("v"))
        err = capsys.readouterr().err
    finally:
        logging.getLogger("aiohttp.access").disabled = False
        root.handlers[:] = before[0]
        root.setLevel(before[1])
    assert "secret-token" not in err
    assert err.splitlines() == ["tablekeeper serve: bad: ValueError: v"]
