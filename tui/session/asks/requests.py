"""The open requests for a roll: what the GM asked a player to roll, kept in the campaign.

They live in ``campaign.options["asks"]``, a list of tables ``{id, who, line, secret}``, so
asking, withdrawing and answering are changes like any other: logged, undoable, saved, and
seen by every reader of the save (the players' view, ``tablekeeper serve``) through the log
it already follows. ``line`` is the roll line without dice, the names as the campaign spells
them (``Alice Moore Spot Hidden hard``); ``secret`` asks are the GM's and that player's only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from tui.session.campaign.model import Campaign, Character

__all__ = [
    "ASKED_KEY",
    "KEY",
    "Ask",
    "askable",
    "find_ask",
    "new_ask_id",
    "open_asks",
    "public_options",
    "with_asks",
]

#: the key of ``campaign.options`` the requests are kept under
KEY = "asks"
#: the key the players' own rolls that wait are kept under (:mod:`.offers`), left out of
#: the players' view
OFFERS_KEY = "offers"
#: the key of an answered roll's ``inputs`` naming its request: ``{id, who, by}``, ``by``
#: ``"entered"`` (the player typed the dice) or ``"rolled"`` (the app rolled for them)
ASKED_KEY = "asked"
#: an id's first character (a digit: never the start of a character's name) and the rest
_FIRST = "23456789"
_REST = "abcdefghjkmnpqrstuvwxyz23456789"


@dataclass(frozen=True)
class Ask:
    """One open request: ``who`` (a party character) is asked to roll ``line``."""

    id: str
    who: str
    line: str
    secret: bool = False

    def doc(self) -> dict[str, Any]:
        return {"id": self.id, "who": self.who, "line": self.line, "secret": self.secret}


def _ask(doc: object) -> Ask | None:
    if not isinstance(doc, Mapping):
        return None
    ident, who, line = doc.get("id"), doc.get("who"), doc.get("line")
    if not (isinstance(ident, str) and isinstance(who, str) and isinstance(line, str)):
        return None
    if not (ident and who and line):
        return None
    return Ask(ident, who, line, doc.get("secret") is True)


def open_asks(campaign: Campaign) -> tuple[Ask, ...]:
    """The open requests, oldest first (a malformed table, edited by hand, is skipped)."""
    docs = campaign.options.get(KEY)
    if not isinstance(docs, list | tuple):
        return ()
    found = (_ask(d) for d in docs)
    return tuple(a for a in found if a is not None)


def find_ask(campaign: Campaign, ident: str) -> Ask | None:
    """The open request ``ident``, or None (answered, withdrawn, never asked)."""
    return next((a for a in open_asks(campaign) if a.id == ident), None)


def with_asks(campaign: Campaign, asks: Iterable[Ask]) -> Campaign:
    """``campaign`` with exactly these open requests (none: the key goes)."""
    options = {k: v for k, v in campaign.options.items() if k != KEY}
    docs = [a.doc() for a in asks]
    if docs:
        options[KEY] = docs
    return replace(campaign, options=options)


def public_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` without the secret requests (what the players' view may keep): a request
    reaches the players only when it says ``secret = false``. The players' own rolls that
    wait for the GM (``offers``) are the GM's queue: each player sees theirs on their page,
    and everyone sees the roll once the GM takes it."""
    out = {k: v for k, v in options.items() if k != OFFERS_KEY}
    docs = out.pop(KEY, None)
    if isinstance(docs, list | tuple):  # only what says it is not secret (the app always does)
        kept = [d for d in docs if isinstance(d, Mapping) and d.get("secret") is False]
        if kept:
            out[KEY] = kept
    return out


def askable(character: Character) -> bool:
    """Whether a player answers for ``character``: a party member the players see."""
    return character.side == "party" and not character.gm_only


def new_ask_id(rng: random.Random, taken: Iterable[str]) -> str:
    """A short id no open request has: a digit and two letters or digits (``4kq``)."""
    used = set(taken)
    while True:
        ident = rng.choice(_FIRST) + rng.choice(_REST) + rng.choice(_REST)
        if ident not in used:
            return ident
