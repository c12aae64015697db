"""``tablekeeper serve FILE``: the players' view in a web browser, on the table's screen.

The page is served by ``textual-serve`` (imported here only, so it costs the normal start-up
nothing): every browser tab that connects runs its own ``python -m tui FILE --read-only``,
the players' view, whatever the browser sends — so nothing reachable through the server can
write. It listens on loopback (``127.0.0.1``) unless ``--host`` says otherwise (``--host
0.0.0.0`` for the other machines of the network, explicitly).

Every request must carry the token printed in the URL (``secrets.token_urlsafe``, 32 bytes,
new for each run): as ``?token=…`` (the URL opened first) or as the cookie the page sets
with it (``HttpOnly``, ``SameSite=Strict``) for its websocket and static files. A request
without it, or with a wrong one, gets ``403 Forbidden`` and nothing else. The page's own
links are made from the address the browser used, so the URL works from another machine
when the server listens there.

The same server serves each party character's own page, ``/p/TOKEN``, where the player
answers the GM's requests for a roll (:mod:`tui.cli.player_pages`): those routes check their
own per-character token instead, and the server prints one ``NAME: URL`` line per character
beside the players' view line.

A client cannot stall or break the server: every fault a request can cause — a body cut
short, a body too big or nested too deep, ``/ws`` asked without its ``Upgrade``, a ``Host``
header that is not a host name — becomes a status (400, 413, 500 for a fault of our own),
never a traceback; the log is one line per problem (:func:`quiet_logging`) with every token
taken out, and there is no access log (a phone's page polls twice a second, and each
request's path or query holds a token).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import html
import logging
import re
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from textual_serve.server import Server

from tui.base.textsafe import visible
from tui.cli.player_pages import PAGE_ROUTES, PlayerPages
from tui.language import _
from tui.store import SaveError

__all__ = ["COOKIE", "MAX_VIEWERS", "PlayersServer", "serve_main", "view_command"]

COOKIE = "tablekeeper_token"
TITLE = "Tablekeeper — players' view"
#: browser tabs watching at once by default: each runs a players' view process of its own
MAX_VIEWERS = 8
#: seconds between two looks at the campaign for new characters to give a link
FOLLOW_PAGES = 1.0
#: a stylesheet link with an absolute address: textual-serve's web font from another host,
#: and its own ``xterm.css`` from this server (kept: without it the terminal's layers stack
#: down the page and a phone scrolls every way, the footer out of sight)
_LINK = re.compile(r'<link[^>]*href="((?:https?:)?//[^"]*)"[^>]*/?>', re.S)
#: the same font from the package's own static files, so the page needs no outside host
_FONT = (
    "<style>@font-face {{ font-family: 'Roboto Mono'; "
    "src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf') format('truetype'); }}</style>"
)

#: a ``Host`` header the page's links may be made from: a name, IPv4 or bracketed IPv6, and a port
_HOST = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]{2,45}\])"
    r"(?::[0-9]{1,5})?"
)
#: what a log line may show of a token: the address's ``/p/TOKEN`` and ``token=…``
_SECRET = re.compile(r"(/p/|token=|tablekeeper_token=)[^\s/?&;\"'<>]+")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def redact(text: str) -> str:
    """``text`` with every token in it replaced by ``…`` (a path's ``/p/TOKEN``, a query's or
    cookie's ``token=…``) and shown safe for the terminal."""
    return visible(_SECRET.sub(r"\1…", text))


class _OneLine(logging.Formatter):
    """A log record as one line: its message and the name of its exception, no traceback
    (a traceback's local variables would show a request, and a request holds its token)."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text = f"{text}: {type(exc).__name__}: {exc}"
        return "tablekeeper serve: " + redact(" ".join(text.split()))


def quiet_logging() -> None:
    """The server's logging: warnings and errors only, each one line without a traceback
    and without a token; no access log."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.WARNING)
    logging.getLogger("aiohttp.access").disabled = True


def own_links(page: str, static: str) -> str:
    """``page`` with each stylesheet from another host replaced by the font from ``static``
    (this server's own files, so the page needs no outside host); links into ``static``
    stay as they are."""

    def swap(found: re.Match[str]) -> str:
        return found[0] if found[1].startswith(static) else _FONT.format(static=static)

    return _LINK.sub(swap, page)


def _status(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=f"{status} {text}\n")


def view_command(save: Path, *, config: Path | None = None) -> str:
    """The shell command each browser tab runs: always the read-only players' view, in the
    language the server was started in (``serve --lang ru``, else the config or locale)."""
    from tui.language import current

    args = [sys.executable, "-m", "tui", str(save), "--read-only", "--lang", current()]
    if config is not None:
        args += ["--config", str(config)]
    return shlex.join(args)


class PlayersServer(Server):
    """textual-serve's server with the token check in front of every route."""

    def __init__(
        self,
        save: Path,
        *,
        host: str,
        port: int,
        token: str,
        config: Path | None = None,
        max_viewers: int = MAX_VIEWERS,
        pages: PlayerPages | None = None,
    ) -> None:
        super().__init__(view_command(save, config=config), host=host, port=port, title=TITLE)
        self.save = save
        self.token = token
        self.max_viewers = max_viewers
        self.viewers = 0  # open websockets, each a players' view process
        self.pages = pages  # the characters' own pages (None: only the players' view)
        self._follow: asyncio.Task[None] | None = None

    @property
    def base(self) -> str:
        """``http://HOST:PORT`` as the printed addresses give it."""
        return self.url.split("/?", 1)[0]

    @property
    def url(self) -> str:
        """The address to open (with the token)."""
        shown = socket.gethostname() if self.host in ("0.0.0.0", "::", "") else self.host
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.port}/?token={self.token}"

    def initialize_logging(self) -> None:
        quiet_logging()

    def _allowed(self, request: web.Request) -> bool:
        if request.match_info.route.name in PAGE_ROUTES:
            return True  # a character's page: its own token, checked by its handler
        given = request.query.get("token") or request.cookies.get(COOKIE) or ""
        return secrets.compare_digest(given.encode("utf-8", "replace"), self.token.encode("utf-8"))

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        if self.pages is not None:
            self.pages.add_routes(app)

        @web.middleware
        async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
            if not self._allowed(request):
                return web.Response(
                    status=403,
                    text="403 Forbidden: open the address "
                    "`tablekeeper serve` printed, with its token.\n",
                )
            try:
                response = await handler(request)
            except web.HTTPException:
                raise  # a status aiohttp knows how to send
            except (TimeoutError, ConnectionError, aiohttp.ClientPayloadError):
                return _status(400, "Bad Request: the request did not arrive whole")
            except RecursionError:
                return _status(400, "Bad Request: nested too deep")
            except Exception as exc:  # a fault of ours: a status and one line
                logging.getLogger(__name__).error(
                    "%s %s failed", request.method, request.path, exc_info=exc
                )
                return _status(500, "Internal Server Error")
            if "token" in request.query and not response.prepared:
                response.set_cookie(COOKIE, self.token, httponly=True, samesite="Strict", path="/")
            return response

        app.middlewares.append(guard)
        return app

    def _full(self) -> web.Response:
        text = _(
            "The players' view is open in {n} browser tabs, the most this server runs at "
            "once. Close one, or restart the server with a larger --max-viewers."
        ).format(n=self.viewers)
        page = f"<!DOCTYPE html><html><body><p>{html.escape(text)}</p></body></html>"
        return web.Response(status=503, text=page, content_type="text/html")

    async def handle_index(self, request: web.Request) -> Any:
        if self.viewers >= self.max_viewers:
            return self._full()
        # the page's websocket and static links follow the address the browser used, when it
        # is an address at all: a Host header is the client's to write
        host = request.headers.get("Host", "")
        self.public_url = f"{request.scheme}://{host}" if _HOST.fullmatch(host) else self.base
        page = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text is not None:
            page.text = own_links(page.text, f"{self.public_url}/static/")
        return page

    async def handle_websocket(self, request: web.Request) -> Any:
        if self.viewers >= self.max_viewers:
            return self._full()
        if not web.WebSocketResponse().can_prepare(request).ok:
            return _status(400, "Bad Request: /ws is a websocket (Upgrade: websocket)")
        self.viewers += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.viewers -= 1

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C (or SIGTERM). textual-serve's own ``serve`` prints its address
        while the app starts, before the port listens — a script (or a player) that acts on
        the line may find nothing there yet; here the lines come once the port listens.
        ``OSError`` when it cannot listen."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            self.announce()
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(sig, stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    async def on_startup(self, app: web.Application) -> None:
        if self.pages is not None:
            self.pages.base = self.base
            links = self.pages.links
            if links is not None:
                links.set_base(self.base)
            self._follow = asyncio.create_task(self._follow_pages(self.pages))

    def announce(self) -> None:
        """The lines printed once the server listens: the players' view, each character's
        link, a warning when other machines can connect."""
        print(
            _("Players' view of {name}: {url}").format(name=self.save.name, url=self.url),
            flush=True,
        )
        if self.pages is not None:
            for line in self.pages.lines():
                print(line, flush=True)
        if self.host not in ("127.0.0.1", "localhost", "::1"):
            print(
                _(
                    "Listening on {host}: anyone on the network with this address can watch "
                    "(never change) the table."
                ).format(host=self.host),
                flush=True,
            )
        print(_("Ctrl+C stops the server."), flush=True)

    async def _follow_pages(self, pages: PlayerPages) -> None:
        """Follow the campaign once a second: a character added (or the campaign's identity,
        when the GM's app gives it one) gets its link, printed."""
        while True:
            await asyncio.sleep(FOLLOW_PAGES)
            try:
                fresh = pages.refresh()
                if fresh and pages.links is not None:
                    pages.links.set_base(self.base)
            except OSError:
                continue
            for name in fresh:
                print(f"{name}: {pages.url(pages.tokens[name])}", flush=True)

    async def on_shutdown(self, app: web.Application) -> None:
        if self._follow is not None:
            self._follow.cancel()
        if self.pages is not None:
            links = self.pages.links
            if links is not None:
                with contextlib.suppress(OSError):
                    links.set_base("")
                links.release_serving()
            self.pages.close()


def _cannot_listen(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return _(
            "tablekeeper serve: port {port} is in use on {host}; give another with --port"
        ).format(port=port, host=host)
    return _("tablekeeper serve: cannot listen on {host}:{port}: {why}").format(
        host=host, port=port, why=exc.strerror or exc
    )


def _check_listen(host: str, port: int) -> None:
    """Bind the address once and let go, so a busy port is said before any URL is printed."""
    for family, kind, proto, _name, address in socket.getaddrinfo(
        host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
        return


def serve_main(
    save: Path,
    *,
    host: str,
    port: int,
    config: Path | None = None,
    max_viewers: int = MAX_VIEWERS,
    new_links: bool = False,
) -> int:
    """Serve the players' view of ``save`` and its characters' pages until Ctrl+C; 2, with
    one line, when the address cannot be listened on, the save cannot be read, or another
    server serves the campaign already. ``new_links``: every character's link anew."""
    token = secrets.token_urlsafe(32)
    save = save.resolve()
    try:
        _check_listen(host, port)
    except OSError as exc:
        print(_cannot_listen(host, port, exc), file=sys.stderr)
        return 2
    try:
        pages = PlayerPages(save, new_links=new_links)
    except (SaveError, OSError) as exc:
        print(f"tablekeeper serve: {exc}", file=sys.stderr)
        return 2
    links = pages.links
    if links is not None and not links.hold_serving():
        pages.close()
        print(
            _("tablekeeper serve: another tablekeeper serve serves this campaign already"),
            file=sys.stderr,
        )
        return 2
    server = PlayersServer(
        save,
        host=host,
        port=port,
        token=token,
        config=config,
        max_viewers=max_viewers,
        pages=pages,
    )
    try:
        server.serve()
    except OSError as exc:
        print(_cannot_listen(host, port, exc), file=sys.stderr)
        return 2
    finally:
        if links is not None:
            links.release_serving()
    return 0
