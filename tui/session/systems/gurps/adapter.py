"""GURPS 4e at the table: success rolls, attacks, active defenses and quick contests on 3d6.

Attributes (DX, IQ, HT …) roll like skills; attacks are :mod:`.attack`, active defenses
:mod:`.defense` (the entry forms are the GURPS help page). The maneuver in force adds its
bonuses, and what the roll uses or spoils is recorded in the same undo step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rules import gurps
from rules.exact import number_text
from rules.gurps import Level
from tui.language import Msg, _, joined, msg, ngettext, nmsg, term, tr
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.systems.gurps.attack import build_attack
from tui.session.systems.gurps.defended import plan_defended
from tui.session.systems.gurps.defense import (
    build_defense,
    computed_dodge,
    defense_of,
    weapon_defense,
)
from tui.session.systems.gurps.spec import Spec, after_roll, damage_line
from tui.session.systems.gurps.weapons import usable
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import CONTEST_GRADES, contest_chances, outcome, typed_or_rolled

__all__ = ["GRADES", "GurpsAdapter", "spec_of"]

GRADES = {
    Level.CRITICAL_SUCCESS: "critical",
    Level.SUCCESS: "success",
    Level.FAILURE: "failure",
    Level.CRITICAL_FAILURE: "fumble",
}


def spec_of(campaign: Campaign, side: Side) -> Spec:
    """The worked-out roll of one side: a defense, or an attack or plain success roll."""
    if defense_of(side.skill):
        return build_defense(campaign, side)
    return build_attack(campaign, side)


def _resolve(spec: Spec, side: Side, rng: random.Random) -> tuple[gurps.Result, bool]:
    skill = spec.effective
    faces = side.faces
    if faces is None:
        return gurps.roll(skill, rng=rng), False
    if len(faces) == 1:
        return gurps.resolve(skill, faces[0]), True
    if len(faces) == 3:
        return gurps.resolve_dice(skill, faces), True
    raise EntryError(
        _("{actor}: type three dice or one 3d6 total, got {n} numbers").format(
            actor=side.actor, n=len(faces)
        )
    )


def _dice(result: gurps.Result) -> str:
    return f"{result.roll} [{' '.join(map(str, result.dice))}]" if result.dice else str(result.roll)


def _summary(spec: Spec) -> str:
    text = spec.text
    fire = spec.fire
    if fire is not None and fire.close and fire.close_range is not None:
        near = fire.close_range
        yd = number_text(near)
        if spec.damage:
            text += " · " + _("close range ({yd} yd): {damage} a hit, DR x{n}").format(
                yd=yd, damage=spec.damage, n=fire.multiplier
            )
        else:
            text += " · " + _("close range ({yd} yd): damage and DR x{n}").format(
                yd=yd, n=fire.multiplier
            )
    elif spec.damage:
        text += " · " + _("{damage} a hit").format(damage=spec.damage)
    return text + spec.note_text


def _hits(spec: Spec, result: gurps.Result) -> int:
    if not spec.attack:
        return 0
    return gurps.attack_hits(result, spec.recoil, spec.fire.shots if spec.fire else 1)


def _verdict(spec: Spec, result: gurps.Result, hits: int) -> Msg:
    if spec.defense:
        return msg(", defended") if result.success else msg(", not defended")
    if spec.fire is not None:
        return msg(", {hits}", hits=nmsg("{n} hit", "{n} hits", hits))
    return msg("")


#: at most this many lines of hit counts in the preview; the rest is one "N+ hits" line
HIT_LINES = 4


def _odds(spec: Spec) -> tuple[Chance, ...]:
    """The levels' exact odds; for rapid fire the ordinary successes split by hits.

    With more than one shot the preview shows critical success, each number of hits of an
    ordinary success (the last line gathers the rest: "4+ hits"), failure and critical
    failure: disjoint classes adding up to exactly 1.
    """
    dist = gurps.odds(spec.effective)
    fire = spec.fire
    if fire is None or fire.shots <= 1:
        return tuple(Chance(tr(lv.label), dist[lv], GRADES[lv]) for lv in reversed(Level))
    odds = [Chance(tr(Level.CRITICAL_SUCCESS.label), dist[Level.CRITICAL_SUCCESS], "critical")]
    classes = gurps.hit_classes(spec.effective, spec.recoil, fire.shots)
    hits = [(n, p) for (lv, n), p in classes.items() if lv is Level.SUCCESS and p]
    shown, rest = hits[: HIT_LINES - 1], hits[HIT_LINES - 1 :]
    if len(rest) == 1:
        shown, rest = hits, []
    odds += [Chance(ngettext("{n} hit", "{n} hits", n).format(n=n), p, "success") for n, p in shown]
    if rest:
        odds.append(
            Chance(
                _("{n}+ hits").format(n=rest[0][0]),
                sum((p for _, p in rest), Fraction(0)),
                "success",
            )
        )
    odds += [
        Chance(tr(lv.label), dist[lv], GRADES[lv]) for lv in (Level.FAILURE, Level.CRITICAL_FAILURE)
    ]
    return tuple(odds)


def _inputs(spec: Spec, result: gurps.Result, typed: bool, hits: int) -> dict[str, object]:
    inputs: dict[str, object] = {
        "skill": spec.skill,
        "effective": spec.effective,
        "dice": list(result.dice) or [result.roll],
        "source": typed_or_rolled(typed),
    }
    if spec.defense:
        inputs["defense"] = spec.defense
    if spec.attack:
        inputs["attack"] = spec.kind
        inputs["hits"] = hits
        if spec.weapon is not None:
            inputs["weapon"] = spec.weapon.name
        if spec.fire is not None:
            inputs["yd"] = str(spec.fire.distance)
            inputs["shots"] = spec.fire.shots
        if spec.damage:
            inputs["damage"] = spec.damage
    return inputs


class GurpsAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        names = [
            *character.skills,
            *(
                k
                for k, v in character.attributes.items()
                if isinstance(v, int) and not isinstance(v, bool)
            ),
        ]
        if computed_dodge(character) is not None:
            names.append("Dodge")
        weapons = usable(character)  # a bad one is reported when it is used
        names += [
            label
            for label, which in (("Parry", "parry"), ("Block", "block"))
            if weapon_defense(character, which, weapons) is not None
        ]
        for w in weapons:
            rolls = w.level is not None or (w.skill and w.skill in character.skills)
            if rolls and w.name not in names:
                names.append(w.name)
        return names

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a_side = check.a
        a = spec_of(campaign, a_side)
        if check.b is None:

            def run(state: Campaign, rng: random.Random) -> Outcome:
                result, typed = _resolve(a, a_side, rng)
                hits = _hits(a, result)
                text = msg(
                    "{spec}: {dice} → {grade} (margin {margin}){verdict}{notes}",
                    spec=a.said,
                    dice=_dice(result),
                    grade=term(result.level.label),
                    margin=f"{result.margin:+d}",
                    verdict=_verdict(a, result, hits),
                    notes=a.notes_said,
                )
                new, effects = after_roll(state, a, result, hits)
                done = outcome(
                    new,
                    text=text,
                    actor=a.actor,
                    grade=GRADES[result.level],
                    inputs=_inputs(a, result, typed, hits),
                    effects=effects,
                    result=result,
                )
                return replace(done, next=damage_line(state, a, hits))

            return Plan(_summary(a), _odds(a), run)
        b_side = check.b
        b = spec_of(campaign, b_side)
        if b.defense and not a.defense:
            return plan_defended(a_side, a, b_side, b, _summary(a))
        odds = contest_chances(a.actor, b.actor, gurps.contest_odds(a.effective, b.effective))

        def run_contest(state: Campaign, rng: random.Random) -> Outcome:
            ra, ta = _resolve(a, a_side, rng)
            rb, tb = _resolve(b, b_side, rng)
            contest = gurps.contest(ra, rb)
            if contest.winner is None:
                who = msg("no winner")
            else:
                who = msg(
                    "{name} by {margin}",
                    name=a.actor if contest.winner == "a" else b.actor,
                    margin=contest.margin,
                )
            text = msg(
                "{a}: {a_dice} ({a_margin}) vs {b}: {b_dice} ({b_margin}) → {who}{notes}",
                a=a.said,
                a_dice=_dice(ra),
                a_margin=f"{ra.margin:+d}",
                b=b.said,
                b_dice=_dice(rb),
                b_margin=f"{rb.margin:+d}",
                who=who,
                notes=joined(a.notes_said, b.notes_said),
            )
            new, effects = after_roll(state, a, ra, 0)
            new, more = after_roll(new, b, rb, 0)
            return outcome(
                new,
                text=text,
                actor=a.actor,
                grade=CONTEST_GRADES[contest.winner],
                inputs={
                    "a": list(ra.dice) or [ra.roll],
                    "b": list(rb.dice) or [rb.roll],
                    "source": typed_or_rolled(ta and tb),
                },
                effects=[*effects, *more],
                result=contest,
            )

        return Plan(
            _("{a} vs {b}").format(a=a.text, b=b.text) + a.note_text + b.note_text,
            odds,
            run_contest,
        )
