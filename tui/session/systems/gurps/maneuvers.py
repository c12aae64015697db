"""GURPS maneuvers per combatant, with Aim and Evaluate feeding the next attack.

``/maneuver CHAR NAME[:OPTION] [WEAPON] [acc=N]``, ``/aim CHAR``, ``/evaluate CHAR``. The
state lives in ``Scene.system["maneuvers"]`` (name → plain table), so undo and saves need
nothing new.

Decisions:

* Counters grow when Aim (or Evaluate) is chosen on consecutive turns, a turn being the
  scene's round: chosen in round r after the same maneuver in round r − 1. Choosing again in
  the same round only replaces the choice; ``/aim`` and ``/evaluate`` add one turn by hand
  (for GMs who do not use ``/next``); such a turn counts as done, so choosing Attack in the
  same round keeps it.
* Attack, Feint, All-Out Attack and Move and Attack keep the counters for the attack roll;
  any other maneuver drops them. Move and Attack gets no Aim bonus (rules spec).
* The bonus goes to the combatant's next roll made while their maneuver is an attack: Aim's
  ``aim_bonus(Acc, turns)``, Evaluate's ``evaluate_bonus(turns)`` and the option's to-hit
  (All-Out Attack Determined +4/+1, Move and Attack −2/−4), added as modifier words. After
  that roll the counters are spent. The Move and Attack cap (skill 9) is not applied.
* Acc: ``acc=N`` on the command, else the named weapon's ``acc``, else the one weapon in
  ``extra.weapons`` that has an ``acc``; asked for when it cannot be told.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules import gurps
from rules.errors import RulesError
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Outcome
from tui.session.scenes.base import need_scene, pick_character, with_scene, with_system
from tui.session.systems.interface import Line
from tui.session.table.commands import CommandSet
from tui.session.table.entry import Check, Side, Slash
from tui.session.table.names import match_prefix_words
from tui.session.table.table import Feedback, Table

__all__ = [
    "ATTACKS",
    "COMMANDS",
    "attack_bonus",
    "choose",
    "describe",
    "entries",
    "panel_lines",
    "step_counter",
]

ATTACKS = ("attack", "feint", "all_out_attack", "move_and_attack")
#: ``/maneuver``, ``/aim``, ``/evaluate`` and the hooks that feed and spend the bonuses
COMMANDS = CommandSet()


def entries(campaign: Campaign) -> Mapping[str, Mapping[str, Any]]:
    scene = campaign.scene
    raw = scene.system.get("maneuvers") if scene is not None else None
    return raw if isinstance(raw, Mapping) else {}


def _put(campaign: Campaign, name: str, entry: dict[str, Any]) -> Campaign:
    table = {**entries(campaign), name: entry}
    return with_scene(campaign, with_system(need_scene(campaign), "maneuvers", table))


def maneuver_key(spec: str) -> tuple[str, str]:
    """``all-out-attack:determined_melee`` → (maneuver key, option key or "")."""
    name, _, option = spec.partition(":")
    key = name.casefold().replace("-", "_")
    if key not in gurps.MANEUVERS:
        names = {info.name: k for k, info in gurps.MANEUVERS.items()}
        key = names[match_prefix_words([name], list(names), what="maneuver").name]
    info = gurps.maneuver(key)
    if not option:
        return key, ""
    if not info.options:
        raise CommandError(f"{info.name} has no options")
    opt = option.casefold().replace("-", "_")
    keys = [o.key for o in info.options]
    if opt not in keys:
        opt = match_prefix_words([option], keys, what=f"{info.name} option").name
    return key, opt


def _weapons(ch: Character) -> dict[str, Mapping[str, Any]]:
    raw = ch.extra.get("weapons")
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): v for k, v in raw.items() if isinstance(v, Mapping)}


def _acc(ch: Character, weapon: str, acc: int | None, old: Mapping[str, Any],
         continuing: bool) -> tuple[int, str]:
    weapons = _weapons(ch)
    if acc is not None:
        return acc, weapon
    if weapon:
        value = weapons[weapon].get("acc")
        if not isinstance(value, int) or isinstance(value, bool):
            raise CommandError(f"{ch.name}'s {weapon} has no acc: give acc=N")
        return value, weapon
    if continuing and isinstance(old.get("acc"), int):
        return int(old["acc"]), str(old.get("weapon", ""))
    with_acc = [(n, w["acc"]) for n, w in weapons.items() if isinstance(w.get("acc"), int)]
    if len(with_acc) == 1:
        return int(with_acc[0][1]), with_acc[0][0]
    known = ", ".join(weapons) or "none recorded"
    raise CommandError(f"aiming needs the weapon's Acc: name the weapon ({known}) or give "
                       f"acc=N, e.g. /maneuver {ch.name.split()[0].lower()} aim acc=3")


def _prior(old: Mapping[str, Any], round_: int) -> tuple[int, int]:
    """Aim and Evaluate turns carried into this round's choice."""
    if not old:
        return 0, 0
    was = int(old.get("round", 0))
    if was == round_:
        return int(old.get("prior_aim", 0)), int(old.get("prior_evaluate", 0))
    if was == round_ - 1 and not old.get("spent", False):
        return int(old.get("aim", 0)), int(old.get("evaluate", 0))
    return 0, 0


def choose(campaign: Campaign, name: str, spec: str, *, weapon: str = "",
           acc: int | None = None) -> Campaign:
    """``/maneuver``: set ``name``'s maneuver for this round, updating the counters."""
    scene = need_scene(campaign)
    key, option = maneuver_key(spec)
    old = entries(campaign).get(name, {})
    prior_aim, prior_eval = _prior(old, scene.round)
    aim, evaluate = 0, 0
    if key == "aim":
        aim = prior_aim + 1
    elif key == "evaluate":
        evaluate = prior_eval + 1
    elif key in ATTACKS:
        aim = 0 if key == "move_and_attack" else prior_aim
        evaluate = prior_eval
    entry: dict[str, Any] = {"maneuver": key, "option": option, "round": scene.round,
                             "aim": aim, "evaluate": evaluate, "prior_aim": prior_aim,
                             "prior_evaluate": prior_eval, "spent": False}
    if key == "aim" or aim:
        entry["acc"], entry["weapon"] = _acc(campaign.character(name), weapon, acc, old,
                                             continuing=prior_aim > 0)
    return _put(campaign, name, entry)


def step_counter(campaign: Campaign, name: str, which: str, *, weapon: str = "",
                 acc: int | None = None) -> Campaign:
    """``/aim`` or ``/evaluate``: one more turn of it, by hand."""
    scene = need_scene(campaign)
    old = entries(campaign).get(name, {})
    count = int(old.get(which, 0)) if not old.get("spent", False) else 0
    entry: dict[str, Any] = {"maneuver": which, "option": "", "round": scene.round,
                             "aim": 0, "evaluate": 0, "prior_aim": 0, "prior_evaluate": 0,
                             "spent": False}
    entry[which] = entry[f"prior_{which}"] = count + 1  # a turn done: kept if replaced
    if which == "aim":
        entry["acc"], entry["weapon"] = _acc(campaign.character(name), weapon, acc, old,
                                             continuing=count > 0)
    return _put(campaign, name, entry)


def attack_bonus(campaign: Campaign, name: str) -> list[tuple[int, str]]:
    """The bonuses ``name``'s next attack roll gets now: (value, why) pairs."""
    entry = entries(campaign).get(name)
    if not entry or entry.get("spent") or entry.get("maneuver") not in ATTACKS:
        return []
    out: list[tuple[int, str]] = []
    if int(entry.get("aim", 0)) and isinstance(entry.get("acc"), int):
        out.append((gurps.aim_bonus(int(entry["acc"]), int(entry["aim"])), "aim"))
    if int(entry.get("evaluate", 0)):
        out.append((gurps.evaluate_bonus(int(entry["evaluate"])), "evaluate"))
    if entry.get("option"):
        opt = gurps.maneuver(str(entry["maneuver"])).option(str(entry["option"]))
        if opt.to_hit:
            out.append((opt.to_hit, opt.label))
    return [b for b in out if b[0]]


def describe(entry: Mapping[str, Any]) -> str:
    """``Aim (step, defends) aim 2 → +4`` for the scene panel."""
    info = gurps.maneuver(str(entry.get("maneuver", "do_nothing")))
    name, movement, bonus = info.name, info.movement, ""
    if entry.get("option"):
        opt = info.option(str(entry["option"]))
        name += f": {opt.name}" + (f" {opt.to_hit:+d} to hit" if opt.to_hit else "")
        movement = opt.movement or movement
        if opt.defense_bonus:
            bonus = f" +{opt.defense_bonus}"
    defense = f"defends{bonus}" if info.active_defense else "no defense"
    text = f"{name} ({movement} move, {defense})"
    if int(entry.get("aim", 0)) and not entry.get("spent"):
        acc = entry.get("acc")
        value = gurps.aim_bonus(int(acc), int(entry["aim"])) if isinstance(acc, int) else 0
        text += f" aim {entry['aim']} → {value:+d}"
    if int(entry.get("evaluate", 0)) and not entry.get("spent"):
        text += f" eval {entry['evaluate']} → {gurps.evaluate_bonus(int(entry['evaluate'])):+d}"
    return text


def panel_lines(campaign: Campaign) -> tuple[Line, ...]:
    """One scene-panel line per combatant with a maneuver (a damaged entry says so)."""
    lines: list[Line] = []
    for name, entry in entries(campaign).items():
        try:
            lines.append((5, [(f"{name}: {describe(entry)}", "")]))
        except (RulesError, ValueError, TypeError):
            lines.append((5, [(f"{name}: maneuver unreadable", "red")]))
    return tuple(lines)


# -- commands ------------------------------------------------------------------------------
def _args(campaign: Campaign, name: str, words: list[str]) -> tuple[str, int | None]:
    acc: int | None = None
    rest: list[str] = []
    for word in words:
        if word.casefold().startswith("acc="):
            raw = word.partition("=")[2]
            if not raw.isdigit() or int(raw) > 100:
                raise CommandError(f"acc= must be a whole number 0..100, got {raw!r}")
            acc = int(raw)
        else:
            rest.append(word)
    weapon = ""
    if rest:
        weapons = list(_weapons(campaign.character(name)))
        found = match_prefix_words(rest, weapons, what=f"weapon of {name}")
        if found.consumed != len(rest):
            raise CommandError(f"unexpected {' '.join(rest[found.consumed:])!r}")
        weapon = found.name
    return weapon, acc


@COMMANDS.slash("maneuver", "/maneuver CHAR NAME[:OPTION] [WEAPON] [acc=N]",
                "choose a combatant's maneuver (aim, evaluate, all-out-attack:determined_melee …)",
                aliases=("man",), args="CHAR MANEUVER [WEAPON]")
def _maneuver(table: Table, cmd: Slash) -> Feedback:
    campaign = table.campaign
    name, rest = pick_character(table, cmd.args)
    if not rest:
        return Feedback(False, f"/maneuver needs a maneuver: {', '.join(gurps.MANEUVERS)}")
    weapon, acc = _args(campaign, name, rest[1:])
    new = choose(campaign, name, rest[0], weapon=weapon, acc=acc)
    return table.change(lambda _c: new, f"{name}: {describe(entries(new)[name])}", actor=name)


def _counter(which: str) -> Callable[[Table, Slash], Feedback]:
    def handler(table: Table, cmd: Slash) -> Feedback:
        campaign = table.campaign
        name, rest = pick_character(table, cmd.args)
        weapon, acc = _args(campaign, name, rest)
        new = step_counter(campaign, name, which, weapon=weapon, acc=acc)
        return table.change(lambda _c: new, f"{name}: {describe(entries(new)[name])}",
                            actor=name)
    return handler


COMMANDS.slash("aim", "/aim CHAR [WEAPON] [acc=N]",
               "one more turn of Aim (bonus to the next attack)",
               args="CHAR [WEAPON]")(_counter("aim"))
COMMANDS.slash("evaluate", "/evaluate CHAR",
               "one more turn of Evaluate (+1 per turn, at most +3)",
               args="CHAR")(_counter("evaluate"))


# -- hooks ---------------------------------------------------------------------------------
def _words(bonus: int) -> list[str]:
    """A bonus as modifier words the GURPS adapter accepts (each within −10..+10)."""
    out: list[str] = []
    while bonus:
        part = max(-gurps.MAX_MODIFIER, min(gurps.MAX_MODIFIER, bonus))
        out.append(f"{part:+d}")
        bonus -= part
    return out


def _boost(campaign: Campaign, side: Side) -> Side:
    bonus = sum(v for v, _ in attack_bonus(campaign, side.actor))
    return replace(side, words=(*side.words, *_words(bonus))) if bonus else side


@COMMANDS.plan_hook
def _add_bonus(campaign: Campaign, check: Check) -> Check:
    """Aim, Evaluate and maneuver to-hit bonuses join the attack roll as modifier words."""
    if not entries(campaign):
        return check
    b = _boost(campaign, check.b) if check.b is not None else None
    return replace(check, a=_boost(campaign, check.a), b=b)


@COMMANDS.roll_hook
def _spend(before: Campaign, check: Check, out: Outcome) -> Outcome:
    """After the attack roll the counters are spent (same undo step as the roll)."""
    if not entries(before):
        return out
    campaign, effects = out.campaign, []
    for side in (check.a, check.b):
        if side is None:
            continue
        bonus = attack_bonus(before, side.actor)
        if not bonus:
            continue
        entry = {**entries(campaign)[side.actor], "spent": True, "aim": 0, "evaluate": 0}
        campaign = _put(campaign, side.actor, entry)
        effects.append(f"{side.actor}: " + ", ".join(f"{why} {v:+d}" for v, why in bonus)
                       + " used")
    if not effects:
        return out
    draft = replace(out.draft, effects=(*out.draft.effects, *effects))
    return replace(out, campaign=campaign, draft=draft)


# -- what Tab completes in the commands above ----------------------------------------------
@COMMANDS.arg_kind("MANEUVER")
def _maneuver_names(_table: Table, _character: str | None) -> dict[str, str]:
    """Maneuver keys, and each All-Out Attack / Move and Attack option as ``key:option``."""
    names = {key: key for key in gurps.MANEUVERS}
    for key, info in gurps.MANEUVERS.items():
        for option in info.options:
            names[f"{key}:{option.key}"] = f"{key}:{option.key}"
    return names


@COMMANDS.arg_kind("WEAPON")
def _weapon_names(table: Table, character: str | None) -> dict[str, str]:
    if character is None:
        return {}
    return {name: name for name in _weapons(table.campaign.character(character))}
