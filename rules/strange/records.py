"""Records of a Strange System scene: goals, actions, reactions, rounds, tallies, verdicts.

Part of :mod:`rules.strange.rounds` (import from there): the immutable pieces the scene state
machine is made of, and the tally behind its ``summary()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from rules.errors import RulesError
from rules.exact import check_iterable, check_str
from rules.strange.core import Result
from rules.strange.grades import Grade
from rules.strange.ladder import Rank

__all__ = [
    "MAX_ROUND_LIMIT",
    "Action",
    "ActionKey",
    "ActionStatus",
    "CharacterTally",
    "Goal",
    "Phase",
    "Reaction",
    "RoundRecord",
    "SceneKind",
    "Summary",
    "Verdict",
    "VerdictKind",
    "check_note",
    "check_result",
    "check_text",
    "same_name",
    "tallies",
]

MAX_ROUND_LIMIT = 4

VerdictKind = Literal["summed_up", "compromise", "radical_change"]
ActionKey = tuple[str, str, str]


class SceneKind(Enum):
    """Active scenes run in real time; long-term scenes cover travel, crafting and the like."""

    ACTIVE = "active"
    LONG_TERM = "long_term"

    @property
    def label(self) -> str:
        return "active scene" if self is SceneKind.ACTIVE else "long-term scene"


class Phase(Enum):
    """The three phases of a round, in order."""

    PLANNING = "planning"
    ACTIONS = "actions"
    REACTIONS = "reactions"

    @property
    def label(self) -> str:
        return self.value


class ActionStatus(Enum):
    """FINAL: guaranteed outcome, told at once; PENDING: settled in REACTIONS; RESOLVED."""

    FINAL = "final"
    PENDING = "pending"
    RESOLVED = "resolved"

    @property
    def label(self) -> str:
        return self.value


def check_text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{name} must be a non-empty string, got {value!r}")
    return value.strip()


def check_note(value: object) -> str:
    if not isinstance(value, str):
        raise RulesError(f"note must be a string, got {value!r}")
    return value.strip()


def check_result(value: object) -> Result:
    if not isinstance(value, Result):
        raise RulesError(f"result must be a strange.Result, got {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Goal:
    """What a side or a character wants this round; ``carried`` from the round before."""

    actor: str
    text: str
    carried: bool = False

    @property
    def label(self) -> str:
        return f"{self.actor}: {self.text}"


@dataclass(frozen=True, slots=True)
class Action:
    """A declared action, numbered 1.. in declaration order within its round."""

    number: int
    character: str
    method: str
    skill: str
    rank: Rank
    target: str | None
    result: Result | None
    status: ActionStatus
    repeat: int
    outcome: str = ""

    @property
    def key(self) -> ActionKey:
        """What makes two actions "the same" for the round limit."""
        return (self.character.casefold(), self.method.casefold(), self.skill.casefold())

    @property
    def label(self) -> str:
        """E.g. ``"#1 Dallah: throw him down (Brawling) at Balgruf: pending, full success"``."""
        at = f" at {self.target}" if self.target else ""
        text = f"#{self.number} {self.character}: {self.method} ({self.skill}){at}: "
        text += self.status.label
        if self.result is not None:
            text += f", {self.result.grade.label}"
        if self.repeat > 1:
            text += f", repeat {self.repeat}"
        return text + (f" - {self.outcome}" if self.outcome else "")


@dataclass(frozen=True, slots=True)
class Reaction:
    """A skipped character's opposed roll against the action aimed at them."""

    character: str
    action: int
    skill: str
    rank: Rank
    result: Result
    winner: Literal["action", "reaction"] | None

    @property
    def label(self) -> str:
        who = {"action": "the action wins", "reaction": "the reaction wins", None: "no winner"}
        return (
            f"{self.character} reacts to #{self.action} with {self.skill}: "
            f"{self.result.grade.label}, {who[self.winner]}"
        )


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A completed round."""

    number: int
    goals: tuple[Goal, ...]
    actions: tuple[Action, ...]
    skipped: tuple[str, ...]
    reactions: tuple[Reaction, ...]


@dataclass(frozen=True, slots=True)
class CharacterTally:
    """One character's accumulated results over a series of rounds."""

    character: str
    actions: int
    grades: tuple[Grade, ...]
    successes: int
    failures: int
    impact: int
    contests_won: int
    contests_lost: int

    @property
    def label(self) -> str:
        return (
            f"{self.character}: {_count(self.actions, 'action')}, "
            f"{_count(self.successes, 'success', 'successes')}, "
            f"{_count(self.failures, 'failure')}, impact {self.impact}, "
            f"contests {self.contests_won} won / {self.contests_lost} lost"
        )


def _count(n: int, one: str, many: str = "") -> str:
    """``"1 action"``, ``"2 actions"``, ``"0 successes"``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


@dataclass(frozen=True, slots=True)
class Summary:
    """Accumulated results since the last verdict, for the GM to sum up."""

    first_round: int
    last_round: int
    tallies: tuple[CharacterTally, ...]

    @property
    def label(self) -> str:
        return "; ".join([self.head, *self.lines])

    @property
    def head(self) -> str:
        """``"round 2"`` or ``"rounds 1-3"``."""
        if self.first_round == self.last_round:
            return f"round {self.first_round}"
        return f"rounds {self.first_round}-{self.last_round}"

    @property
    def lines(self) -> tuple[str, ...]:
        """One line per character."""
        return tuple(t.label for t in self.tallies)


@dataclass(frozen=True, slots=True)
class Verdict:
    """How the GM closed a series of rounds."""

    kind: VerdictKind
    note: str
    summary: Summary

    @property
    def label(self) -> str:
        text = self.kind.replace("_", " ")
        return f"{text}: {self.note}" if self.note else text


@dataclass(slots=True)
class _Tally:
    """Mutable accumulator used only inside :func:`tallies`."""

    actions: int = 0
    results: list[Result] = field(default_factory=list)
    reached: int = 0
    won: int = 0
    lost: int = 0


def tallies(records: tuple[RoundRecord, ...]) -> tuple[CharacterTally, ...]:
    """Each character's accumulated results over ``records``, in order of first appearance.

    An action answered by a reaction or a duel succeeds only when it wins that contest (its
    own grade says how well it was rolled, the contest whether it got its way): a lost or
    drawn contest counts as a failure. Whoever answered is listed with the contest.
    """
    rounds = check_iterable("records", records)
    rows: dict[str, _Tally] = {}
    for record in rounds:
        if not isinstance(record, RoundRecord):
            raise RulesError(f"records must hold RoundRecord values, got {record!r}")
        by_number = {a.number: a for a in record.actions}
        answered = {r.action: r for r in record.reactions}
        for action in record.actions:
            row = rows.setdefault(action.character, _Tally())
            row.actions += 1
            if action.result is not None:
                row.results.append(action.result)
                contest = answered.get(action.number)
                got = action.result.success if contest is None else contest.winner == "action"
                row.reached += int(got)
        for reaction in record.reactions:
            actor = by_number[reaction.action].character
            rows.setdefault(reaction.character, _Tally())
            if reaction.winner is not None:
                won, lost = (reaction.character, actor)
                if reaction.winner == "action":
                    won, lost = lost, won
                rows[won].won += 1
                rows[lost].lost += 1
    return tuple(
        CharacterTally(
            character=name,
            actions=row.actions,
            grades=tuple(r.grade for r in row.results),
            successes=row.reached,
            failures=len(row.results) - row.reached,
            impact=sum(r.impact for r in row.results),
            contests_won=row.won,
            contests_lost=row.lost,
        )
        for name, row in rows.items()
    )


def same_name(a: str, b: str) -> bool:
    """Two names of one character (case does not matter)."""
    return check_str("a", a).casefold() == check_str("b", b).casefold()
