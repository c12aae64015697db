"""The live state of the table as immutable values.

Every change builds a new :class:`Campaign` (``dataclasses.replace``); undo simply restores the
previous value. Mappings inside the values are never mutated after construction: helpers
below copy them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

__all__ = [
    "SIDES",
    "Campaign",
    "Character",
    "ExtendedCheck",
    "Scene",
    "SceneKind",
    "Value",
]

Value = int | float | str | bool
SceneKind = Literal["active", "long"]
SIDES = ("party", "npc")


def _frozen(mapping: Mapping[str, Any] | None) -> dict[str, Any]:
    return dict(mapping or {})


@dataclass(frozen=True, slots=True)
class Character:
    """A party member or an NPC.

    ``skills`` hold system values: BRP percent, GURPS level, Strange System level name, skirmish
    characteristic; for AGE a focus name maps to its ability ("Stealth" = "Dexterity").
    ``attributes`` hold characteristics (BRP STR, GURPS DX and Basic Speed, AGE abilities,
    Strange danger class). ``resources`` are counters the app changes (HP, Fortune, wounds).
    ``extra`` keeps system data the app reads but does not edit (GURPS weapons …).
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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
        folded = name.casefold()
        for ch in self.characters:
            if ch.name.casefold() == folded:
                return ch
        raise KeyError(name)

    def index_of(self, name: str) -> int:
        folded = name.casefold()
        for i, ch in enumerate(self.characters):
            if ch.name.casefold() == folded:
                return i
        raise KeyError(name)

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
