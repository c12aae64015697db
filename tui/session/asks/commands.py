"""``/ask``: the GM asks a player for a roll; the player answers from their own device.

- ``/ask CHAR SKILL [modifiers]`` — the line is checked and previewed exactly as the roll
  line ``CHAR SKILL [modifiers]`` (the preview shows its odds; what the roll line refuses,
  ``/ask`` refuses with the same message). Typed dice and opposed lines are refused: the
  player rolls one check of their own.
- ``/ask all SKILL [modifiers]`` — one request per party member who can roll it (the line
  each would type, as ``/best`` makes it).
- ``/ask! …`` — secret: its log entry is the GM's, the players' view never shows the request,
  and only that player's page does.
- ``/ask cancel [CHAR|ID|all]`` — withdraw requests (all of them without an argument).
- ``/links`` — the app shows every party character's link (the running server's).

Each is one logged, undoable change of ``campaign.options["asks"]``
(:mod:`tui.session.asks.requests`). Only a party member the players see can be asked: the
others have no link to answer from.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui.language import Msg, _, msg
from tui.session.asks.requests import (
    Ask,
    askable,
    new_ask_id,
    open_asks,
    with_asks,
)
from tui.session.campaign.session import CommandError, Draft
from tui.session.entry.entry import Slash
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.lines import Check, Side
from tui.session.table.best import best_rolls

__all__ = ["CANCEL", "COMMANDS", "EVERYONE", "check_side", "line_of"]

#: this part's commands (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()
#: the words after ``/ask`` that are not a character (English; Russian ones in the catalog)
EVERYONE = ("all",)
CANCEL = ("cancel",)
_ARGS = "all|cancel|CHAR SKILL MODIFIER…"


def line_of(side: Side) -> str:
    """The roll line of one side, names as the campaign spells them, no dice."""
    options = [f"{k}={v}" for k, v in side.options.items()]
    return " ".join([side.actor, side.skill, *side.words, *options])


def _is(word: str, english: Sequence[str], shown: str) -> bool:
    return word.casefold() in {*english, shown.casefold()}


def _every(word: str) -> bool:
    return _is(word, EVERYONE, _("all"))


def _cancels(word: str) -> bool:
    return _is(word, CANCEL, _("cancel"))


def _offset(cmd: Slash) -> int:
    """Where the command's arguments begin in the typed line (``/ask `` and its ``!``)."""
    return len(cmd.name) + 2


def check_side(table: SlashContext, line: str) -> Side:
    """The one side of ``line``, refused as the roll line would refuse it (``CommandError``
    with the same message) and refused when it is not one check of a party member."""
    shown = table.preview(line)
    if not shown.ok:
        raise _Refused(shown.text, shown.at)
    from tui.session.entry.entry import EntryError

    try:
        parsed = table.parse(line)
    except (EntryError, KeyError, ValueError) as exc:  # the preview said it was fine
        raise _Refused(str(exc), None) from None
    if not isinstance(parsed, Check):
        raise _Refused(_("ask for a check: /ask CHAR SKILL [modifiers]"), None)
    if parsed.b is not None:
        raise _Refused(
            _("/ask asks one character for one check; opposed rolls stay the GM's"), None
        )
    side = parsed.a
    if side.faces is not None:
        raise _Refused(_("the player rolls: leave the dice out of /ask"), None)
    character = table.campaign.character(side.actor)
    if not askable(character):
        raise _Refused(
            _("{name} is not a party member the players see: only those have a link").format(
                name=character.name
            ),
            None,
        )
    return side


class _Refused(CommandError):
    """A line ``/ask`` refuses: the message, and where in the roll line the problem is."""

    def __init__(self, message: str, at: int | None) -> None:
        super().__init__(message)
        self.at = at


def _stored_line(table: SlashContext, side: Side, typed: str) -> str:
    """The line to keep: the campaign's own names (a name typed short may match someone
    else later), unless that spelling no longer plans (then the typed line, which did)."""
    line = line_of(side)
    try:
        table.plan(line)
    except Exception:
        return typed
    return line


def _what(side: Side) -> str:
    """The check without its roller's name: ``Spot Hidden hard``."""
    return line_of(side)[len(side.actor) + 1 :]


def _asked(table: SlashContext, words: Sequence[str], secret: bool) -> list[Ask]:
    """The requests ``/ask`` would add for ``words`` (raises :class:`_Refused`)."""
    campaign = table.campaign
    current = open_asks(campaign)
    taken = [a.id for a in current]
    if words and _every(words[0]):
        rows = {r.character: r for r in best_rolls(table, words[1:]) if r.odds}
        lines = [rows[c.name].line for c in campaign.characters if askable(c) and c.name in rows]
        if not words[1:]:
            raise _Refused(_("usage: /ask all SKILL [modifiers]"), None)
        if not lines:
            raise _Refused(
                _("no party member can roll {check!r}").format(check=" ".join(words[1:])), None
            )
        sides = [(line, check_side(table, line)) for line in lines]
    else:
        typed = " ".join(words)
        sides = [(typed, check_side(table, typed))]
    made: list[Ask] = []
    for typed, side in sides:
        line = _stored_line(table, side, typed)
        if any(a.who == side.actor and a.line == line for a in (*current, *made)):
            if len(sides) == 1:
                raise _Refused(
                    _("{name} is already asked for that roll").format(name=side.actor), None
                )
            continue
        ident = new_ask_id(table.rng, taken)
        taken.append(ident)
        made.append(Ask(ident, side.actor, line, secret))
    return made


def _what_of(table: SlashContext, ask: Ask) -> str:
    parsed = table.parse(ask.line)
    return _what(parsed.a) if isinstance(parsed, Check) else ask.line


def _asked_text(asks: Sequence[Ask], table: SlashContext) -> Msg:
    parts = ", ".join(f"{a.who} ({a.id})" for a in asks)
    what = _what_of(table, asks[0])
    return msg("asked to roll {check} on their own device: {who}", check=what, who=parts)


def _cancelled(table: SlashContext, words: Sequence[str]) -> list[Ask]:
    """The open requests ``/ask cancel words`` withdraws (raises ``CommandError``)."""
    current = open_asks(table.campaign)
    if not current:
        raise CommandError(_("no request is open"))
    if not words or _every(words[0]):
        return list(current)
    by_id = [a for a in current if a.id.casefold() == words[0].casefold()]
    if by_id:
        return by_id
    if words[0][:1].isdigit():  # ids begin with a digit, names never do
        raise CommandError(_("no open request {id}").format(id=words[0]))
    found = table.match_character(words)
    mine = [a for a in current if a.who == found.name]
    if not mine:
        raise CommandError(_("{name} has no open request").format(name=found.name))
    return mine


def _cancel(table: SlashContext, words: Sequence[str], secret: bool) -> Feedback:
    gone = _cancelled(table, words)
    ids = {a.id for a in gone}
    left = [a for a in open_asks(table.campaign) if a.id not in ids]
    listed = ", ".join(f"{a.id} {a.who}" for a in gone)
    draft = Draft.of(
        "change",
        msg("request withdrawn: {asks}", asks=listed),
        secret=secret or any(a.secret for a in gone),
    )
    return table.run_change(lambda c: with_asks(c, left), draft)


def _run(table: SlashContext, cmd: Slash, secret: bool) -> Feedback:
    words = list(cmd.args)
    if not words:
        return Feedback(False, _("usage: /ask CHAR SKILL [modifiers], /ask all SKILL, /ask cancel"))
    if _cancels(words[0]):
        return _cancel(table, words[1:], secret)
    try:
        made = _asked(table, words, secret)
    except _Refused as exc:
        at = None if exc.at is None else exc.at + _offset(cmd)
        return Feedback(False, str(exc), at=at)
    if not made:
        return Feedback(False, _("everyone who can roll that is asked already"))
    every = [*open_asks(table.campaign), *made]
    draft = Draft.of(
        "change",
        _asked_text(made, table),
        actor=made[0].who if len(made) == 1 else "",
        secret=secret,
    )
    return table.run_change(lambda c: with_asks(c, every), draft)


def _preview(table: SlashContext, cmd: Slash, secret: bool) -> Preview:
    words = list(cmd.args)
    if not words:
        return Preview(
            _("/ask CHAR SKILL [modifiers] — the player rolls on their own device"), True
        )
    if _cancels(words[0]):
        try:
            gone = _cancelled(table, words[1:])
        except CommandError as exc:
            return Preview(str(exc), False)
        return Preview(
            _("withdraw: {asks}").format(asks=", ".join(f"{a.id} {a.who}" for a in gone)), True
        )
    if _every(words[0]):
        try:
            made = _asked(table, words, secret)
        except _Refused as exc:
            return Preview(str(exc), False)
        rows = {r.line: r for r in best_rolls(table, words[1:])}
        who = ", ".join(
            f"{a.who} {float(rows[a.line].success * 100):.0f}%" if a.line in rows else a.who
            for a in made
        )
        return Preview(_("ask {who}").format(who=who or "—"), bool(made))
    typed = " ".join(words)
    try:
        check_side(table, typed)
    except _Refused as exc:
        at = None if exc.at is None else exc.at + _offset(cmd)
        return Preview(str(exc), False, at=at)
    shown = table.preview(typed)
    label = _("secret ask (GM and that player only)") if secret else _("ask")
    return Preview(f"{label}: {shown.text}", True, shown.odds)


@COMMANDS.slash(
    "ask",
    "/ask CHAR SKILL [modifiers]",
    "ask the player to roll from their own device (all: each party member; cancel [CHAR|ID])",
    args=_ARGS,
    preview=lambda table, cmd: _preview(table, cmd, False),
)
def _ask(table: SlashContext, cmd: Slash) -> Feedback:
    return _run(table, cmd, False)


@COMMANDS.slash(
    "ask!",
    "/ask! CHAR SKILL [modifiers]",
    "a secret request: only the GM and that player see it and its result",
    args=_ARGS,
    preview=lambda table, cmd: _preview(table, cmd, True),
)
def _secret_ask(table: SlashContext, cmd: Slash) -> Feedback:
    return _run(table, cmd, True)


@COMMANDS.slash(
    "links",
    "/links",
    "the players' links: each party character's page, where they answer /ask",
)
def _links(_table: SlashContext, _cmd: Slash) -> Feedback:
    return Feedback(True, "links", action="links")
