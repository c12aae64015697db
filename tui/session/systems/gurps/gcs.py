"""Characters from GCS (GURPS Character Sheet) files: the JSON of GCS 5 and the older XML.

GCS computes every level itself (``calc.level`` of a skill, ``calc.value`` of an attribute,
a weapon's ``calc`` damage, parry and block), so the JSON reader takes those as they are: the
table rolls what the GM's sheet shows. The older XML holds points and difficulties only;
there the levels come from the 4e skill cost table and the thrust/swing table, and whatever
cannot be computed that way (techniques, bonuses that traits give) is imported as given and
named in the import's note. A file is read whole, bounded in size, or refused in one line.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.base.regular import NotRegularFile, TooBig, read_bounded
from tui.language import _, byte_count
from tui.session.campaign.model import Character, Value
from tui.session.protocol.system import Imported

__all__ = [
    "MAX_BYTES",
    "PROGRAM",
    "GcsError",
    "Reader",
    "damage_dice",
    "level_from_points",
    "parse",
    "read",
    "swing",
    "thrust",
]

PROGRAM = "GCS"
#: a GCS sheet with a portrait is a few hundred kB; more is not a character sheet
MAX_BYTES = 8 * 1024 * 1024
_MAX_DEPTH = 64  # containers inside containers
_MAX_ITEMS = 5000  # skills, traits or equipment rows
_MAX_WEAPONS = 2000  # weapon usages of one sheet (a dragon with every attack has dozens)

#: GCS attribute ids → the names the tracker's GURPS sheet uses
_ATTRIBUTES = {
    "st": "ST",
    "dx": "DX",
    "iq": "IQ",
    "ht": "HT",
    "will": "Will",
    "per": "Per",
    "basic_speed": "Basic Speed",
    "basic_move": "Basic Move",
}
_POOLS = {"hp": "HP", "fp": "FP"}
#: a skill's difficulty → its penalty at 1 point (Basic Set p. 170)
_DIFFICULTY = {"e": 0, "a": 1, "h": 2, "vh": 3}
#: ST, thrust, swing (Basic Set p. 16)
_DAMAGE_TABLE = """
1 1d-6 1d-5   2 1d-6 1d-5   3 1d-5 1d-4   4 1d-5 1d-4   5 1d-4 1d-3
6 1d-4 1d-3   7 1d-3 1d-2   8 1d-3 1d-2   9 1d-2 1d-1   10 1d-2 1d
11 1d-1 1d+1  12 1d-1 1d+2  13 1d 2d-1    14 1d 2d      15 1d+1 2d+1
16 1d+1 2d+2  17 1d+2 3d-1  18 1d+2 3d    19 2d-1 3d+1  20 2d-1 3d+2
"""
_DICE = re.compile(r"^\s*(\d{1,3})d6?\s*([+-]\s*\d{1,3})?\s*(.*)$", re.IGNORECASE)
_LEADING_NUMBER = re.compile(r"^\s*([+-]?\d{1,4})")


class Reader:
    """The GURPS system's :class:`~tui.session.protocol.system.CharacterReader`."""

    program: str = PROGRAM
    suffixes: tuple[str, ...] = (".gcs",)

    def read(self, path: Path) -> Imported:
        return read(path)


class GcsError(ValueError):
    """A file that is not a GCS character, or a value in it out of range: one line."""

    def __init__(self, file: str, what: str, where: str = "") -> None:
        self.file, self.what, self.where = file, what, where
        super().__init__(f"{file}: {where}: {what}" if where else f"{file}: {what}")


@dataclass
class _Sheet:
    """What a reader gathers before it becomes a :class:`Character`."""

    name: str = ""
    title: str = ""
    player: str = ""
    attributes: dict[str, Value] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
    by_name: dict[str, int] = field(default_factory=dict)
    resources: dict[str, int] = field(default_factory=dict)
    maxima: dict[str, int] = field(default_factory=dict)
    weapons: dict[str, dict[str, Any]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    not_computed: list[str] = field(default_factory=list)


# -- the tables ----------------------------------------------------------------------------
def level_from_points(attribute: int, difficulty: str, points: int) -> int | None:
    """A skill's level from the points spent on it (4e: 1 point gives the attribute less the
    difficulty's penalty, 2 one more, 4 two more, then one more per 4 points); ``None``
    for less than one point or an unknown difficulty."""
    penalty = _DIFFICULTY.get(difficulty.strip().lower())
    if penalty is None or points < 1:
        return None
    step = 0 if points == 1 else 1 if points < 4 else 2 + (points - 4) // 4
    return attribute + step - penalty


def _dice(text: str) -> tuple[int, int]:
    dice, _d, adds = text.partition("d")
    return int(dice), int(adds or 0)


_cells = _DAMAGE_TABLE.split()
_BY_ST = {
    int(_cells[i]): (_dice(_cells[i + 1]), _dice(_cells[i + 2])) for i in range(0, len(_cells), 3)
}


def thrust(st: int) -> tuple[int, int] | None:
    """Thrust damage for ST 1..20 as (dice, adds); ``None`` beyond the table."""
    row = _BY_ST.get(st)
    return row[0] if row else None


def swing(st: int) -> tuple[int, int] | None:
    """Swing damage for ST 1..20 as (dice, adds); ``None`` beyond the table."""
    row = _BY_ST.get(st)
    return row[1] if row else None


def _dice_text(dice: int, adds: int) -> str:
    return f"{dice}d6{adds:+d}" if adds else f"{dice}d6"


def damage_dice(text: str) -> tuple[str, str] | None:
    """GCS's damage (``2d+1 cut``, ``1d-1 cr``, ``4d pi``) as the tracker's dice and the
    damage type (``("2d6+1", "cut")``); ``None`` for what is not plain dice (``6dx3``)."""
    m = _DICE.match(text)
    if not m:
        return None
    rest = m.group(3).strip()
    if rest.startswith(("x", "×", "(")):
        return None
    adds = int(m.group(2).replace(" ", "")) if m.group(2) else 0
    return _dice_text(int(m.group(1)), adds), rest


def _number(text: object) -> int | None:
    """The whole number a GCS field starts with (``"9F"`` → 9, ``"1/5"`` → 1), an Acc with
    its scope added (``"3+1"`` → 4); ``None`` when there is none (``"No"``)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str):
        return None
    plain = text.replace(",", "").strip()
    scoped = re.fullmatch(r"(\d{1,4})\s*\+\s*(\d{1,4})", plain)
    if scoped:
        return int(scoped[1]) + int(scoped[2])
    m = _LEADING_NUMBER.match(plain)
    return int(m.group(1)) if m else None


def _range(text: str, st: int | None) -> tuple[float | None, float | None]:
    """``"150/1,900"`` → (1/2D, Max); ``"x10/x15"`` multiplies ST; one number is Max."""
    parts = [p.strip().replace(",", "") for p in text.split("/")]

    def one(part: str) -> float | None:
        try:
            if part.lower().startswith("x"):
                return float(part[1:]) * st if st else None
            value = float(part)
        except ValueError:
            return None
        return value if 0 < value < 1e9 and math.isfinite(value) else None

    if len(parts) == 2:
        return one(parts[0]), one(parts[1])
    if len(parts) == 1 and parts[0]:
        return None, one(parts[0])
    return None, None


def _yards(value: float | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == int(value) else value


# -- reading -------------------------------------------------------------------------------
def read(path: Path) -> Imported:
    """The character in the GCS file at ``path`` (JSON or XML), or :class:`GcsError`."""
    name = path.name
    try:  # opened without waiting: a FIFO named like a sheet is refused, never waited on
        data = read_bounded(path, limit=MAX_BYTES)
    except NotRegularFile:
        raise GcsError(name, _("not a regular file")) from None
    except TooBig as exc:
        raise GcsError(
            name,
            _("{size} is too large for a character sheet (at most {most})").format(
                size=byte_count(exc.size), most=byte_count(MAX_BYTES)
            ),
        ) from None
    except OSError as exc:
        raise GcsError(name, exc.strerror or str(exc)) from None
    return parse(data, name)


def parse(data: bytes, file: str) -> Imported:
    """The character in ``data``, the contents of the GCS file named ``file``."""
    if len(data) > MAX_BYTES:
        raise GcsError(file, _("too large for a character sheet"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise GcsError(file, _("not UTF-8 text"), _("byte {n}").format(n=exc.start)) from None
    head = text.lstrip()[:1]
    if head == "{":
        return _from_json(text, file)
    if head == "<":
        return _from_xml(text, file)
    raise GcsError(file, _("not a GCS character sheet (neither JSON nor XML)"))


def _text(value: object, limit: int = 4000) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def _walk(items: object, file: str, where: str, depth: int = 0) -> Iterator[Mapping[str, Any]]:
    """Every row of a GCS list, containers' children included (containers themselves too)."""
    if depth > _MAX_DEPTH:
        raise GcsError(file, _("containers nested too deep"), where)
    if not isinstance(items, list):
        return
    if len(items) > _MAX_ITEMS:
        raise GcsError(file, _("too many rows"), where)
    for i, item in enumerate(items):
        if isinstance(item, dict):
            yield item
            yield from _walk(item.get("children"), file, f"{where}[{i}]", depth + 1)


def _from_json(text: str, file: str) -> Imported:
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        where = ""
        if isinstance(exc, json.JSONDecodeError):
            where = _("line {line}, column {col}").format(line=exc.lineno, col=exc.colno)
        raise GcsError(file, _("not valid JSON"), where) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("profile"), dict):
        raise GcsError(file, _("not a GCS character sheet (no profile)"))
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= 99:
        raise GcsError(file, _("not a GCS character sheet (no version)"), "version")
    sheet = _Sheet()
    profile = doc["profile"]
    sheet.name = _text(profile.get("name"), 200)
    sheet.title = _text(profile.get("title"), 200)
    sheet.player = _text(profile.get("player_name"), 200)
    _json_attributes(doc.get("attributes"), sheet, file)
    _json_pools(doc, sheet, file)
    rows = [row for key in ("skills", "spells") for row in _walk(doc.get(key), file, key)]
    _json_skills(rows, sheet)
    st = sheet.attributes.get("ST")
    found: list[_Found] = []
    for key in _WEAPON_OWNERS:
        for row in _walk(doc.get(key), file, key):
            if row.get("disabled") is True:
                continue
            weapons = row.get("weapons")
            owner = _owner_title(row)
            if not owner or not isinstance(weapons, list):
                continue
            shown = [w for w in weapons[:_MAX_ITEMS] if isinstance(w, dict) and not w.get("hide")]
            if len(found) + len(shown) > _MAX_WEAPONS:
                raise GcsError(file, _("too many rows"), "weapons")
            for weapon in shown:
                found.append(_json_weapon(owner, key == "traits", weapon, len(shown), sheet, st))
    _name_weapons(found, sheet)
    calc = doc.get("calc")
    if isinstance(calc, dict):
        level = _encumbrance(doc.get("equipment"), calc.get("basic_lift"), file)
        for key, name in (("dodge", "Dodge"), ("move", "Move")):
            by_level = calc.get(key)
            if isinstance(by_level, list) and len(by_level) > level:
                value = _whole(by_level[level], 0, 1000)
                if value is not None:
                    sheet.attributes[name] = value
    dr = _json_dr(doc.get("traits"), file) + _json_armour(doc.get("equipment"), file)
    if dr > 0:
        sheet.attributes["DR"] = min(dr, 100_000)
    _profile_notes({k: v for k, v in profile.items() if isinstance(v, str | int | float)}, sheet)
    for row in _walk(doc.get("notes"), file, "notes"):
        note = _text(row.get("text") or row.get("markdown"))
        if note:
            sheet.notes.append(note)
    return _imported(sheet, _text(doc.get("id"), 100), file)


def _json_attributes(rows: object, sheet: _Sheet, file: str) -> None:
    if not isinstance(rows, list):
        raise GcsError(file, _("no attributes"), "attributes")
    for i, row in enumerate(rows[:_MAX_ITEMS]):
        if not isinstance(row, dict) or not isinstance(row.get("calc"), dict):
            continue
        attr_id, calc = str(row.get("attr_id", "")).lower(), row["calc"]
        value = calc.get("value")
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if not -1000 <= value <= 100_000 or not math.isfinite(value):
            raise GcsError(file, _("a value out of range"), f"attributes[{i}].calc.value")
        if attr_id in _ATTRIBUTES:
            sheet.attributes[_ATTRIBUTES[attr_id]] = int(value) if value == int(value) else value
        elif attr_id in _POOLS:
            name = _POOLS[attr_id]
            current = calc.get("current", value)
            if isinstance(current, bool) or not isinstance(current, int | float):
                current = value
            sheet.maxima[name] = int(value)
            sheet.resources[name] = int(current)


def _skill_name(name: str, specialization: str) -> str:
    return f"{name} ({specialization})" if specialization else name


def _json_skills(rows: Sequence[Mapping[str, Any]], sheet: _Sheet) -> None:
    """Every skill, technique and spell at GCS's level. Two of one name at different tech
    levels stay apart, each named with its TL (``Navigation (Sea) TL3``); the same name
    twice otherwise keeps the better level. The plain name's best level stays known for
    matching a weapon's defaults."""
    read: list[tuple[str, str, int]] = []
    for row in rows:
        if str(row.get("type", "skill")).endswith("_container"):
            continue
        name = _skill_name(_text(row.get("name"), 200), _text(row.get("specialization"), 200))
        if not name:
            continue
        calc = row.get("calc")
        level = _whole(calc.get("level") if isinstance(calc, dict) else None, -100, 1000)
        if level is None:
            sheet.not_computed.append(name)
            continue
        read.append((name, _text(row.get("tech_level"), 20), level))
        sheet.by_name[name] = max(level, sheet.by_name.get(name, level))
    levels: dict[str, set[str]] = {}
    for name, tl, _level in read:
        levels.setdefault(name, set()).add(tl)
    for name, tl, level in read:
        key = f"{name} TL{tl}" if tl and len(levels[name]) > 1 else name
        sheet.skills[key] = max(level, sheet.skills.get(key, level))


def _json_pools(doc: Mapping[str, Any], sheet: _Sheet, file: str) -> None:
    """Pools the file defines beside HP and FP (mana, Energy Reserve …) as resources with
    their maxima, named as the sheet's settings name them (``MP``)."""
    settings = doc.get("settings")
    defined = settings.get("attributes") if isinstance(settings, dict) else None
    if not isinstance(defined, list):
        return
    pools = {
        str(d.get("id", "")).lower(): _text(d.get("name"), 40) or _text(d.get("id"), 40)
        for d in defined[:_MAX_ITEMS]
        if isinstance(d, dict) and d.get("type") == "pool"
    }
    rows = doc.get("attributes")
    for row in rows[:_MAX_ITEMS] if isinstance(rows, list) else []:
        if not isinstance(row, dict) or not isinstance(row.get("calc"), dict):
            continue
        attr_id = str(row.get("attr_id", "")).lower()
        name = pools.get(attr_id)
        if not name or attr_id in _POOLS or name in sheet.maxima:
            continue
        most = _whole(row["calc"].get("value"), 0, 100_000)
        if most is None:
            continue
        current = _whole(row["calc"].get("current"), -100_000, 100_000)
        sheet.maxima[name] = most
        sheet.resources[name] = most if current is None else current


#: the lists whose rows carry weapons GCS shows: carried equipment, traits (natural attacks,
#: Innate Attack …), skills and spells
_WEAPON_OWNERS = ("equipment", "traits", "skills", "spells")


@dataclass
class _Found:
    """One weapon usage read from a file: its fields and the names it may take, plainest
    first (a name two usages share is replaced by the next, more specific one)."""

    names: list[str]
    fields: dict[str, Any]


def _owner_title(row: Mapping[str, Any]) -> str:
    """How GCS names a weapon's owner: equipment by its description, the rest by name."""
    title = _text(row.get("description"), 200) or _text(row.get("name"), 200)
    return _skill_name(title, _text(row.get("specialization"), 200)) if title else ""


def _weapon_names(owner: str, usage: str, natural: bool, several: int, skill: str) -> list[str]:
    """The names a weapon usage may take, plainest first: a natural attack by its usage
    (``Bite``), a single usage by its owner (``Crossbow``), one of several by both
    (``Axe (Swing - two handed)``); then qualified by owner and skill when names clash."""
    if natural and usage:
        names = [usage, f"{usage} ({owner})"]
        if skill:
            names.append(f"{usage} ({owner}, {skill})")
        return names
    names = [f"{owner} ({usage})"] if several > 1 and usage else [owner]
    if usage and names[0] == owner:
        names.append(f"{owner} ({usage})")
    if skill:
        names.append(f"{owner} ({usage}, {skill})" if usage else f"{owner} ({skill})")
    return names


def _name_weapons(found: Sequence[_Found], sheet: _Sheet) -> None:
    """Each weapon under a name of its own: usages that share a name, or take a skill's or
    attribute's (a Fireball spell's attack), take their next, more specific one
    (``Naginata (Swung, Staff)``, ``Fireball (Innate Attack (Projectile))``) until none is
    shared; what is left is numbered (``Kick 2``)."""
    step = [0] * len(found)
    reserved = {n.casefold() for n in (*sheet.skills, *sheet.attributes)}

    def name(i: int) -> str:
        return found[i].names[min(step[i], len(found[i].names) - 1)]

    moved = True
    while moved:
        moved = False
        groups: dict[str, list[int]] = {}
        for i in range(len(found)):
            groups.setdefault(name(i).casefold(), []).append(i)
        for key, group in groups.items():
            if len(group) > 1 or key in reserved:
                for i in group:
                    if step[i] < len(found[i].names) - 1:
                        step[i] += 1
                        moved = True
    taken = {n.casefold() for n in sheet.weapons} | reserved
    numbered: dict[str, int] = {}  # the next number to try after each name
    for i, item in enumerate(found):
        plain = unique = name(i)
        n = numbered.get(plain.casefold(), 2)
        while unique.casefold() in taken:
            unique, n = f"{plain} {n}", n + 1
        numbered[plain.casefold()] = n
        taken.add(unique.casefold())
        sheet.weapons[unique] = item.fields


def _whole(value: object, low: int, high: int) -> int | None:
    return (
        value
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
        else None
    )


def _json_weapon(
    owner: str,
    natural: bool,
    weapon: Mapping[str, Any],
    several: int,
    sheet: _Sheet,
    st: object,
) -> _Found:
    """One weapon usage at GCS's own computed values (``calc``): its level, damage, parry
    and block; reach, range, RoF, shots and recoil as the file gives them."""
    calc = weapon.get("calc") if isinstance(weapon.get("calc"), dict) else {}
    assert isinstance(calc, dict)

    def get(key: str) -> object:
        value = calc.get(key)
        return value if value not in (None, "") else weapon.get(key)

    usage = _text(weapon.get("usage"), 100)
    skill = _weapon_skill(weapon, sheet)
    names = _weapon_names(owner, usage, natural, several, _own_skill(weapon))
    fields: dict[str, Any] = {}
    damage = get("damage")
    if isinstance(damage, str) and damage.strip():
        # as GCS writes it, type and armour divisor with the dice (``1d+2(2) pi``): the
        # damage text that rules.gurps reads; what is not dice and a type is named
        fields["damage"] = " ".join(damage.split())[:100]
        if damage_dice(damage) is None:
            sheet.not_computed.append(_("{weapon}'s damage").format(weapon=names[0]))
    ranged = any(get(k) not in (None, "") for k in ("range", "accuracy", "rate_of_fire"))
    fields["type"] = "ranged" if ranged else "melee"
    if skill:
        fields["skill"] = skill
    level = _whole(calc.get("level"), -100, 1000)
    if level is not None:
        fields["level"] = level
    if ranged:
        acc = _number(get("accuracy"))
        if acc is not None and 0 <= acc <= 100:
            fields["acc"] = acc
        raw_range = get("range")
        if isinstance(raw_range, str) and raw_range:
            half, most = _range(raw_range, st if isinstance(st, int) else None)
            if half is not None:
                fields["half_damage"] = _yards(half)
            if most is not None:
                fields["max_range"] = _yards(most)
        rof = get("rate_of_fire")
        if isinstance(rof, int | str) and not isinstance(rof, bool) and str(rof).strip():
            text = str(rof).strip()
            if re.fullmatch(r"\d{1,4}(x\d{1,4})?", text):
                fields["rof"] = text
            else:
                fields["rof_text"] = text[:40]
        shots = get("shots")
        if isinstance(shots, str) and shots.strip():
            fields["shots"] = shots.strip()[:40]
        recoil = _number(get("recoil"))
        if recoil is not None and 1 <= recoil <= 1000:
            fields["recoil"] = recoil
    else:
        reach = get("reach")
        if isinstance(reach, str) and reach.strip():
            fields["reach"] = reach.strip()[:20]
    for defense in ("parry", "block"):
        value = _number(calc.get(defense))
        if value is not None and 0 <= value <= 100:
            fields[defense] = value
    return _Found(names, fields)


def _own_skill(weapon: Mapping[str, Any]) -> str:
    """The weapon's own skill: the first skill among its defaults (GCS lists it first), the
    one that tells apart usages of one name (a naginata swung with Polearm or with Staff)."""
    defaults = weapon.get("defaults")
    for default in defaults[:100] if isinstance(defaults, list) else []:
        if isinstance(default, dict) and str(default.get("type", "")).lower() == "skill":
            return _skill_name(
                _text(default.get("name"), 200), _text(default.get("specialization"))
            )
    return ""


def _weapon_skill(weapon: Mapping[str, Any], sheet: _Sheet) -> str:
    """The character's skill among the weapon's defaults that gives the best level (the
    first of equals: GCS lists the weapon's own skill first)."""
    best, best_level = "", -10_000
    defaults = weapon.get("defaults")
    if not isinstance(defaults, list):
        return ""
    for default in defaults[:100]:
        if not isinstance(default, dict) or str(default.get("type", "")).lower() != "skill":
            continue
        name = _skill_name(_text(default.get("name"), 200), _text(default.get("specialization")))
        level = sheet.by_name.get(name)
        if level is None:
            continue
        modifier = default.get("modifier", 0)
        level += modifier if isinstance(modifier, int) and not isinstance(modifier, bool) else 0
        if level > best_level:
            best, best_level = name, level
    return best


#: Basic Lift multiples that end each encumbrance level (None, Light, Medium, Heavy; beyond
#: is Extra-Heavy), B17
_ENCUMBRANCE = (1, 2, 3, 6)
#: pounds in each weight unit GCS writes
_POUNDS = {"lb": 1.0, "#": 1.0, "oz": 1 / 16, "tn": 2000.0, "kg": 2.20462262, "g": 0.00220462262}


def _weight(text: object) -> float | None:
    """``"69 lb"``, ``"1.5 kg"``, ``"12 oz"`` in pounds; None for what is not a weight."""
    m = re.fullmatch(r"\s*([0-9][0-9,]{0,12}(?:\.[0-9]{1,6})?)\s*([a-z#]{0,3})\s*", str(text))
    factor = _POUNDS.get(m[2] or "lb") if m else None
    return float(m[1].replace(",", "")) * factor if m and factor is not None else None


def _encumbrance(equipment: object, basic_lift: object, file: str) -> int:
    """The encumbrance level (0 None … 4 Extra-Heavy) of what the character carries: the
    weight of the carried list (containers with their contents, GCS's extended weight)
    against multiples of Basic Lift; 0 when the file tells neither."""
    lift = _weight(basic_lift)
    if not lift or not isinstance(equipment, list):
        return 0
    carried = 0.0
    for row in equipment[:_MAX_ITEMS]:
        calc = row.get("calc") if isinstance(row, dict) else None
        weight = _weight(calc.get("extended_weight")) if isinstance(calc, dict) else None
        carried += weight or 0.0
    return next((i for i, most in enumerate(_ENCUMBRANCE) if carried <= most * lift), 4)


def _dr_features(row: Mapping[str, Any]) -> int:
    """The DR a row's features give the torso (``dr_bonus`` on all locations or the torso,
    not one limited to a damage type)."""
    features = row.get("features")
    if not isinstance(features, list):
        return 0
    levels = row.get("levels", 1)
    if isinstance(levels, bool) or not isinstance(levels, int | float):
        levels = 1
    levels = levels if math.isfinite(levels) and 0 <= levels <= 10_000 else 1
    total = 0
    for feature in features[:100]:
        if not isinstance(feature, dict) or feature.get("type") != "dr_bonus":
            continue
        if feature.get("specialization") not in (None, "", "all"):
            continue
        places = feature.get("locations") or [feature.get("location", "torso")]
        if not isinstance(places, list) or not {"all", "torso"} & {str(p) for p in places}:
            continue
        amount = feature.get("amount", 0)
        if isinstance(amount, int) and not isinstance(amount, bool) and abs(amount) <= 100_000:
            total += int(amount * levels) if feature.get("per_level") else amount
    return total


def _json_armour(equipment: object, file: str, depth: int = 0) -> int:
    """The DR worn armour gives the torso: equipped items (inside equipped containers)."""
    if depth > _MAX_DEPTH:
        raise GcsError(file, _("containers nested too deep"), "equipment")
    total = 0
    for row in equipment[:_MAX_ITEMS] if isinstance(equipment, list) else []:
        if isinstance(row, dict) and row.get("equipped") is not False:
            total += _dr_features(row) + _json_armour(row.get("children"), file, depth + 1)
    return total


def _json_dr(traits: object, file: str) -> int:
    """The DR the traits give the torso (``dr_bonus`` features on all or the torso)."""
    total = sum(
        _dr_features(row)
        for row in _walk(traits, file, "traits")
        if row.get("disabled") is not True
    )
    return max(0, min(total, 100_000))


_PROFILE = (
    ("title", "Title"),
    ("organization", "Organization"),
    ("religion", "Religion"),
    ("age", "Age"),
    ("gender", "Gender"),
    ("height", "Height"),
    ("weight", "Weight"),
    ("eyes", "Eyes"),
    ("hair", "Hair"),
    ("skin", "Skin"),
    ("handedness", "Handedness"),
    ("tech_level", "TL"),
)


def _profile_notes(profile: Mapping[str, object], sheet: _Sheet) -> None:
    parts = []
    for key, label in _PROFILE:
        value = profile.get(key)
        if isinstance(value, str | int | float) and not isinstance(value, bool) and str(value):
            parts.append(f"{label}: {str(value).strip()[:100]}")
    if parts:
        sheet.notes.insert(0, " · ".join(parts))


# -- the older XML -------------------------------------------------------------------------
def _from_xml(text: str, file: str) -> Imported:
    if re.search(r"<!(DOCTYPE|ENTITY)", text[:100_000], re.IGNORECASE):
        raise GcsError(file, _("a document type or entity declaration is not allowed"))
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position
        where = _("line {line}, column {col}").format(line=line, col=col + 1)
        raise GcsError(file, _("not valid XML"), where) from None
    if root.tag != "character":
        raise GcsError(file, _("not a GCS character sheet (no <character>)"))
    sheet = _Sheet()
    profile = root.find("profile")
    fields = {c.tag: (c.text or "").strip() for c in profile} if profile is not None else {}
    sheet.name = fields.get("name", "")[:200]
    sheet.title = fields.get("title", "")[:200]
    sheet.player = fields.get("player_name", "")[:200]
    values = _xml_attributes(root, sheet, file)
    skills = root.find("skill_list")
    if skills is not None:
        for i, row in enumerate(_xml_rows(skills, file)):
            _xml_skill(row, values, sheet, f"skill_list[{i}]")
    spells = root.find("spell_list")
    if spells is not None:
        for row in _xml_rows(spells, file):
            _xml_skill(row, values, sheet, "spell_list", attribute="IQ")
    equipment = root.find("equipment_list")
    found: list[_Found] = []
    if equipment is not None:
        for item in _xml_rows(equipment, file):
            weapons = item.findall("melee_weapon") + item.findall("ranged_weapon")
            title = (item.findtext("description") or "").strip()[:200]
            if len(found) + len(weapons) > _MAX_WEAPONS:
                raise GcsError(file, _("too many rows"), "weapons")
            for weapon in weapons if title else []:
                found.append(_xml_weapon(title, weapon, len(weapons), values, sheet))
    traits = root.find("advantage_list")
    for trait in _xml_traits(traits, file):
        weapons = trait.findall("melee_weapon") + trait.findall("ranged_weapon")
        title = (trait.findtext("name") or "").strip()[:200]
        if len(found) + len(weapons) > _MAX_WEAPONS:
            raise GcsError(file, _("too many rows"), "weapons")
        for weapon in weapons if title else []:
            found.append(_xml_weapon(title, weapon, len(weapons), values, sheet, natural=True))
    _name_weapons(found, sheet)
    if traits is not None and any(el.tag == "skill_bonus" for el in traits.iter()):
        sheet.not_computed.append(_("skill bonuses from traits"))
    _profile_notes(fields, sheet)
    notes = root.find("note_list")
    if notes is not None:
        sheet.notes += [(n.findtext("text") or "").strip()[:4000] for n in notes.iter("note")]
        sheet.notes = [n for n in sheet.notes if n]
    return _imported(sheet, (root.get("id") or "")[:100], file)


def _xml_rows(parent: ET.Element, file: str) -> list[ET.Element]:
    rows = [el for el in parent.iter() if el is not parent and not el.tag.endswith("_container")]
    if len(rows) > _MAX_ITEMS * 20:
        raise GcsError(file, _("too many rows"), parent.tag)
    return [el for el in rows if el.tag in ("skill", "technique", "spell", "equipment")]


def _xml_int(root: ET.Element, tag: str, file: str, default: int = 0) -> int:
    raw = (root.findtext(tag) or "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise GcsError(file, _("not a whole number: {raw!r}").format(raw=raw[:20]), tag) from None
    if not -1000 <= value <= 100_000:
        raise GcsError(file, _("a value out of range"), tag)
    return value


def _xml_attributes(root: ET.Element, sheet: _Sheet, file: str) -> dict[str, int]:
    """ST, DX, IQ and HT as GCS wrote them; the rest from them and GCS's adjustments."""
    st, dx, iq, ht = (_xml_int(root, tag, file, 10) for tag in ("ST", "DX", "IQ", "HT"))
    try:
        speed_adj = float((root.findtext("speed") or "0").strip() or 0)
    except ValueError:
        raise GcsError(file, _("not a number"), "speed") from None
    if not math.isfinite(speed_adj) or abs(speed_adj) > 1000:
        raise GcsError(file, _("a value out of range"), "speed")
    speed = (dx + ht) / 4 + speed_adj
    move = math.floor(speed) + _xml_int(root, "move", file)
    will = iq + _xml_int(root, "will", file)
    per = iq + _xml_int(root, "perception", file)
    hp = st + _xml_int(root, "HP", file)
    fp = ht + _xml_int(root, "FP", file)
    values = {"ST": st, "DX": dx, "IQ": iq, "HT": ht, "Will": will, "Per": per}
    sheet.attributes.update(values)
    sheet.attributes["Basic Speed"] = int(speed) if speed == int(speed) else speed
    sheet.attributes["Basic Move"] = move
    sheet.attributes["Dodge"] = math.floor(speed) + 3
    for name, most in (("HP", hp), ("FP", fp)):
        damage = _xml_int(root, f"{name}_damage", file)
        sheet.maxima[name] = most
        sheet.resources[name] = most - damage
    return values


def _xml_skill(
    row: ET.Element, values: Mapping[str, int], sheet: _Sheet, where: str, attribute: str = ""
) -> None:
    name = _skill_name(
        (row.findtext("name") or "").strip()[:200],
        (row.findtext("specialization") or "").strip()[:200],
    )
    if not name:
        return
    raw = (row.findtext("difficulty") or "").strip()
    attr, _slash, difficulty = raw.rpartition("/")
    attr = attr or attribute
    base = {k.lower(): v for k, v in values.items()}.get(attr.lower())
    try:
        points = int((row.findtext("points") or "0").strip() or 0)
    except ValueError:
        points = 0
    level = None
    if row.tag != "technique" and base is not None:
        level = level_from_points(base, difficulty, points)
    if level is None:
        sheet.not_computed.append(name)
        return
    sheet.skills[name] = level


def _xml_traits(traits: ET.Element | None, file: str) -> list[ET.Element]:
    """The advantages of the older XML (natural attacks carry weapons), not disabled."""
    if traits is None:
        return []
    rows = [el for el in traits.iter() if el.tag == "advantage"]
    if len(rows) > _MAX_ITEMS:
        raise GcsError(file, _("too many rows"), traits.tag)
    return [el for el in rows if el.get("disabled") != "yes"]


def _xml_weapon(
    title: str,
    weapon: ET.Element,
    several: int,
    values: Mapping[str, int],
    sheet: _Sheet,
    *,
    natural: bool = False,
) -> _Found:
    """One weapon usage of the older XML: its level from the best default (a skill, or an
    attribute: a punch at DX) and the default's modifier, its parry and block from that
    level (3 + half, B376)."""
    usage = (weapon.findtext("usage") or "").strip()[:100]
    fields: dict[str, Any] = {}
    skill, level = "", None
    by_attribute = {k.lower(): v for k, v in values.items()}
    for default in weapon.findall("default"):
        kind = (default.findtext("type") or "").strip()
        try:
            modifier = int((default.findtext("modifier") or "0").strip() or 0)
        except ValueError:
            modifier = 0
        attribute = by_attribute.get(kind.lower())
        if attribute is not None and (level is None or attribute + modifier > level):
            skill, level = "", attribute + modifier
        if kind.lower() == "skill":
            found = _skill_name(
                (default.findtext("name") or "").strip(),
                (default.findtext("specialization") or "").strip(),
            )
            known = sheet.skills.get(found)
            if known is not None and (level is None or known + modifier > level):
                skill, level = found, known + modifier
    names = _weapon_names(title, usage, natural, several, skill)
    name = names[0]
    if skill:
        fields["skill"] = skill
    if level is not None:
        fields["level"] = level
    element = weapon.find("damage")
    dice: tuple[str, str] | None = None
    if element is not None:
        st_kind, base = element.get("st", ""), element.get("base", "")
        kind = element.get("type", "")
        if st_kind in ("thr", "sw"):
            by_st = (thrust if st_kind == "thr" else swing)(values["ST"])
            extra = _number(base) if base else 0
            if by_st is not None and extra is not None:
                dice = (_dice_text(by_st[0], by_st[1] + extra), kind)
        elif base:
            parsed = damage_dice(base)
            dice = (parsed[0], kind or parsed[1]) if parsed else None
        elif element.text:
            dice = damage_dice(element.text)
    if dice:
        fields["damage"] = f"{dice[0]} {dice[1][:20]}" if dice[1] else dice[0]
    elif element is not None:
        sheet.not_computed.append(_("{weapon}'s damage").format(weapon=name))
    if weapon.tag == "ranged_weapon":
        fields["type"] = "ranged"
        acc = _number(weapon.findtext("accuracy") or "")
        if acc is not None and 0 <= acc <= 100:
            fields["acc"] = acc
        half, most = _range(weapon.findtext("range") or "", values["ST"])
        if half is not None:
            fields["half_damage"] = _yards(half)
        if most is not None:
            fields["max_range"] = _yards(most)
        rof = (weapon.findtext("rate_of_fire") or "").strip()
        if re.fullmatch(r"\d{1,4}(x\d{1,4})?", rof):
            fields["rof"] = rof
        shots = (weapon.findtext("shots") or "").strip()
        if shots:
            fields["shots"] = shots[:40]
        recoil = _number(weapon.findtext("recoil") or "")
        if recoil is not None and 1 <= recoil <= 1000:
            fields["recoil"] = recoil
    else:
        fields["type"] = "melee"
        for tag in ("parry", "block"):
            bonus = _number(weapon.findtext(tag) or "")
            if bonus is not None and level is not None:
                fields[tag] = 3 + level // 2 + bonus
    return _Found(names, fields)


# -- the character -------------------------------------------------------------------------
def _imported(sheet: _Sheet, gcs_id: str, file: str) -> Imported:
    name = " ".join(sheet.name.split())
    warnings: list[str] = []
    if not name:
        # a library's creature often has only a title; else the file's name is the GM's own
        name = " ".join(sheet.title.split()) or " ".join(Path(file).stem.split())
        warnings.append(_("no name in the file: named {name}").format(name=name))
    if not name:
        raise GcsError(file, _("the character has no name"), "profile.name")
    # see importing._source_id and _source_name: the id and the name GCS gave
    extra: dict[str, Any] = {"gcs": {"id": gcs_id, "file": file, "name": name}}
    if sheet.weapons:
        extra["weapons"] = sheet.weapons
    character = Character(
        name,
        player=" ".join(sheet.player.split()),
        attributes=sheet.attributes,
        skills=dict(sheet.skills),
        resources=sheet.resources,
        maxima=sheet.maxima,
        notes="\n".join(sheet.notes),
        extra=extra,
    )
    return Imported(
        character,
        gcs_id,
        file,
        PROGRAM,
        tuple(dict.fromkeys(sheet.not_computed)),
        tuple(warnings),
    )
