"""``/damage TARGET DICE [TYPE] [armor=N | dr=N] [hits=N] [= faces]`` in every system.

The line is read here, once; the campaign's system rolls it (``System.damage``): each hit's
roll less the target's protection (its ``System.protection_keys`` attributes: GURPS ``DR``,
``Armor``/``Toughness`` elsewhere; ``armor=``/``dr=`` overrides them, ``dr=1x6``
multiplies), the system's multiplier by damage type, and the rest off the target's first
vital resource (HP), logged with the arithmetic as one undoable step. :func:`plain_damage`
is the answer of a system without damage types.

Decisions: a typed armour divisor ``(2)`` follows the dice (``1d+2(2)``) or stands alone;
the damage type is a word of ``System.damage_types``; a word that is neither says what
the system takes. Protection is never negative; damage never heals (0 at the least per hit).
``dr=x6`` multiplies the sheet's protection: the line a GURPS shotgun hit at close range
offers before anyone names the target.
"""

from __future__ import annotations

import random
import re

from rules import dice
from tui.language import Msg, _, joined, msg, nmsg
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters.values import hint
from tui.session.entry.entry import Slash, parse_faces
from tui.session.protocol.answers import Feedback, Preview
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.damage import DamageDone, DamageRequest
from tui.session.protocol.system import System

__all__ = ["COMMANDS", "MAX_HITS", "damage_request", "plain_damage", "protection_of"]

#: this part's command (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()

#: most hits one /damage takes (100 hits of 12d6 are 1200 dice)
MAX_HITS = 100
_PROTECTION = re.compile(r"(\d{1,6})?(?:[x×*](\d{1,4}))?", re.IGNORECASE)
_DIVISOR = re.compile(r"^(?P<dice>.*?)(?P<div>\(\s*[\d.]{1,4}\s*\))$")
USAGE = "/damage TARGET DICE [TYPE] [armor=N | dr=N] [hits=N] [= faces]"


def _protection(key: str, raw: str) -> tuple[int | None, int]:
    """``6`` → (6, 1); ``1x6`` → (6, 1); ``x6`` → (None, 6): the sheet's, times 6."""
    m = _PROTECTION.fullmatch(raw.strip())
    if m is None or not (m.group(1) or m.group(2)):
        raise CommandError(
            _("{key}= must be a whole number or a product like 1x6, got {raw!r}").format(
                key=key, raw=raw
            )
        )
    times = int(m.group(2) or 1)
    if m.group(1) is None:
        return None, max(1, times)
    value = int(m.group(1)) * times
    if value > 100_000:
        raise CommandError(
            _("{key}= must be within 0..100000, got {value}").format(key=key, value=value)
        )
    return value, 1


def damage_request(table: SlashContext, text: str) -> DamageRequest:
    """``moss 2d+1 cut dr=3 hits=2 = 4 4 1 2`` → the request (names resolved, not rolled)."""
    m = re.search(r"(^|\s)=", text)  # "dr=6" holds an '=' too: faces follow a lone '='
    body, tail = (text[: m.start()], text[m.end() :]) if m else (text, None)
    protection: int | None = None
    times = 1
    hits = 1
    rest: list[str] = []
    for word in body.split():
        key, sep, value = word.partition("=")
        folded = key.casefold()
        if sep and folded in ("dr", "armor", "armour"):
            protection, times = _protection(folded, value)
        elif sep and folded == "hits":
            if not value.isdigit() or not 1 <= int(value) <= MAX_HITS:
                raise CommandError(
                    _("hits= must be a whole number 1..{MAX_HITS}, got {value!r}").format(
                        MAX_HITS=MAX_HITS, value=value
                    )
                )
            hits = int(value)
        elif sep:
            raise CommandError(
                _("unknown option {key}= (allowed: armor=, dr=, hits=)").format(key=key)
            )
        else:
            rest.append(word)
    if not rest:
        raise CommandError(
            _("usage: /damage TARGET DICE [TYPE] [armor=N | dr=N] [hits=N] [= faces]")
        )
    who = table.match_character(rest)
    words = rest[who.consumed :]
    if not words:
        raise CommandError(
            _("/damage needs the damage dice after the target, e.g. /damage {target} 2d6+1").format(
                target=hint(table.campaign, who.name)
            )
        )
    first, *more = words
    divisor = ""
    found = _DIVISOR.match(first)
    if found and found.group("dice"):
        first, divisor = found.group("dice"), found.group("div")
    if more and re.fullmatch(r"\(\s*[\d.]{1,4}\s*\)", more[0]):
        divisor, more = more[0], more[1:]
    kinds = {k.casefold(): k for k in table.system.damage_types}
    kind = ""
    if more and more[0].casefold() in kinds:
        kind, more = kinds[more[0].casefold()], more[1:]
    if more:
        allowed = ", ".join(table.system.damage_types)
        raise CommandError(
            _("unexpected {rest!r} after {dice} (damage types: {allowed})").format(
                rest=" ".join(more), dice=first, allowed=allowed
            )
            if allowed
            else _("unexpected {rest!r} after {dice} ({system} damage has no types)").format(
                rest=" ".join(more), dice=first, system=table.system_name
            )
        )
    if divisor and not table.system.damage_types:
        raise CommandError(
            _("{system} damage has no armour divisors").format(system=table.system_name)
        )
    faces = parse_faces(tail) if tail is not None else None
    return DamageRequest(
        who.name,
        first,
        kind=kind,
        divisor=divisor,
        protection=protection,
        hits=hits,
        faces=faces,
        times=times,
    )


def protection_of(system: System, ch: Character) -> tuple[int, str]:
    """The target's protection from its sheet (its ``protection_keys`` attributes, added)
    and how it is named (``DR``, ``Armor + Toughness``); (0, "") when it has none."""
    total, names = 0, []
    for key in system.protection_keys:
        value = ch.attributes.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            total += value
            names.append(key)
    return total, " + ".join(names)


def vital_of(system: System, campaign: Campaign, ch: Character) -> str:
    """The resource damage comes off: the first of the system's vital resources it has."""
    for key in system.vital_resources:
        if key in ch.resources:
            return key
    first = system.vital_resources[0] if system.vital_resources else "HP"
    raise CommandError(
        _("{name} has no {resource} (/hp {who} {resource} =N adds it)").format(
            name=ch.name, resource=first, who=hint(campaign, ch.name)
        )
    )


def plain_damage(
    system: System, campaign: Campaign, request: DamageRequest, rng: random.Random
) -> DamageDone:
    """Untyped damage: each hit's roll less the protection (never below 0), off HP."""
    ch = campaign.character(request.target)
    resource = vital_of(system, campaign, ch)
    expr = dice.parse(request.dice)
    if request.faces is None:
        rolls = [dice.roll(expr, rng=rng) for _ in range(request.hits)]
    else:
        need = expr.dice_count * request.hits
        if len(request.faces) != need:
            raise CommandError(
                _("{n} hits of {expr} need {need} dice, got {got}").format(
                    n=request.hits, expr=expr, need=need, got=len(request.faces)
                )
            )
        size = expr.dice_count
        rolls = [
            dice.resolve(expr, list(request.faces[i * size : (i + 1) * size]))
            for i in range(request.hits)
        ]
    if request.protection is None:
        armor, named = protection_of(system, ch)
        armor *= request.times
    else:
        armor, named = request.protection, "armor="
    injuries = [max(0, r.total - armor) for r in rolls]
    total = sum(injuries)
    body = "; ".join(
        f"{r.total} - {armor} = {i}" if armor else str(r.total)
        for r, i in zip(rolls, injuries, strict=True)
    )
    if request.hits > 1:
        body += f"; total {total}"
    label: Msg = (
        msg(
            "{expr} vs {named} {armor}: {body}", expr=str(expr), named=named, armor=armor, body=body
        )
        if armor
        else msg("{expr}: {body}", expr=str(expr), body=body)
    )
    before = ch.resources[resource]
    after = before - total
    count = nmsg(" from {n} hit", " from {n} hits", request.hits) if request.hits > 1 else ""
    text = msg(
        "{name} takes {total} damage{count} ({label}); {resource} {before} → {after}",
        name=ch.name,
        total=total,
        count=count,
        label=label,
        resource=resource,
        before=before,
        after=after,
    )
    inputs = {
        "expr": str(expr),
        "armor": armor,
        "hits": request.hits,
        "dice": [f for r in rolls for f in r.faces],
        "source": "rolled" if request.faces is None else "typed",
    }
    draft = Draft.of("roll", joined(text), ch.name, "failure" if total else "partial", inputs)

    def change(c: Campaign) -> Campaign:
        return c.with_character(c.character(ch.name).with_resource(resource, after))

    return DamageDone(change, draft)


def _preview(table: SlashContext, cmd: Slash) -> Preview:
    """``Guard Moss: 12d6-6 x2 hits, 6..66 a hit, vs DR 6; HP 12`` while the line is typed."""
    request = damage_request(table, cmd.rest)
    ch = table.campaign.character(request.target)
    if request.protection is None:
        armor, named = protection_of(table.system, ch)
        armor *= request.times
    else:
        armor, named = request.protection, "armor="
    expr = dice.parse(re.sub(r"(?i)d(?![\d%])", "d6", request.dice))
    hits = f" ×{request.hits}" if request.hits > 1 else ""
    kind = f" {request.divisor}{request.kind}".rstrip() if request.kind or request.divisor else ""
    against = f" − {named} {armor}" if armor else ""
    hp = ", ".join(f"{k} {v}" for k, v in ch.resources.items() if k in table.system.vital_resources)
    text = _("{name}: {expr}{kind}{hits} ({low}..{high} a hit){against}; {hp}").format(
        name=ch.name,
        expr=expr,
        kind=kind,
        hits=hits,
        low=expr.minimum,
        high=expr.maximum,
        against=against,
        hp=hp or _("no HP"),
    )
    return Preview(text, True)


@COMMANDS.slash(
    "damage",
    USAGE,
    "roll damage per hit, take the target's armour (DR) off each, the rest off its HP",
    args="CHAR TEXT",
    preview=_preview,
)
def _damage(table: SlashContext, cmd: Slash) -> Feedback:
    request = damage_request(table, cmd.rest)
    done = table.system.damage(table.campaign, request, table.rng)
    return table.run_change(done.change, done.draft, next=done.next)
