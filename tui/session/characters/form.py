"""The character editor's fields, without Textual: their rows, and applying one of them.

The editor screen lists :func:`fields_of` and runs each confirmed field as **one undoable
command** (:func:`apply_field`, :func:`remove_field`, :func:`toggle_field`), so ctrl+z takes
back the last field the GM confirmed, as the log shows it; a field typed and not confirmed
(Escape) changes nothing. Errors are ``CommandError`` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from tui.language import N_, Msg, _, msg, tr
from tui.session.campaign.durations import parse_duration
from tui.session.campaign.model import Campaign, Character, DurationUnit
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters import roster
from tui.session.characters.conditions import (
    duration_msg,
    with_condition,
    without_condition,
)
from tui.session.characters.resources import LIMIT, resource_text
from tui.session.characters.values import (
    attribute_value,
    character_name,
    label,
    notes_text,
    parse_list,
    skill_value,
    whole_number,
    with_table,
)
from tui.session.protocol.system import System

__all__ = ["Field", "apply_field", "fields_of", "remove_field", "toggle_field"]

_TABLES = {"attr": "attributes", "skill": "skills", "res": "resources", "weapon": "weapons"}


@dataclass(frozen=True)
class Field:
    """One row of the editor: ``key`` says what it edits (``("skill", "Listen")``)."""

    kind: str  # name player side gm notes aliases skill_aliases attr skill res cond weapon
    item: str  # the attribute/skill/resource/condition/weapon it is ("" for the others)
    label: str
    value: str
    section: str = ""
    hint: str = ""

    @property
    def adds(self) -> bool:
        """A ``+ add …`` row."""
        return self.kind.endswith("+")

    @property
    def toggles(self) -> bool:
        return self.kind in ("side", "gm")

    @property
    def removable(self) -> bool:
        return bool(self.item) and not self.adds


def _weapons(ch: Character) -> dict[str, Mapping[str, Any]]:
    raw = ch.extra.get("weapons")
    return (
        {k: v for k, v in raw.items() if isinstance(v, Mapping)} if isinstance(raw, Mapping) else {}
    )


def _weapon_text(weapon: Mapping[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in weapon.items())


def _aliases(ch: Character) -> list[str]:
    raw = ch.extra.get("aliases", [])
    return [a for a in raw if isinstance(a, str)] if isinstance(raw, list) else []


def _skill_aliases(ch: Character) -> dict[str, str]:
    raw = ch.extra.get("skill_aliases", {})
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): v for k, v in raw.items() if isinstance(v, str)}


def fields_of(ch: Character, system: System) -> list[Field]:
    """The editor's rows for ``ch``, in order."""
    # labels stay English (the log's words for a change, shown through tr by the editor);
    # sections and hints are only shown, so they are in the GM's language from the start
    rows = [
        Field("name", "", N_("Name"), ch.name, hint=_("the name (unique)")),
        Field("player", "", N_("Player"), ch.player, hint=_("who plays it (empty: nobody)")),
        Field("side", "", N_("Side"), ch.side, hint=_("Enter switches party / npc")),
        Field(
            "gm",
            "",
            N_("GM-only"),
            "yes" if ch.gm_only else "no",
            hint=_("Enter switches: hidden from the player view"),
        ),
    ]
    kinds = system.skill_type if isinstance(system.skill_type, tuple) else (system.skill_type,)
    skill_hint = (
        _("a whole number") if int in kinds else _("a number") if float in kinds else _("text")
    )
    sections = (
        ("attr", _("Attributes"), ch.attributes, _("a number or a word"), N_("+ add attribute")),
        ("skill", _("Skills"), ch.skills, skill_hint, N_("+ add skill")),
    )
    for kind, section, values, hint, adds in sections:
        for name, value in values.items():
            mark = " ✓" if kind == "skill" and name in ch.ticks else ""
            rows.append(
                Field(
                    kind,
                    name,
                    name,
                    f"{value}{mark}",
                    section,
                    _("{hint}, or NEW NAME = VALUE").format(hint=hint),
                )
            )
        rows.append(
            Field(f"{kind}+", "", adds, "", section, _("NAME = VALUE ({hint})").format(hint=hint))
        )
    resources = _("Resources")
    for name, value in ch.resources.items():
        top = ch.maxima.get(name)
        rows.append(
            Field(
                "res",
                name,
                name,
                f"{value}/{top}" if top is not None else str(value),
                resources,
                _("VALUE or VALUE/MAX (VALUE/ drops the maximum)"),
            )
        )
    rows.append(Field("res+", "", N_("+ add resource"), "", resources, _("NAME = VALUE[/MAX]")))
    conditions = _("Conditions")
    for c in ch.conditions:
        rows.append(
            Field(
                "cond",
                c.name,
                c.name,
                duration_msg(c).render(),
                conditions,
                _("N rounds, N turns, or empty: until removed"),
            )
        )
    rows.append(
        Field("cond+", "", N_("+ add condition"), "", conditions, _("NAME [N rounds|turns]"))
    )
    rows.append(
        Field(
            "notes",
            "",
            N_("Notes"),
            ch.notes.replace("\n", "\\n"),
            _("Notes"),
            _("one line; \\n starts a new line"),
        )
    )
    names = _("Names")
    rows.append(
        Field(
            "aliases",
            "",
            N_("Aliases"),
            ", ".join(_aliases(ch)),
            names,
            _("other names the roll entry knows: a, b"),
        )
    )
    rows.append(
        Field(
            "skill_aliases",
            "",
            N_("Skill aliases"),
            ", ".join(f"{k} = {v}" for k, v in _skill_aliases(ch).items()),
            names,
            _("alias = Skill, alias = Skill"),
        )
    )
    weapons = _weapons(ch)
    if system.weapon_fields or weapons:
        fields = " ".join(f"{f}=…" for f in system.weapon_fields) or "key=value …"
        for name, weapon in weapons.items():
            rows.append(Field("weapon", name, name, _weapon_text(weapon), _("Weapons"), fields))
        rows.append(
            Field(
                "weapon+",
                "",
                N_("+ add weapon"),
                "",
                _("Weapons"),
                _("NAME {fields}").format(fields=fields),
            )
        )
    return rows


def _duration(text: str) -> tuple[int, DurationUnit]:
    try:
        return parse_duration(text)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def _named(text: str, what: str) -> tuple[str, str]:
    """``NAME = VALUE`` → (name, value)."""
    name, eq, value = text.partition("=")
    if not eq:
        raise CommandError(_("write NAME = VALUE ({what})").format(what=tr(what)))
    return label(name, what), value.strip()


def _resource(ch: Character, name: str, text: str) -> Character:
    value_text, slash, top_text = text.partition("/")
    value = whole_number(value_text, name, low=-LIMIT, high=LIMIT)
    ch = ch.with_resource(name, value)
    if slash:
        top = (
            whole_number(top_text, _("the maximum of {name}").format(name=name), low=0, high=LIMIT)
            if top_text.strip()
            else None
        )
        ch = ch.with_maximum(name, top)
    return ch


def _weapon_fields(text: str) -> dict[str, Any]:
    """``skill=Guns (Pistol) damage=2d6`` → its fields. A word without ``=`` goes on the
    value before it, so a value with spaces (a GCS skill with its specialty, as imported)
    reads back as the row shows it; quotes around a value are dropped."""
    raw: dict[str, str] = {}
    last = ""
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            if not last:
                raise CommandError(_("a weapon field is key=value, got {word!r}").format(word=word))
            raw[last] += " " + word
            continue
        if not key:
            raise CommandError(
                _("a weapon field needs its key before '=', e.g. damage=2d6; got {word!r}").format(
                    word=word
                )
            )
        last = label(key, N_("weapon field"))
        raw[last] = value
    out: dict[str, Any] = {}
    for key, value in raw.items():
        value = value.strip().strip('"').strip()
        if not value:
            raise CommandError(_("weapon field {key}= needs a value, e.g. {key}=2").format(key=key))
        out[key] = int(value) if value.lstrip("-").isdigit() and len(value) < 10 else value
    return out


def _with_extra(ch: Character, key: str, value: Any) -> Character:
    extra = dict(ch.extra)
    if value:
        extra[key] = value
    else:
        extra.pop(key, None)
    return replace(ch, extra=extra)


def _renamed_item(ch: Character, table: str, old: str, new: str) -> Character:
    """``ch`` with the entry ``old`` of ``table`` called ``new`` (in place)."""
    values = getattr(ch, table) if table != "weapons" else _weapons(ch)
    if new != old and any(k.casefold() == new.casefold() for k in values if k != old):
        raise CommandError(_("{name} already has {new}").format(name=ch.name, new=new))
    renamed = {(new if k == old else k): v for k, v in values.items()}
    if table == "weapons":
        return _with_extra(ch, "weapons", renamed)
    ch = with_table(ch, table, renamed)
    if table == "skills" and old in ch.ticks:
        ch = ch.with_ticks(tuple(new if t == old else t for t in ch.ticks))
    if table == "resources" and old in ch.maxima:
        maxima = {(new if k == old else k): v for k, v in ch.maxima.items()}
        ch = replace(ch, maxima=maxima)
    return ch


def _set_item(
    ch: Character, kind: str, name: str, text: str, system: System, campaign: Campaign
) -> Character:
    table = _TABLES[kind]
    if kind == "weapon":
        return _with_extra(ch, "weapons", {**_weapons(ch), name: _weapon_fields(text)})
    if kind == "res":
        return _resource(ch, name, text)
    value = skill_value(system, text, name) if kind == "skill" else attribute_value(text, name)
    problem = system.entry_problem(
        campaign, "skill" if kind == "skill" else "attribute", name, value
    )
    if problem:
        raise CommandError(_("{key}: {problem}").format(key=name, problem=problem))
    return with_table(ch, table, {**getattr(ch, table), name: value})


def _edited(
    campaign: Campaign, ch: Character, field: Field, text: str, system: System
) -> Character:
    kind = field.kind
    if kind == "name":
        return replace(ch, name=character_name(campaign, text, old=ch.name))
    if kind == "player":
        return replace(ch, player=label(text, N_("player")) if text.strip() else "")
    if kind == "notes":
        return replace(ch, notes=notes_text(text))
    if kind == "aliases":
        return _with_extra(ch, "aliases", list(parse_list(text, N_("alias"))))
    if kind == "skill_aliases":
        pairs = {}
        for part in (p for p in text.split(",") if p.strip()):
            alias, skill = _named(part, N_("skill alias"))
            if skill not in ch.skills:
                raise CommandError(
                    _("{name} has no skill {skill!r} for the alias {alias!r}").format(
                        name=ch.name, skill=skill, alias=alias
                    )
                )
            pairs[alias] = skill
        return _with_extra(ch, "skill_aliases", pairs)
    if kind == "cond":
        left, unit = _duration(text) if text.strip() else (0, "")
        return with_condition(ch, field.item, left, unit)[0]
    if kind == "cond+":
        words = text.split()
        left, unit = 0, ""
        if len(words) >= 3 and words[-2].isdigit():
            left, unit = _duration(" ".join(words[-2:]))
            words = words[:-2]
        return with_condition(ch, label(" ".join(words), N_("condition")), left, unit)[0]
    if kind == "weapon+":
        words = text.split()
        cut = next((i for i, w in enumerate(words) if "=" in w), len(words))
        name = label(" ".join(words[:cut]), N_("weapon"))
        if name in _weapons(ch):
            raise CommandError(
                _("{name} already has a weapon called {name2}").format(name=ch.name, name2=name)
            )
        return _set_item(ch, "weapon", name, " ".join(words[cut:]), system, campaign)
    if kind.endswith("+"):
        name, value = _named(
            text, {"attr+": N_("attribute"), "skill+": N_("skill"), "res+": N_("resource")}[kind]
        )
        base = kind[:-1]
        if any(k.casefold() == name.casefold() for k in getattr(ch, _TABLES[base])):
            raise CommandError(
                _("{name} already has {name2}: edit its row").format(name=ch.name, name2=name)
            )
        return _set_item(ch, base, name, value, system, campaign)
    name = field.item
    if "=" in text and kind != "weapon":
        new_name, text = _named(text, N_("new name"))  # "the {what} needs a name"
        ch = _renamed_item(ch, _TABLES[kind], name, new_name)
        name = new_name
    return _set_item(ch, kind, name, text.replace(" ✓", "").strip(), system, campaign)


def _value(ch: Character, kind: str, item: str) -> str | Msg:
    if kind.startswith("res"):
        return resource_text(ch, item).removeprefix(f"{item} ")
    if kind.startswith("weapon"):
        return _weapon_text(_weapons(ch).get(item, {}))
    if kind.startswith("cond"):
        found = ch.condition(item)
        return duration_msg(found) if found is not None else ""
    return str(getattr(ch, _TABLES[kind.rstrip("+")]).get(item, ""))


#: the log line of a changed free-text row, by the row's kind
_CHANGED = {
    "notes": N_("{name}: notes changed"),
    "aliases": N_("{name}: aliases changed"),
    "skill_aliases": N_("{name}: skill aliases changed"),
}
#: the log line of an added row (``+ add …``), by the row's kind
_NEW = {
    "attr+": N_("{name}: new attribute {key} {value}"),
    "skill+": N_("{name}: new skill {key} {value}"),
    "res+": N_("{name}: new resource {key} {value}"),
    "cond+": N_("{name}: new condition {key} {value}"),
    "weapon+": N_("{name}: new weapon {key} {value}"),
}


def _describe(before: Character, after: Character, field: Field) -> str | Msg:
    """The log line of a confirmed field: ``Alice Moore Listen 25 → 30``."""
    who, kind = after.name, field.kind
    if kind == "name":
        return msg("{old} renamed {new}", old=before.name, new=after.name)
    if kind == "player":
        return (
            msg("{name}: player {player}", name=who, player=after.player)
            if after.player
            else msg("{name}: no player", name=who)
        )
    if kind in ("notes", "aliases", "skill_aliases"):
        return Msg(_CHANGED[kind], (("name", who),))
    if field.adds:
        table = _TABLES.get(kind[:-1])
        olds = set(
            getattr(before, table)
            if table and table != "weapons"
            else _weapons(before)
            if table
            else (c.name for c in before.conditions)
        )
        news = (
            getattr(after, table)
            if table and table != "weapons"
            else _weapons(after)
            if table
            else [c.name for c in after.conditions]
        )
        item = next((n for n in news if n not in olds), "")
        return Msg(_NEW[kind], (("name", who), ("key", item), ("value", _value(after, kind, item))))
    item = field.item
    new_item = item
    table = _TABLES.get(kind)
    if table is not None and table != "weapons" and item not in getattr(after, table):
        new_item = next(n for n in getattr(after, table) if n not in getattr(before, table))
        return msg(
            "{name}: {item} renamed {new_item}, {old} → {value}",
            name=who,
            item=item,
            new_item=new_item,
            old=_value(before, kind, item),
            value=_value(after, kind, new_item),
        )
    return msg(
        "{name} {key} {old} → {value}",
        name=who,
        key=item,
        old=_value(before, kind, item),
        value=_value(after, kind, new_item),
    )


def apply_field(
    campaign: Campaign, name: str, field: Field, text: str, system: System
) -> tuple[Campaign, Draft]:
    """The campaign after the GM confirmed ``text`` in ``field`` of ``name``, and its log
    entry (a rename records both names). Input that changes nothing is refused, so a step
    is never empty.

    What a field reads: a name is unique (a rename follows the character everywhere, see
    ``roster``); ``\\n`` in notes starts a new line; an attribute, skill or resource row takes
    its value (``7/11``: value and maximum; ``7/``: no maximum), or ``NEW NAME = VALUE`` to
    rename it too, and the ``+ add`` rows ``NAME = VALUE`` (a skill value has the system's
    type and range); conditions ``NAME [N rounds|turns]``, or a duration on a condition's
    row; aliases ``a, b``; skill aliases ``alias = Skill, alias = Skill``; weapons
    ``key=value …`` on a weapon's row, ``NAME key=value …`` on ``+ add weapon`` (whole
    numbers stored as numbers).
    """
    ch = campaign.character(name)
    new = _edited(campaign, ch, field, text, system)
    if new == ch:
        raise CommandError(_("nothing changed"))
    inputs = {"renamed": ch.name, "to": new.name} if new.name != ch.name else {}
    return (
        roster.replace_character(system, campaign, ch.name, new),
        Draft.of("change", _describe(ch, new, field), new.name, "", inputs),
    )


def toggle_field(campaign: Campaign, name: str, field: Field) -> tuple[Campaign, Msg]:
    """Side (party ⇄ npc) or GM-only switched, and the log line (a stored message)."""
    ch = campaign.character(name)
    if field.kind == "side":
        new = replace(ch, side="npc" if ch.side == "party" else "party")
        return campaign.with_character(new), (
            msg("{name} is now an npc", name=ch.name)
            if new.side == "npc"
            else msg("{name} is now in the party", name=ch.name)
        )
    new = replace(ch, gm_only=not ch.gm_only)
    return campaign.with_character(new), (
        msg("{name} is now hidden from the player view", name=ch.name)
        if new.gm_only
        else msg("{name} is now shown in the player view", name=ch.name)
    )


def remove_field(campaign: Campaign, name: str, field: Field) -> tuple[Campaign, Msg]:
    """The campaign without the attribute/skill/resource/condition/weapon of ``field``."""
    ch = campaign.character(name)
    item = field.item
    if field.kind == "cond":
        return campaign.with_character(without_condition(ch, item)[0]), msg(
            "{name} is no longer {condition}", name=ch.name, condition=item
        )
    if field.kind == "weapon":
        rest = {k: v for k, v in _weapons(ch).items() if k != item}
        return campaign.with_character(_with_extra(ch, "weapons", rest)), msg(
            "{name}: weapon {weapon} removed", name=ch.name, weapon=item
        )
    table = _TABLES.get(field.kind)
    if table is None or not field.removable:
        raise CommandError(_("this row cannot be removed (clear it instead)"))
    values = {k: v for k, v in getattr(ch, table).items() if k != item}
    new = with_table(ch, table, values)
    if table == "skills":
        new = new.with_ticks(tuple(t for t in ch.ticks if t != item))
        aliases = {k: v for k, v in _skill_aliases(ch).items() if v != item}
        if aliases != _skill_aliases(ch):
            new = _with_extra(new, "skill_aliases", aliases)
    if table == "resources":
        new = new.with_maximum(item, None)
    return campaign.with_character(new), msg("{name}: {item} removed", name=ch.name, item=item)
