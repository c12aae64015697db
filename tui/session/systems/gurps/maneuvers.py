"""GURPS maneuvers at the table: ``/maneuver``, ``/aim``, ``/evaluate`` and the panel lines.

``/maneuver CHAR NAME[:OPTION] [WEAPON] [acc=N]`` declares the maneuver of the character's
turn; ``/aim`` and ``/evaluate`` are its shortcuts. How the state follows the turn is in
:mod:`.state`; how it feeds a roll is in :mod:`.attack` and :mod:`.defense`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules import gurps
from rules.errors import RulesError
from tui.language import Msg, _, joined, msg, nmsg, term, verbatim
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError
from tui.session.entry.entry import EntryError, Slash
from tui.session.entry.names import match_prefix_words
from tui.session.entry.pick import pick_character
from tui.session.protocol.answers import Feedback
from tui.session.protocol.context import SlashContext
from tui.session.scenes.base import need_scene
from tui.session.systems.gurps import state
from tui.session.systems.gurps.commands import COMMANDS
from tui.session.systems.gurps.maneuver_names import (
    maneuver_name,
    option_name,
    option_said,
    read_spec,
)
from tui.session.systems.gurps.spec import hint
from tui.session.systems.gurps.weapons import weapon, weapon_names
from tui.session.systems.interface import Line

__all__ = ["declare", "describe", "maneuver_key", "options_for", "panel_lines"]


def _kind(ch: Character, weapon_name: str) -> str:
    """The type of the weapon a maneuver is declared with ("" when it cannot be told)."""
    names = weapon_names(ch)
    if weapon_name:
        return weapon(ch, weapon_name).kind
    if len(names) == 1:
        return weapon(ch, names[0]).kind
    return "" if names else "melee"


def maneuver_key(spec: str, kind: str = "") -> tuple[str, str]:
    """``all-out-attack:determined`` → (maneuver key, option key or "").

    ``determined`` of All-Out Attack becomes ``determined_melee``/``determined_ranged`` when
    the weapon's ``kind`` is known, else stays ``determined`` (decided by each attack).
    """
    name, _sep, option = spec.partition(":")
    key = name.casefold().replace("-", "_")
    if key not in gurps.MANEUVERS:
        names = {info.name: k for k, info in gurps.MANEUVERS.items()}
        key = names[match_prefix_words([name], list(names), what="maneuver").name]
    info = gurps.maneuver(key)
    if not option:
        return key, ""
    if not info.options:
        raise CommandError(_("{name} has no options").format(name=maneuver_name(key)))
    opt = option.casefold().replace("-", "_")
    keys = [o.key for o in info.options]
    if key == "all_out_attack" and opt == "determined":
        return key, f"determined_{kind}" if kind else "determined"
    if opt not in keys:
        opt = match_prefix_words(
            [option], keys, what=_("{maneuver} option").format(maneuver=maneuver_name(key))
        ).name
    return key, opt


def options_for(key: str, kind: str) -> str:
    """The options of maneuver ``key`` for a weapon of ``kind`` ("" = any), for a hint.

    All-Out Attack offers those of the weapon's type (the named weapon, else the only one;
    melee without one); ``aoa:determined`` is Determined of that type (+4 melee, +1 ranged),
    decided by each attack's type when unknown. Move and Attack's to-hit is always by the
    attack's type (ranged -2, melee -4 at most 9)."""
    info = gurps.maneuver(key)
    opts = [o for o in info.options if not kind or o.weapon in ("any", kind)]
    words = [
        option_said(key, o.key.removesuffix(f"_{kind}")) + (f" {o.to_hit:+d}" if o.to_hit else "")
        for o in opts
    ]
    return ", ".join(words)


def _aim_weapon(
    ch: Character, named: str, acc: int | None, base: Mapping[str, Any], who: str
) -> tuple[str, int]:
    """The weapon aimed and its Acc: ``acc=N`` on the command, else the named weapon's
    ``acc``, else the weapon already being aimed, else the one weapon in ``extra.weapons``
    that has an ``acc``; asked for when it cannot be told."""
    carried = str(base.get("aimed_weapon", "")) if state.number(base, "aimed") else ""
    if acc is not None:
        return named or carried, acc
    if named:
        value = weapon(ch, named).acc
        if value is None:
            raise CommandError(
                _("{name}'s {named} has no acc: give acc=N").format(name=ch.name, named=named)
            )
        return named, value
    if carried:
        return carried, state.number(base, "acc")
    with_acc = [n for n in weapon_names(ch) if weapon(ch, n).acc is not None]
    if len(with_acc) == 1:
        return with_acc[0], weapon(ch, with_acc[0]).acc or 0
    known = ", ".join(weapon_names(ch)) or _("none recorded")
    raise CommandError(
        _(
            "aiming needs the weapon's Acc: name the weapon ({known}) or give acc=N, e.g. "
            "/maneuver {who} aim acc=3"
        ).format(known=known, who=who)
    )


def declare(
    campaign: Campaign, name: str, spec: str, *, weapon_name: str = "", acc: int | None = None
) -> Campaign:
    """``/maneuver``: ``name``'s maneuver for their turn (carrying what earlier turns left)."""
    scene = need_scene(campaign)
    ch = campaign.character(name)
    key, option = maneuver_key(spec, _kind(ch, weapon_name))
    base = state.this_turn(campaign, name)
    entry: dict[str, Any] = {
        k: base[k] for k in ("aimed", "aimed_weapon", "acc", "evaluated", "spent") if k in base
    }
    entry.update(
        maneuver=key, option=option, round=scene.round, own=state.current_actor(scene) == name
    )
    if weapon_name:
        entry["weapon"] = weapon_name
    if key == "aim":
        aimed, aim_acc = _aim_weapon(ch, weapon_name, acc, base, hint(campaign, name))
        same = state.number(base, "aimed") and base.get("aimed_weapon", "") == aimed
        entry.update(
            weapon=aimed, aim_acc=aim_acc, aim=(state.number(base, "aimed") if same else 0) + 1
        )
    return state.put(campaign, name, entry)


def _defends(info: gurps.ManeuverInfo, bonus: int) -> Msg:
    if not info.defenses:
        return msg("no defense")
    if len(info.defenses) < len(gurps.DEFENSES):
        shown = [p for i, d in enumerate(info.defenses) for p in (("/",) if i else ()) + (term(d),)]
        return msg("{defenses} only", defenses=joined(*shown))
    return msg("defends +{bonus}", bonus=bonus) if bonus else msg("defends")


def describe(entry: Mapping[str, Any]) -> Msg:
    """``Aim Stevenson 2 s → +4 next turn (step move, defends)``, in the GM's language (the
    maneuvers' names as the seed writes them, :mod:`.maneuver_names`; the weapons' as the
    save spells them)."""
    key = str(entry.get("maneuver", ""))
    parts: list[str | Msg] = [msg("no maneuver yet")]
    if key:
        info = gurps.maneuver(key)
        parts, movement, bonus = [maneuver_name(key)], info.movement, 0
        option = str(entry.get("option", ""))
        if option == "determined":
            parts.append(msg(": Determined (+4 melee, +1 ranged)"))
        elif option:
            opt = info.option(option)
            parts[0] = option_name(key, option)
            if opt.to_hit:
                parts.append(msg(" {bonus} to hit", bonus=f"{opt.to_hit:+d}"))
            movement, bonus = opt.movement or movement, opt.defense_bonus
        if entry.get("weapon") and key != "aim":
            parts.append(msg(" with {weapon}", weapon=str(entry["weapon"])))
        if key == "aim":
            secs = state.number(entry, "aim")
            value = gurps.aim_bonus(state.number(entry, "aim_acc"), secs)
            aimed_with = str(entry.get("weapon") or "")
            parts.append(f" {aimed_with}" if aimed_with else "")
            parts.append(msg(" {secs} s → {bonus} next turn", secs=secs, bonus=f"{value:+d}"))
            if entry.get("spoiled"):
                parts.append(msg(" (spoiled)"))
        moves = {
            "none": msg("none move"),
            "step": msg("step move"),
            "half": msg("half move"),
            "full": msg("full move"),
        }
        parts.append(
            msg(
                " ({move}, {defends})",
                move=moves.get(movement) or verbatim(f"{movement} move"),
                defends=_defends(info, bonus),
            )
        )
    aimed, evaluated = state.number(entry, "aimed"), state.number(entry, "evaluated")
    if aimed and key != "aim" and not entry.get("spent"):
        value = gurps.aim_bonus(state.number(entry, "acc"), aimed)
        what = entry.get("aimed_weapon")
        parts.append(
            msg(
                "; aimed {weapon} {secs} s → {bonus}",
                weapon=str(what) if what else msg("the weapon"),
                secs=aimed,
                bonus=f"{value:+d}",
            )
        )
    if evaluated and key != "evaluate" and not entry.get("spent"):
        parts.append(
            msg(
                "; evaluated {turns} → {bonus}",
                turns=nmsg("{n} turn", "{n} turns", evaluated),
                bonus=f"{gurps.evaluate_bonus(evaluated):+d}",
            )
        )
    if key == "evaluate":
        turns = evaluated + 1
        parts.append(
            msg(
                "; {turns} → {bonus} next turn",
                turns=nmsg("{n} turn", "{n} turns", turns),
                bonus=f"{gurps.evaluate_bonus(turns):+d}",
            )
        )
    return joined(*parts)


def panel_lines(campaign: Campaign) -> tuple[Line, ...]:
    """One scene-panel line per combatant with a maneuver (a damaged entry says so)."""
    lines: list[Line] = []
    for name, entry in state.entries(campaign).items():
        try:
            lines.append((5, [(f"{name}: {describe(entry)}", "")]))
        except (RulesError, ValueError, TypeError, AttributeError):
            lines.append((5, [(_("{name}: maneuver unreadable").format(name=name), "red")]))
    return tuple(lines)


# -- commands ------------------------------------------------------------------------------
def _args(campaign: Campaign, name: str, words: list[str]) -> tuple[str, int | None]:
    acc: int | None = None
    rest: list[str] = []
    for word in words:
        if word.casefold().startswith("acc="):
            raw = word.partition("=")[2]
            if not raw.isdigit() or int(raw) > 100:
                raise CommandError(
                    _("acc= must be a whole number 0..100, got {raw!r}").format(raw=raw)
                )
            acc = int(raw)
        else:
            rest.append(word)
    weapon_name = ""
    if rest:
        weapons = weapon_names(campaign.character(name))
        found = match_prefix_words(rest, weapons, what=_("weapon of {name}").format(name=name))
        if found.consumed != len(rest):
            raise CommandError(
                _("unexpected {names!r}").format(names=" ".join(rest[found.consumed :]))
            )
        weapon_name = found.name
    return weapon_name, acc


def _feedback(table: SlashContext, before: Campaign, name: str, new: Campaign) -> Feedback:
    entry = state.entries(new)[name]
    parts: list[str | Msg] = [f"{name}: ", describe(entry)]
    key = str(entry.get("maneuver", ""))
    if key == "all_out_attack" and not entry.get("option"):
        kind = _kind(new.character(name), str(entry.get("weapon", "")))
        what = {"melee": msg("a melee attack"), "ranged": msg("a ranged attack")}.get(
            kind, msg("an attack")
        )
        parts.append(
            msg(
                "; options for {what}: {options} (/maneuver {who} aoa:OPTION)",
                what=what,
                options=options_for(key, kind),
                who=hint(new, name),
            )
        )
    old = state.this_turn(before, name)
    if old.get("maneuver") == "aim" and key in state.ATTACKS:
        parts.append(msg("; replaces this turn's Aim (an Aim counts once its turn is over: /next)"))
    return table.change(lambda _c: new, joined(*parts), actor=name)


@COMMANDS.slash(
    "maneuver",
    "/maneuver CHAR NAME[:OPTION] [WEAPON] [acc=N]",
    "declare a combatant's maneuver until their next turn (aim, attack, "
    "all-out-attack:determined, all-out-defense:increased_dodge …)",
    aliases=("man",),
    args="CHAR MANEUVER [WEAPON]",
)
def _maneuver(table: SlashContext, cmd: Slash) -> Feedback:
    campaign = table.campaign
    name, rest = pick_character(table, cmd.args)
    if not rest:
        return Feedback(
            False,
            _("/maneuver needs a maneuver: {names}").format(
                names=", ".join(maneuver_name(k).render() for k in gurps.MANEUVERS)
            ),
        )
    spec, used = read_spec(rest)
    weapon_name, acc = _args(campaign, name, rest[used:])
    try:
        new = declare(campaign, name, spec, weapon_name=weapon_name, acc=acc)
    except EntryError as exc:
        return Feedback(False, str(exc))
    return _feedback(table, campaign, name, new)


def _shortcut(which: str) -> Callable[[SlashContext, Slash], Feedback]:
    def handler(table: SlashContext, cmd: Slash) -> Feedback:
        campaign = table.campaign
        name, rest = pick_character(table, cmd.args)
        weapon_name, acc = _args(campaign, name, rest)
        try:
            new = declare(campaign, name, which, weapon_name=weapon_name, acc=acc)
        except EntryError as exc:
            return Feedback(False, str(exc))
        return _feedback(table, campaign, name, new)

    return handler


COMMANDS.slash(
    "aim",
    "/aim CHAR [WEAPON] [acc=N]",
    "declare Aim (= /maneuver CHAR aim): +Acc to an Attack on the next turn, "
    "+1 per further turn of aiming, at most +2",
    args="CHAR [WEAPON]",
)(_shortcut("aim"))
COMMANDS.slash(
    "evaluate",
    "/evaluate CHAR",
    "declare Evaluate (= /maneuver CHAR evaluate): +1 per turn, at most +3, to a melee attack",
    args="CHAR",
)(_shortcut("evaluate"))


# -- what Tab completes in the commands above ----------------------------------------------
@COMMANDS.arg_kind("MANEUVER")
def _maneuver_names(_table: SlashContext, _character: str | None) -> dict[str, str]:
    """Maneuver keys, and each All-Out Attack / Move and Attack option as ``key:option``."""
    names = {key: key for key in gurps.MANEUVERS}
    for key, info in gurps.MANEUVERS.items():
        for option in info.options:
            names[f"{key}:{option.key}"] = f"{key}:{option.key}"
    return names


@COMMANDS.arg_kind("WEAPON")
def _weapon_names(table: SlashContext, character: str | None) -> dict[str, str]:
    if character is None:
        return {}
    return {name: name for name in weapon_names(table.campaign.character(character))}
