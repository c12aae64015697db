"""GURPS attack rolls at the table: the weapon, the distance, the shots and the maneuver.

A roll is an attack when it names a weapon, gives ``yd=``/``shots=``/``rof=``/``recoil=``
(``range=`` is read as ``yd=``), or the character's maneuver in force is an attack; then
:func:`build_attack` works out the weapon and the effective skill (the entry forms are the
GURPS help page). A roll that gets no bonus the GM may expect (Aim declared but no Attack,
Evaluate with a ranged weapon …) says why in square brackets, in the preview and the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules import gurps
from rules.dice import Expr
from rules.errors import RulesError
from rules.exact import number_text
from tui.language import N_, Msg, _, msg, nmsg, term, verbatim
from tui.session.campaign.model import Campaign, Character
from tui.session.entry.entry import EntryError, Side
from tui.session.entry.names import normal
from tui.session.entry.rules_text import rules_message
from tui.session.systems.gurps import state
from tui.session.systems.gurps.maneuver_names import maneuver_name, option_name
from tui.session.systems.gurps.spec import Spec, hint
from tui.session.systems.gurps.weapons import Weapon, find, weapon, weapon_names
from tui.session.systems.kit import int_option, reject_unknown, signed_words

__all__ = [
    "FIRE_OPTIONS",
    "OPTIONS",
    "build_attack",
    "condition_extras",
    "maneuver_mods",
    "skill_level",
]

#: ``key=value`` words of a ranged attack (``range`` is the shared word for ``yd``)
FIRE_OPTIONS = ("yd", "range", "shots", "rof", "recoil", "half", "1/2d")
OPTIONS = ("ext", *FIRE_OPTIONS)


def skill_level(ch: Character, skill: str) -> int:
    raw = ch.skills.get(skill, ch.attributes.get(skill))
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise EntryError(
            _("{name}'s {skill} is not a whole number ({raw!r})").format(
                name=ch.name, skill=skill, raw=raw
            )
        )
    return raw


def _named_in(weapon_name: str, skill: str) -> bool:
    """Whether the weapon's name is a word (or words) of the skill: Guns (Pistol) → Pistol."""
    return f" {normal(weapon_name)} " in f" {normal(skill)} "


def _default_weapon(ch: Character, skill: str, entry: Mapping[str, Any], ranged: bool) -> str:
    """The weapon of an attack that names none: the one whose ``skill`` is the rolled skill,
    else the one named in the skill (Guns (Pistol) → Pistol), else the aimed one, else the
    character's only weapon; several candidates for a ranged roll are asked about. An attack
    without a weapon is unarmed (melee) unless it gives a distance or shots."""
    names = weapon_names(ch)
    fits = [n for n in names if weapon(ch, n).skill in ("", skill)]
    if ranged:
        fits = [n for n in fits if weapon(ch, n).kind == "ranged"]
    for pick in (
        [n for n in names if weapon(ch, n).skill == skill],
        [n for n in fits if _named_in(n, skill)],
    ):
        if len(pick) == 1 and (not ranged or weapon(ch, pick[0]).kind == "ranged"):
            return pick[0]
    aimed = str(entry.get("aimed_weapon") or entry.get("weapon") or "")
    if aimed in fits:
        return aimed
    if len(fits) == 1 and (ranged or len(names) == 1):
        return fits[0]
    if ranged and fits:
        raise EntryError(
            _("which weapon does {name} fire? name it: {fits}").format(
                name=ch.name, fits=", ".join(fits)
            )
        )
    return ""


def _aim_note(actor: str, who: str, key: str) -> Msg:
    if key == "aim":
        return msg(
            "no aim bonus: {name} is aiming this turn; it counts for an Attack on the "
            "next turn (/maneuver {who} attack)",
            name=actor,
            who=who,
        )
    if key == "move_and_attack":
        return msg("no aim bonus with Move and Attack")
    if not key:
        return msg("no aim bonus: declare the attack first (/maneuver {who} attack)", who=who)
    return msg(
        "no aim bonus: {name}'s maneuver is {maneuver}, not an Attack",
        name=actor,
        maneuver=maneuver_name(key),
    )


#: what an All-Out Attack option helps, as a note names it
KINDS = (N_("melee"), N_("ranged"), N_("any"))


def _option_mods(
    entry: Mapping[str, Any], key: str, kind: str, extras: list[tuple[int, Msg]], notes: list[Msg]
) -> int | None:
    opt = str(entry.get("option", ""))
    if key == "move_and_attack":
        extras.append((-2 if kind == "ranged" else -4, maneuver_name(key)))
        return 9 if kind == "melee" else None
    if key != "all_out_attack":
        return None
    if not opt:
        notes.append(msg("All-Out Attack without an option: e.g. /maneuver … aoa:determined"))
        return None
    if opt == "determined":
        opt = f"determined_{kind}"
    info = gurps.maneuver(key).option(opt)
    if info.weapon not in ("any", kind):
        notes.append(
            msg(
                "{option} ({weapon}) does not help a {kind} attack",
                option=option_name(key, opt),
                weapon=term(info.weapon),
                kind=term(kind),
            )
        )
    elif info.to_hit:
        extras.append((info.to_hit, option_name(key, opt)))
    return None


def maneuver_mods(
    entry: Mapping[str, Any], actor: str, kind: str, weapon_name: str, who: str = ""
) -> tuple[list[tuple[int, Msg]], list[Msg], list[str], int | None]:
    """(extras, notes, spends, cap) the maneuver in force gives an attack of ``kind``
    ("melee"/"ranged"; "" for a roll that is no attack: notes only); ``who`` names the
    actor in the hints (default: the first word of the name)."""
    who = who or actor.split()[0].lower()
    extras: list[tuple[int, Msg]] = []
    notes: list[Msg] = []
    spends: list[str] = []
    key = str(entry.get("maneuver", ""))
    cap = _option_mods(entry, key, kind, extras, notes) if kind else None
    aimed, evaluated = state.number(entry, "aimed"), state.number(entry, "evaluated")
    spent = bool(entry.get("spent"))
    if key == "aim" or (aimed and (not kind or key not in state.AIMED)):
        notes.append(_aim_note(actor, who, key))
    elif aimed and kind:
        target = str(entry.get("aimed_weapon", ""))
        if spent:
            notes.append(msg("no aim bonus: the aim was used by an earlier attack this turn"))
        elif target and weapon_name != target:
            notes.append(
                msg(
                    "no aim bonus: {name} aimed {target}, not {weapon}",
                    name=actor,
                    target=target,
                    weapon=weapon_name or msg("this attack"),
                )
            )
        else:
            acc = state.number(entry, "acc")
            extras.append((gurps.aim_bonus(acc, aimed), msg("aim {n} s", n=aimed)))
            spends.append("aim")
    if key == "evaluate" or (evaluated and (not kind or key not in state.ATTACKS)):
        notes.append(
            msg("no evaluate bonus: it counts for a melee attack on {name}'s next turn", name=actor)
            if key == "evaluate"
            else msg(
                "no evaluate bonus: declare the attack first (/maneuver {who} attack)", who=who
            )
        )
    elif evaluated and kind:
        if kind == "ranged":
            notes.append(msg("no evaluate bonus: Evaluate helps only melee attacks"))
        elif spent:
            notes.append(msg("no evaluate bonus: used by an earlier attack this turn"))
        else:
            turns = nmsg("{n} turn", "{n} turns", evaluated)
            extras.append((gurps.evaluate_bonus(evaluated), msg("evaluate {turns}", turns=turns)))
            spends.append("evaluate")
    return extras, notes, spends, cap


def _half_damage(side: Side, w: Weapon | None) -> int | float | str | None:
    """The weapon's 1/2D: ``half=``/``1/2d=`` on the line, else the one recorded."""
    typed = [side.options[k] for k in ("half", "1/2d") if k in side.options]
    if not typed:
        return w.half_damage if w else None
    value = typed[0]
    if len(typed) > 1 or "," in value:
        raise EntryError(_("give the 1/2D once: half=N or 1/2d=N"))
    try:
        gurps.close_range(value)
    except RulesError:
        raise EntryError(
            _("half= (1/2d=) takes the weapon's 1/2D in yards, above 0; got {value!r}").format(
                value=value
            )
        ) from None
    return value


def _fire(ch: Character, side: Side, w: Weapon | None) -> tuple[gurps.RangedFire, int, list[Msg]]:
    """The ranged part of an attack: (fire, recoil, notes)."""
    opts = side.options
    rof = opts.get("rof") or (w.rof if w else "1")
    recoil = int_option(side, "recoil", low=1, high=1000) or (w.recoil if w else 1)
    shots = int_option(side, "shots", low=1, high=1_000_000)
    yards = opts.get("yd", opts.get("range"))
    half = _half_damage(side, w)
    name = w.name if w else _("the weapon")
    notes: list[Msg] = []
    try:
        _shots, pellets = gurps.parse_rof(rof)
        if yards is None:
            if pellets > 1:
                raise EntryError(
                    _(
                        "{name} is a shotgun: give the distance, yd=N (close range changes its "
                        "damage)"
                    ).format(name=name)
                )
            notes.append(msg("no yd=: no range penalty"))
        if pellets > 1 and half is None:
            raise EntryError(
                (
                    _(
                        "{name}'s {weapon} is a shotgun (RoF {rof}) with no 1/2D recorded: "
                        "give it on the line, half=N (close range is a tenth of it)"
                    )
                    if w
                    else _(
                        "{name} fires a shotgun (RoF {rof}): give its 1/2D on the line, "
                        "half=N (close range is a tenth of it)"
                    )
                ).format(name=ch.name, weapon=name, rof=rof)
            )
        fire = gurps.ranged_fire(
            yards or 0,
            rof,
            shots=shots,
            half_damage=half,
            max_range=w.max_range if w else None,
            damage=_weapon_dice(w),
        )
    except RulesError as exc:
        why = rules_message(str(exc))
        raise EntryError(
            _("{name}'s {name2}: {exc}").format(name=ch.name, name2=name, exc=why)
            if w
            else _("{name}: {exc}").format(name=ch.name, exc=why)
        ) from None
    return fire, recoil, notes


def _fire_extras(fire: gurps.RangedFire, yards_given: bool) -> list[tuple[int, Msg]]:
    out: list[tuple[int, Msg]] = []
    if yards_given:
        yd = fire.distance
        text = number_text(yd)
        out.append((fire.range_penalty, msg("{n} yd", n=text)))
    if fire.pellets > 1:
        shells = nmsg("{n} shell", "{n} shells", fire.shells)
        out.append(
            (
                fire.rof_bonus,
                shells
                if fire.close
                else nmsg(
                    "{shells} = {n} pellet", "{shells} = {n} pellets", fire.shots, shells=shells
                ),
            )
        )
    elif fire.shots > 1:
        out.append((fire.rof_bonus, msg("RoF {n}", n=fire.shots)))
    return out


def _weapon_dice(w: Weapon | None) -> Expr | str | None:
    """The dice of the weapon's damage text (``2d+1 cut`` → ``2d6+1``), None when unknown
    or not dice at all (GCS's ``R-HT-2 or KO``, ``Entangle``): such a weapon still attacks,
    and its damage line shows the text as it is."""
    if w is None or not w.damage:
        return None
    try:
        return gurps.parse_damage(w.damage).expr
    except RulesError:
        return None


def _damage_line(
    w: Weapon | None, fire: gurps.RangedFire | None, entry: Mapping[str, Any], kind: str
) -> str:
    """The weapon's damage as ``/damage`` takes it: dice (multiplied at close range, Strong
    All-Out Attack's bonus added), armour divisor and type (``1d6+2(2) pi``)."""
    if w is None or not w.damage:
        return ""
    try:
        text = gurps.parse_damage(w.damage)
    except RulesError:
        return w.damage
    expr = text.expr
    if fire is not None and fire.damage is not None:
        expr = fire.damage
    elif (
        kind == "melee"
        and entry.get("maneuver") == "all_out_attack"
        and entry.get("option") == "strong"
    ):
        bonus = gurps.strong_damage_bonus(expr.dice_count)
        expr = Expr(expr.dice, expr.modifier + bonus)
    return str(replace(text, expr=expr))


#: skills and attributes not based on DX or IQ: shock leaves their rolls alone
NOT_SHOCKED = ("HT", "Will", "Per", "FP", "HP")


def condition_extras(ch: Character, *, kind: str = "", skill: str = "") -> list[tuple[int, Msg]]:
    """What the character's GURPS conditions do to an attack (``kind`` melee/ranged) or a
    plain success roll of ``skill``: prone -4 to melee attacks, shock to DX- and IQ-based
    rolls (not HT, Will or Per)."""
    out: list[tuple[int, Msg]] = []
    prone = ch.condition("prone")
    if prone is not None and kind == "melee":
        out.append((gurps.PRONE_MELEE, verbatim(prone.name)))
    shock = ch.condition("shock")
    if shock is not None and shock.mod and skill not in NOT_SHOCKED:
        out.append((shock.mod, verbatim(shock.name)))
    return out


def _attack_level(ch: Character, skill: str, w: Weapon | None) -> tuple[int, list[tuple[int, Msg]]]:
    """The level an attack starts from and, when the weapon has a level of its own (GCS's:
    the default's modifier, an ST below the weapon's minimum, weapon bonuses), the step
    from its skill to it, shown as "the weapon's level". A skill the GM names that is not
    the weapon's own rolls as it is."""
    if w is None or w.level is None or skill not in (w.skill, w.name):
        return skill_level(ch, skill), []
    raw = ch.skills.get(skill, ch.attributes.get(skill))
    if skill == w.name or not isinstance(raw, int) or isinstance(raw, bool):
        return w.level, []
    if raw == w.level:
        return raw, []
    return raw, [(w.level - raw, msg("the weapon's level"))]


#: the modifier word for the seed's obstacle or partial cover («Преграды и частичные
#: укрытия сокращают вероятность попадания. Обычно штраф -2»), in its own words
COVER = "cover"


def cover_extras(side: Side, words: list[str]) -> tuple[list[str], list[tuple[int, Msg]]]:
    """``words`` without ``cover``, and its −2 as an extra the preview names. The seed's
    "usually": another penalty for a heavier obstacle is a signed number beside it."""
    found = words.count(COVER)
    if found > 1:
        raise EntryError(
            _(
                "cover is one -2 for {name}: give it once (a heavier obstacle is a number "
                "beside it, cover -2)"
            ).format(name=side.actor),
            word=COVER,
        )
    left = [w for w in words if w != COVER]
    return left, [(gurps.COVER_PENALTY, msg("cover"))] if found else []


def build_attack(campaign: Campaign, side: Side) -> Spec:
    """The spec of an attack or plain success roll for ``side``.

    Effective skill = skill + the GM's modifiers (each -10..+10) + aim + one range penalty
    from the Size and Speed/Range table (never split: the ±10 limit is for one situational
    modifier) + RoF bonus + the maneuver's to-hit. A ranged attack without ``yd=`` has no
    range penalty (the preview says so); a shotgun needs ``yd=`` (close range decides).
    """
    ch = campaign.character(side.actor)
    mods, said = signed_words(side, low=-gurps.MAX_MODIFIER, high=gurps.MAX_MODIFIER)
    words, covered = cover_extras(side, list(said))
    skill, wname = side.skill, ""
    if side.skill in weapon_names(ch) and side.skill not in ch.skills:
        wname = side.skill
        skill = weapon(ch, wname).skill or wname
    found, used = find(ch, words)
    if used:
        wname, words = found, words[used:]
    reject_unknown(words, OPTIONS, side, (COVER,))
    entry = state.in_force(campaign, ch.name)
    ranged_words = any(k in side.options for k in FIRE_OPTIONS)
    if not (wname or ranged_words or entry.get("maneuver") in state.ATTACKS):
        base = skill_level(ch, skill)
        _mods, notes, _acc, _aim = maneuver_mods(entry, ch.name, "", "", hint(campaign, ch.name))
        return Spec(
            ch.name,
            skill,
            base,
            mods,
            extras=(*covered, *condition_extras(ch, skill=skill)),
            notes=tuple(notes),
        )
    if not wname:
        wname = _default_weapon(ch, skill, entry, ranged_words)
    w = weapon(ch, wname) if wname else None
    base, own = _attack_level(ch, skill, w)
    kind = w.kind if w is not None else ("ranged" if ranged_words else "melee")
    if kind == "melee" and ranged_words:
        raise EntryError(
            _(
                "{name}'s {wname} is a melee weapon: yd=, shots=, rof= and recoil= are for ranged "
                "attacks"
            ).format(name=ch.name, wname=wname)
        )
    fire, recoil, notes = None, 1, []
    extras: list[tuple[int, Msg]] = list(covered)
    if kind == "ranged":
        fire, recoil, notes = _fire(ch, side, w)
        extras += _fire_extras(fire, "yd" in side.options or "range" in side.options)
    more, why_not, spends, cap = maneuver_mods(entry, ch.name, kind, wname, hint(campaign, ch.name))
    extras += condition_extras(ch, kind=kind, skill=skill)
    if ch.condition("stunned") is not None:
        why_not.append(msg("{name} is stunned: only Do Nothing", name=ch.name))
    return Spec(
        ch.name,
        skill,
        base,
        mods,
        extras=(*own, *more, *extras),
        cap=cap,
        notes=(*notes, *why_not),
        weapon=w,
        kind=kind,
        fire=fire,
        recoil=recoil,
        spends=tuple(spends),
        damage=_damage_line(w, fire, entry, kind),
    )
