"""The live state of the table as immutable values.

Every change builds a new :class:`Campaign` (``dataclasses.replace``); undo simply restores the
previous value. Mappings inside the values are never mutated after construction: helpers
below copy them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from tui.language import _

__all__ = [
    "DURATION_UNITS",
    "SIDES",
    "Campaign",
    "Character",
    "Condition",
    "ExtendedCheck",
    "Scene",
    "SceneKind",
    "Value",
]

Value = int | float | str | bool
SceneKind = Literal["active", "long"]
SIDES = ("party", "npc")
DurationUnit = Literal["rounds", "turns", ""]
#: how a condition's duration counts down: by the round, by the character's own turn
DURATION_UNITS: tuple[DurationUnit, ...] = ("rounds", "turns")


def _frozen(mapping: Mapping[str, Any] | None) -> dict[str, Any]:
    return dict(mapping or {})


@dataclass(frozen=True)
class Condition:
    """A condition on a character (stunned, prone …).

    ``left`` rounds or turns of it remain (``unit``); with no unit it lasts until removed.
    A ``rounds`` condition counts down when the running scene's round advances, a ``turns``
    one when the character's own turn ends; at 0 it is gone. ``mod`` is a modifier every
    roll of the character takes while it lasts (the system's unit: BRP percent, others
    points); ``gm_only`` keeps it out of the players' view.
    """

    name: str
    left: int = 0
    unit: DurationUnit = ""
    mod: int = 0
    gm_only: bool = False

    @property
    def duration(self) -> str:
        """``2 rounds``, ``1 turn`` or ``""`` (until removed)."""
        if not self.unit:
            return ""
        word = self.unit if self.left != 1 else self.unit[:-1]
        return f"{self.left} {word}"

    @property
    def named(self) -> str:
        """``bleeding -2`` (the name and its modifier, if any): how a roll names it."""
        return f"{self.name} {self.mod:+d}" if self.mod else self.name

    @property
    def label(self) -> str:
        """``stunned 2 rounds`` / ``prone`` / ``bleeding -2 3 turns``."""
        return f"{self.named} {self.duration}".rstrip()

    @property
    def short(self) -> str:
        """``stunned 2r`` / ``bleeding 3t`` / ``prone`` (the party panel, «2р» in Russian)."""
        if not self.unit:
            return self.named
        short = _("{name} {left}r") if self.unit == "rounds" else _("{name} {left}t")
        return short.format(name=self.named, left=self.left)


@dataclass(frozen=True)
class Character:
    """A party member or an NPC.

    ``skills`` hold system values: BRP percent, GURPS level, Strange System level name, skirmish
    characteristic; for AGE a focus name maps to its ability ("Stealth" = "Dexterity").
    ``attributes`` hold characteristics (BRP STR, GURPS DX and Basic Speed, AGE abilities,
    Strange danger class). ``resources`` are counters the app changes (HP, Fortune, wounds).
    ``maxima`` holds the maximum of a resource (``HP 7/11``): healing stops there unless
    forced. ``conditions`` are the character's conditions, in the order they were set.
    ``extra`` keeps system data the tracker reads (GURPS weapons, aliases …).
    """

    name: str
    side: str = "party"
    player: str = ""
    gm_only: bool = False
    attributes: Mapping[str, Value] = field(default_factory=dict)
    skills: Mapping[str, Value] = field(default_factory=dict)
    resources: Mapping[str, int] = field(default_factory=dict)
    ticks: tuple[str, ...] = ()
    notes: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    maxima: Mapping[str, int] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()

    def with_skill(self, skill: str, value: Value) -> Character:
        skills = _frozen(self.skills)
        skills[skill] = value
        return replace(self, skills=skills)

    def with_resource(self, resource: str, value: int) -> Character:
        resources = _frozen(self.resources)
        resources[resource] = value
        return replace(self, resources=resources)

    def with_ticks(self, ticks: tuple[str, ...]) -> Character:
        return replace(self, ticks=tuple(ticks))

    def with_maximum(self, resource: str, value: int | None) -> Character:
        """The maximum of ``resource`` set (``None`` removes it)."""
        maxima = _frozen(self.maxima)
        if value is None:
            maxima.pop(resource, None)
        else:
            maxima[resource] = value
        return replace(self, maxima=maxima)

    def with_conditions(self, conditions: tuple[Condition, ...]) -> Character:
        return replace(self, conditions=tuple(conditions))

    def condition(self, name: str) -> Condition | None:
        """The condition called ``name`` (case-insensitive), if the character has it."""
        folded = name.casefold()
        return next((c for c in self.conditions if c.name.casefold() == folded), None)


@dataclass(frozen=True)
class Scene:
    """The running scene: rounds, phases and turn order.

    ``phase`` is system-specific ("planning" / "actions" / "reactions" for the Strange
    System, "" elsewhere). ``turn_order`` lists character names; ``current`` indexes it.
    ``system`` holds per-system scene data (Strange round state, GURPS maneuvers and
    aim/evaluate counters) as plain TOML-able values.
    """

    name: str
    kind: SceneKind = "active"
    round: int = 1
    phase: str = ""
    round_limit: int = 4
    turn_order: tuple[str, ...] = ()
    current: int = 0
    system: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ExtendedCheck:
    """An extended (advanced / challenge) check as plain data; mechanics live in ``rules``."""

    name: str
    tn: int
    threshold: int
    time_budget: int  # minutes
    pool: int = 0
    elapsed: int = 0  # minutes
    status: Literal["running", "done", "failed"] = "running"
    allowed_skills: tuple[str, ...] = ()
    contributions: tuple[Mapping[str, Any], ...] = ()
    consequences: Mapping[str, Any] = field(default_factory=dict)


#: each characters tuple's places by folded name, for the last few tuples (by id, checked by
#: identity): the roll entry asks for characters by name several times a key, and a scan
#: folded 800 names each time; a change of any character makes a new tuple, indexed once
_PLACES: dict[int, tuple[tuple[Character, ...], dict[str, int]]] = {}


def _places(characters: tuple[Character, ...]) -> dict[str, int]:
    """``characters``' places by case-folded name (the first of a name, as a scan finds)."""
    hit = _PLACES.get(id(characters))
    if hit is not None and hit[0] is characters:
        return hit[1]
    places: dict[str, int] = {}
    for i, ch in enumerate(characters):
        places.setdefault(ch.name.casefold(), i)
    if len(_PLACES) >= 8:
        _PLACES.clear()
    _PLACES[id(characters)] = (characters, places)
    return places


@dataclass(frozen=True)
class Campaign:
    """Everything the save holds except the log (which is append-only, stored apart)."""

    name: str
    system: str
    adventure: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    characters: tuple[Character, ...] = ()
    scene: Scene | None = None
    #: Past scenes, oldest first: a tuple, or a lazily parsed ``History`` (see history.py).
    scene_history: Sequence[Mapping[str, Any]] = ()
    checks: tuple[ExtendedCheck, ...] = ()

    def character(self, name: str) -> Character:
        """The character called ``name`` (exact, case-insensitive)."""
        return self.characters[self.index_of(name)]

    def index_of(self, name: str) -> int:
        """The place of the character called ``name`` (exact, case-insensitive)."""
        try:
            return _places(self.characters)[name.casefold()]
        except KeyError:
            raise KeyError(name) from None

    def with_character(self, updated: Character, *, old_name: str | None = None) -> Campaign:
        """Replace the character named ``old_name`` (default: ``updated.name``)."""
        i = self.index_of(old_name or updated.name)
        chars = list(self.characters)
        chars[i] = updated
        return replace(self, characters=tuple(chars))

    def check(self, name: str) -> ExtendedCheck:
        folded = name.casefold()
        for chk in self.checks:
            if chk.name.casefold() == folded:
                return chk
        raise KeyError(name)

    def with_check(self, updated: ExtendedCheck) -> Campaign:
        folded = updated.name.casefold()
        checks = [updated if c.name.casefold() == folded else c for c in self.checks]
        if not any(c.name.casefold() == folded for c in self.checks):
            checks.append(updated)
        return replace(self, checks=tuple(checks))
