"""One GURPS roll worked out before the dice: the skill, every modifier and why, and notes.

:mod:`tui.session.systems.gurps.attack` (attacks and plain success rolls) and
:mod:`tui.session.systems.gurps.defense` (active defenses) build a :class:`Spec`; the
adapter shows it, rolls it and hands it to :func:`after_roll`, which updates the maneuver
state in the same undo step (Aim spent, an aim spoiled by a defense, All-Out Defense's
choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import gurps
from rules.exact import number_text
from rules.gurps import RangedFire
from tui.language import Msg, gm_hint, joined, msg, term, verbatim
from tui.session.campaign.model import Campaign
from tui.session.characters.values import hint
from tui.session.systems.gurps import state
from tui.session.systems.gurps.maneuver_names import option_name
from tui.session.systems.gurps.weapons import Weapon

__all__ = ["Spec", "after_roll", "damage_line", "hint"]


@dataclass(frozen=True)
class Spec:
    """A roll ready to make.

    Attributes:
        actor, skill, base: who rolls which skill (or defense), and its level.
        typed: the GM's situational modifiers (each within -10..+10).
        extras: (value, why) the app adds: aim, range, RoF, maneuver to-hit …
        cap: the most the effective skill may be (melee Move and Attack: 9), else None.
        notes: why a bonus the GM may expect does not apply.
        weapon: the weapon used; kind: "melee" or "ranged" for an attack, "" otherwise.
        fire: a ranged attack's distance, shots and damage multiplier.
        recoil: the weapon's Recoil (hits of rapid fire).
        defense: "dodge", "parry" or "block" for an active defense, else "".
        spends: the carried bonuses this roll uses ("aim", "evaluate").
        choose: the All-Out Defense option this roll picks ("" when none).
        spoils: whether the roll spoils the actor's aim (an active defense while aiming).
        damage: the damage line to suggest after a hit ("" when unknown).
    """

    actor: str
    skill: str
    base: int
    typed: tuple[int, ...] = ()
    extras: tuple[tuple[int, Msg], ...] = ()
    cap: int | None = None
    notes: tuple[Msg, ...] = ()
    weapon: Weapon | None = None
    kind: str = ""
    fire: RangedFire | None = None
    recoil: int = 1
    defense: str = ""
    spends: tuple[str, ...] = ()
    choose: str = ""
    spoils: bool = False
    damage: str = ""

    @property
    def effective(self) -> int:
        total = gurps.effective_skill(self.base, self.typed) + sum(v for v, _ in self.extras)
        return total if self.cap is None else min(total, self.cap)

    @property
    def attack(self) -> bool:
        return bool(self.kind)

    @property
    def said(self) -> Msg:
        """``Ruth Hale Guns (Shotgun) 13, Stevenson -1 (3 yd) +0 (2 shells) → 12`` as a
        fact (the modifiers' reasons in the GM's language when shown)."""
        head = f"{self.actor} {self.skill} {self.base}"
        if self.weapon is not None and self.weapon.name != self.skill:
            head += f", {self.weapon.name}"
        parts: list[str | Msg] = [f"{m:+d}" for m in self.typed]
        parts += [msg("{value} ({why})", value=f"{v:+d}", why=why) for v, why in self.extras]
        if self.cap is not None and self.effective == self.cap:
            parts.append(msg("(at most {cap})", cap=self.cap))
        if not parts:
            return verbatim(head)
        spaced = [p for i, part in enumerate(parts) for p in ((" " if i else ""), part)]
        return msg(
            "{head} {parts} → {value}", head=head, parts=joined(*spaced), value=self.effective
        )

    @property
    def text(self) -> str:
        return self.said.render()

    @property
    def notes_said(self) -> Msg:
        """The notes, `` [no aim bonus: …]`` each, as a fact."""
        return joined(*[msg(" [{note}]", note=n) for n in self.notes])

    @property
    def note_text(self) -> str:
        return self.notes_said.render()


def damage_line(campaign: Campaign, spec: Spec, hits: int, target: str = "") -> str:
    """The ``/damage`` line a hit asks for next: the target (``TARGET`` when the attack
    named none), the weapon's damage with its type, the hits, and at close range the
    target's DR times the pellets' multiplier; "" when nothing hit or the damage is unknown.
    Without ``dr=`` the target's own DR comes off each hit."""
    if not hits or not spec.damage:
        return ""
    who = hint(campaign, target) if target else "TARGET"
    count = f" hits={hits}" if hits > 1 else ""
    fire = spec.fire
    dr = ""
    if fire is not None and fire.close:
        dr = f" dr=x{fire.multiplier}"  # the target's own DR, times the pellets' multiplier
    return f"/damage {who} {spec.damage}{count}{dr}"


def _suggestion(campaign: Campaign, spec: Spec, hits: int, target: str) -> Msg:
    """The ``/damage`` line to type next (its words are typed syntax), and why its DR: a GM
    hint, which the players' surfaces leave out."""
    return gm_hint(_suggested(campaign, spec, hits, target))


def _suggested(campaign: Campaign, spec: Spec, hits: int, target: str) -> Msg:
    fire = spec.fire
    line = damage_line(campaign, spec, hits, target)
    if fire is not None and fire.close:
        return msg(
            "damage: {line} (close range: the target's DR x{n})",
            line=line,
            n=fire.multiplier,
        )
    if fire is not None and fire.beyond_half_damage and fire.half_damage is not None:
        return msg(
            "damage: {line} (beyond 1/2D {yd} yd: GURPS halves the damage)",
            line=line,
            yd=number_text(fire.half_damage),
        )
    return msg("damage: {line}", line=line)


def after_roll(
    campaign: Campaign, spec: Spec, result: gurps.Result, hits: int, target: str = ""
) -> tuple[Campaign, list[Msg]]:
    """The maneuver state after ``spec`` was rolled, and the effect lines to log (facts);
    ``target``: who the attack was aimed at, when the line named them."""
    effects: list[Msg] = []
    entry = state.in_force(campaign, spec.actor)
    if entry and spec.spends:
        spent = [
            msg("{why} {value}", why=why, value=f"{v:+d}")
            for v, why in spec.extras
            if why.english().split()[0] in spec.spends
        ]
        used = joined(*[p for i, m in enumerate(spent) for p in ((", " if i else ""), m)])
        campaign = state.put(campaign, spec.actor, {**entry, "spent": True})
        effects.append(msg("{name}: {bonuses} used", name=spec.actor, bonuses=used))
    elif entry and spec.spoils:
        campaign = state.put(campaign, spec.actor, {**entry, "spoiled": True, "aimed": 0, "aim": 0})
        effects.append(msg("{name}'s aim is lost (an active defense)", name=spec.actor))
    elif entry and spec.choose:
        campaign = state.put(campaign, spec.actor, {**entry, "option": spec.choose})
        effects.append(
            msg(
                "{name}: {option} (+2 to {defense} until their next turn)",
                name=spec.actor,
                option=option_name("all_out_defense", spec.choose),
                defense=term(spec.defense),
            )
        )
    if hits and spec.damage:
        effects.append(_suggestion(campaign, spec, hits, target))
    return campaign, effects
