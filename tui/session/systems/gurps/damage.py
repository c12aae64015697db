"""GURPS ``/damage``: typed damage through DR, then the injury's consequences by itself.

The shared command (:mod:`tui.session.characters.damage`) reads the line; this rolls it:
one roll per hit, DR (the target's ``DR`` attribute, or ``dr=``; ``dr=1x6`` multiplies) cut
by the armour divisor, the damage type's wounding multiplier (``imp`` ×2, ``cut`` ×1.5 …),
at least 1 injury when anything penetrates (:func:`rules.gurps.resolve_damage`), off HP
(``fat``: off FP). What follows is a line of the same entry, undone with it
(:func:`rules.gurps.wound`): shock as a ``shock`` condition for the victim's next turn
(-1 per HP, at most -4; Pain Threshold), a major wound asks for the knockdown HT roll, each
new multiple of -HP for an HT roll against death, -5×HP is ``dead``, 0 HP or below says the
turn start asks for HT to stay conscious, below 1/3 HP Move and Dodge are halved. The entry
is offered the ``/ht`` line the wound asks for (death first, then knockdown).

Decisions: untyped damage (no type word, none on the weapon) keeps the seed's reading, DR
off and nothing else; shock from several hits in one turn adds up to the cap. HP may go
below 0 (GURPS has negative HP).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules import gurps
from rules.gurps import DamageType
from tui.language import Msg, _, joined, msg, nmsg
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters.conditions import with_condition
from tui.session.protocol.damage import DamageDone, DamageRequest
from tui.session.systems.gurps.spec import hint
from tui.session.systems.gurps.wounds import DEAD, SHOCK, hp_of, ht_of, pain_of

__all__ = ["damage", "damage_msg"]


def damage_msg(result: gurps.Damage) -> Msg:
    """``2d6+1 cut vs DR 3: 9 - 3 = 6 ×1.5 = 9`` (the rules' arithmetic) as a fact."""
    text = result.label
    head, _sep, body = text.partition(": ")
    said: Msg = (
        msg("{body}", body=body)
        if result.hits < 2
        else msg("{body}; total {total}", body=body.rsplit("; total ", 1)[0], total=result.total)
    )
    if result.dr:
        expr = head.split(" vs DR ")[0]
        dr = head.split(" vs DR ")[1]
        return msg("{expr} vs DR {dr}: {body}", expr=expr, dr=dr, body=said)
    return msg("{expr}: {body}", expr=head, body=said)


def _roll(request: DamageRequest, dr: int, rng: random.Random) -> gurps.Damage:
    kind = request.kind or None
    divisor = request.divisor or 1
    if request.faces is None:
        return gurps.roll_damage(
            request.dice, dr=dr, hits=request.hits, kind=kind, divisor=divisor, rng=rng
        )
    return gurps.resolve_damage(
        request.dice, request.faces, dr=dr, hits=request.hits, kind=kind, divisor=divisor
    )


def _resource(campaign: Campaign, ch: Character, fatigue: bool) -> str:
    key = "FP" if fatigue else "HP"
    if key not in ch.resources:
        raise CommandError(
            _("{name} has no {resource} (/hp {who} {resource} =N adds it)").format(
                name=ch.name, resource=key, who=hint(campaign, ch.name)
            )
        )
    return key


def _dr(ch: Character) -> int:
    value = ch.attributes.get("DR", 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def damage(campaign: Campaign, request: DamageRequest, rng: random.Random) -> DamageDone:
    """Roll ``request`` against the target's DR and work out its injury (see the module)."""
    ch = campaign.character(request.target)
    fatigue = request.kind == DamageType.FATIGUE.value
    resource = _resource(campaign, ch, fatigue)
    dr = _dr(ch) * request.times if request.protection is None else request.protection
    result = _roll(request, dr, rng)
    before = ch.resources[resource]
    after = before - result.total
    count = nmsg(" from {n} hit", " from {n} hits", request.hits) if request.hits > 1 else ""
    text = msg(
        "{name} takes {total} injury{count} ({label}); {resource} {before} → {after}",
        name=ch.name,
        total=result.total,
        count=count,
        label=damage_msg(result),
        resource=resource,
        before=before,
        after=after,
    )
    new = ch.with_resource(resource, after)
    effects: list[Msg] = []
    next_line = ""
    if not fatigue and result.total:
        new, effects, next_line = _wounded(campaign, new, result, before, after)
    inputs = {
        "expr": str(result.expr),
        "dr": dr,
        "hits": request.hits,
        "dice": [f for r in result.rolls for f in r.faces],
        "source": "rolled" if request.faces is None else "typed",
    }
    if result.kind is not None:
        inputs["type"] = result.kind.value
    if result.divisor != 1:
        inputs["divisor"] = f"{float(result.divisor):g}"
    draft = Draft.of(
        "roll", joined(text), ch.name, "failure" if result.total else "partial", inputs
    )
    draft = draft.with_effects(effects)
    final = new

    def change(c: Campaign) -> Campaign:
        return c.with_character(final)

    return DamageDone(change, draft, next_line)


def _wounded(
    campaign: Campaign, ch: Character, result: gurps.Damage, before: int, after: int
) -> tuple[Character, list[Msg], str]:
    """The victim after the wound's consequences, the lines saying them, the /ht line."""
    full = hp_of(ch, before) or max(1, before)
    pain = pain_of(ch)
    wound = gurps.wound(result.largest, before=before, hp=full, pain=pain, after=after)
    lines: list[Msg] = []
    who = hint(campaign, ch.name)
    asks: list[str] = []
    if wound.dead:
        ch = with_condition(ch, DEAD)[0] if ch.condition(DEAD) is None else ch
        lines.append(msg("{name} is dead (-5×HP = {hp})", name=ch.name, hp=-5 * full))
        return ch, lines, ""
    shock = gurps.shock(result.total, full, pain=pain)
    if shock:
        old = ch.condition(SHOCK)
        most = -8 if pain.value == "low" else -4
        total = max(most, shock + (old.mod if old is not None else 0))
        ch = with_condition(ch, SHOCK, 1, "turns", mod=total)[0]
        lines.append(
            msg(
                "shock {mod} to DX and IQ rolls on {name}'s next turn",
                mod=f"{total:+d}",
                name=ch.name,
            )
        )
    ht = ht_of(ch)
    if wound.death_checks:
        shown = ", ".join(f"-{k}×HP" for k in wound.death_checks)
        pending = list(ch.extra.get("death_checks", ()) or ())
        ch = replace(ch, extra={**ch.extra, "death_checks": [*pending, *wound.death_checks]})
        lines.append(
            msg(
                "{name} reached {multiples}: an HT roll against death each",
                name=ch.name,
                multiples=shown,
            )
        )
        asks.append("death")
    if wound.major:
        lines.append(
            msg(
                "major wound (more than HP/2 = {half}): an HT roll against knockdown and stun",
                half=f"{float(full / 2):g}",
            )
        )
        asks.append("knockdown")
    if wound.conscious_roll and before > 0:
        lines.append(
            msg(
                "{name} is at 0 HP or below: an HT roll at each turn start to stay conscious",
                name=ch.name,
            )
        )
    if wound.reeling and not gurps.reeling(before, full):
        lines.append(msg("{name} is below 1/3 HP: Move and Dodge halved", name=ch.name))
    if asks and ht is None:
        lines.append(msg("{name} has no HT (/attr {who} HT 10 adds it)", name=ch.name, who=who))
        return ch, lines, ""
    return ch, lines, f"/ht {who} {' '.join(asks)}" if asks else ""
