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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui.language import _
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
    player: str = ""
    attributes: dict[str, Value] = field(default_factory=dict)
    skills: dict[str, int] = field(default_factory=dict)
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
    try:
        if not path.is_file():
            raise GcsError(name, _("not a regular file"))
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise GcsError(
                name,
                _("{size} bytes is too large for a character sheet (at most {most})").format(
                    size=size, most=MAX_BYTES
                ),
            )
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
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
    sheet.player = _text(profile.get("player_name"), 200)
    _json_attributes(doc.get("attributes"), sheet, file)
    for key in ("skills", "spells"):
        for i, row in enumerate(_walk(doc.get(key), file, key)):
            _json_skill(row, sheet, f"{key}[{i}]")
    st = sheet.attributes.get("ST")
    for row in _walk(doc.get("equipment"), file, "equipment"):
        title = _text(row.get("description"), 200) or _text(row.get("name"), 200)
        weapons = row.get("weapons")
        if title and isinstance(weapons, list):
            for weapon in weapons[:_MAX_ITEMS]:
                if isinstance(weapon, dict):
                    _json_weapon(title, weapon, len(weapons) > 1, sheet, st)
    calc = doc.get("calc")
    if isinstance(calc, dict) and isinstance(calc.get("dodge"), list) and calc["dodge"]:
        dodge = calc["dodge"][0]
        if isinstance(dodge, int) and not isinstance(dodge, bool) and 0 <= dodge <= 100:
            sheet.attributes["Dodge"] = dodge
    dr = _json_dr(doc.get("traits"), file)
    if dr:
        sheet.attributes["DR"] = dr
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


def _json_skill(row: Mapping[str, Any], sheet: _Sheet, where: str) -> None:
    kind = str(row.get("type", "skill"))
    if kind.endswith("_container"):
        return
    name = _skill_name(_text(row.get("name"), 200), _text(row.get("specialization"), 200))
    if not name:
        return
    calc = row.get("calc")
    level = calc.get("level") if isinstance(calc, dict) else None
    if isinstance(level, bool) or not isinstance(level, int) or not -100 <= level <= 1000:
        sheet.not_computed.append(name)
        return
    sheet.skills[name] = max(level, sheet.skills.get(name, level))


def _weapon_title(title: str, usage: str, several: bool) -> str:
    return f"{title} ({usage})" if several and usage else title


def _json_weapon(
    title: str, weapon: Mapping[str, Any], several: bool, sheet: _Sheet, st: object
) -> None:
    calc = weapon.get("calc") if isinstance(weapon.get("calc"), dict) else {}
    assert isinstance(calc, dict)

    def get(key: str) -> object:
        value = calc.get(key)
        return value if value not in (None, "") else weapon.get(key)

    name = _weapon_title(title, _text(weapon.get("usage"), 100), several)
    fields: dict[str, Any] = {}
    damage = get("damage")
    if isinstance(damage, str) and damage:
        dice = damage_dice(damage)
        if dice is None:
            sheet.not_computed.append(_("{weapon}'s damage").format(weapon=name))
            fields["damage_text"] = damage[:100]
        else:
            fields["damage"], kind = dice
            if kind:
                fields["damage_type"] = kind[:20]
    ranged = any(get(k) not in (None, "") for k in ("range", "accuracy", "rate_of_fire"))
    fields["type"] = "ranged" if ranged else "melee"
    skill = _weapon_skill(weapon, sheet)
    if skill:
        fields["skill"] = skill
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
        for defense, label in (("parry", "Parry"), ("block", "Block")):
            value = _number(calc.get(defense))
            if value is not None and 0 <= value <= 100:
                key = f"{label} ({skill})" if skill and label == "Parry" else label
                sheet.skills[key] = max(value, sheet.skills.get(key, value))
    sheet.weapons[name] = fields


def _weapon_skill(weapon: Mapping[str, Any], sheet: _Sheet) -> str:
    """The character's skill among the weapon's defaults that gives the best level."""
    best, best_level = "", -10_000
    defaults = weapon.get("defaults")
    if not isinstance(defaults, list):
        return ""
    for default in defaults[:100]:
        if not isinstance(default, dict) or str(default.get("type", "")).lower() != "skill":
            continue
        name = _skill_name(_text(default.get("name"), 200), _text(default.get("specialization")))
        level = sheet.skills.get(name)
        if level is None:
            continue
        modifier = default.get("modifier", 0)
        level += modifier if isinstance(modifier, int) and not isinstance(modifier, bool) else 0
        if level > best_level:
            best, best_level = name, level
    return best


def _json_dr(traits: object, file: str) -> int:
    """The DR the traits give the torso (``dr_bonus`` features on all or the torso)."""
    total = 0
    for row in _walk(traits, file, "traits"):
        if row.get("disabled") is True:
            continue
        features = row.get("features")
        if not isinstance(features, list):
            continue
        levels = row.get("levels", 1)
        levels = levels if isinstance(levels, int | float) and not isinstance(levels, bool) else 1
        for feature in features[:100]:
            if not isinstance(feature, dict) or feature.get("type") != "dr_bonus":
                continue
            places = feature.get("locations") or [feature.get("location", "torso")]
            if not isinstance(places, list) or not {"all", "torso"} & {str(p) for p in places}:
                continue
            amount = feature.get("amount", 0)
            if isinstance(amount, int) and not isinstance(amount, bool):
                total += int(amount * levels) if feature.get("per_level") else amount
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
    if equipment is not None:
        for item in _xml_rows(equipment, file):
            weapons = item.findall("melee_weapon") + item.findall("ranged_weapon")
            title = (item.findtext("description") or "").strip()[:200]
            for weapon in weapons if title else []:
                _xml_weapon(title, weapon, len(weapons) > 1, values, sheet)
    traits = root.find("advantage_list")
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


def _xml_weapon(
    title: str, weapon: ET.Element, several: bool, values: Mapping[str, int], sheet: _Sheet
) -> None:
    name = _weapon_title(title, (weapon.findtext("usage") or "").strip()[:100], several)
    fields: dict[str, Any] = {}
    skill, level = "", None
    for default in weapon.findall("default"):
        kind = (default.findtext("type") or "").strip()
        try:
            modifier = int((default.findtext("modifier") or "0").strip() or 0)
        except ValueError:
            modifier = 0
        if kind.lower() == "skill":
            found = _skill_name(
                (default.findtext("name") or "").strip(),
                (default.findtext("specialization") or "").strip(),
            )
            known = sheet.skills.get(found)
            if known is not None and (level is None or known + modifier > level):
                skill, level = found, known + modifier
    if skill:
        fields["skill"] = skill
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
        fields["damage"] = dice[0]
        if dice[1]:
            fields["damage_type"] = dice[1][:20]
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
        for tag, label in (("parry", "Parry"), ("block", "Block")):
            bonus = _number(weapon.findtext(tag) or "")
            if bonus is not None and level is not None:
                key = f"{label} ({skill})" if label == "Parry" else label
                sheet.skills[key] = 3 + level // 2 + bonus
    sheet.weapons[name] = fields


# -- the character -------------------------------------------------------------------------
def _imported(sheet: _Sheet, gcs_id: str, file: str) -> Imported:
    name = " ".join(sheet.name.split())
    if not name:
        raise GcsError(file, _("the character has no name"), "profile.name")
    extra: dict[str, Any] = {"gcs": {"id": gcs_id, "file": file}}  # see importing._source_id
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
    return Imported(character, gcs_id, file, PROGRAM, tuple(dict.fromkeys(sheet.not_computed)))
