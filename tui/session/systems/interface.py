"""What shared code may ask a rule system: the :class:`System` protocol, and its defaults.

Shared code (the table, scenes, turn order, extended checks, the save schema, the screens)
never compares a system key; it asks the campaign's system, found in the registry
(:mod:`tui.session.systems.registry`), through this one interface. A system adds a
capability by answering a member differently: :class:`Defaults` answers every optional one
the way a system without that capability would (no round limit, the generic initiative list,
no end-of-adventure rolls …), so a new system implements only what it has.

Members are cheap to reach: a system's tracker package is imported when a save is loaded
(the schema asks for its skill values), so anything that needs the rules is imported inside
the member that uses it, after the first frame.

Building an adapter: :meth:`System.plan` turns a parsed check into a :class:`Plan`. Building
the plan validates everything (names, modifiers, typed dice) and computes the exact odds, so
the preview line and the committed roll share one path; running the plan draws any missing
dice from the injected generator, calls the rules and returns the next campaign plus its log
entry (an :class:`~tui.session.campaign.session.Outcome`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from tui.session.campaign.model import Campaign, Character, Scene, Value
from tui.session.campaign.session import Outcome
from tui.session.systems.plans import (
    Chance,
    Line,
    ModifierField,
    Plan,
    SceneFragments,
    Segment,
)

if TYPE_CHECKING:  # the roll-entry language loads with the first roll, not to draw a scene
    from rules.age import Result as AgeResult
    from tui.language import Msg
    from tui.session.adventure.flow import AdventureEnd
    from tui.session.table.commands import CommandSet
    from tui.session.table.entry import Check, Side

__all__ = [
    "Adapter",
    "Chance",
    "Defaults",
    "Line",
    "ModifierField",
    "Plan",
    "SceneFragments",
    "Segment",
    "System",
]


class System(Protocol):
    """Everything shared code asks of one rule system (one line each; see the README)."""

    @property
    def key(self) -> str:
        """The key saves store in ``system = "…"`` (the registry's key)."""
        ...

    # -- the save ----------------------------------------------------------------------------
    @property
    def skill_type(self) -> type | tuple[type, ...]:
        """What a skill value is in a save (BRP percent int, AGE ability name str …)."""
        ...

    def skill_problem(self, value: Value) -> str:
        """What is wrong with a skill value of the right type ("" when it is fine)."""
        ...

    # -- the roll entry ----------------------------------------------------------------------
    @property
    def option_keys(self) -> frozenset[str]:
        """``key=value`` modifiers of this system beyond the roll-entry language's own."""
        ...

    @property
    def entry_help(self) -> str:
        """The help screen's lines on this system's modifiers (indented two spaces)."""
        ...

    @property
    def entry_words(self) -> Mapping[str, str]:
        """The catalogs' words of the roll entry → the system's own (``сложно`` → ``hard``,
        ``диапазон`` → ``range`` for ``диапазон=2,5``); typed in any language."""
        ...

    @property
    def max_sides(self) -> int:
        """Most sides an opposed roll of this system may have (the table refuses more)."""
        ...

    @property
    def modifier_fields(self) -> tuple[ModifierField, ...]:
        """The modifiers the guided roll form offers (the form adds a free-text field)."""
        ...

    def adapter(self) -> Adapter:
        """What rolls for the system (its rules imported): loaded after the first frame."""
        ...

    def rollables(self, character: Character) -> Sequence[str]:
        """What the character can roll: skills, characteristics …"""
        ...

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        """The validated check with its exact odds, and how to roll it."""
        ...

    def commands(self) -> CommandSet:
        """The system's own slash commands and roll hooks (loaded after the first frame)."""
        ...

    # -- characters at the table ---------------------------------------------------------------
    @property
    def vital_resources(self) -> tuple[str, ...]:
        """Resources whose running out (0 or below) takes a character down (HP)."""
        ...

    @property
    def weapon_fields(self) -> tuple[str, ...]:
        """The fields of a weapon in ``extra.weapons`` the editor offers (none: no weapons)."""
        ...

    def scene_renamed(self, scene: Scene, old: str, new: str) -> Scene:
        """The scene with a renamed character's name changed in the system's scene data."""
        ...

    def scene_without(self, scene: Scene, name: str) -> Scene:
        """The scene with a removed character dropped from the system's scene data."""
        ...

    # -- scenes and turn order -----------------------------------------------------------------
    @property
    def shows_round_limit(self) -> bool:
        """Scenes have a round limit the GM must be told about (Strange System)."""
        ...

    @property
    def next_wraps_round(self) -> bool:
        """``/next`` past the last actor starts the next round (else rounds follow phases)."""
        ...

    @property
    def init_refusal(self) -> str:
        """Why ``/init`` is refused ("" allows it)."""
        ...

    def scene_started(self, campaign: Campaign, scene: Scene) -> Scene:
        """A new scene with the system's own round state set up."""
        ...

    def scene_ended(self, scene: Scene) -> tuple[str | Msg, list[str | Msg]]:
        """(summary, verdicts) of an ending scene: the history keeps them as they read then,
        the log keeps a message's facts."""
        ...

    def turn_order(self, campaign: Campaign, names: Sequence[str]) -> Sequence[str] | None:
        """The system's own order of these characters, or None for the initiative list."""
        ...

    def order_ties(
        self, campaign: Campaign, names: Sequence[str]
    ) -> Sequence[tuple[str, ...]] | None:
        """The runs within which the GM may reorder, or None when any reordering is fine."""
        ...

    def turn_started(self, campaign: Campaign, actor: str) -> tuple[Campaign, str | Msg]:
        """``actor``'s turn begins (``/next``): the next state, and a note for the GM ("";
        a message is logged as a fact, read in the reader's language)."""
        ...

    def scene_view(self, campaign: Campaign, scene: Scene) -> SceneFragments:
        """The system's part of the scene panel for the running scene."""
        ...

    def players_scene(self, scene: Scene, hidden: Callable[[str], bool]) -> Mapping[str, Any]:
        """The system's own ``scene.system`` data the players' view may show: everything
        about a character ``hidden(name)`` is true of (GM-only) left out."""
        ...

    # -- extended checks -----------------------------------------------------------------------
    @property
    def extended_tn(self) -> bool:
        """A check's TN matters for rolls and is shown (AGE); else progress is by grade."""
        ...

    @property
    def opposed_steps(self) -> bool:
        """An opposed roll may be a step of an extended check or a race's slice (AGE)."""
        ...

    def extended_skill(self, campaign: Campaign, side: Side) -> str:
        """The rolled skill as an extended check names it (AGE: "Ability (Focus)")."""
        ...

    def with_check_tn(self, side: Side, tn: int) -> Side:
        """A roll bound to a check, given the check's TN when the system rolls against it."""
        ...

    def extended_progress(self, out: Outcome) -> tuple[bool, int]:
        """(success, pool progress) of a committed roll (BRP 1/2/3, AGE the Drama Die …)."""
        ...

    def extended_result(self, out: Outcome, tn: int) -> AgeResult:
        """The roll as the AGE test an extended check counts (AGE: the roll itself)."""
        ...

    def extended_steps(self, plan: Plan) -> Mapping[int, Fraction] | None:
        """Exact chance of each number of points a planned roll adds to a check's pool."""
        ...

    def extended_opposed(self, out: Outcome) -> tuple[AgeResult, tuple[AgeResult, ...]] | None:
        """An opposed roll as AGE results (first side, the others) for an advanced test's
        opposed step or a race's slice, or None when the system cannot count one."""
        ...

    # -- the end of an adventure ---------------------------------------------------------------
    def end_of_adventure(self) -> AdventureEnd[Any] | None:
        """The system's end-of-adventure rolls (BRP experience), or None."""
        ...


class Adapter(Protocol):
    """The part of a system :class:`Defaults` hands ``rollables`` and ``plan`` over to."""

    def rollables(self, character: Character) -> Sequence[str]: ...

    def plan(self, campaign: Campaign, check: Check) -> Plan: ...


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
    modifier_fields: tuple[ModifierField, ...] = ()
    shows_round_limit = False
    next_wraps_round = True
    init_refusal = ""
    extended_tn = False
    opposed_steps = False
    vital_resources: tuple[str, ...] = ("HP",)
    weapon_fields: tuple[str, ...] = ()
    #: log grade → extended-check progress, read by the default :meth:`extended_progress`
    progress_by_grade: ClassVar[Mapping[str, int]] = {}

    @property
    def entry_words(self) -> Mapping[str, str]:
        """Each catalog's words for :attr:`entry_terms` → the system's own (``сложно`` →
        ``hard``), typed in any language."""
        from tui.language import entry_words

        return entry_words(f"entry {getattr(self, 'key', '')}", self.entry_terms)

    def adapter(self) -> Adapter:
        """The system's adapter; a subclass imports it here, so the rules load on first use."""
        raise NotImplementedError(f"{type(self).__name__} names no adapter")

    def rollables(self, character: Character) -> Sequence[str]:
        return self.adapter().rollables(character)

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        return self.adapter().plan(campaign, check)

    def skill_problem(self, value: Value) -> str:
        return ""

    def commands(self) -> CommandSet:
        from tui.session.table.commands import CommandSet

        return CommandSet()

    def scene_started(self, campaign: Campaign, scene: Scene) -> Scene:
        return scene

    def scene_renamed(self, scene: Scene, old: str, new: str) -> Scene:
        """Every key and string equal to ``old`` in ``scene.system`` becomes ``new``."""
        from tui.session.characters.references import renamed_in

        return replace(scene, system=renamed_in(scene.system, old, new))

    def scene_without(self, scene: Scene, name: str) -> Scene:
        """Keys equal to ``name`` and list items equal to it leave ``scene.system``."""
        from tui.session.characters.references import without

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

    def extended_result(self, out: Outcome, tn: int) -> AgeResult:
        from tui.session.extended.progress import stand_in

        success, added = self.extended_progress(out)
        return stand_in(success, added, tn)

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

    def extended_opposed(self, out: Outcome) -> tuple[AgeResult, tuple[AgeResult, ...]] | None:
        return None

    def end_of_adventure(self) -> AdventureEnd[Any] | None:
        return None
