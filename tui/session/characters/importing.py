"""Characters from another program's files into a campaign: what each adds or changes.

A system that reads such files (GURPS: GCS) answers ``character_reader`` with a reader of
:class:`Imported` characters; this module places them, alike for every system. A file whose
id (the other program's own) a character already carries updates it in place and says what
changes; its side, conditions, experience ticks and aliases stay as the table has them, and
its HP and FP keep the damage taken at the table (capped by the new maxima). A name another
character already has (not from this file) is a clash the caller asks about: update that
character, import under a numbered name, or skip the file.

A batch (a whole library folder) imports every file it can. One id is one character only
while the name agrees too: libraries copy one file to make another, so a file whose id is
already taken by a character of another name is a new character, not an update of that
one. Two files of one name in a batch (variants of one sheet keep its id too) clash like
a name already in the campaign: ``rename`` numbers the later one, ``skip`` skips it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from rules.exact import number_text
from tui.language import Msg, _, msg
from tui.session.campaign.model import Campaign, Character, Value
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters import roster
from tui.session.protocol.system import Imported, System

__all__ = [
    "Clash",
    "Imported",
    "Planned",
    "apply",
    "changes",
    "draft",
    "files_of",
    "fit",
    "notes",
    "plan",
    "resolve",
    "resolve_all",
    "taken_names",
]

Clash = Literal["update", "rename", "skip"]

#: most folder entries one import looks through (a library is a few hundred files; a home
#: folder given by mistake is refused rather than walked for minutes)
MAX_ENTRIES = 20_000


def files_of(paths: Sequence[Path], suffixes: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The files an import reads, and a line for each folder that gives none: each file as
    given, each folder's files ending in one of ``suffixes`` (its subfolders too, hidden
    ones not), in name order."""
    files: list[Path] = []
    problems: list[str] = []
    wanted = {s.casefold() for s in suffixes}
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        found: list[Path] = []
        seen = 0
        for top, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            seen += len(dirs) + len(names)
            if seen > MAX_ENTRIES:
                break
            found += [Path(top, n) for n in names if Path(n).suffix.casefold() in wanted]
        if seen > MAX_ENTRIES:
            problems.append(
                _("{folder}: more than {n} entries: name a smaller folder").format(
                    folder=path.name, n=MAX_ENTRIES
                )
            )
        elif not found:
            problems.append(
                _("{folder}: no {suffixes} files").format(
                    folder=path.name, suffixes=", ".join(suffixes)
                )
            )
        files += sorted(found)
    return files, problems


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
    #: why it was skipped when nobody chose to (a clash or an update undecided, the limit)
    reason: str = ""
    #: the earlier file of this import that holds ``clash`` ("" when the campaign does)
    clash_file: str = ""


def _source_id(ch: Character, program: str) -> str:
    source = ch.extra.get(program.casefold())
    return str(source.get("id", "")) if isinstance(source, Mapping) else ""


def _source_name(ch: Character, program: str) -> str:
    """The name the other program gave the character when it was imported (the table may
    have renamed it since); its own name for a character imported before that was kept."""
    source = ch.extra.get(program.casefold())
    name = source.get("name") if isinstance(source, Mapping) else None
    return name if isinstance(name, str) and name else ch.name


def _same(ch: Character, item: Imported) -> bool:
    return (
        bool(item.source_id)
        and _source_id(ch, item.program) == item.source_id
        and _source_name(ch, item.program).casefold() == item.character.name.casefold()
    )


def _numbered(campaign: Campaign, name: str, taken: set[str]) -> str:
    n = 2
    while f"{name} {n}".casefold() in taken:
        n += 1
    return f"{name} {n}"


def _shown(value: Value) -> str:
    return number_text(value) if isinstance(value, float) else str(value)


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
    """Where each imported character goes: a new one, an update by its id (and name), or a
    clash with a name the campaign or an earlier file of the batch has."""
    by_name = {ch.name.casefold(): ch for ch in campaign.characters}
    planned: list[Planned] = []
    earlier: dict[str, Imported] = {}  # new names of this batch → the file that has it
    for item in items:
        name = item.character.name
        twin = next(
            (
                p.imported
                for p in planned
                if not p.skipped and p.imported.source_id and _twin(p.imported, item)
            ),
            None,
        )
        if twin is not None:
            # two variants of one sheet (tamed, wild) keep the id and the name
            planned.append(Planned(item, name, clash=twin.character.name, clash_file=twin.file))
            continue
        existing = next((ch for ch in campaign.characters if _same(ch, item)), None)
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
        first = earlier.get(name.casefold())
        if clash is None and first is not None:
            planned.append(Planned(item, name, clash=first.character.name, clash_file=first.file))
            continue
        earlier.setdefault(name.casefold(), item)
        planned.append(Planned(item, name, clash=clash.name if clash else None))
    return planned


def _twin(a: Imported, b: Imported) -> bool:
    return (
        a.program == b.program
        and a.source_id == b.source_id
        and a.character.name.casefold() == b.character.name.casefold()
    )


def taken_names(campaign: Campaign, planned: Sequence[Planned]) -> set[str]:
    """Names (case-folded) the campaign and the new characters of ``planned`` take."""
    names = {ch.name.casefold() for ch in campaign.characters}
    names |= {p.name.casefold() for p in planned if p.target is None and not p.skipped}
    return names


def resolve(
    campaign: Campaign, planned: Planned, how: Clash, taken: set[str] | None = None
) -> Planned:
    """A clash resolved: update the character of that name, take a numbered name (none of
    the campaign's nor of ``taken``, the batch's names so far), or skip. A clash with an
    earlier file of the batch cannot be an update (that character is not there yet): it
    is skipped, saying why."""
    if planned.clash is None:
        return planned
    if how == "skip":
        return replace(planned, skipped=True, clash=None)
    if how == "update" and planned.clash_file:
        reason = _("{name} is also in {file}: add rename to import both").format(
            name=planned.clash, file=planned.clash_file
        )
        return replace(planned, skipped=True, clash=None, reason=reason)
    if how == "update":
        old = campaign.character(planned.clash)
        return replace(
            planned,
            target=planned.clash,
            clash=None,
            changes=changes(old, planned.imported.character),
        )
    names = {ch.name.casefold() for ch in campaign.characters} | (taken or set())
    return replace(planned, name=_numbered(campaign, planned.name, names), clash=None)


def resolve_all(campaign: Campaign, planned: Sequence[Planned], how: Clash) -> list[Planned]:
    """Every clash of ``planned`` resolved the same way, in order (renamed copies numbered
    past the names the batch has given so far)."""
    done: list[Planned] = []
    for item in planned:
        done.append(resolve(campaign, item, how, taken_names(campaign, [*done, *planned])))
    return done


def fit(campaign: Campaign, planned: Sequence[Planned]) -> list[Planned]:
    """``planned`` with the new characters past the campaign's limit skipped, saying why
    (a library folder may hold more than one campaign takes): the files in order, first
    come first in."""
    room = roster.MAX_CHARACTERS - len(campaign.characters)
    out: list[Planned] = []
    for item in planned:
        if item.skipped or item.target is not None or item.clash is not None:
            out.append(item)
            continue
        if room <= 0:
            reason = _("a campaign holds at most {MAX_CHARACTERS} characters").format(
                MAX_CHARACTERS=roster.MAX_CHARACTERS
            )
            out.append(replace(item, skipped=True, reason=reason))
            continue
        room -= 1
        out.append(item)
    return out


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


def notes(planned: Sequence[Planned], unread: Sequence[str] = ()) -> list[Msg]:
    """What the GM should know about an import, one line each: the files it could not read
    (``unread``: each reader's one-line message, naming the file), the files it skipped and
    why, and per character what was taken as given or left out and the reader's warnings."""
    lines = [msg("skipped {problem}", problem=problem) for problem in unread]
    for item in planned:
        file, name = item.imported.file, item.target or item.name
        if item.skipped:
            lines.append(
                msg("skipped {file}: {why}", file=file, why=item.reason)
                if item.reason
                else msg("skipped {file}", file=file)
            )
            continue
        if item.imported.not_computed:
            lines.append(
                msg(
                    "{name}: taken as given or left out: {what}",
                    name=name,
                    what=", ".join(item.imported.not_computed),
                )
            )
        lines += [msg("{name}: {warning}", name=name, warning=w) for w in item.imported.warnings]
    return lines


def draft(planned: Sequence[Planned], unread: Sequence[str] = ()) -> Draft:
    """The log entry of an import: who was added and who was updated, from which files, and
    its :func:`notes` as the entry's further lines."""
    done = [p for p in planned if not p.skipped]
    program = done[0].imported.program if done else ""
    added = [p.name for p in done if p.target is None]
    updated = [p.target or p.name for p in done if p.target is not None]
    parts: list[Msg] = []
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
    return Draft.of(
        "change", parts[0], (added or updated)[0], "", inputs, [*parts[1:], *notes(planned, unread)]
    )
