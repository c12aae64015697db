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
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import html
import re
import secrets
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.server import Server

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
#: a stylesheet the page would fetch from another host (textual-serve's web font)
_OUTSIDE = re.compile(r'<link[^>]*href="(?:https?:)?//[^"]*"[^>]*/?>', re.S)
#: the same font from the package's own static files, so the page needs no outside host
_FONT = (
    "<style>@font-face {{ font-family: 'Roboto Mono'; "
    "src: url('{static}fonts/RobotoMono-VariableFont_wght.ttf') format('truetype'); }}</style>"
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


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
            response = await handler(request)
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
        # the page's websocket and static links follow the address the browser used
        self.public_url = f"{request.scheme}://{request.host}"
        page = await super().handle_index(request)
        if isinstance(page, web.Response) and page.text is not None:
            static = f"{self.public_url}/static/"
            page.text = _OUTSIDE.sub(lambda _m: _FONT.format(static=static), page.text)
        return page

    async def handle_websocket(self, request: web.Request) -> Any:
        if self.viewers >= self.max_viewers:
            return self._full()
        self.viewers += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.viewers -= 1

    async def on_startup(self, app: web.Application) -> None:
        print(
            _("Players' view of {name}: {url}").format(name=self.save.name, url=self.url),
            flush=True,
        )
        if self.pages is not None:
            self.pages.base = self.base
            for line in self.pages.lines():
                print(line, flush=True)
            links = self.pages.links
            if links is not None:
                links.set_base(self.base)
            self._follow = asyncio.create_task(self._follow_pages(self.pages))
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
