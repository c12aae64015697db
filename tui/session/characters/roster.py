"""Changes of the party as pure functions: add, duplicate, rename, remove.

Each follows the character's name everywhere the state holds it (the turn order, the
scene's system data, the extended checks), but never into the log: the log is history and
is never rewritten, so a removed character's entries stay and a renamed one's old entries
keep the old name (the rename entry records both, so the sheet's recent rolls still find
them). Undo brings back everything a change took.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from tui.language import _
from tui.session.campaign.model import Campaign, Character, Scene
from tui.session.campaign.session import CommandError
from tui.session.protocol.system import System

__all__ = [
    "MAX_CHARACTERS",
    "MAX_COPIES",
    "add",
    "copy_names",
    "duplicate",
    "remove",
    "rename",
    "replace_character",
]

MAX_CHARACTERS = 500
MAX_COPIES = 20
_NUMBERED = re.compile(r"^(.*\S)\s+(\d+)$")


def _limit(campaign: Campaign, more: int) -> None:
    if len(campaign.characters) + more > MAX_CHARACTERS:
        raise CommandError(
            _("a campaign holds at most {MAX_CHARACTERS} characters").format(
                MAX_CHARACTERS=MAX_CHARACTERS
            )
        )


def _actor(scene: Scene) -> str | None:
    if scene.turn_order and 0 <= scene.current < len(scene.turn_order):
        return scene.turn_order[scene.current]
    return None


def _inits(scene: Scene) -> Mapping[str, object]:
    raw = scene.system.get("init")
    return raw if isinstance(raw, Mapping) else {}


def _joined(system: System, campaign: Campaign, name: str) -> Campaign:
    """``campaign`` with the new character ``name`` in the running turn order, if any."""
    scene = campaign.scene
    if scene is None or not scene.turn_order:
        return campaign
    actor = _actor(scene)
    order: list[str] = [*scene.turn_order, name]
    try:
        own = system.turn_order(campaign, order)
    except (CommandError, KeyError):
        own = None  # the system cannot place it yet (no Basic Speed): at the end
    if own is not None:
        order = list(own)
    current = order.index(actor) if actor in order else 0
    return replace(campaign, scene=replace(scene, turn_order=tuple(order), current=current))


def add(system: System, campaign: Campaign, character: Character) -> Campaign:
    """The campaign with ``character`` at the end of the party (and the turn order).

    In a running turn order a system with its own order (GURPS) places it there when it can
    (Basic Speed known), keeping whose turn it is; elsewhere it joins at the end, for
    ``/init``, ``/init roll`` or ``/up`` to place."""
    _limit(campaign, 1)
    added = replace(campaign, characters=(*campaign.characters, character))
    return _joined(system, added, character.name)


def copy_names(campaign: Campaign, name: str, count: int) -> list[str]:
    """Free names for ``count`` copies: ``Guard`` → ``Guard 2``, ``Guard 3`` …; a copy of
    ``Guard 2`` is ``Guard 3`` (the number continues), of ``Cultist 012`` ``Cultist 013``
    (as wide: the names still sort and read as one series, not ``Cultist 2``)."""
    m = _NUMBERED.match(name)
    base = m[1] if m else name
    digits = m[2] if m and m[2].isascii() and len(m[2]) < 10 else ""
    width = len(digits) if digits.startswith("0") else 0
    taken = {c.name.casefold() for c in campaign.characters}
    out: list[str] = []
    n = int(digits) + 1 if digits else 2
    while len(out) < count:
        candidate = f"{base} {n:0{width}d}"
        if candidate.casefold() not in taken:
            out.append(candidate)
            taken.add(candidate.casefold())
        n += 1
    return out


def _copy(original: Character, name: str) -> Character:
    resources = {k: original.maxima.get(k, v) for k, v in original.resources.items()}
    extra = {k: v for k, v in original.extra.items() if k != "aliases"}
    return replace(original, name=name, resources=resources, ticks=(), conditions=(), extra=extra)


def duplicate(
    system: System, campaign: Campaign, name: str, count: int = 1
) -> tuple[Campaign, list[str]]:
    """``count`` copies of ``name`` placed after it (and its earlier copies).

    A copy (``Guard`` → ``Guard 2``, ``Guard 3``) has the original's attributes, skills,
    notes, weapons and maxima; a resource with a maximum starts full, the others as the
    original has them; no conditions, experience ticks or aliases (an alias names one
    character). In a running turn order copies act right after the original and its earlier
    copies, with the original's initiative value."""
    if not 1 <= count <= MAX_COPIES:
        raise CommandError(
            _("make 1..{MAX_COPIES} copies at a time, not {count}").format(
                MAX_COPIES=MAX_COPIES, count=count
            )
        )
    _limit(campaign, count)
    original = campaign.character(name)
    names = copy_names(campaign, original.name, count)
    copies = [_copy(original, n) for n in names]
    chars = list(campaign.characters)
    at = _after_copies(chars, original.name)
    chars[at:at] = copies
    campaign = replace(campaign, characters=tuple(chars))
    scene = campaign.scene
    if scene is not None and original.name in scene.turn_order:
        campaign = replace(campaign, scene=_copies_in_order(scene, original.name, names))
    return campaign, names


def _after_copies(names: Sequence[Character] | Sequence[str], original: str) -> int:
    """The index just past ``original`` and its numbered copies that follow it."""
    plain = [n if isinstance(n, str) else n.name for n in names]
    i = plain.index(original) + 1
    base = (m[1] if (m := _NUMBERED.match(original)) else original).casefold()
    while i < len(plain) and (m := _NUMBERED.match(plain[i])) and m[1].casefold() == base:
        i += 1
    return i


def _copies_in_order(scene: Scene, original: str, names: Sequence[str]) -> Scene:
    actor = _actor(scene)
    order = list(scene.turn_order)
    at = _after_copies(order, original)
    order[at:at] = names
    system = dict(scene.system)
    inits = _inits(scene)
    if original in inits:
        system["init"] = {**inits, **{n: inits[original] for n in names}}
    current = order.index(actor) if actor in order else 0
    return replace(scene, turn_order=tuple(order), current=current, system=system)


def _scene_without(system: System, campaign: Campaign, name: str) -> Scene | None:
    scene = campaign.scene
    if scene is None:
        return None
    order = list(scene.turn_order)
    current = scene.current
    if name in order:
        i = order.index(name)
        order.remove(name)
        if i < current:
            current -= 1
        if current >= len(order):
            current = 0
    scene = replace(scene, turn_order=tuple(order), current=current)
    return system.scene_without(scene, name)


def remove(system: System, campaign: Campaign, name: str) -> Campaign:
    """The campaign without ``name``: gone from the turn order (whoever was next gets the
    turn; the round does not advance) and from the scene's system data kept by name
    (``scene_without``: initiative values, maneuvers, the Strange System's skipped list).
    Contributions already made to an extended check stay: the pool they added is real."""
    ch = campaign.character(name)
    chars = tuple(c for c in campaign.characters if c is not ch)
    return replace(campaign, characters=chars, scene=_scene_without(system, campaign, ch.name))


def rename(system: System, campaign: Campaign, old: str, new: str) -> Campaign:
    """The campaign with ``old`` called ``new`` everywhere the state names it: the turn
    order, the scene's system data (initiative, GURPS maneuvers, Strange goals and actions:
    the system answers ``scene_renamed``) and the extended checks' contributions."""
    ch = campaign.character(old)
    campaign = campaign.with_character(replace(ch, name=new), old_name=ch.name)
    scene = campaign.scene
    if scene is not None:
        order = tuple(new if n == ch.name else n for n in scene.turn_order)
        scene = system.scene_renamed(replace(scene, turn_order=order), ch.name, new)
    checks = tuple(
        replace(
            chk,
            contributions=tuple(
                {**c, "who": new} if c.get("who") == ch.name else c for c in chk.contributions
            ),
        )
        if any(c.get("who") == ch.name for c in chk.contributions)
        else chk
        for chk in campaign.checks
    )
    return replace(campaign, scene=scene, checks=checks)


def replace_character(system: System, campaign: Campaign, old: str, updated: Character) -> Campaign:
    """``updated`` in place of ``old`` (renamed everywhere when its name changed)."""
    if updated.name != old:
        campaign = rename(system, campaign, old, updated.name)
    return campaign.with_character(updated)
