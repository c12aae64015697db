"""``/damage TARGET EXPR [dr=N] [hits=N] [= faces]``: damage rolls taken from a target's HP.

One damage roll per hit (``hits=``, default 1); the target's DR (``dr=``, default 0) is
subtracted from each, never below 0, and the sum comes off HP as one logged, undoable step.
Typed dice after ``=`` are every die of the first hit, then of the second, …

Decisions: ``dr=`` also takes a product, ``dr=1x6``, so the line a shotgun hit at close
range suggests (``dr=DRx6``) only needs the target's DR filled in. HP may go below 0 (GURPS
has negative HP); the log says so. Wound modifiers by damage type are the GM's.
"""

from __future__ import annotations

import re

from rules import gurps
from rules.dice import parse
from rules.errors import RulesError
from tui.language import Msg, _, joined, msg, nmsg
from tui.session.campaign.session import CommandError, Draft
from tui.session.entry.entry import Slash, parse_faces
from tui.session.protocol.answers import Feedback
from tui.session.protocol.context import SlashContext
from tui.session.systems.gurps.commands import COMMANDS
from tui.session.systems.gurps.spec import hint

__all__ = ["damage_args"]

_DR = re.compile(r"(\d{1,6})(?:[x×*](\d{1,4}))?", re.IGNORECASE)


def _dr(raw: str) -> int:
    m = _DR.fullmatch(raw.strip())
    if m is None:
        raise CommandError(
            _("dr= must be a whole number or a product like 1x6, got {raw!r}").format(raw=raw)
        )
    value = int(m.group(1)) * int(m.group(2) or 1)
    if value > 100_000:
        raise CommandError(_("dr= must be within 0..100000, got {value}").format(value=value))
    return value


def damage_args(
    table: SlashContext, text: str
) -> tuple[str, str, int, int, tuple[int, ...] | None]:
    """``moss 12d6-6 dr=6 hits=2 = …`` → (target, dice, dr, hits, typed faces or None)."""
    # "dr=6" and "hits=2" hold an '=' too: the faces start at an '=' after a space or alone
    m = re.search(r"(^|\s)=", text)
    if m is not None:
        body, tail, eq = text[: m.start()], text[m.end() :], "="
    else:
        body, tail, eq = text, "", ""
    words = body.split()
    dr, hits = 0, 1
    rest: list[str] = []
    for word in words:
        key, sep, value = word.partition("=")
        if sep and key.casefold() == "dr":
            dr = _dr(value)
        elif sep and key.casefold() == "hits":
            if not value.isdigit() or not 1 <= int(value) <= gurps.MAX_HITS:
                raise CommandError(
                    _("hits= must be a whole number 1..{MAX_HITS}, got {value!r}").format(
                        MAX_HITS=gurps.MAX_HITS, value=value
                    )
                )
            hits = int(value)
        elif sep:
            raise CommandError(_("unknown option {key}= (allowed: dr=, hits=)").format(key=key))
        else:
            rest.append(word)
    if not rest:
        raise CommandError(_("usage: /damage TARGET DICE [dr=N] [hits=N] [= faces]"))
    who = table.match_character(rest)
    dice = rest[who.consumed :]
    if len(dice) != 1:
        raise CommandError(
            _(
                "/damage needs the damage dice after the target, e.g. /damage {target} 2d6-1 dr=1"
            ).format(target=hint(table.campaign, who.name))
            if not dice
            else _("unexpected {rest!r} after {dice}").format(rest=" ".join(dice[1:]), dice=dice[0])
        )
    faces = parse_faces(tail) if eq else None
    return who.name, dice[0], dr, hits, faces


@COMMANDS.slash(
    "damage",
    "/damage TARGET DICE [dr=N] [hits=N] [= faces]",
    "roll damage per hit, subtract DR from each, take the rest from HP",
)
def _damage(table: SlashContext, cmd: Slash) -> Feedback:
    name, dice, dr, hits, faces = damage_args(table, cmd.rest)
    ch = table.campaign.character(name)
    if "HP" not in ch.resources:
        who = hint(table.campaign, name)
        return Feedback(
            False, _("{name} has no HP (/hp {who} HP =N adds it)").format(name=ch.name, who=who)
        )
    try:
        expr = parse(dice)
        if faces is None:
            result = gurps.roll_damage(expr, dr=dr, hits=hits, rng=table.rng)
        else:
            result = gurps.resolve_damage(expr, faces, dr=dr, hits=hits)
    except RulesError as exc:
        return Feedback(False, _("damage {dice}: {exc}").format(dice=dice, exc=exc))
    before = ch.resources["HP"]
    after = before - result.total
    count = nmsg(" from {n} hit", " from {n} hits", hits) if hits > 1 else ""
    parts: list[str | Msg] = [
        msg(
            "{name} takes {total} injury{count} ({label}); HP {before} → {after}",
            name=ch.name,
            total=result.total,
            count=count,
            label=damage_msg(result),
            before=before,
            after=after,
        )
    ]
    if after <= 0 < before:
        parts.append(msg(" (0 or below: GURPS asks for HT rolls to stay conscious)"))
    inputs = {
        "expr": str(expr),
        "dr": dr,
        "hits": hits,
        "dice": [f for r in result.rolls for f in r.faces],
        "source": "rolled" if faces is None else "typed",
    }
    draft = Draft.of(
        "roll", joined(*parts), ch.name, "failure" if result.total else "partial", inputs
    )
    return table.run_change(
        lambda c: c.with_character(c.character(name).with_resource("HP", after)), draft
    )


def damage_msg(result: gurps.Damage) -> Msg:
    """``2d6-1 vs DR 4: 11 - 4 = 7; 2 - 4 = 0; total 7`` (the rules' ``label``, word for
    word in English) as a fact."""
    body = "; ".join(
        f"{b} - {result.dr} = {i}" if result.dr else str(b)
        for b, i in zip(result.basic, result.injuries, strict=True)
    )
    said: Msg = (
        msg("{body}", body=body)
        if result.hits < 2
        else msg("{body}; total {total}", body=body, total=result.total)
    )
    if result.dr:
        return msg("{expr} vs DR {dr}: {body}", expr=str(result.expr), dr=result.dr, body=said)
    return msg("{expr}: {body}", expr=str(result.expr), body=said)
