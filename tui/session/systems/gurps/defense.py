"""GURPS active defenses at the table: ``CHAR dodge|parry|block [mods]``.

The defense value comes from the character's ``attributes`` or ``skills`` (``Dodge = 8``,
``Parry = 9``; "Parry (Brawling)" counts as a parry); a character who records no Parry or
Block of their own parries or blocks with their best weapon (each weapon's ``parry`` and
``block``), and ``CHAR parry WEAPON`` uses that weapon's. The maneuver in force decides what
it may roll and with which bonus (:func:`build_defense`). An active defense spoils an Aim
(declared, or carried to an attack not yet made).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import gurps
from rules.errors import RulesError
from tui.language import Msg, _, msg, tr, verbatim
from tui.session.campaign.model import Campaign, Character
from tui.session.entry.entry import EntryError, Side
from tui.session.entry.names import NameError_, match_prefix_words
from tui.session.systems.gurps import state
from tui.session.systems.gurps.maneuver_names import maneuver_name, option_name
from tui.session.systems.gurps.order import SPEED
from tui.session.systems.gurps.spec import Spec
from tui.session.systems.gurps.weapons import Weapon, defenses, usable
from tui.session.systems.kit import reject_unknown, signed_words

__all__ = ["build_defense", "computed_dodge", "defense_of", "weapon_defense"]


def defense_of(skill: str) -> str:
    """``"dodge"``, ``"parry"`` or ``"block"`` when ``skill`` names an active defense."""
    words = skill.casefold().split()
    first = words[0] if words else ""
    return first if first in gurps.DEFENSES else ""


def computed_dodge(ch: Character) -> int | None:
    """Dodge from Basic Speed (its whole part + 3, GURPS 4e), when the character records
    no Dodge of their own, so every combatant can dodge."""
    if any(defense_of(k) == "dodge" for k in (*ch.skills, *ch.attributes)):
        return None
    speed = ch.attributes.get(SPEED)
    if speed is None or isinstance(speed, bool):
        return None
    try:
        return gurps.dodge(speed)
    except RulesError:
        return None


def weapon_defense(ch: Character, which: str, among: Sequence[Weapon] | None = None) -> int | None:
    """The best ``which`` ("parry" or "block") of the character's weapons (``among``, when
    the caller has them already), when the character records none of their own (as a
    skill or attribute) and a weapon has one."""
    if any(defense_of(k) == which for k in (*ch.skills, *ch.attributes)):
        return None
    return max(defenses(ch, which, among).values(), default=None)


def _armed(ch: Character, words: Sequence[str], which: str) -> tuple[Weapon | None, int]:
    """The weapon the words after ``parry``/``block`` name and how many words that takes
    (None and 0 when they name none). Words that fit several weapons (``naginata`` for a
    naginata's usages) take the one with the best ``which``: the GM asks for the weapon's
    defense, and GURPS parries with the best grip."""
    weapons = usable(ch)
    names = [w.name for w in weapons]
    if not words or not names:
        return None, 0
    what = _("weapon of {name}").format(name=ch.name)
    try:  # every weapon as one, to learn how many words name any of them
        used = match_prefix_words(
            list(words), names, what=what, same=dict.fromkeys(names, names[0])
        )
    except NameError_:
        return None, 0

    def fits(name: str) -> bool:
        try:
            return match_prefix_words(list(words[: used.consumed]), [name], what=what).consumed == (
                used.consumed
            )
        except NameError_:
            return False

    def score(w: Weapon) -> int:
        value = w.parry if which == "parry" else w.block
        return -1 if value is None else value

    return max((w for w in weapons if fits(w.name)), key=score), used.consumed


def _value(ch: Character, skill: str) -> int:
    raw = ch.skills.get(skill, ch.attributes.get(skill))
    which = defense_of(skill)
    if raw is None and which == "dodge":
        raw = computed_dodge(ch)
    elif raw is None and which in ("parry", "block"):
        raw = weapon_defense(ch, which)
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise EntryError(
            _("{name}'s {skill} is not a whole number ({raw!r})").format(
                name=ch.name, skill=skill, raw=raw
            )
        )
    return raw


def _condition_extras(
    campaign: Campaign, ch: Character, which: str, base: int
) -> list[tuple[int, Msg]]:
    """Stunned -4 and prone -3 to every active defense; below 1/3 HP Dodge is halved
    (rounded up)."""
    out: list[tuple[int, Msg]] = []
    for name, value in (("stunned", gurps.STUNNED_DEFENSE), ("prone", gurps.PRONE_DEFENSE)):
        found = ch.condition(name)
        if found is not None:
            out.append((value, verbatim(found.name)))
    hp, full = ch.resources.get("HP"), ch.maxima.get("HP")
    known = isinstance(hp, int) and isinstance(full, int) and full > 0
    if which == "dodge" and known and gurps.reeling(int(hp or 0), int(full or 1)):
        out.append((gurps.halved(base) - base, msg("below 1/3 HP")))
    return out


def build_defense(campaign: Campaign, side: Side) -> Spec:
    """The spec of an active defense roll for ``side``.

    The seed: All-Out Defense gives +2 to one active defense of your choice until the end of
    your next turn, or two different defenses against one attack. Increased Dodge/Parry/
    Block gives its +2 to that defense only; All-Out Defense declared without an option
    gives it to the first defense rolled and records that choice (same undo step); Double
    Defense gives no bonus. All-Out Attack leaves no active defense and Move and Attack no
    parry: the roll is refused with the reason until that character's next turn begins.
    """
    ch = campaign.character(side.actor)
    which = defense_of(side.skill)
    mods, words = signed_words(side, low=-gurps.MAX_MODIFIER, high=gurps.MAX_MODIFIER)
    armed, used = _armed(ch, words, which) if which in ("parry", "block") else (None, 0)
    if "cover" in words[used:]:
        raise EntryError(
            _(
                "cover is the attacker's -2 (a shot at {name} behind it), not a {which}'s: "
                "type it on the attack"
            ).format(name=ch.name, which=tr(which)),
            word="cover",
        )
    reject_unknown(words[used:], ("ext",), side, ())
    if armed is not None:
        own = armed.parry if which == "parry" else armed.block
        if own is None:
            cannot = (
                _("{name}'s {weapon} cannot parry")
                if which == "parry"
                else _("{name}'s {weapon} cannot block")
            )
            raise EntryError(cannot.format(name=ch.name, weapon=armed.name))
        base = own
    else:
        base = _value(ch, side.skill)
    entry = state.in_force(campaign, ch.name)
    key = str(entry.get("maneuver", ""))
    extras: list[tuple[int, Msg]] = []
    notes: list[Msg] = []
    choose = ""
    if key:
        info = gurps.maneuver(key)
        if not gurps.defense_allowed(key, which):
            allowed = (
                _("{defenses} only, no {which}").format(
                    defenses=_(" or ").join(tr(d) for d in info.defenses), which=tr(which)
                )
                if info.defenses
                else _("no active defense")
            )
            raise EntryError(
                _("{name} is on {name2}: {allowed} until {name}'s next turn begins").format(
                    name=ch.name, name2=maneuver_name(key), allowed=allowed
                )
            )
        if key == "all_out_defense":
            option = str(entry.get("option", ""))
            if not option:
                choose = f"increased_{which}"
                extras.append((2, verbatim("All-Out Defense")))
            elif gurps.defense_bonus(key, option, which):
                extras.append(
                    (gurps.defense_bonus(key, option, which), verbatim("All-Out Defense"))
                )
            else:
                notes.append(
                    msg(
                        "no bonus: {option} was chosen",
                        option=option_name(key, option),
                    )
                )
    extras += _condition_extras(campaign, ch, which, base)
    spoils = key == "aim" or (not entry.get("spent") and state.number(entry, "aimed") > 0)
    if spoils:
        notes.append(msg("defending spoils {name}'s aim", name=ch.name))
    return Spec(
        ch.name,
        side.skill,
        base,
        mods,
        extras=tuple(extras),
        notes=tuple(notes),
        weapon=armed,
        defense=which,
        choose=choose,
        spoils=spoils,
    )
