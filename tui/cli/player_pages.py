"""The players' own pages, in ``tablekeeper serve``: one per party character, for a phone.

``GET /p/TOKEN`` is the page (plain HTML and a little JavaScript from the package, nothing
from another host); its state is pushed by ``GET /p/TOKEN/events`` (server-sent events: one
look at the campaign every :data:`PUSH_EVERY` seconds for every listening page together,
each character's state made once per change), or asked for with ``GET
/p/TOKEN/requests.json`` twice a second where the stream cannot be kept. It answers with
``POST /p/TOKEN/answer``, and the player starts a roll of their own with ``POST
/p/TOKEN/roll`` (what the character may roll and its exact odds: ``sheet.json``,
``odds.json``; :mod:`tui.session.asks.offers`): 202 with its id, or 400/403/409/429/503
with a one-line reason; :class:`~tui.cli.rate_limit.RateLimit` bounds a link's rolls. The
token (:mod:`tui.store.links`) names the character; a wrong one gets 403 and nothing else,
and a link stops working (its stream ends) as soon as its character leaves the party the
players see.

The server never writes the campaign. It follows the GM's save and log read-only (a
:class:`~tui.store.Store`, as the players' view does) and hands an answer to the GM's app
through the campaign's inbox (:mod:`tui.store.inbox`), which the app runs exactly as the
roll line typed with those dice. An answer is:

- **200** when taken (the file is in the inbox; the page then sees the request close and its
  result in the log, within a second);
- **400** for dice that do not fit the roll, with the reason (the roll planned and run with
  them on a read-only table of the GM's campaign: :func:`~tui.session.asks.answer.dice_problem`),
  or a request without dice and without ``roll=1``;
- **403** for a bad token, or a request of another character;
- **409** for a request already answered (its file waits in the inbox, or it is closed) or
  withdrawn — of two answers racing, the inbox's ``O_EXCL`` lets exactly one in;
- **503** when no GM's app follows the inbox (it is not running, or has another campaign open).

What a page shows is the players' filter of the GM's campaign (the character's sheet as the
players' view shows it), plus what is that player's own: their open requests, secret ones
too, with the exact odds a preview of the line prints on the players' campaign (a pool a
secret roll filled stays as the players last saw it), and the results of their requests
(:data:`RESULTS` newest; a secret one reaches only this page and the GM). Names of GM-only
characters in any of it are their stand-ins.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import random
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from aiohttp import web

from tui.cli.rate_limit import RateLimit
from tui.language import _, current
from tui.session.asks.answer import dice_problem, line_problem
from tui.session.asks.offers import OFFERED_KEY, mode, open_offers, roll_line
from tui.session.asks.requests import (
    ASKED_KEY,
    Ask,
    askable,
    find_ask,
    new_ask_id,
    open_asks,
)
from tui.session.campaign.log import LogEntry, shown_effects, shown_text
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Session
from tui.session.characters.sheet import recent_rolls, sheet_lines
from tui.session.players import Cast, players
from tui.session.protocol.answers import Preview
from tui.session.systems.registry import tracker
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import SaveError, Store
from tui.store.inbox import REQUEST_ID, Inbox, roll_slot
from tui.store.links import Links
from tui.store.lock import campaign_id_of
from tui.store.nesting import deep_json

__all__ = [
    "ANSWER_DEPTH",
    "ANSWER_LIMIT",
    "BODY_SECONDS",
    "PAGE_ROUTES",
    "RESULTS",
    "SHEET_WIDTH",
    "PlayerPages",
]

#: the routes of the pages (the server's token check lets exactly these through to their own)
PAGE_ROUTES = frozenset(
    {
        "player-page",
        "player-requests",
        "player-answer",
        "player-sheet",
        "player-odds",
        "player-roll",
        "player-events",
    }
)
#: seconds between two looks at the campaign while a page listens for changes (push)
PUSH_EVERY = 0.05
#: seconds between two probes of whether the GM's app follows the inbox, while pushing
FOLLOWED_EVERY = 1.0
#: seconds a pushed stream stays quiet before it says it is alive (a comment line)
KEEP_ALIVE = 15.0
#: results of a character's requests the page shows, newest first
RESULTS = 5
#: the sheet's width in characters (a phone held upright)
SHEET_WIDTH = 36
_PAGE = "player_page.html"
#: bytes of an answer's body, at most (a request id and a few dice)
ANSWER_LIMIT = 16 << 10
#: containers in an answer's JSON, at most (the object, and one array a client may send)
ANSWER_DEPTH = 2
#: seconds an answer's body may take to arrive
BODY_SECONDS = 10.0


@dataclass(frozen=True)
class _Refusal:
    status: int
    reason: str

    def response(self) -> web.Response:
        return web.json_response({"ok": False, "reason": self.reason}, status=self.status)


def _undone(log: Sequence[LogEntry]) -> set[int]:
    """``seq`` of the entries an undo took back (and no redo brought back), as far as the
    log tail tells."""
    undone: set[int] = set()
    for entry in log:
        if entry.kind == "undo" and entry.undoes:
            undone.add(entry.undoes)
        elif entry.kind == "redo" and entry.undoes:
            undone.discard(entry.undoes)
    return undone


class PlayerPages:
    """The pages of one campaign: its links, the GM's state followed read-only, the inbox."""

    def __init__(
        self,
        save: Path,
        *,
        new_links: bool = False,
        links: Links | None = None,
        inbox: Inbox | None = None,
        limit: RateLimit | None = None,
    ) -> None:
        self.save = save
        self.limit = limit or RateLimit()
        self._sheets: dict[str, tuple[Campaign, list[dict[str, Any]]]] = {}
        self.version = 0  # counts the changes a pushed page is told of
        self._pushed: dict[str, tuple[int, str]] = {}  # who → (version, state as sent)
        self._followed = (-FOLLOWED_EVERY, False)  # (when asked, whether the GM's app follows)
        self._changed: asyncio.Condition | None = None
        self._watch: asyncio.Task[None] | None = None
        self._closed = False
        self.store = Store.open(save, read_only=True)
        self._links, self._inbox = links, inbox
        self._new_links = new_links
        self.campaign_id = self.store.campaign_id or campaign_id_of(save)
        self.problem = ""  # why the files cannot be read right now ("" when they can)
        self._session = Session(self.store.campaign, ())
        self._table: Table = open_table(self._session, rng=random.Random())
        self._table.warm_up()  # the rules load now, not on the first phone's first change
        self._view: tuple[object, Campaign, list[LogEntry], Cast, Table] | None = None
        self.base = ""  # the address the server is reached at (for the printed links)
        self.tokens: dict[str, str] = {}
        if self.campaign_id is not None:
            self._made_links()

    # -- the campaign, followed ---------------------------------------------------------------
    @property
    def campaign(self) -> Campaign:
        return self.store.campaign

    @property
    def links(self) -> Links | None:
        if self._links is None and self.campaign_id is not None:
            self._links = Links(self.campaign_id)
        return self._links

    @property
    def inbox(self) -> Inbox | None:
        if self._inbox is None and self.campaign_id is not None:
            self._inbox = Inbox.of(self.campaign_id)
        return self._inbox

    def party(self) -> list[str]:
        """The characters with a link: the party members the players see."""
        return [c.name for c in self.campaign.characters if askable(c)]

    def _made_links(self) -> list[str]:
        """Tokens for every party member that has none (all anew the first time with
        ``--new-links``); the names that got one."""
        links = self.links
        if links is None:
            return []
        before = set(self.tokens)
        self.tokens = links.tokens(self.party(), new=self._new_links)
        self._new_links = False
        return [n for n in self.tokens if n not in before]

    def refresh(self) -> list[str]:
        """Take in what the GM's app recorded; the party members who got a link just now
        (a character added, or the campaign's identity seen for the first time)."""
        try:
            self.store.refresh()
        except (SaveError, OSError) as exc:
            self.problem = str(exc)
            return []
        self.problem = ""
        if self._session.campaign is not self.store.campaign:
            self._session.campaign = self.store.campaign
        if self.campaign_id is None:
            self.campaign_id = campaign_id_of(self.save)
        if self.campaign_id is None:
            return []
        if set(self.party()) - set(self.tokens):
            return self._made_links()
        return []

    def lines(self) -> list[str]:
        """``NAME: URL`` of each party member, as the server prints them."""
        if self.campaign_id is None:
            return [
                _(
                    "Character links: none yet — open the campaign in Tablekeeper (it gives the "
                    "save its identity); they are printed here then."
                )
            ]
        return [f"{name}: {self.url(token)}" for name, token in self.tokens.items()]

    def url(self, token: str) -> str:
        return f"{self.base}/p/{token}"

    def _players(self) -> tuple[Campaign, list[LogEntry], Cast, Table]:
        """The players' filter of the current state, and a table over it for the odds a
        page shows (made once per change)."""
        key = (self.store.campaign, self.store.log_count)
        if self._view is None or self._view[0] != key:
            campaign, log = self.store.campaign, self.store.log
            view, shown = players(tracker(campaign.system), campaign, log)
            cast = Cast(campaign, (n for e in log for n in e.hidden))
            table = open_table(Session(view, ()), rng=random.Random())
            self._view = (key, view, shown, cast, table)
        return self._view[1], self._view[2], self._view[3], self._view[4]

    # -- who asks -----------------------------------------------------------------------------
    def character(self, token: str) -> str | None:
        """The party member ``token`` opens, or ``None``."""
        links = self.links
        if links is None or not token:
            return None
        return links.who(token, self.party())

    def _who(self, request: web.Request) -> str | None:
        self.refresh()
        return self.character(request.match_info.get("token", ""))

    # -- what the page shows ------------------------------------------------------------------
    def state(self, who: str) -> dict[str, Any]:
        """What ``who``'s page shows now (``requests.json``)."""
        view, shown, cast, table = self._players()
        sheet: list[list[list[str]]] = []
        if any(c.name == who for c in view.characters):
            character = view.character(who)
            rolls = recent_rolls(shown, who)
            sheet = [
                [[text, style] for text, style in line]
                for line in sheet_lines(character, SHEET_WIDTH, rolls=rolls, gm=False)
            ]
        requests = [self._request(a, cast, table) for a in open_asks(self.campaign) if a.who == who]
        inbox = self.inbox
        return {
            "name": who,
            "campaign": cast.redact(self.campaign.name),
            "sheet": sheet,
            "requests": requests,
            "results": self._results(who, cast),
            "rolling": mode(self.campaign),
            "pending": self._pending(who, cast),
            "gm": inbox is not None and inbox.followed(),
            "problem": _("the campaign cannot be read right now; trying again")
            if self.problem
            else "",
        }

    def _request(self, ask: Ask, cast: Cast, table: Table) -> dict[str, Any]:
        """One open request as the page shows it. Its odds are the preview of its line on
        the players' table — the campaign as the players see it, a secret roll's change to
        a pool or a tick still veiled — never on the GM's: a figure moved by a secret roll
        would tell it. A line the players' table cannot preview (it names a hidden
        character) shows no odds."""
        shown = table.preview(ask.line)
        inbox = self.inbox
        return {
            "id": ask.id,
            "line": cast.redact(ask.line),
            "odds": cast.redact(shown.text) if shown.ok else "",
            "secret": ask.secret,
            "sent": inbox is not None and inbox.waiting(ask.id),
        }

    def _pending(self, who: str, cast: Cast) -> dict[str, Any] | None:
        """``who``'s own roll that waits for the GM (or is on its way to the app)."""
        for offer in open_offers(self.campaign):
            if offer.who == who:
                return {
                    "id": offer.id,
                    "odds": cast.redact(offer.odds or offer.line),
                    "dice": offer.dice,
                    "sent": False,
                }
        inbox = self.inbox
        if inbox is not None and inbox.waiting(roll_slot(who)):
            return {"id": "", "odds": "", "dice": None, "sent": True}
        return None

    def _results(self, who: str, cast: Cast) -> list[dict[str, Any]]:
        log = self.store.log
        undone = _undone(log)
        found: list[dict[str, Any]] = []
        for entry in reversed(log):
            asked = entry.inputs.get(ASKED_KEY)
            own = entry.inputs.get(OFFERED_KEY)
            if isinstance(own, Mapping) and own.get("by") != "offered":
                asked = own
            if not isinstance(asked, Mapping) or asked.get("who") != who:
                continue
            then = cast.past(entry.hidden)  # hidden when it was made: hidden in it still
            found.append(
                {
                    "id": str(asked.get("id", "")),
                    "own": asked is own,
                    "refused": asked.get("by") == "refused",
                    "text": then.redact(shown_text(entry)),
                    "effects": [then.redact(e) for e in shown_effects(entry)],
                    "grade": entry.grade,
                    "undone": entry.seq in undone,
                    "secret": entry.secret,
                }
            )
            if len(found) >= RESULTS:
                break
        return found

    # -- answering ----------------------------------------------------------------------------
    def take(self, who: str, request: str, dice: str | None) -> _Refusal | None:
        """Hand ``who``'s answer to the GM's app; why not (the refusal), or ``None``: taken."""
        ask = find_ask(self.campaign, request) if REQUEST_ID.fullmatch(request) else None
        if ask is None:
            return _Refusal(409, _("this request is answered already, or was withdrawn"))
        if ask.who != who:
            return _Refusal(403, _("this request is for another character"))
        if dice is not None:
            problem = dice_problem(self._table, ask, dice)
            if problem:
                return _Refusal(400, problem)
        inbox = self.inbox
        if inbox is None or not inbox.followed():
            return _Refusal(
                503,
                _("the GM's Tablekeeper is not running with this campaign open; try again soon"),
            )
        try:
            posted = inbox.post(ask.id, who, dice)
        except OSError as exc:
            return _Refusal(503, _("the answer cannot be handed on: {why}").format(why=exc))
        if not posted:
            return _Refusal(409, _("this request is answered already"))
        return None

    # -- their own rolls ----------------------------------------------------------------------
    def sheet(self, who: str) -> dict[str, Any]:
        """What ``who`` may roll (``sheet.json``): every skill and characteristic with the
        exact odds the GM's preview gives it, worked out once per change of the campaign."""
        campaign = self.campaign
        kept = self._sheets.get(who)
        if kept is None or kept[0] is not campaign:
            kept = (campaign, self._rollable(who))
            self._sheets[who] = kept
        return {"name": who, "rolling": mode(campaign), "rollable": kept[1]}

    def _rollable(self, who: str) -> list[dict[str, Any]]:
        _view, _shown, cast, seen = self._players()
        character = self.campaign.character(who)
        found: list[dict[str, Any]] = []
        for name in dict.fromkeys(self._table.skill_aliases(who).values()):
            try:
                line = roll_line(self._table, who, name)
            except (CommandError, ValueError, KeyError):
                continue  # a roll the page cannot start (an opposed-only one, say)
            shown = seen.preview(line)  # odds of the players' state: no secret moves them
            if not shown.ok or not shown.odds:
                continue
            kind = (
                "skill"
                if name in character.skills
                else "attribute"
                if name in character.attributes
                else "other"
            )
            found.append({"skill": name, "kind": kind, **_odds(shown, cast)})
        return found

    def odds(self, who: str, skill: str, modifiers: str) -> dict[str, Any] | _Refusal:
        """The exact odds of ``who``'s roll of ``skill`` with ``modifiers`` (``odds.json``),
        as the GM's preview shows them; a refusal with the reason for a line it refuses."""
        try:
            line = roll_line(self._table, who, skill, modifiers)
        except (CommandError, ValueError, KeyError) as exc:
            return _Refusal(400, str(exc))
        _view, _shown, cast, seen = self._players()
        return {
            "ok": True,
            "skill": skill,
            "modifiers": modifiers,
            **_odds(seen.preview(line), cast),  # the players' state: no secret moves them
        }

    def start(
        self, who: str, token: str, skill: str, modifiers: str, dice: str | None
    ) -> _Refusal | str:
        """Hand ``who``'s own roll to the GM's app; the roll's id, or why not."""
        if not self.limit.allow(token):
            return _Refusal(429, _("too many rolls from this page; wait a few seconds"))
        if mode(self.campaign) == "off":
            return _Refusal(403, _("the GM has turned rolling from the page off"))
        if not skill.strip():
            return _Refusal(400, _("choose the skill to roll"))
        try:
            line = roll_line(self._table, who, skill, modifiers)
        except (CommandError, ValueError, KeyError) as exc:
            return _Refusal(400, str(exc))
        if dice is not None:
            problem = line_problem(self._table, line, dice)
            if problem:
                return _Refusal(400, problem)
        busy = _Refusal(409, _("a roll of yours waits for the GM already"))
        if any(o.who == who for o in open_offers(self.campaign)):
            return busy
        inbox = self.inbox
        if inbox is None or not inbox.followed():
            return _Refusal(
                503,
                _("the GM's Tablekeeper is not running with this campaign open; try again soon"),
            )
        taken = [a.id for a in open_asks(self.campaign)] + [
            o.id for o in open_offers(self.campaign)
        ]
        ident = new_ask_id(random.SystemRandom(), taken)
        try:
            posted = inbox.post_roll(who, ident, line, dice)
        except OSError as exc:
            return _Refusal(503, _("the roll cannot be handed on: {why}").format(why=exc))
        if not posted:
            return busy
        self.refresh()  # the app writes a pending roll before its file goes: one raced in?
        if any(o.who == who for o in open_offers(self.campaign)):
            inbox.withdraw(roll_slot(who))
            return busy
        return ident

    # -- the routes ---------------------------------------------------------------------------
    def add_routes(self, app: web.Application) -> None:
        app.add_routes(
            [
                web.get("/p/{token}", self.handle_page, name="player-page"),
                web.get("/p/{token}/requests.json", self.handle_requests, name="player-requests"),
                web.post("/p/{token}/answer", self.handle_answer, name="player-answer"),
                web.get("/p/{token}/sheet.json", self.handle_sheet, name="player-sheet"),
                web.get("/p/{token}/odds.json", self.handle_odds, name="player-odds"),
                web.post("/p/{token}/roll", self.handle_roll, name="player-roll"),
                web.get("/p/{token}/events", self.handle_events, name="player-events"),
            ]
        )

    # -- pushed to the pages ------------------------------------------------------------------
    def _look(self) -> tuple[object, ...]:
        """What a page's state depends on beyond its own character: the campaign, the log's
        length, the inbox (an answer or roll on its way), whether the GM's app follows it."""
        self.refresh()
        inbox = self.inbox
        folder: object = None
        followed = False
        if inbox is not None:
            with contextlib.suppress(OSError):
                st = os.stat(inbox.folder)
                folder = (st.st_mtime_ns, st.st_nlink)
            now = time.monotonic()
            if now - self._followed[0] >= FOLLOWED_EVERY:
                self._followed = (now, inbox.followed())
            followed = self._followed[1]
        return (id(self.store.campaign), self.store.log_count, folder, followed, self.problem)

    async def _watching(self) -> None:
        """One look every :data:`PUSH_EVERY` seconds for every pushed page together; a change
        wakes them all."""
        changed = self._changed
        assert changed is not None
        seen = self._look()
        while not self._closed:
            await asyncio.sleep(PUSH_EVERY)
            try:
                now = self._look()
            except OSError:
                continue
            if now != seen:
                seen = now
                self.version += 1
                async with changed:
                    changed.notify_all()

    async def _next(self, version: int, wait: float) -> int:
        """The version after ``version`` once there is one (or ``wait`` seconds passed)."""
        if self._changed is None:
            self._changed = asyncio.Condition()
        if self._watch is None or self._watch.done():
            self._watch = asyncio.create_task(self._watching())
        changed = self._changed
        async with changed:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    changed.wait_for(lambda: self.version != version or self._closed), wait
                )
        return self.version

    def _pushed_state(self, who: str) -> str:
        """``who``'s state as JSON, made once per change however many of their pages
        listen (a player with a phone and a tablet, a table of 32 phones)."""
        kept = self._pushed.get(who)
        if kept is None or kept[0] != self.version:
            kept = (self.version, json.dumps(self.state(who)))
            self._pushed[who] = kept
        return kept[1]

    async def handle_events(self, request: web.Request) -> web.StreamResponse:
        """The page's state pushed as server-sent events: once at once, then on every change
        (the page falls back to asking ``requests.json`` when the stream cannot be kept)."""
        who = self._who(request)
        if who is None:
            return self._forbidden()
        token = request.match_info.get("token", "")
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        response.headers.update(self._headers())
        await response.prepare(request)
        sent, version, quiet = "", -1, 0.0
        party = self.party()
        try:
            while not self._closed:
                if self.party() != party:  # someone hidden, removed, renamed: the link again
                    party = self.party()
                    if self.character(token) != who:
                        break
                body = self._pushed_state(who)
                if body != sent:
                    await response.write(f"data: {body}\n\n".encode())
                    sent, quiet = body, 0.0
                elif quiet >= KEEP_ALIVE:
                    await response.write(b": alive\n\n")
                    quiet = 0.0
                before = version
                version = await self._next(version, KEEP_ALIVE)
                if version == before:
                    quiet += KEEP_ALIVE
        except ConnectionResetError:
            pass  # the phone went away
        return response

    async def handle_sheet(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        response = web.json_response(self.sheet(who))
        response.headers.update(self._headers())
        return response

    async def handle_odds(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        got = self.odds(who, request.query.get("skill", ""), request.query.get("modifiers", ""))
        if isinstance(got, _Refusal):
            return got.response()
        response = web.json_response(got)
        response.headers.update(self._headers())
        return response

    async def handle_roll(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        form = await _form(request)
        if form is None:
            return _Refusal(
                400, _("send skill, modifiers and dice (or none: roll for me)")
            ).response()
        skill, modifiers = form.get("skill", ""), form.get("modifiers", "")
        dice = form.get("dice")
        if not isinstance(skill, str) or not isinstance(modifiers, str):
            return _Refusal(
                400, _("send skill, modifiers and dice (or none: roll for me)")
            ).response()
        dice_text = dice.strip() if isinstance(dice, str) and dice.strip() else None
        token = request.match_info.get("token", "")
        got = self.start(who, token, skill.strip(), modifiers.strip(), dice_text)
        if isinstance(got, _Refusal):
            return got.response()
        return web.json_response({"ok": True, "id": got}, status=202)

    @staticmethod
    def _forbidden() -> web.Response:
        return web.Response(status=403, text="403 Forbidden\n")

    async def handle_page(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        nonce = secrets.token_urlsafe(16)
        template = files("tui.cli").joinpath(_PAGE).read_text(encoding="utf-8")
        labels = {
            "enter": _("Enter"),
            "roll": _("Roll for me"),
            "dice": _("your dice"),
            "requests": _("Asked to roll"),
            "none": _("Nothing asked right now."),
            "results": _("Your results"),
            "sent": _("sent — the GM's table is taking it…"),
            "undone": _("undone by the GM"),
            "secret": _("secret"),
            "nogm": _("The GM's Tablekeeper is not running: answers wait until it is."),
            "offline": _("The table cannot be reached; trying again…"),
            "own": _("Your own roll"),
            "off": _("The GM has turned rolling from this page off."),
            "modifiers": _("modifiers: hard, +2 …"),
            "waits": _("waits for the GM:"),
            "typedice": _("type the dice you rolled, or press Roll for me"),
        }
        page = (
            template.replace("{{NONCE}}", nonce)
            .replace("{{LANG}}", html.escape(current()))
            .replace("{{TITLE}}", html.escape(who))
            .replace("{{LABELS}}", json.dumps(labels).replace("<", "\\u003c"))
        )
        response = web.Response(text=page, content_type="text/html")
        response.headers.update(self._headers(nonce))
        return response

    @staticmethod
    def _headers(nonce: str = "") -> dict[str, str]:
        own = f"'nonce-{nonce}'" if nonce else "'none'"
        return {
            "Content-Security-Policy": (
                f"default-src 'none'; script-src {own}; style-src {own}; connect-src 'self'; "
                "img-src 'self' data:; base-uri 'none'; form-action 'self'; "
                "frame-ancestors 'none'"
            ),
            "Referrer-Policy": "no-referrer",  # the address holds the token
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
        }

    async def handle_requests(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        response = web.json_response(self.state(who))
        response.headers.update(self._headers())
        return response

    async def handle_answer(self, request: web.Request) -> web.StreamResponse:
        who = self._who(request)
        if who is None:
            return self._forbidden()
        form = await _form(request)
        if form is None:
            return _Refusal(400, _("send request and dice (or roll=1)")).response()
        ident = str(form.get("request", "")).strip()
        dice = form.get("dice")
        roll = str(form.get("roll", "")).strip().casefold() in ("1", "true", "yes", "on")
        if roll:
            dice_text = None
        elif isinstance(dice, str) and dice.strip():
            dice_text = dice.strip()
        else:
            return _Refusal(400, _("type the dice you rolled, or ask to roll for you")).response()
        refused = self.take(who, ident, dice_text)
        if refused is not None:
            return refused.response()
        return web.json_response({"ok": True, "request": ident})

    async def _wake(self) -> None:
        if self._changed is not None:
            async with self._changed:
                self._changed.notify_all()

    def close(self) -> None:
        """Stop following; every pushed stream ends (the server is shutting down)."""
        self._closed = True
        if self._watch is not None:
            self._watch.cancel()
        with contextlib.suppress(RuntimeError):  # no loop running: no stream to end
            asyncio.get_running_loop().create_task(self._wake())
        self.store.close()


def _odds(shown: Preview, cast: Cast) -> dict[str, Any]:
    """A preview's text and exact odds (``p`` as ``"n/d"``), names redacted."""
    return {
        "ok": shown.ok,
        "text": cast.redact(shown.text.splitlines()[0] if shown.text else ""),
        "odds": [
            {
                "label": c.label,
                "grade": c.grade,
                "p": f"{c.p.numerator}/{c.p.denominator}",
                "percent": f"{float(c.p * 100):.1f}",
            }
            for c in shown.odds
            if c.p
        ],
    }


async def _form(request: web.Request) -> dict[str, object] | None:
    """The answer's fields, from a form or a JSON object; ``None`` when neither reads.

    The body is bounded before a byte is read (:data:`ANSWER_LIMIT`: 413 past it), in time
    (:data:`BODY_SECONDS`: a body that stops coming is 400, not a handler waiting for ever)
    and in nesting (a JSON object with anything nested in it is no answer: 400 before the
    parser would recurse into it)."""
    if (request.content_length or 0) > ANSWER_LIMIT:
        raise web.HTTPRequestEntityTooLarge(ANSWER_LIMIT, request.content_length or 0)
    try:
        body = await asyncio.wait_for(request.read(), BODY_SECONDS)
    except TimeoutError:
        return None
    if len(body) > ANSWER_LIMIT:
        raise web.HTTPRequestEntityTooLarge(ANSWER_LIMIT, len(body))
    try:
        if request.content_type == "application/json":
            text = body.decode("utf-8")
            if deep_json(text, ANSWER_DEPTH):
                return None
            doc = json.loads(text)
            if not isinstance(doc, dict):
                return None
            return {k: v if isinstance(v, str) else json.dumps(v) for k, v in doc.items()}
        posted = await request.post()
        return {k: v for k, v in posted.items() if isinstance(v, str)}
    except (ValueError, UnicodeDecodeError):
        return None
