"""The GM's commands for the rolls players start on their own pages.

- ``/take [ID|CHAR]`` — record a pending roll (the oldest without an argument) exactly as
  the roll line typed with the player's dice; Enter on an empty roll entry does the same.
- ``/refuse [ID|CHAR] [REASON]`` — drop it; the reason reaches the player's page.
- ``/players-roll [ask|accept|off]`` — the campaign option ``players_roll``: ``ask`` (each
  roll waits for ``/take``), ``accept`` (taken as it comes), ``off`` (the pages roll
  nothing); without an argument it says the current one. A logged, undoable change.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.language import NC_, _, entry_words, msg
from tui.session.asks.offers import MODES, Mode, Offer, mode, open_offers, with_mode
from tui.session.asks.own_rolls import refuse, take
from tui.session.campaign.session import CommandError
from tui.session.entry.entry import Slash
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext

__all__ = ["COMMANDS", "MODE_WORDS", "picked"]

#: this part's commands (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()
#: the option's values as the GM may type them (each catalog adds its own words)
MODE_WORDS = (
    # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
    NC_("entry", "ask"),
    # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
    NC_("entry", "accept"),
    # TRANSLATORS: a roll-entry word: every spelling to accept, by spaces, the shown one first
    NC_("entry", "off"),
)


def picked(table: SlashContext, words: Sequence[str]) -> tuple[Offer, list[str]]:
    """The pending roll the leading word names (its id, or its character's name), else the
    oldest; and the words left (a refusal's reason). Raises ``CommandError``."""
    offers = open_offers(table.campaign)
    if not offers:
        raise CommandError(_("no player's roll is waiting"))
    if not words:
        return offers[0], []
    by_id = [o for o in offers if o.id.casefold() == words[0].casefold()]
    if by_id:
        return by_id[0], list(words[1:])
    try:
        found = table.match_character(words)
    except (ValueError, KeyError):
        return offers[0], list(words)
    mine = [o for o in offers if o.who == found.name]
    if mine:
        return mine[0], list(words[found.consumed :])
    return offers[0], list(words)


def _mode_of(word: str) -> Mode | None:
    said = word.casefold()
    typed = entry_words("entry", MODE_WORDS)
    english = typed.get(said, said)
    return next((m for m in MODES if m == english), None)


@COMMANDS.slash(
    "take",
    "/take [ID|CHAR]",
    "record a player's own roll that waits (Enter on an empty entry takes the oldest)",
    args="[OFFER]",
    preview=lambda table, cmd: _take_preview(table, cmd),
)
def _take(table: SlashContext, cmd: Slash) -> Feedback:
    try:
        offer, _rest = picked(table, cmd.args)
    except CommandError as exc:
        return Feedback(False, str(exc))
    return take(table, offer)


def _take_preview(table: SlashContext, cmd: Slash) -> Preview:
    try:
        offer, _rest = picked(table, cmd.args)
    except CommandError as exc:
        return Preview(str(exc), False)
    shown = table.preview(offer.line)
    dice = offer.dice if offer.dice is not None else _("the app rolls")
    return Preview(
        _("take {id}: {odds} ({dice})").format(id=offer.id, odds=shown.text, dice=dice),
        shown.ok,
        shown.odds,
    )


@COMMANDS.slash(
    "refuse",
    "/refuse [ID|CHAR] [REASON]",
    "drop a player's own roll that waits; the reason shows on their page",
    args="[OFFER] TEXT",
)
def _refuse(table: SlashContext, cmd: Slash) -> Feedback:
    try:
        offer, rest = picked(table, cmd.args)
    except CommandError as exc:
        return Feedback(False, str(exc))
    reason = " ".join(rest) or _("not now")
    return refuse(table, offer, reason)


@COMMANDS.slash(
    "players-roll",
    "/players-roll [MODE]",
    "players' own rolls from their pages: ask (each waits for /take), accept, or off",
    args="MODE",
)
def _players_roll(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.args:
        return Feedback(
            True, _("players' own rolls: {mode}").format(mode=_mode_shown(mode(table.campaign)))
        )
    new = _mode_of(cmd.args[0]) if len(cmd.args) == 1 else None
    if new is None:
        return Feedback(False, _("usage: /players-roll ask|accept|off"))
    if new == mode(table.campaign):
        return Feedback(True, _("players' own rolls: {mode}").format(mode=_mode_shown(new)))
    return table.change(lambda c: with_mode(c, new), msg("players' own rolls: {mode}", mode=new))


def _mode_shown(said: Mode) -> str:
    from tui.language import pgettext

    return pgettext("entry", said).split()[0]


@COMMANDS.arg_kind("OFFER")
def _offer_args(table: SlashContext, _character: str | None) -> dict[str, str]:
    return {o.id: o.id for o in open_offers(table.campaign)}


@COMMANDS.arg_kind("MODE")
def _mode_args(_table: SlashContext, _character: str | None) -> dict[str, str]:
    return {_mode_shown(m): m for m in MODES}
