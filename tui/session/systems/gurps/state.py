"""GURPS maneuvers that follow the turn: who declared what, and what Aim and Evaluate carry.

The state lives in ``Scene.system["maneuvers"]`` (name → plain table), so undo, saves and
replay need nothing new. An entry holds this turn's maneuver (``maneuver``, ``option``,
``weapon``; ``aim`` = seconds aimed counting this turn, at ``aim_acc``), what earlier turns
carry into this one (``aimed`` seconds with ``aimed_weapon`` at ``acc``; ``evaluated``
turns), whether that carried bonus was used (``spent``) or an active defense spoiled the
aim (``spoiled``), and when it was declared (``round``; ``own``: during the character's own
turn). A maneuver lasts until that character's next turn begins (:func:`turn_started`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import gurps
from tui.language import Msg, joined, msg, nmsg
from tui.session.campaign.model import Campaign, Scene
from tui.session.scenes.base import need_scene, with_scene, with_system
from tui.session.systems.gurps.maneuver_names import maneuver_name

__all__ = [
    "AIMED",
    "ATTACKS",
    "KEY",
    "current_actor",
    "entries",
    "in_force",
    "number",
    "put",
    "settle",
    "this_turn",
    "turn_started",
]

KEY = "maneuvers"
#: maneuvers whose roll is an attack (Evaluate helps all of them)
ATTACKS = ("attack", "feint", "all_out_attack", "move_and_attack")
#: attack maneuvers that take Aim's bonus (Move and Attack does not)
AIMED = ("attack", "all_out_attack")


def entries(campaign: Campaign) -> Mapping[str, Mapping[str, Any]]:
    scene = campaign.scene
    raw = scene.system.get(KEY) if scene is not None else None
    return raw if isinstance(raw, Mapping) else {}


def put(campaign: Campaign, name: str, entry: Mapping[str, Any] | None) -> Campaign:
    """The campaign with ``name``'s entry replaced (None removes it)."""
    table = {k: v for k, v in entries(campaign).items() if k != name}
    if entry:
        table[name] = dict(entry)
    return with_scene(campaign, with_system(need_scene(campaign), KEY, table))


def current_actor(scene: Scene) -> str | None:
    if scene.turn_order and 0 <= scene.current < len(scene.turn_order):
        return scene.turn_order[scene.current]
    return None


def number(entry: Mapping[str, Any], key: str) -> int:
    """A whole-number field of an entry (0 when absent or damaged)."""
    value = entry.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _is_this_turn(entry: Mapping[str, Any], scene: Scene, name: str) -> bool:
    if entry.get("own"):
        return current_actor(scene) == name or name not in scene.turn_order
    return number(entry, "round") == scene.round


def settle(entry: Mapping[str, Any], scene: Scene, own: bool) -> dict[str, Any]:
    """What an ended maneuver leaves for the next turn ({} when nothing carries): a finished
    Aim its seconds, a finished Evaluate one more turn, anything else nothing. So Aim
    accumulates one second per turn spent aiming; ``/aim`` again in the same turn changes
    nothing. The carried bonus goes to an attack with an attack maneuver declared this
    turn: Aim's to Attack or All-Out Attack with the aimed weapon (never Move and Attack),
    Evaluate's to a melee Attack, Feint, All-Out Attack or Move and Attack; the attack spends
    it, while a maneuver's own to-hit (Determined, Move and Attack) stays for every attack."""
    key = entry.get("maneuver")
    carry: dict[str, Any] = {}
    if key == "aim" and not entry.get("spoiled") and number(entry, "aim"):
        carry = {
            "aimed": number(entry, "aim"),
            "aimed_weapon": str(entry.get("weapon", "")),
            "acc": number(entry, "aim_acc"),
        }
    elif key == "evaluate":
        carry = {"evaluated": number(entry, "evaluated") + 1}
    if not carry:
        return {}
    return {"maneuver": "", "option": "", "round": scene.round, "own": own, **carry}


def in_force(campaign: Campaign, name: str) -> dict[str, Any]:
    """``name``'s maneuver in force: the last one declared, until their next turn begins."""
    old = entries(campaign).get(name)
    return dict(old) if isinstance(old, Mapping) else {}


def this_turn(campaign: Campaign, name: str) -> dict[str, Any]:
    """``name``'s entry for the turn a new declaration is for (an older one settled first)."""
    scene = campaign.scene
    old = entries(campaign).get(name)
    if scene is None or not isinstance(old, Mapping):
        return {}
    if _is_this_turn(old, scene, name):
        return dict(old)
    return settle(old, scene, own=current_actor(scene) == name)


def _ended(name: str, old: Mapping[str, Any], carry: Mapping[str, Any]) -> Msg | None:
    """What ends with ``name``'s last maneuver and what it leaves (None: nothing to say)."""
    key = str(old.get("maneuver", ""))
    info = gurps.MANEUVERS.get(key)
    if info is None and not carry:
        return None
    text: str | Msg = (
        msg("{name}'s {maneuver} ends", name=name, maneuver=maneuver_name(key))
        if info is not None
        else ""
    )
    if number(carry, "aimed"):
        secs = number(carry, "aimed")
        bonus = gurps.aim_bonus(number(carry, "acc"), secs)
        weapon = carry.get("aimed_weapon")
        left = msg(
            " (aimed {weapon} {secs} s: {bonus} to an Attack now, or Aim on)",
            weapon=str(weapon) if weapon else msg("the weapon"),
            secs=secs,
            bonus=f"{bonus:+d}",
        )
    elif number(carry, "evaluated"):
        turns = number(carry, "evaluated")
        left = msg(
            " (evaluated {turns}: {bonus} to a melee attack now)",
            turns=nmsg("{n} turn", "{n} turns", turns),
            bonus=f"{gurps.evaluate_bonus(turns):+d}",
        )
    elif key == "aim" and old.get("spoiled"):
        left = msg(" (the aim was spoiled by a defense)")
    else:
        return text if isinstance(text, Msg) else None
    return joined(text, left)


def turn_started(campaign: Campaign, actor: str) -> tuple[Campaign, str | Msg]:
    """``actor``'s turn begins: their last maneuver ends (a note says what it leaves). A
    maneuver declared for them earlier in the same round (the GM declaring ahead) is kept;
    a character outside the turn order has turns of one round each."""
    scene = campaign.scene
    old = entries(campaign).get(actor)
    if scene is None or not isinstance(old, Mapping):
        return campaign, ""
    if not old.get("own") and number(old, "round") == scene.round:
        return put(campaign, actor, {**old, "own": True}), ""  # declared ahead for this turn
    carry = settle(old, scene, own=True)
    ended = _ended(actor, old, carry)
    return put(campaign, actor, carry or None), ended if ended is not None else ""
