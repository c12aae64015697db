"""Characters from another program's files into a campaign: what each adds or changes.

A system that reads such files (GURPS: GCS) answers ``character_reader`` with a reader of
:class:`Imported` characters; this module places them, alike for every system. A file whose
id (the other program's own) a character already carries updates it in place and says what
changes; its side, conditions, experience ticks and aliases stay as the table has them, and
its HP and FP keep the damage taken at the table (capped by the new maxima). A name another
character already has (not from this file) is a clash the caller asks about: update that
character, import under a numbered name, or skip the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from tui.language import _, msg
from tui.session.campaign.model import Campaign, Character, Value
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters import roster
from tui.session.protocol.system import Imported, System

__all__ = ["Clash", "Imported", "Planned", "apply", "changes", "draft", "plan", "resolve"]

Clash = Literal["update", "rename", "skip"]


@dataclass(frozen=True)
class Planned:
    """One file's place in an import.

    ``target`` is the character it updates (``None``: a new one named ``name``);
    ``clash`` names a character of the same name that is not from this file, for the
    caller to resolve; ``changes`` say what an update changes, one line each.
    """

    imported: Imported
    name: str
    target: str | None = None
    clash: str | None = None
    changes: tuple[str, ...] = ()
    skipped: bool = False


def _source_id(ch: Character, program: str) -> str:
    source = ch.extra.get(program.casefold())
    return str(source.get("id", "")) if isinstance(source, Mapping) else ""


def _numbered(campaign: Campaign, name: str, taken: set[str]) -> str:
    n = 2
    while f"{name} {n}".casefold() in taken:
        n += 1
    return f"{name} {n}"


def _shown(value: Value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _diff(old: Mapping[str, Any], new: Mapping[str, Any], maxima: bool = False) -> list[str]:
    lines = []
    for key in new:
        label = _("max {name}").format(name=key) if maxima else key
        if key not in old:
            lines.append(f"+ {label} {_shown(new[key])}")
        elif old[key] != new[key]:
            lines.append(f"{label} {_shown(old[key])} → {_shown(new[key])}")
    lines += [f"− {key}" for key in old if key not in new]
    return lines


def changes(old: Character, new: Character) -> tuple[str, ...]:
    """What updating ``old`` from ``new`` changes, one short line each."""
    lines = _diff(old.attributes, new.attributes) + _diff(old.skills, new.skills)
    lines += _diff(old.maxima, new.maxima, maxima=True)
    old_weapons = old.extra.get("weapons", {})
    new_weapons = new.extra.get("weapons", {})
    if isinstance(old_weapons, Mapping) and isinstance(new_weapons, Mapping):
        for name in new_weapons:
            if name not in old_weapons:
                lines.append(f"+ {name}")
            elif dict(old_weapons[name]) != dict(new_weapons[name]):
                lines.append(_("{weapon} changed").format(weapon=name))
        lines += [f"− {name}" for name in old_weapons if name not in new_weapons]
    if old.player != new.player:
        lines.append(_("player: {old} → {new}").format(old=old.player or "—", new=new.player))
    if old.notes != new.notes:
        lines.append(_("notes changed"))
    return tuple(lines)


def plan(campaign: Campaign, items: Sequence[Imported]) -> list[Planned]:
    """Where each imported character goes: a new one, an update by its id, or a clash."""
    by_name = {ch.name.casefold(): ch for ch in campaign.characters}
    planned: list[Planned] = []
    seen_ids: set[str] = set()
    for item in items:
        key = f"{item.program}:{item.source_id}"
        if item.source_id and key in seen_ids:
            raise CommandError(
                _("{file}: the same character as another file of this import").format(
                    file=item.file
                )
            )
        seen_ids.add(key)
        existing = next(
            (
                ch
                for ch in campaign.characters
                if item.source_id and _source_id(ch, item.program) == item.source_id
            ),
            None,
        )
        name = item.character.name
        if existing is not None:
            clash = by_name.get(name.casefold())
            planned.append(
                Planned(
                    item,
                    name,
                    target=existing.name,
                    clash=clash.name if clash is not None and clash is not existing else None,
                    changes=changes(existing, item.character),
                )
            )
            continue
        clash = by_name.get(name.casefold())
        planned.append(Planned(item, name, clash=clash.name if clash else None))
    names = [p.name.casefold() for p in planned if p.target is None and p.clash is None]
    if len(names) != len(set(names)):
        raise CommandError(_("two files of this import hold characters of the same name"))
    return planned


def resolve(campaign: Campaign, planned: Planned, how: Clash) -> Planned:
    """A clash resolved: update the character of that name, take a numbered name, or skip."""
    if planned.clash is None:
        return planned
    if how == "skip":
        return replace(planned, skipped=True, clash=None)
    if how == "update":
        old = campaign.character(planned.clash)
        return replace(
            planned,
            target=planned.clash,
            clash=None,
            changes=changes(old, planned.imported.character),
        )
    taken = {ch.name.casefold() for ch in campaign.characters}
    return replace(planned, name=_numbered(campaign, planned.name, taken), clash=None)


def _updated(old: Character, new: Character, name: str) -> Character:
    extra = dict(old.extra)
    for key, value in new.extra.items():
        if key != "weapons":
            extra[key] = value
    if "weapons" in new.extra:
        extra["weapons"] = new.extra["weapons"]
    else:
        extra.pop("weapons", None)
    resources = dict(old.resources)
    for pool, most in new.maxima.items():
        taken = old.maxima.get(pool, most) - old.resources.get(pool, most)
        resources[pool] = min(most, most - max(taken, 0))
    return replace(
        old,
        name=name,
        player=new.player,
        attributes=new.attributes,
        skills=new.skills,
        resources=resources,
        maxima=new.maxima,
        notes=new.notes,
        extra=extra,
    )


def apply(
    system: System,
    campaign: Campaign,
    planned: Sequence[Planned],
    *,
    side: str = "party",
    gm_only: bool = False,
) -> Campaign:
    """The campaign with every planned file imported (all of them or, on error, none)."""
    for item in planned:
        if item.clash is not None:
            raise CommandError(
                _("{name} is already in the campaign: update it, rename or skip").format(
                    name=item.clash
                )
            )
        if item.skipped:
            continue
        new = item.imported.character
        if item.target is not None:
            old = campaign.character(item.target)
            campaign = roster.replace_character(
                system, campaign, item.target, _updated(old, new, old.name)
            )
        else:
            campaign = roster.add(
                system, campaign, replace(new, name=item.name, side=side, gm_only=gm_only)
            )
    return campaign


def draft(planned: Sequence[Planned]) -> Draft:
    """The log entry of an import: who was added and who was updated, from which files."""
    done = [p for p in planned if not p.skipped]
    program = done[0].imported.program if done else ""
    added = [p.name for p in done if p.target is None]
    updated = [p.target or p.name for p in done if p.target is not None]
    parts = []
    if added:
        parts.append(
            msg("imported {names} from {program}", names=", ".join(added), program=program)
        )
    if updated:
        parts.append(
            msg("updated {names} from {program}", names=", ".join(updated), program=program)
        )
    if not parts:
        raise CommandError(_("nothing to import"))
    files = [p.imported.file for p in done]
    inputs = {"imported": added, "updated": updated, "files": files}
    return Draft.of("change", parts[0], (added or updated)[0], "", inputs, parts[1:])
