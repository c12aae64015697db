"""The :class:`Defaults` a system subclasses, and the System protocol's names in one place.

:class:`Defaults` answers every optional member of :class:`~tui.session.protocol.system.System`
the way a system without that capability would (no round limit, the generic initiative list,
no end-of-adventure rolls …), so a new system implements only what it has. The defaults live
here, above the protocol, because they may use the shared rooms (renaming in scene data); a
member that needs the rules imports them inside itself, after the first frame, since a
system's tracker package is imported as soon as a save is loaded.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, ClassVar, cast

from tui.language import Msg
from tui.session.campaign.model import Campaign, Character, Scene, Value
from tui.session.campaign.session import Outcome
from tui.session.characters.references import renamed_in, without
from tui.session.protocol.adventure import AdventureEnd
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.damage import DamageDone, DamageRequest
from tui.session.protocol.lines import Check, Side
from tui.session.protocol.plans import (
    Chance,
    Line,
    ModifierField,
    Plan,
    SceneFragments,
    Segment,
)
from tui.session.protocol.system import Adapter, CharacterReader, StepRoll, System

__all__ = [
    "Adapter",
    "Chance",
    "Defaults",
    "Line",
    "ModifierField",
    "Plan",
    "SceneFragments",
    "Segment",
    "StepRoll",
    "System",
]


class Defaults:
    """The answers of a system without the optional capabilities; subclass and override.

    A subclass still provides ``key``, ``skill_type`` and :meth:`adapter` (or ``rollables``
    and ``plan`` themselves).
    """

    option_keys: frozenset[str] = frozenset()
    entry_help = ""
    #: its roll-entry words (``NC_("entry <key>", "hard")``), translated in each catalog
    entry_terms: ClassVar[tuple[str, ...]] = ()
    max_sides = 2
    #: a side may be a plain number (``alice str vs 15``: an object's value, never rolled)
    versus_number = False
    modifier_fields: tuple[ModifierField, ...] = ()
    shows_round_limit = False
    next_wraps_round = True
    init_refusal = ""
    extended_tn = False
    opposed_steps = False
    #: minutes a roll of an extended check takes unless ``per=`` says (the pool grows by
    #: grade, not by AGE's Drama Die, so AGE's budget ÷ (threshold / 2) does not fit): ten
    #: minutes, a careful try at a lock, a page of a cipher, a search of a room. AGE: None.
    extended_per_roll: int | None = 10
    vital_resources: tuple[str, ...] = ("HP",)
    weapon_fields: tuple[str, ...] = ()
    #: the attributes /damage takes off each hit, added (BRP armour, AGE Toughness + Armor)
    protection_keys: tuple[str, ...] = ("Armor", "Toughness")
    #: the damage type words /damage takes (none: untyped)
    damage_types: tuple[str, ...] = ()
    #: conditions whose effects the system applies itself (the shared modifier skips them)
    builtin_conditions: tuple[str, ...] = ()

    def with_modifier(self, side: Side, mod: int) -> Side:
        """A condition's modifier as one more signed word (``-2``) on the side."""
        return replace(side, words=(*side.words, f"{mod:+d}"))

    #: log grade → extended-check progress, read by the default :meth:`extended_progress`
    progress_by_grade: ClassVar[Mapping[str, int]] = {}

    @property
    def entry_words(self) -> Mapping[str, str]:
        """Each catalog's words for :attr:`entry_terms` → the system's own (``сложно`` →
        ``hard``), typed in any language."""
        from tui.language import entry_words

        return entry_words(f"entry {getattr(self, 'key', '')}", self.entry_terms)

    def damage(self, campaign: Campaign, request: DamageRequest, rng: random.Random) -> DamageDone:
        """Untyped damage: each hit less the target's protection, off its HP."""
        from tui.session.characters.damage import plain_damage

        return plain_damage(cast(System, self), campaign, request, rng)

    def adapter(self) -> Adapter:
        """The system's adapter; a subclass imports it here, so the rules load on first use."""
        raise NotImplementedError(f"{type(self).__name__} names no adapter")

    def rollables(self, character: Character) -> Sequence[str]:
        return self.adapter().rollables(character)

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        return self.adapter().plan(campaign, check)

    def skill_problem(self, value: Value) -> str:
        return ""

    def entry_problem(self, campaign: Campaign, kind: str, name: str, value: Value) -> str:
        return ""

    def commands(self) -> CommandSet:
        return CommandSet()

    def scene_started(self, campaign: Campaign, scene: Scene) -> Scene:
        return scene

    def scene_renamed(self, scene: Scene, old: str, new: str) -> Scene:
        """Every key and string equal to ``old`` in ``scene.system`` becomes ``new``."""
        return replace(scene, system=renamed_in(scene.system, old, new))

    def scene_without(self, scene: Scene, name: str) -> Scene:
        """Keys equal to ``name`` and list items equal to it leave ``scene.system``."""
        return replace(scene, system=without(scene.system, name))

    def scene_ended(self, scene: Scene) -> tuple[str | Msg, list[str | Msg]]:
        return "", []

    def turn_order(self, campaign: Campaign, names: Sequence[str]) -> Sequence[str] | None:
        return None

    def order_ties(
        self, campaign: Campaign, names: Sequence[str]
    ) -> Sequence[tuple[str, ...]] | None:
        return None

    def turn_started(self, campaign: Campaign, actor: str) -> tuple[Campaign, str | Msg]:
        return campaign, ""

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        return SceneFragments()

    def players_scene(self, scene: Scene, hidden: Callable[[str], bool]) -> Mapping[str, Any]:
        """None of it: a system without scene data of its own has nothing to share, and one
        that keeps some shares only what it has vetted (the safe default)."""
        return {}

    def extended_skill(self, campaign: Campaign, side: Side) -> str:
        return side.skill

    def with_check_tn(self, side: Side, tn: int) -> Side:
        return side

    def extended_progress(self, out: Outcome) -> tuple[bool, int]:
        added = self.progress_by_grade.get(out.draft.grade, 0)
        return added > 0, added

    def penalty_msg(self, n: int) -> Msg:
        from tui.language import msg

        return msg("penalty {n}", n=n)

    def extended_result(self, out: Outcome, tn: int) -> StepRoll:
        success, added = self.extended_progress(out)
        return StepRoll.standing_in(success, added, tn)

    def extended_steps(self, plan: Plan) -> Mapping[int, Fraction] | None:
        if plan.progress is not None:
            return plan.progress
        if not self.progress_by_grade or not plan.odds:
            return None
        steps: dict[int, Fraction] = {}
        for chance in plan.odds:
            added = self.progress_by_grade.get(chance.grade, 0)
            steps[added] = steps.get(added, Fraction(0)) + chance.p
        return steps

    def extended_opposed(self, out: Outcome) -> tuple[StepRoll, tuple[StepRoll, ...]] | None:
        return None

    def end_of_adventure(self) -> AdventureEnd[Any] | None:
        return None

    def character_reader(self) -> CharacterReader | None:
        return None
