"""GURPS attack then active defense at the table: ``ruth shotgun yd=3 vs pike dodge``.

Not a quick contest (GURPS 4e): the attack rolls first; a miss ends it, a critical hit
allows no defense, otherwise the defender rolls and a success negates the hit (a Dodge
against rapid fire 1 + its margin hits). Typed dice go with their side (``= 3 3 3 vs pike
dodge = 4 4 4``), or all on the line's end in order, attack first (``= 10 12``); a defense
typed after a miss or a critical hit is refused, as no defense is rolled then.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

from rules import gurps
from rules.errors import RulesError
from rules.gurps import Level, Outcome
from tui.language import Msg, _, joined, msg, ngettext, nmsg, tr
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome as Logged
from tui.session.entry.entry import EntryError, Side
from tui.session.entry.rules_text import rules_message
from tui.session.systems.gurps.spec import Spec, after_roll, damage_line
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import outcome, typed_or_rolled

__all__ = ["plan_defended"]

#: at most this many lines of hits that land; the rest is one "N+ hits land" line
HIT_LINES = 4


def _shots(spec: Spec) -> int:
    return spec.fire.shots if spec.fire is not None else 1


def _odds(a: Spec, b: Spec) -> tuple[Chance, ...]:
    """Disjoint classes summing to 1: critical hit, hits landing, defended, miss, fumble."""
    dist = gurps.defended_hits_odds(
        a.effective, b.effective, kind=b.defense, recoil=a.recoil, shots=_shots(a)
    )
    levels = gurps.odds(a.effective)
    crit = sum((p for (o, _n), p in dist.items() if o is Outcome.CRITICAL_HIT), Fraction(0))
    out = [Chance(_("critical hit, no defense"), crit, "critical")]
    landed = sorted((n, p) for (o, n), p in dist.items() if o is Outcome.HIT and p)
    if _shots(a) == 1:
        out.append(Chance(_("hit lands"), sum((p for _n, p in landed), Fraction(0)), "success"))
    else:
        shown, rest = landed[: HIT_LINES - 1], landed[HIT_LINES - 1 :]
        if len(rest) == 1:
            shown, rest = landed, []
        out += [
            Chance(ngettext("{n} hit lands", "{n} hits land", n).format(n=n), p, "success")
            for n, p in shown
        ]
        if rest:
            total = sum((p for _n, p in rest), Fraction(0))
            out.append(Chance(_("{n}+ hits land").format(n=rest[0][0]), total, "success"))
    defended = dist.get((Outcome.DEFENDED, 0), Fraction(0))
    out.append(Chance(_("{name} defends").format(name=b.actor), defended, "partial"))
    out.append(Chance(_("miss"), levels[Level.FAILURE], "failure"))
    fumble = Level.CRITICAL_FAILURE
    out.append(Chance(tr(fumble.label), levels[fumble], "fumble"))
    return tuple(out)


def _result(
    spec: Spec, faces: tuple[int, ...] | None, rng: random.Random
) -> tuple[gurps.Result, bool]:
    if faces is None:
        return gurps.roll(spec.effective, rng=rng), False
    if len(faces) == 1:
        return gurps.resolve(spec.effective, faces[0]), True
    if len(faces) == 3:
        return gurps.resolve_dice(spec.effective, faces), True
    raise EntryError(
        _("{actor}: type three dice or one 3d6 total, got {n} numbers").format(
            actor=spec.actor, n=len(faces)
        )
    )


def _typed(a_side: Side, b_side: Side) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """Each roll's typed dice: per side, or all at the end in order (attack first)."""
    if a_side.faces is None and b_side.faces is not None and len(b_side.faces) in (2, 6):
        half = len(b_side.faces) // 2
        return b_side.faces[:half], b_side.faces[half:]
    return a_side.faces, b_side.faces


def _dice(result: gurps.Result) -> str:
    return f"{result.roll} [{' '.join(map(str, result.dice))}]" if result.dice else str(result.roll)


def _verdict(done: gurps.DefendedAttack, defender: str) -> Msg:
    outcome_ = done.outcome
    if outcome_ is Outcome.MISS:
        return msg("miss")
    if outcome_ is Outcome.CRITICAL_HIT:
        return msg(
            "critical hit, no defense: {hits}", hits=nmsg("{n} hit", "{n} hits", done.landed)
        )
    if outcome_ is Outcome.DEFENDED:
        return msg("{name} defends", name=defender)
    if done.hits == 1:
        return msg("the hit lands")
    if done.negated == 0:
        return nmsg("{n} hit lands", "{n} hits land", done.landed)
    return msg(
        "{landed} of {hits} land ({name} negates {negated})",
        landed=done.landed,
        hits=done.hits,
        name=defender,
        negated=done.negated,
    )


def plan_defended(a_side: Side, a: Spec, b_side: Side, b: Spec, head: str) -> Plan:
    """The plan of an attack (``a``) against an active defense (``b``); ``head`` is how
    the preview shows the attack (the adapter's summary: close range, damage)."""
    odds = _odds(a, b)

    def run(state: Campaign, rng: random.Random) -> Logged:
        a_faces, b_faces = _typed(a_side, b_side)
        ra, ta = _result(a, a_faces, rng)
        no_defense = not ra.success or ra.level is Level.CRITICAL_SUCCESS
        if no_defense and b_faces is not None:
            raise EntryError(
                _("{name}: no defense is rolled after {what}; leave out the defense dice").format(
                    name=b.actor,
                    what=_("a miss") if not ra.success else _("a critical hit"),
                )
            )
        rb, tb = (None, True) if no_defense else _result(b, b_faces, rng)
        try:
            done = gurps.defend(ra, rb, kind=b.defense, recoil=a.recoil, shots=_shots(a))
        except RulesError as exc:  # the checks above leave nothing for it to refuse
            raise EntryError(rules_message(str(exc))) from None
        defense: Msg = (
            msg("")
            if rb is None
            else msg("; {b}: {dice} ({margin})", b=b.said, dice=_dice(rb), margin=f"{rb.margin:+d}")
        )
        text = msg(
            "{a}: {a_dice} ({a_margin}){defense} → {verdict}{notes}",
            a=a.said,
            a_dice=_dice(ra),
            a_margin=f"{ra.margin:+d}",
            defense=defense,
            verdict=_verdict(done, b.actor),
            notes=joined(a.notes_said, b.notes_said),
        )
        new, effects = after_roll(state, a, ra, done.landed, b.actor)
        if rb is not None:
            new, more = after_roll(new, b, rb, 0)
            effects = [*effects, *more]
        grades = {
            Outcome.MISS: "failure",
            Outcome.CRITICAL_HIT: "critical",
            Outcome.DEFENDED: "partial",
            Outcome.HIT: "success",
        }
        inputs: dict[str, object] = {
            "a": list(ra.dice) or [ra.roll],
            "b": [] if rb is None else (list(rb.dice) or [rb.roll]),
            "defense": b.defense,
            "hits": done.hits,
            "landed": done.landed,
            "source": typed_or_rolled(ta and tb),
        }
        logged = outcome(
            new,
            text=text,
            actor=a.actor,
            grade=grades[done.outcome],
            inputs=inputs,
            effects=effects,
            result=done,
        )
        return replace(logged, next=damage_line(state, a, done.landed, b.actor))

    return Plan(
        _("{a} vs {b}").format(a=head, b=b.text)
        + " · "
        + _("attack first, then {defense}").format(defense=tr(b.defense))
        + b.note_text,
        odds,
        run,
    )
