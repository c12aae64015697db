"""Creature templates: the campaign's own and the GM's bestiary shared by every campaign.

A template is a character as a ``[[characters]]`` table writes it (name, attributes, skills,
resources and their maxima, weapons under ``extra`` …), kept either in the campaign
(``options.bestiary``, a list of such tables) or in the per-user data folder, one file per
creature under a folder per system (``bestiary/gurps/Bushwolf.toml``), so a creature outlives
the campaign it was met in. A template without ``side`` is an NPC. The campaign's own
templates come first and hide a user template of the same name.

Reading the folder never stops the GM: a file that cannot be read (not TOML, not a
character, too large, not a regular file) is skipped and named with its reason. The folder
is read again only when something in it changed (its files' sizes and times are the key).
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tui.base.locations import bestiary_dir
from tui.language import _, byte_count
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.prepared import BESTIARY
from tui.session.campaign.schema import SchemaError, SkillRules, character_doc, character_from_doc
from tui.session.campaign.session import CommandError
from tui.session.characters.roster import MAX_COPIES
from tui.session.entry.names import normal

__all__ = [
    "MAX_FILE_BYTES",
    "Shelf",
    "Template",
    "campaign_templates",
    "creatures",
    "find",
    "folder_of",
    "read_folder",
    "search",
    "shelf",
    "template_doc",
    "templates_of",
    "with_template",
]

#: A template file larger than this is refused unread (a creature is a few kilobytes).
MAX_FILE_BYTES = 1024 * 1024
#: At most this many files of one system's folder are read.
MAX_FILES = 2000


@dataclass(frozen=True)
class Template:
    """A creature to bring to the table: its character and where it is kept."""

    character: Character
    source: str  # "" for the campaign's own, else the file's path

    @property
    def name(self) -> str:
        return self.character.name


@dataclass(frozen=True)
class Shelf:
    """Every template a campaign can use, and the files that were skipped (with why)."""

    templates: tuple[Template, ...] = ()
    problems: tuple[str, ...] = ()


def _as_template(doc: Mapping[str, Any], path: str, rules: SkillRules) -> Character:
    if not isinstance(doc, Mapping):
        raise SchemaError(path, _("expected a table"))
    plain = {"side": "npc", **doc}
    ch = character_from_doc(plain, path, rules)
    return replace(ch, ticks=(), player="")


def campaign_templates(campaign: Campaign, rules: SkillRules) -> Shelf:
    """The campaign's own templates (``options.bestiary``); a bad one is named, not used."""
    docs = campaign.options.get(BESTIARY, [])
    if not isinstance(docs, list | tuple):
        return Shelf(problems=(_("options.bestiary: expected a list of tables"),))
    found: list[Template] = []
    problems: list[str] = []
    for i, doc in enumerate(docs):
        try:
            found.append(Template(_as_template(doc, f"options.bestiary[{i}]", rules), ""))
        except SchemaError as exc:
            problems.append(str(exc))
    return Shelf(tuple(found), tuple(problems))


def _read_one(path: Path, rules: SkillRules) -> Character:
    """The template in ``path``: opened without blocking (a FIFO never hangs the app),
    checked to be a regular file of a sane size before it is read."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        raise ValueError(exc.strerror or str(exc)) from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(_("not a regular file"))
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(
                _("{size} is too large for a template (at most {most})").format(
                    size=byte_count(info.st_size), most=byte_count(MAX_FILE_BYTES)
                )
            )
        data = handle.read(MAX_FILE_BYTES + 1)
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ValueError(_("not UTF-8 text")) from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(str(exc)) from None
    except RecursionError:
        raise ValueError(_("nested too deeply")) from None
    if "name" not in doc:  # the file's name names the creature
        doc["name"] = path.stem
    try:
        return _as_template(doc, "", rules)
    except SchemaError as exc:
        raise ValueError(str(exc)) from None


_folder_cache: dict[tuple[str, str], tuple[tuple[tuple[str, int, int], ...], Shelf]] = {}


def _state(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """What the folder holds now, cheaply: each ``.toml`` file's name, size and time."""
    out: list[tuple[str, int, int]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".toml") and not entry.name.startswith("."):
                    try:
                        info = entry.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    out.append((entry.name, info.st_size, info.st_mtime_ns))
                    if len(out) >= MAX_FILES:
                        break
    except OSError:
        return ()
    return tuple(sorted(out))


def read_folder(folder: Path, rules: SkillRules, system: str) -> Shelf:
    """The templates in ``folder`` (one system's), read again only when it changed."""
    state = _state(folder)
    key = (str(folder), system)
    cached = _folder_cache.get(key)
    if cached is not None and cached[0] == state:
        return cached[1]
    found: list[Template] = []
    problems: list[str] = []
    seen: set[str] = set()
    for name, _size, _time in state:
        path = folder / name
        try:
            ch = _read_one(path, rules)
        except ValueError as exc:
            problems.append(f"{name}: {exc}")
            continue
        if normal(ch.name) in seen:
            problems.append(
                _("{file}: another file already holds {name}").format(file=name, name=ch.name)
            )
            continue
        seen.add(normal(ch.name))
        found.append(Template(ch, str(path)))
    shelf_ = Shelf(tuple(found), tuple(problems))
    _folder_cache[key] = (state, shelf_)
    return shelf_


def shelf(campaign: Campaign, rules: SkillRules, folder: Path | None) -> Shelf:
    """The campaign's templates, then the folder's that no campaign template hides."""
    own = campaign_templates(campaign, rules)
    if folder is None:
        return own
    user = read_folder(folder, rules, campaign.system)
    names = {normal(t.name) for t in own.templates}
    kept = tuple(t for t in user.templates if normal(t.name) not in names)
    return Shelf(own.templates + kept, own.problems + user.problems)


def folder_of(campaign: Campaign) -> Path:
    """The user's bestiary folder of the campaign's system (``bestiary/gurps``)."""
    return bestiary_dir() / campaign.system


def templates_of(campaign: Campaign, rules: SkillRules) -> Shelf:
    """Every template ``campaign`` can use: its own, then the user's bestiary's."""
    return shelf(campaign, rules, folder_of(campaign))


def find(templates: Sequence[Template], typed: str) -> Template | None:
    """The template ``typed`` names: its whole name, ignoring case and punctuation."""
    form = normal(typed)
    return next((t for t in templates if normal(t.name) == form), None)


def search(templates: Sequence[Template], text: str) -> list[Template]:
    """The templates whose name, notes or skills hold every word of ``text``."""
    words = normal(text).split()

    def haystack(t: Template) -> str:
        ch = t.character
        return normal(" ".join([ch.name, ch.notes, *ch.skills, *map(str, ch.attributes)]))

    return [t for t in templates if all(w in haystack(t) for w in words)]


def creatures(campaign: Campaign, template: Template, count: int, *, gm: bool) -> list[Character]:
    """``count`` new characters from ``template``, each with its own resources (full where
    there is a maximum): one is called as the template when no creature of it is at the
    table yet; otherwise they are numbered ``Bushwolf 1``, ``Bushwolf 2`` …, after the
    numbers already taken."""
    if not 1 <= count <= MAX_COPIES:
        raise CommandError(
            _("bring 1..{most} creatures at a time, not {count}").format(
                most=MAX_COPIES, count=count
            )
        )
    base = template.character
    taken = {c.name.casefold() for c in campaign.characters}
    numbered = any(n.startswith(base.name.casefold() + " ") for n in taken)
    if count == 1 and base.name.casefold() not in taken and not numbered:
        names = [base.name]
    else:
        names, n = [], 1
        while len(names) < count:
            candidate = f"{base.name} {n}"
            if candidate.casefold() not in taken:
                names.append(candidate)
            n += 1
    full = {k: base.maxima.get(k, v) for k, v in base.resources.items()}
    return [
        replace(base, name=name, resources=dict(full), gm_only=base.gm_only or gm) for name in names
    ]


def template_doc(ch: Character) -> dict[str, Any]:
    """``ch`` as a template table: no player, ticks, conditions or aliases; resources full."""
    keep = replace(
        ch,
        player="",
        ticks=(),
        conditions=(),
        resources={k: ch.maxima.get(k, v) for k, v in ch.resources.items()},
        extra={k: v for k, v in ch.extra.items() if k != "aliases"},
    )
    doc = character_doc(keep)
    doc.pop("ticks", None)
    return doc


def with_template(campaign: Campaign, ch: Character) -> Campaign:
    """The campaign with ``ch`` kept as one of its own templates (replacing one of the same
    name)."""
    docs = [
        d
        for d in campaign.options.get(BESTIARY, [])
        if not (isinstance(d, Mapping) and normal(str(d.get("name", ""))) == normal(ch.name))
    ]
    docs.append(template_doc(ch))
    return replace(campaign, options={**campaign.options, BESTIARY: docs})
