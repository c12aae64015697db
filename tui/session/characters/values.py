"""Reading what the GM types about a character: names, values, lists.

Every reader raises :class:`~tui.session.campaign.session.CommandError` naming the problem,
so the editor and the slash commands refuse bad input the same way and nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from tui.language import N_, _, char_count, tr
from tui.session.campaign.model import Campaign, Character, Value
from tui.session.campaign.session import CommandError
from tui.session.entry.names import normal
from tui.session.protocol.system import System

__all__ = [
    "MAX_NAME",
    "attribute_value",
    "character_name",
    "hint",
    "label",
    "list_text",
    "notes_text",
    "parse_list",
    "skill_value",
    "spelling",
    "whole_number",
    "with_table",
]

MAX_NAME = 60
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_INT = re.compile(r"^[+\-−]?\d+$")
_FLOAT = re.compile(r"^[+\-−]?(\d+\.\d*|\.\d+)$")


#: what a name may be, as :func:`label`'s refusals say it (translated there)
WHATS = (N_("character"), N_("condition"), N_("resource"), N_("skill"), N_("attribute"))


def label(text: str, what: str) -> str:
    """A name of something (a skill, a resource, a condition …), checked and stripped:
    1–60 characters without control characters, not beginning with ``/`` (it would read
    as a command); ``what`` is an English word marked for the catalog, shown in the GM's
    language."""
    name = " ".join(text.split())
    what = tr(what)
    if not name:
        raise CommandError(_("the {what} needs a name").format(what=what))
    if len(name) > MAX_NAME:
        raise CommandError(
            _("{what} name too long ({length}, at most {MAX_NAME})").format(
                what=what, length=char_count(len(name)), MAX_NAME=MAX_NAME
            )
        )
    if _CONTROL.search(name):
        raise CommandError(_("a {what} name cannot hold control characters").format(what=what))
    return name


def character_name(campaign: Campaign, text: str, *, old: str | None = None) -> str:
    """``text`` as a new character name: valid, and not another character's already
    (names are unique ignoring case)."""
    name = label(text, "character")
    if name.startswith("/"):
        raise CommandError(_("a character name cannot begin with '/' (it reads as a command)"))
    folded = name.casefold()
    for ch in campaign.characters:
        if ch.name.casefold() == folded and (old is None or ch.name != old):
            raise CommandError(_("there is already a character called {name}").format(name=ch.name))
    return name


def whole_number(text: str, what: str, *, low: int = -1_000_000, high: int = 1_000_000) -> int:
    raw = text.strip().replace("−", "-")
    if not _INT.match(raw):
        raise CommandError(
            _("{what} must be a whole number, got {strip!r}").format(what=what, strip=text.strip())
        )
    value = int(raw)
    if not low <= value <= high:
        raise CommandError(
            _("{what} must be within {low}..{high}, got {value}").format(
                what=what, low=low, high=high, value=value
            )
        )
    return value


def skill_value(system: System, text: str, skill: str) -> Value:
    """A skill value typed for ``system``: of its type (``System.skill_type``: BRP percent,
    GURPS level, AGE ability name, Strange level name …) and within its range
    (``System.skill_problem``)."""
    kinds = system.skill_type if isinstance(system.skill_type, tuple) else (system.skill_type,)
    raw = text.strip()
    value: Value | None = None
    if int in kinds and _INT.match(raw.replace("−", "-")):
        value = int(raw.replace("−", "-"))
    elif float in kinds and _FLOAT.match(raw.replace("−", "-")):
        value = float(raw.replace("−", "-"))
    elif str in kinds and raw:
        value = " ".join(raw.split())
    if value is None:
        wanted = (
            _("a whole number") if int in kinds else _("a number") if float in kinds else _("text")
        )
        raise CommandError(
            _("{skill}: a skill value here is {wanted}, got {raw!r}").format(
                skill=skill, wanted=wanted, raw=raw
            )
        )
    if isinstance(value, str) and (_CONTROL.search(value) or len(value) > MAX_NAME):
        raise CommandError(_("{skill}: the value must be a short line of text").format(skill=skill))
    problem = system.skill_problem(value)
    if problem:
        raise CommandError(_("{skill}: {problem}").format(skill=skill, problem=problem))
    return value


def attribute_value(text: str, attribute: str) -> Value:
    """An attribute: a whole number, a decimal (Basic Speed 5.75) or a word."""
    raw = " ".join(text.split())
    plain = raw.replace("−", "-")
    if _INT.match(plain):
        return whole_number(plain, attribute)
    if _FLOAT.match(plain):
        return float(plain)
    if not raw:
        raise CommandError(_("{attribute} needs a value").format(attribute=attribute))
    if _CONTROL.search(raw) or len(raw) > MAX_NAME:
        raise CommandError(
            _("{attribute}: the value must be a short line of text").format(attribute=attribute)
        )
    return raw


def spelling(typed: str, known: Iterable[str]) -> str:
    """How to write a new name: as another character writes the same one ("listen" →
    "Listen" when Boris has Listen), else as typed, with a capital if typed all lower case."""
    form = normal(typed)
    for name in known:
        if normal(name) == form:
            return name
    return typed[:1].upper() + typed[1:] if typed == typed.lower() else typed


def parse_list(text: str, what: str) -> tuple[str, ...]:
    """``a, b, c`` → the names, each checked, no repeats (ignoring case)."""
    out: list[str] = []
    for part in text.split(","):
        if not part.strip():
            continue
        name = label(part, what)
        if name.casefold() not in {o.casefold() for o in out}:
            out.append(name)
    return tuple(out)


def list_text(values: Sequence[str] | Mapping[str, str]) -> str:
    return ", ".join(values)


def with_table(ch: Character, table: str, values: Mapping[str, Any]) -> Character:
    """``ch`` with its ``attributes``, ``skills`` or ``resources`` replaced by ``values``."""
    if table == "attributes":
        return replace(ch, attributes=dict(values))
    if table == "skills":
        return replace(ch, skills=dict(values))
    if table == "resources":
        return replace(ch, resources=dict(values))
    raise ValueError(_("not a table of values: {table}").format(table=table))


def notes_text(text: str, *, limit: int = 20_000) -> str:
    """Notes typed on one line: ``\\n`` starts a new line; no other control characters."""
    notes = text.replace("\\n", "\n").strip()
    if any(_CONTROL.search(line) for line in notes.split("\n")):
        raise CommandError(_("notes cannot hold control characters"))
    if len(notes) > limit:
        raise CommandError(
            _("notes too long ({length}, at most {limit})").format(
                length=char_count(len(notes)), limit=limit
            )
        )
    return notes


def hint(campaign: Campaign, name: str) -> str:
    """How a command in a hint names character ``name``: a word of the name no other
    character has (``ruth``, ``moss`` for Guard Moss beside Guard Pike), lower case; else
    the whole name in quotes. A number alone never names one (``Guard Dog 1`` beside
    Guard Dog 2 is ``"Guard Dog 1"``, not ``1``)."""
    others = {w.casefold() for c in campaign.characters if c.name != name for w in c.name.split()}
    words = name.split()
    for word in (words[:1] + words[-1:]) if words else []:
        if word.casefold() not in others and not word.isdigit():
            return word.casefold()
    return f'"{name}"'
