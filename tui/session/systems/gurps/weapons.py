"""A GURPS character's weapons, read from ``extra.weapons`` in the save.

Each weapon is a table of plain values, every field optional (``skill``, ``level``,
``damage``, ``acc``, ``rof``, ``recoil``, ``half_damage``, ``max_range``, ``type``, ``parry``,
``block``: the README's *Save format*). ``level`` is the weapon's own attack level (GCS
computes it: the skill, the default's modifier, an ST below the weapon's minimum, weapon
bonuses); without it the weapon attacks at its ``skill``. A bad
value is reported when the weapon is used, naming the character, the weapon and the field,
so the rest of the save works meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from tui.language import _
from tui.session.campaign.model import Character
from tui.session.entry.entry import EntryError
from tui.session.entry.names import NameError_, match_prefix_words

__all__ = [
    "RANGED_FIELDS",
    "Kind",
    "Weapon",
    "defenses",
    "find",
    "usable",
    "weapon",
    "weapon_names",
]

Kind = Literal["melee", "ranged"]
RANGED_FIELDS = ("acc", "rof", "recoil", "half_damage", "max_range")


@dataclass(frozen=True)
class Weapon:
    """One weapon as the tracker uses it (absent fields are None, or RoF "1", Recoil 1).

    A weapon without ``type`` is ranged when it has any of ``acc``, ``rof``, ``recoil``,
    ``half_damage`` or ``max_range`` (only ranged weapons have them), else melee."""

    name: str
    kind: Kind
    skill: str = ""
    damage: str = ""
    acc: int | None = None
    rof: str = "1"
    recoil: int = 1
    half_damage: int | float | None = None
    max_range: int | float | None = None
    level: int | None = None
    parry: int | None = None
    block: int | None = None

    @property
    def label(self) -> str:
        return self.name


def _table(ch: Character) -> dict[str, Mapping[str, Any]]:
    raw = ch.extra.get("weapons")
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): v for k, v in raw.items() if isinstance(v, Mapping)}


def weapon_names(ch: Character) -> list[str]:
    """The names of the character's weapons, as the save lists them."""
    return list(_table(ch))


def _problem(ch: Character, name: str, field: str, wanted: str, value: object) -> EntryError:
    return EntryError(
        _("{name}'s {weapon}: {field} must be {wanted}, got {value!r}").format(
            name=ch.name, weapon=name, field=field, wanted=wanted, value=value
        )
    )


def _whole(
    ch: Character, name: str, raw: Mapping[str, Any], field: str, low: int, high: int
) -> int | None:
    value = raw.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _problem(
            ch, name, field, _("a whole number {low}..{high}").format(low=low, high=high), value
        )
    return value


def _yards(ch: Character, name: str, raw: Mapping[str, Any], field: str) -> int | float | None:
    value = raw.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < 1e12:
        raise _problem(ch, name, field, _("a distance in yards above 0"), value)
    return value


def _text(ch: Character, name: str, raw: Mapping[str, Any], field: str) -> str:
    value = raw.get(field, "")
    if isinstance(value, int) and not isinstance(value, bool) and field == "rof":
        return str(value)
    if not isinstance(value, str):
        raise _problem(ch, name, field, "text", value)
    return value.strip()


def weapon(ch: Character, name: str) -> Weapon:
    """The weapon ``name`` of ``ch`` (exact name), its fields checked."""
    raw = _table(ch).get(name)
    if raw is None:
        raise EntryError(_("{name} has no weapon {name2!r}").format(name=ch.name, name2=name))
    kind_raw = raw.get("type", raw.get("kind"))
    if kind_raw is None:
        kind: Kind = "ranged" if any(raw.get(f) is not None for f in RANGED_FIELDS) else "melee"
    elif kind_raw in ("melee", "ranged"):
        kind = "melee" if kind_raw == "melee" else "ranged"
    else:
        raise _problem(ch, name, "type", _("'melee' or 'ranged'"), kind_raw)
    rof = _text(ch, name, raw, "rof") or "1"
    return Weapon(
        name=name,
        kind=kind,
        skill=_text(ch, name, raw, "skill"),
        damage=_text(ch, name, raw, "damage"),
        acc=_whole(ch, name, raw, "acc", 0, 100),
        rof=rof,
        recoil=_whole(ch, name, raw, "recoil", 1, 1000) or 1,
        half_damage=_yards(ch, name, raw, "half_damage"),
        max_range=_yards(ch, name, raw, "max_range"),
        level=_whole(ch, name, raw, "level", -100, 1000),
        parry=_whole(ch, name, raw, "parry", 0, 100),
        block=_whole(ch, name, raw, "block", 0, 100),
    )


def usable(ch: Character) -> list[Weapon]:
    """Every weapon of ``ch`` whose fields are good; a bad one is left out here (its roll
    names the problem)."""
    out: list[Weapon] = []
    for name in weapon_names(ch):
        try:
            out.append(weapon(ch, name))
        except EntryError:
            continue
    return out


def defenses(ch: Character, which: str, among: Sequence[Weapon] | None = None) -> dict[str, int]:
    """Each weapon's ``which`` ("parry" or "block") by weapon name, of ``among`` (default:
    every :func:`usable` weapon)."""
    out: dict[str, int] = {}
    for w in usable(ch) if among is None else among:
        value = w.parry if which == "parry" else w.block if which == "block" else None
        if value is not None:
            out[w.name] = value
    return out


def find(ch: Character, words: Sequence[str]) -> tuple[str, int]:
    """The weapon named by the leading ``words`` and how many words it took ("" and 0 when
    the words name none of the character's weapons)."""
    names = weapon_names(ch)
    if not words or not names:
        return "", 0
    try:
        found = match_prefix_words(
            list(words), names, what=_("weapon of {name}").format(name=ch.name)
        )
    except NameError_ as exc:
        if exc.ambiguous:
            raise EntryError(str(exc)) from None
        return "", 0
    return found.name, found.consumed
