"""AGE challenge tests (Проверка-испытание): an advanced test whose failed rolls have consequences.

Failed rolls are counted; the GM's escalation rule says at which failure counts the
consequence level rises NONE → MINOR → MAJOR → SERIOUS. Each level's consequence is text plus
an optional mechanical ``Effect`` that the value applies by itself.

Part of :mod:`rules.age` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Self, cast

from rules.age.advanced import AdvancedTest, Contribution, Level, Status, roll_succeeds
from rules.age.core import Result
from rules.errors import RulesError
from rules.exact import check_int

__all__ = ["ChallengeTest", "Consequence", "Effect", "EffectKind", "Escalation"]


class EffectKind(Enum):
    """Mechanical effects a consequence can have."""

    TN_PLUS_2_UNTIL_CLEARED = "TN +2 until cleared"
    EXTRA_TIME = "extra time per roll until cleared"
    PERMANENT_TN = "permanent TN increase"
    HALVE_POOL = "pool halved"
    RESET_POOL = "pool reset"
    CLOSE_APPROACH = "approach closed"
    LOSE_TIME = "time lost"
    BLOCKED = "blocked until another test is done"

    @property
    def label(self) -> str:
        return self.value


_CLEARABLE = (EffectKind.TN_PLUS_2_UNTIL_CLEARED, EffectKind.EXTRA_TIME)


@dataclass(frozen=True, slots=True)
class Effect:
    """One mechanical effect; build it with the class methods (``Effect.lose_time(10)``)."""

    kind: EffectKind
    #: Minutes (EXTRA_TIME, LOSE_TIME) or the TN increase (PERMANENT_TN); else 0.
    amount: int = 0
    #: PERMANENT_TN: the skill it applies to (None = every roll). CLOSE_APPROACH: the skill
    #: closed (None = the skill of the failed roll that triggered it).
    scope: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, EffectKind):
            raise RulesError(f"kind must be an EffectKind, got {self.kind!r}")
        timed = (EffectKind.EXTRA_TIME, EffectKind.LOSE_TIME, EffectKind.PERMANENT_TN)
        if self.kind in timed:
            check_int("amount", self.amount, 1, 10_000)
        elif self.amount != 0:
            raise RulesError(f"amount must be 0 for {self.kind.label}, got {self.amount!r}")
        scoped = (EffectKind.PERMANENT_TN, EffectKind.CLOSE_APPROACH)
        if self.scope is not None and (self.kind not in scoped or not _norm(self.scope)):
            raise RulesError(f"scope must be None or a skill name, got {self.scope!r}")

    @classmethod
    def tn_plus_2_until_cleared(cls) -> Effect:
        return cls(EffectKind.TN_PLUS_2_UNTIL_CLEARED)

    @classmethod
    def extra_time(cls, minutes: int) -> Effect:
        return cls(EffectKind.EXTRA_TIME, minutes)

    @classmethod
    def permanent_tn(cls, n: int, scope: str | None = None) -> Effect:
        return cls(EffectKind.PERMANENT_TN, n, scope)

    @classmethod
    def halve_pool(cls) -> Effect:
        return cls(EffectKind.HALVE_POOL)

    @classmethod
    def reset_pool(cls) -> Effect:
        return cls(EffectKind.RESET_POOL)

    @classmethod
    def close_approach(cls, scope: str | None = None) -> Effect:
        return cls(EffectKind.CLOSE_APPROACH, 0, scope)

    @classmethod
    def lose_time(cls, minutes: int) -> Effect:
        return cls(EffectKind.LOSE_TIME, minutes)

    @classmethod
    def blocked(cls) -> Effect:
        return cls(EffectKind.BLOCKED)

    @property
    def label(self) -> str:
        k = self.kind
        if k is EffectKind.PERMANENT_TN:
            return f"TN +{self.amount} permanently for {self.scope or 'all rolls'}"
        if k is EffectKind.EXTRA_TIME:
            return f"+{self.amount} min per roll until cleared"
        if k is EffectKind.LOSE_TIME:
            return f"{self.amount} min lost"
        if k is EffectKind.CLOSE_APPROACH and self.scope:
            return f"approach closed: {self.scope}"
        return k.label


@dataclass(frozen=True, slots=True)
class Consequence:
    """The GM's consequence for one level: text, and optionally an effect applied by the tracker."""

    text: str
    effect: Effect | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise RulesError(f"consequence text must be a string, got {self.text!r}")
        if self.effect is not None and not isinstance(self.effect, Effect):
            raise RulesError(f"effect must be an Effect or None, got {self.effect!r}")

    @property
    def label(self) -> str:
        effect = f" [{self.effect.label}]" if self.effect else ""
        return f"{self.text}{effect}"


@dataclass(frozen=True, slots=True)
class Escalation:
    """Failure counts at which the level reaches MINOR, MAJOR and SERIOUS (1 to 3 of them)."""

    steps: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.steps, tuple) or not 1 <= len(self.steps) <= 3:
            raise RulesError(f"escalation steps must be 1 to 3 failure counts, got {self.steps!r}")
        last = 0
        for step in self.steps:
            if check_int("escalation step", step, 1) <= last:
                raise RulesError(f"escalation steps must rise strictly, got {self.steps}")
            last = step

    @classmethod
    def every(cls, n: int) -> Escalation:
        """The level rises by one every ``n`` failed rolls."""
        check_int("every", n, 1, 1000)
        return cls((n, 2 * n, 3 * n))

    @classmethod
    def at(cls, *counts: int) -> Escalation:
        """The level rises at these failure counts: ``Escalation.at(1, 3, 4)``."""
        return cls(tuple(counts))

    def level(self, failures: int) -> Level:
        """The consequence level reached after ``failures`` failed rolls."""
        check_int("failures", failures, 0)
        return Level(sum(1 for step in self.steps if failures >= step))

    @property
    def label(self) -> str:
        return "level rises at failures " + ", ".join(map(str, self.steps))


def _norm(text: str) -> str:
    return " ".join(text.casefold().split()) if isinstance(text, str) else ""


def _matches(scope: str, skill: str) -> bool:
    """Whether ``scope`` ("Intelligence", "Technology" or both) covers ``skill``."""
    ability, _, rest = skill.partition("(")
    focus = rest.rstrip().removesuffix(")")
    names = {_norm(skill), _norm(ability), _norm(focus)} - {""}
    return _norm(scope) in names


@dataclass(frozen=True, slots=True)
class ChallengeTest(AdvancedTest):
    """State of a challenge test; every method returns the next state, never mutates.

    Build one with ``ChallengeTest.create(tn, threshold, budget, escalation=..., minor=...)``.
    """

    escalation: Escalation = Escalation((1, 2, 3))
    minor: Consequence | None = None
    major: Consequence | None = None
    serious: Consequence | None = None
    failures: int = 0
    level: Level = Level.NONE
    minor_active: bool = False
    #: Permanent TN increases in force: (amount, scope or None for every roll).
    permanent_tn: tuple[tuple[int, str | None], ...] = ()
    closed: tuple[str, ...] = ()
    blocked: bool = False
    timed_out: bool = False

    def __post_init__(self) -> None:
        AdvancedTest.__post_init__(self)
        if not isinstance(self.escalation, Escalation):
            raise RulesError(f"escalation must be an Escalation, got {self.escalation!r}")
        for lv in (Level.MINOR, Level.MAJOR, Level.SERIOUS):
            c = self.consequence(lv)
            if c is not None and not isinstance(c, Consequence):
                raise RulesError(f"{lv.label} must be a Consequence or None, got {c!r}")
            if lv is not Level.MINOR and c and c.effect and c.effect.kind in _CLEARABLE:
                raise RulesError(f"{c.effect.kind.label} is allowed for the minor level only")
        check_int("failures", self.failures, 0)

    @classmethod
    def create(
        cls,
        tn: int | str,
        threshold: int | str,
        budget: int,
        *,
        escalation: Escalation | int = 1,
        minor: Consequence | str | None = None,
        major: Consequence | str | None = None,
        serious: Consequence | str | None = None,
        per_roll: int | None = None,
    ) -> Self:
        """A fresh challenge test; ``escalation`` = an ``Escalation`` or N (every N failures);
        ``per_roll`` as in :meth:`AdvancedTest.create`."""
        base = AdvancedTest.create(tn, threshold, budget, per_roll=per_roll)
        rule = escalation if isinstance(escalation, Escalation) else Escalation.every(escalation)

        def conseq(c: Consequence | str | None) -> Consequence | None:
            return Consequence(c) if isinstance(c, str) else c

        return cls(
            tn=base.tn,
            threshold=base.threshold,
            budget=base.budget,
            per_roll=base.per_roll,
            escalation=rule,
            minor=conseq(minor),
            major=conseq(major),
            serious=conseq(serious),
        )

    def consequence(self, level: Level) -> Consequence | None:
        """The GM's consequence for ``level`` (None for NONE or when unset)."""
        if not isinstance(level, Level):
            raise RulesError(f"level must be a Level (NONE..SERIOUS), got {level!r}")
        return {Level.MINOR: self.minor, Level.MAJOR: self.major, Level.SERIOUS: self.serious}.get(
            level
        )

    def _minor_effect(self) -> EffectKind | None:
        if self.minor_active and self.minor is not None and self.minor.effect is not None:
            return self.minor.effect.kind
        return None

    def tn_for(self, skill: str) -> int:
        """Current effective TN for a roll with ``skill`` (minor +2, permanent increases)."""
        base = AdvancedTest.tn_for(self, skill)
        plus = 2 if self._minor_effect() is EffectKind.TN_PLUS_2_UNTIL_CLEARED else 0
        plus += sum(n for n, scope in self.permanent_tn if scope is None or _matches(scope, skill))
        return base + plus

    @property
    def minutes_per_roll(self) -> Fraction:
        extra = 0
        if self._minor_effect() is EffectKind.EXTRA_TIME and self.minor and self.minor.effect:
            extra = self.minor.effect.amount
        return self.time_per_roll + extra

    def is_closed(self, skill: str) -> bool:
        """Whether a major consequence closed the approach using ``skill``."""
        if not isinstance(skill, str):
            raise RulesError(f"skill must be a skill name, got {skill!r}")
        return any(_matches(c, skill) for c in self.closed)

    @property
    def conditions(self) -> tuple[str, ...]:
        """Plain-English list of the effects now in force."""
        out: list[str] = []
        if self.minor_active and self.minor is not None:
            out.append(f"minor: {self.minor.label}")
        out.extend(f"TN +{n} for {scope or 'all rolls'}" for n, scope in self.permanent_tn)
        out.extend(f"closed: {skill}" for skill in self.closed)
        if self.blocked:
            out.append("blocked until another test is done")
        return tuple(out)

    def _trigger(self, level: Level, skill: str) -> ChallengeTest:
        opens_minor = level is Level.MINOR and self.minor is not None
        state = replace(self, level=level, minor_active=self.minor_active or opens_minor)
        c = self.consequence(level)
        effect = c.effect if c is not None else None
        if effect is None:
            return state
        kind = effect.kind
        if kind is EffectKind.PERMANENT_TN:
            return replace(state, permanent_tn=(*state.permanent_tn, (effect.amount, effect.scope)))
        if kind is EffectKind.HALVE_POOL:
            return replace(state, pool=state.pool // 2)
        if kind is EffectKind.RESET_POOL:
            return replace(state, pool=0)
        if kind is EffectKind.CLOSE_APPROACH:
            return replace(state, closed=(*state.closed, effect.scope or skill))
        if kind is EffectKind.LOSE_TIME:
            return replace(state, elapsed=Fraction(state.elapsed) + effect.amount)
        if kind is EffectKind.BLOCKED:
            return replace(state, blocked=True)
        return state  # clearable effects act through minor_active

    def contribute(
        self,
        who: str,
        skill: str,
        result: Result,
        *,
        clear_minor: bool = False,
        opponents: Sequence[Result] = (),
    ) -> ChallengeTest:
        """Record one roll; a success with ``clear_minor=True`` clears the minor consequence
        instead of adding to the pool; a failure may raise the consequence level. With
        ``opponents`` the roll was an opposed test that succeeds only if ``result`` wins it."""
        who, skill, others = self._check_roll(who, skill, result, opponents)
        if self.blocked:
            raise RulesError("the test is blocked: call unblock() once the other test is done")
        if self.is_closed(skill):
            raise RulesError(f"skill {skill!r} is closed for this test; pick another approach")
        if not isinstance(clear_minor, bool):
            raise RulesError(f"clear_minor must be True or False, got {clear_minor!r}")
        if clear_minor and not self.minor_active:
            raise RulesError("clear_minor needs an active minor consequence; there is none")
        minutes = self.minutes_per_roll
        state = replace(self, elapsed=Fraction(self.elapsed) + minutes)
        added = 0
        cleared = False
        triggered: Level | None = None
        success = roll_succeeds(result, others)
        if success and clear_minor:
            state = replace(state, minor_active=False)
            cleared = True
        elif success:
            added = result.drama
            state = replace(state, pool=state.pool + added)
        else:
            state = replace(state, failures=state.failures + 1)
            reached = state.escalation.level(state.failures)
            for lv in range(state.level + 1, reached + 1):
                state = state._trigger(Level(lv), skill)
                triggered = Level(lv)
        status = state._settle()
        if status is Status.FAILED:
            if state.level < Level.SERIOUS:
                triggered = Level.SERIOUS
            state = replace(state, level=Level.SERIOUS, timed_out=True)
        record = Contribution(
            who,
            skill,
            result,
            added,
            state.pool,
            minutes,
            Fraction(state.elapsed),
            cleared,
            triggered,
            others,
        )
        return replace(
            state,
            status=status,
            contributions=(*state.contributions, record),
            previous=replace(self, previous=None),
        )

    def amend_last(
        self,
        result: Result,
        *,
        opponents: Sequence[Result] | None = None,
        clear_minor: bool | None = None,
    ) -> Self:
        """The test with its last roll re-decided after Fortune changed it (see
        ``AdvancedTest.amend_last``); ``clear_minor`` defaults to what the last roll did."""
        last, before = self._last_roll()
        others = last.opponents if opponents is None else opponents
        clear = last.cleared_minor if clear_minor is None else clear_minor
        after = before.contribute(last.who, last.skill, result, clear_minor=clear, opponents=others)
        return cast(Self, after)

    def clear_minor(self) -> ChallengeTest:
        """Clear the active minor consequence after a separate test (no time, no pool)."""
        if not self.minor_active:
            raise RulesError("there is no active minor consequence to clear")
        return replace(self, minor_active=False, previous=None)

    def unblock(self) -> ChallengeTest:
        """Lift a BLOCKED effect once the other test is done."""
        if not self.blocked:
            raise RulesError("the test is not blocked")
        return replace(self, blocked=False, previous=None)

    @property
    def label(self) -> str:
        lv = f", {self.level.label} consequences" if self.level else ""
        return f"challenge test {self._progress()}, {self.failures} failed{lv}"
