"""The veil: what the players last saw of the values that secret entries changed."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import fields, replace
from functools import partial
from typing import Any, Final, TypeVar

from tui.session.campaign.durations import condition_doc
from tui.session.campaign.model import Campaign, Character, ExtendedCheck, Scene
from tui.session.campaign.schema import (
    SchemaError,
    SkillRules,
    character_from_doc,
    check_from_doc,
    plain,
    scene_from_doc,
)

__all__ = ["VEIL", "Veil", "lift_veil", "veiled"]

#: the ``options`` key the veil is kept under (a list of ``{path, value}`` tables)
VEIL: Final = "veil"
#: ``options`` keys the veil never covers: its own, and the stand-in letters, which only grow
_OWN: Final = frozenset({VEIL, "stand_ins"})


class _Absent:
    """The value of a place that did not exist (a character not made yet, a tick not given)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()
_T = TypeVar("_T")

Path = tuple[str, ...]
Part = tuple[str, ...]  # ("characters", name), ("checks", name), ("scene",), ("options", key) …

_MAPS = ("attributes", "skills", "resources", "maxima", "extra")
_CHARACTER_SCALARS = ("side", "player", "gm_only")


def _character_leaves(ch: Character) -> dict[Path, Any]:
    """Every value of ``ch`` the players may see, each at its own place (the GM's notes are
    never shown, so they are not among them: a change of megabytes of notes costs nothing)."""
    out: dict[Path, Any] = {(): True}
    for key in _CHARACTER_SCALARS:
        out[(key,)] = getattr(ch, key)
    for tick in ch.ticks:
        out[("ticks", tick)] = True
    for key in _MAPS:
        for name, value in getattr(ch, key).items():
            out[(key, str(name))] = plain(value)
    for condition in ch.conditions:
        out[("conditions", condition.name)] = condition_doc(condition)
    return out


def _check_leaves(check: ExtendedCheck) -> dict[Path, Any]:
    out: dict[Path, Any] = {(): True}
    for f in fields(ExtendedCheck):
        if f.name != "name":
            out[(f.name,)] = plain(getattr(check, f.name))
    return out


def _scene_leaves(scene: Scene | None) -> dict[Path, Any]:
    if scene is None:
        return {}
    out: dict[Path, Any] = {(): True}
    for f in fields(Scene):
        if f.name != "system":
            out[(f.name,)] = plain(getattr(scene, f.name))
    for key, value in scene.system.items():
        out[("system", str(key))] = plain(value)
    return out


def _parts(campaign: Campaign) -> dict[Part, Any]:
    """The campaign cut into the parts the veil works with, each an object to compare by
    identity first (states share what a change left alone)."""
    out: dict[Part, Any] = {("adventure",): campaign.adventure, ("scene",): campaign.scene}
    for ch in campaign.characters:
        out[("characters", ch.name)] = ch
    for check in campaign.checks:
        out[("checks", check.name)] = check
    for key, value in campaign.options.items():
        if key not in _OWN:
            out[("options", str(key))] = value
    return out


def _leaves(part: Part, value: Any) -> dict[Path, Any]:
    """The leaves of one part (its places below the part's own path)."""
    if value is ABSENT:
        return {}
    if part[0] == "characters":
        return _character_leaves(value)
    if part[0] == "checks":
        return _check_leaves(value)
    if part[0] == "scene":
        return _scene_leaves(value)
    return {(): plain(value)}


def _changed(before: Mapping[Part, Any], after: Mapping[Part, Any]) -> Iterator[tuple[Path, Any]]:
    """The places whose values differ between two cut-up states, each with its old value."""
    for part in before.keys() | after.keys():
        old, new = before.get(part, ABSENT), after.get(part, ABSENT)
        if old is new:
            continue
        a, b = _leaves(part, old), _leaves(part, new)
        for leaf in a.keys() | b.keys():
            was = a.get(leaf, ABSENT)
            if was != b.get(leaf, ABSENT):
                yield part + leaf, was


def _part_of(path: Path) -> Part:
    return path[:1] if path[0] in ("adventure", "scene") else path[:2]


class Veil:
    """A campaign's veil: place → the value the players last saw there (:data:`ABSENT`: the
    place did not exist for them)."""

    def __init__(self, places: Mapping[Path, Any]) -> None:
        self.places = dict(places)

    @classmethod
    def of(cls, campaign: Campaign) -> Veil:
        """The veil kept in ``campaign.options`` (an unreadable table is no veil)."""
        places: dict[Path, Any] = {}
        kept = campaign.options.get(VEIL, ())
        for item in kept if isinstance(kept, list | tuple) else ():
            if not isinstance(item, Mapping):
                continue
            path = item.get("path")
            if isinstance(path, list | tuple) and path and all(isinstance(p, str) for p in path):
                places[tuple(path)] = item.get("value", ABSENT)
        return cls(places)

    def table(self) -> list[dict[str, Any]]:
        """The veil as ``options`` keeps it (TOML-able: an absent place has no ``value``)."""
        return [
            {"path": list(path)} if value is ABSENT else {"path": list(path), "value": value}
            for path, value in self.places.items()
        ]

    def by_part(self) -> dict[Part, dict[Path, Any]]:
        out: dict[Part, dict[Path, Any]] = {}
        for path, value in self.places.items():
            part = _part_of(path)
            out.setdefault(part, {})[path[len(part) :]] = value
        return out


def veiled(before: Campaign, after: Campaign, *, secret: bool) -> Campaign:
    """``after`` (the state an entry made from ``before``) with its veil brought up to date.

    A secret entry leaves the players seeing what they saw: every place it changed keeps its
    value from before under the veil (the first secret change of a place keeps the value the
    players last saw; later ones add nothing). A public entry lifts the veil from every place it
    changed: the players now see that place as the GM does. A place whose value came back to
    what the veil holds (a secret change undone by another) leaves the veil.
    """
    veil = Veil.of(before)
    if not veil.places and not secret:
        return after  # the common case: nothing veiled, nothing to veil
    old, new = _parts(before), _parts(after)
    if secret:
        for path, was in _changed(old, new):
            veil.places.setdefault(path, was)
    else:
        for part, leaves in veil.by_part().items():
            a, b = old.get(part, ABSENT), new.get(part, ABSENT)
            if a is b:
                continue
            was, now = _leaves(part, a), _leaves(part, b)
            for leaf in leaves:
                if was.get(leaf, ABSENT) != now.get(leaf, ABSENT):
                    del veil.places[part + leaf]
    for part, leaves in veil.by_part().items():
        now = _leaves(part, new.get(part, ABSENT))
        for leaf, value in leaves.items():
            if now.get(leaf, ABSENT) == value:
                del veil.places[part + leaf]
    return _with_veil(after, veil)


def _with_veil(campaign: Campaign, veil: Veil) -> Campaign:
    options = {k: v for k, v in campaign.options.items() if k != VEIL}
    if veil.places:
        options[VEIL] = veil.table()
    if options == campaign.options:
        return campaign
    return replace(campaign, options=options)


def lift_veil(campaign: Campaign, rules: SkillRules) -> Campaign:
    """The campaign as the players last saw it: every place under the veil given its veiled
    value back (and the veil itself gone from ``options``).

    Ticks of skills and maxima of resources the veiled values no longer have are left out; a
    part that still cannot be made whole is left out too, rather than show the GM's value."""
    veil = Veil.of(campaign)
    if not veil.places:
        return _with_veil(campaign, veil)
    current = _parts(campaign)
    # by name, in the campaign's order; a part the veil brings back goes last
    characters = {ch.name: ch for ch in campaign.characters}
    checks = {c.name: c for c in campaign.checks}
    scene, adventure = campaign.scene, campaign.adventure
    options = {k: v for k, v in campaign.options.items() if k != VEIL}
    for part, leaves in veil.by_part().items():
        shown = {**_leaves(part, current.get(part, ABSENT)), **leaves}
        shown = {k: v for k, v in shown.items() if v is not ABSENT}
        kind = part[0]
        if kind == "characters":
            now = characters.get(part[1])
            _put(characters, part[1], _rebuilt(shown, partial(_character, part[1], now, rules)))
        elif kind == "checks":
            _put(checks, part[1], _rebuilt(shown, partial(_check, part[1])))
        elif kind == "scene":
            scene = _rebuilt(shown, _scene)
        elif kind == "adventure":
            value = shown.get((), adventure)
            adventure = value if isinstance(value, int) else adventure
        else:  # an option
            _put(options, part[1], shown.get((), ABSENT))
    return replace(
        campaign,
        adventure=adventure,
        options=options,
        characters=tuple(characters.values()),
        checks=tuple(checks.values()),
        scene=scene,
    )


def _put(items: dict[str, Any], name: str, item: Any) -> None:
    """``item`` under ``name`` in ``items`` (in its place, or last when new); gone when the
    players do not see it (``None``, :data:`ABSENT`)."""
    if item is None or item is ABSENT:
        items.pop(name, None)
    else:
        items[name] = item


def _rebuilt(shown: dict[Path, Any], build: Callable[[dict[Path, Any]], _T]) -> _T | None:
    if () not in shown:
        return None  # the part did not exist for the players
    try:
        return build(shown)
    except (SchemaError, TypeError, ValueError):
        return None


def _nested(leaves: Iterable[tuple[Path, Any]]) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for path, value in leaves:
        if len(path) == 1:
            doc[path[0]] = value
        elif len(path) == 2:
            doc.setdefault(path[0], {})[path[1]] = value
    return doc


def _character(
    name: str, now: Character | None, rules: SkillRules, shown: dict[Path, Any]
) -> Character:
    doc = _nested((p, v) for p, v in shown.items() if p and p[0] != "ticks")
    skills = doc.get("skills", {})
    doc["ticks"] = [p[1] for p in shown if p and p[0] == "ticks" and p[1] in skills]
    resources = doc.get("resources", {})
    if "maxima" in doc:
        doc["maxima"] = {k: v for k, v in doc["maxima"].items() if k in resources}
    doc["name"] = name
    ch = character_from_doc(doc, f"characters.{name}", rules)
    return replace(ch, notes=now.notes) if now is not None else ch


def _check(name: str, shown: dict[Path, Any]) -> ExtendedCheck:
    doc = _nested((p, v) for p, v in shown.items() if p)
    doc["name"] = name
    return check_from_doc(doc, f"checks.{name}")


def _scene(shown: dict[Path, Any]) -> Scene:
    doc = _nested((p, v) for p, v in shown.items() if p)
    return scene_from_doc(doc)
