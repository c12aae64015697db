"""What shared code may ask a rule system: the :class:`System` protocol, in neutral types.

Shared code (the table, scenes, turn order, extended checks, the screens) never compares a
system key; it asks the campaign's system, which the table (or whoever opens the campaign)
was handed, through this one interface. The protocol sits at the bottom of the session's
rooms, so it speaks only the campaign model and the plain values of this package: an
extended check counts a roll as a :class:`StepRoll`, whatever system rolled it. Optional
members have defaults in :class:`tui.session.systems.interface.Defaults`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

from tui.language import Msg
from tui.session.campaign.model import Campaign, Character, Scene, Value
from tui.session.campaign.session import Outcome
from tui.session.protocol.adventure import AdventureEnd
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.damage import DamageDone, DamageRequest
from tui.session.protocol.lines import Check, Side
from tui.session.protocol.plans import ModifierField, Plan, SceneFragments

__all__ = ["Adapter", "CharacterReader", "Imported", "StepRoll", "System"]


@dataclass(frozen=True)
class StepRoll:
    """A roll as an extended check counts it: two dice and a progress die (``dice``) plus
    ``bonus`` against ``tn``; ``rating`` breaks opposed ties. An AGE test is one as it is;
    a roll of another system stands in by its success and progress (see ``Defaults``)."""

    dice: tuple[int, int, int]
    bonus: int
    tn: int
    rating: int | None = None

    @classmethod
    def standing_in(cls, success: bool, added: int, tn: int) -> StepRoll:
        """A roll at ``tn`` that succeeds (its progress die ``added``) or fails."""
        if success:
            return cls((1, 1, added), tn - 2 - added, tn)
        return cls((1, 1, 1), tn - 4, tn)


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

    def entry_problem(self, campaign: Campaign, kind: str, name: str, value: Value) -> str:
        """What is wrong with a ``kind`` ("skill" or "attribute") value the GM types for
        ``campaign`` ("" when fine): a check that needs the campaign (a Strange ladder)."""
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
        """Russian words of the roll entry → the system's own (``сложно`` → ``hard``,
        ``диапазон`` → ``range`` for ``диапазон=2,5``); typed in either language."""
        ...

    @property
    def max_sides(self) -> int:
        """Most sides an opposed roll of this system may have (the table refuses more)."""
        ...

    @property
    def versus_number(self) -> bool:
        """Whether an opposed side may be a plain number (an object's value, never rolled);
        the table refuses such a side by name otherwise."""
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
        """The validated check with its exact odds, and how to roll it.

        Building the plan validates everything (names, modifiers, typed dice) and computes
        the odds, so the preview line and the committed roll share one path; running it
        draws any missing dice from the injected generator, calls the rules and returns the
        next campaign with its log entry."""
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

    @property
    def protection_keys(self) -> tuple[str, ...]:
        """The attributes ``/damage`` takes off each hit (GURPS ``DR``; ``Armor`` …)."""
        ...

    @property
    def builtin_conditions(self) -> tuple[str, ...]:
        """Conditions whose effects the system works out itself (GURPS ``stunned``): the
        shared modifier of :mod:`tui.session.characters.modifiers` leaves them alone."""
        ...

    def with_modifier(self, side: Side, mod: int) -> Side:
        """``side`` with a condition's modifier ``mod`` added the system's way."""
        ...

    @property
    def damage_types(self) -> tuple[str, ...]:
        """The damage type words ``/damage`` takes after the dice (none: untyped damage)."""
        ...

    def damage(self, campaign: Campaign, request: DamageRequest, rng: random.Random) -> DamageDone:
        """Roll (or take) ``request``'s damage against the target's protection: the change,
        its log entry and the line the rules ask for next. Raises ``CommandError`` or
        ``RulesError`` for what cannot be done."""
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
    def extended_per_roll(self) -> int | None:
        """Minutes a roll of an extended check takes when ``per=`` is not given, or None
        for AGE's budget ÷ (threshold / 2) (the pool is Drama Dice, 3.5 a roll)."""
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

    def penalty_msg(self, n: int) -> Msg:
        """How an extended check's consequence of ``n`` reads in this system's own kind of
        penalty (AGE "TN +2", BRP "skill -2%", the Strange System "range -2" …)."""
        ...

    def extended_result(self, out: Outcome, tn: int) -> StepRoll:
        """The roll as the AGE test an extended check counts (AGE: the roll itself)."""
        ...

    def extended_steps(self, plan: Plan) -> Mapping[int, Fraction] | None:
        """Exact chance of each number of points a planned roll adds to a check's pool."""
        ...

    def extended_opposed(self, out: Outcome) -> tuple[StepRoll, tuple[StepRoll, ...]] | None:
        """An opposed roll as AGE results (first side, the others) for an advanced test's
        opposed step or a race's slice, or None when the system cannot count one."""
        ...

    # -- the end of an adventure ---------------------------------------------------------------
    def end_of_adventure(self) -> AdventureEnd[Any] | None:
        """The system's end-of-adventure rolls (BRP experience), or None."""
        ...

    # -- characters from other programs ---------------------------------------------------------
    def character_reader(self) -> CharacterReader | None:
        """What reads another program's character files into this system (GURPS: GCS)."""
        ...


@dataclass(frozen=True)
class Imported:
    """One character read from another program's file.

    ``source_id`` is that program's own id of the character (importing the same id again
    updates it), kept in the character's ``extra[program]``; ``not_computed`` names what was
    taken as given or left out, for the import's note; ``warnings`` are what else the GM
    should know (a name taken from the title), one line each.
    """

    character: Character
    source_id: str
    file: str
    program: str
    not_computed: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


class CharacterReader(Protocol):
    """Reads one character file of another program (``program``, files ending in
    ``suffixes``); a file that is not one raises ``ValueError`` with a one-line message."""

    program: str
    suffixes: tuple[str, ...]

    def read(self, path: Path) -> Imported: ...


class Adapter(Protocol):
    """The part of a system :class:`Defaults` hands ``rollables`` and ``plan`` over to."""

    def rollables(self, character: Character) -> Sequence[str]: ...

    def plan(self, campaign: Campaign, check: Check) -> Plan: ...
