"""Rolls a player starts from their own page: the line checked, the pending ones kept.

A player picks one of their character's skills or characteristics on their page, may add
modifier words the system knows (``hard``, ``+2``) and enters the dice they rolled (or asks
the app to roll). :func:`roll_line` turns that into the roll line the GM would type, refused
exactly as the roll line and ``/ask`` refuse it, and refused as well where the roll is the
GM's: an opposed roll, dice or ``key=value`` options among the modifiers. The line always
ends ``ext=none``, so a player's roll never counts toward an extended check (the GM asks
for those with ``/ask``).

Pending rolls (the campaign option ``players_roll = "ask"``, the default) are campaign state,
``campaign.options["offers"]``, a list of tables ``{id, who, line, dice, odds}``, so their
arrival, taking and refusal are logged, undoable changes seen by every reader of the save.
``players_roll = "accept"`` runs them at once, ``"off"`` turns the page's rolling off.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from tui.language import _, char_count
from tui.session.asks.commands import check_side
from tui.session.asks.requests import OFFERS_KEY
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError
from tui.session.protocol.context import SlashContext

__all__ = [
    "KEY",
    "MAX_TEXT",
    "MODES",
    "OFFERED_KEY",
    "OPTION",
    "Mode",
    "Offer",
    "find_offer",
    "mode",
    "open_offers",
    "real_skill",
    "roll_line",
    "with_mode",
    "with_offers",
]

#: the key of ``campaign.options`` the pending rolls are kept under
KEY = OFFERS_KEY
#: the campaign option that says what becomes of a player's own roll
OPTION = "players_roll"
Mode = Literal["ask", "accept", "off"]
#: ``ask``: each waits for the GM's ``/take``; ``accept``: taken at once; ``off``: none
MODES: tuple[Mode, ...] = get_args(Mode)
#: the key of a player's roll's ``inputs`` (logged): ``{id, who, by}``, ``by`` one of
#: ``offered`` (pending), ``entered``/``rolled`` (taken), ``refused`` (with ``reason``)
OFFERED_KEY = "offered"
#: the longest skill or modifiers text a page may send
MAX_TEXT = 80
#: what keeps a roll out of the GM's selected extended check (the ``ext=`` opt-out)
_NOT_EXTENDED = "ext=none"


@dataclass(frozen=True)
class Offer:
    """One pending roll: ``who`` offers to roll ``line`` with ``dice`` (``None``: the app
    rolls when the GM takes it); ``odds`` is the preview's line when it came in."""

    id: str
    who: str
    line: str
    dice: str | None = None
    odds: str = ""

    def doc(self) -> dict[str, Any]:
        doc = {"id": self.id, "who": self.who, "line": self.line, "odds": self.odds}
        if self.dice is not None:
            doc["dice"] = self.dice
        return doc


def _offer(doc: object) -> Offer | None:
    if not isinstance(doc, Mapping):
        return None
    ident, who, line = doc.get("id"), doc.get("who"), doc.get("line")
    dice, odds = doc.get("dice"), doc.get("odds", "")
    if not (isinstance(ident, str) and isinstance(who, str) and isinstance(line, str)):
        return None
    if not (ident and who and line) or not isinstance(odds, str):
        return None
    return Offer(ident, who, line, dice if isinstance(dice, str) else None, odds)


def open_offers(campaign: Campaign) -> tuple[Offer, ...]:
    """The pending rolls, oldest first (a malformed table, edited by hand, is skipped)."""
    docs = campaign.options.get(KEY)
    if not isinstance(docs, list | tuple):
        return ()
    found = (_offer(d) for d in docs)
    return tuple(o for o in found if o is not None)


def find_offer(campaign: Campaign, ident: str) -> Offer | None:
    return next((o for o in open_offers(campaign) if o.id == ident), None)


def with_offers(campaign: Campaign, offers: Iterable[Offer]) -> Campaign:
    """``campaign`` with exactly these pending rolls (none: the key goes)."""
    options = {k: v for k, v in campaign.options.items() if k != KEY}
    docs = [o.doc() for o in offers]
    if docs:
        options[KEY] = docs
    return replace(campaign, options=options)


def mode(campaign: Campaign) -> Mode:
    """The campaign's ``players_roll`` (``ask`` when unset or not one of :data:`MODES`)."""
    said = campaign.options.get(OPTION)
    return next((m for m in MODES if m == said), "ask")


def with_mode(campaign: Campaign, new: Mode) -> Campaign:
    return replace(campaign, options={**campaign.options, OPTION: new})


def real_skill(table: SlashContext, who: str, skill: str) -> str | None:
    """The skill or characteristic of ``who`` that ``skill`` names (its own name or an
    alias, any case), or ``None``."""
    wanted = " ".join(skill.split()).casefold()
    for name, real in table.skill_aliases(who).items():
        if name.casefold() == wanted:
            return real
    return None


def roll_line(table: SlashContext, who: str, skill: str, modifiers: str = "") -> str:
    """The roll line of ``who``'s own roll of ``skill`` with ``modifiers``, as the campaign
    spells it and with ``ext=none``; raises ``CommandError`` with a one-line reason."""
    if len(skill) > MAX_TEXT or len(modifiers) > MAX_TEXT:
        raise CommandError(_("too long: at most {length}").format(length=char_count(MAX_TEXT)))
    real = real_skill(table, who, skill)
    if real is None:
        raise CommandError(
            _("{name} has no skill or characteristic {skill!r}").format(name=who, skill=skill)
        )
    words = " ".join(modifiers.split())
    if "=" in words or words.startswith("!"):
        raise CommandError(
            _("modifiers are words such as hard or +2; the dice go in their own field")
        )
    line = " ".join(part for part in (who, real, words, _NOT_EXTENDED) if part)
    side = check_side(table, line)
    if side.actor != who:
        raise CommandError(_("a roll of your own character only"))
    if any(k != "ext" for k in side.options):
        raise CommandError(_("options (key=value) are the GM's to add"))
    kept = [who, side.skill, *side.words, _NOT_EXTENDED]
    return " ".join(kept)
