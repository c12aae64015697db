"""GURPS 4e at the table: success rolls and quick contests on 3d6.

Entry forms::

    lockpicker lockpicking -5 +10 [= 4 3 5 | = 12]    modifiers each -10..+10; three dice
                                                       or one 3d6 total
    alice dx vs bob dx                                 a quick contest

Attributes (DX, IQ, HT …) roll like skills. When the scene tracks a combatant's Aim or
Evaluate, the bonus is added by the scene commands, not here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules import gurps
from rules.gurps import Level
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    CONTEST_GRADES,
    contest_chances,
    outcome,
    reject_unknown,
    signed_words,
    typed_or_rolled,
)
from tui.session.table.entry import Check, EntryError, Side

__all__ = ["GRADES", "GurpsAdapter"]

GRADES = {
    Level.CRITICAL_SUCCESS: "critical",
    Level.SUCCESS: "success",
    Level.FAILURE: "failure",
    Level.CRITICAL_FAILURE: "fumble",
}


class _Roll:
    def __init__(self, campaign: Campaign, side: Side, extra: int = 0) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        raw = ch.skills.get(side.skill, ch.attributes.get(side.skill))
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise EntryError(f"{side.actor}'s {side.skill} is not a whole number ({raw!r})")
        self.base = raw
        mods, words = signed_words(side, low=-gurps.MAX_MODIFIER, high=gurps.MAX_MODIFIER)
        reject_unknown(words, ("ext",), side, ())
        self.mods = mods + ((extra,) if extra else ())
        self.skill = gurps.effective_skill(raw, mods) + extra

    @property
    def text(self) -> str:
        if not self.mods:
            return f"{self.side.actor} {self.side.skill} {self.skill}"
        mods = " ".join(f"{m:+d}" for m in self.mods)
        return f"{self.side.actor} {self.side.skill} {self.base} {mods} → {self.skill}"

    def resolve(self, rng: random.Random) -> tuple[gurps.Result, bool]:
        faces = self.side.faces
        if faces is None:
            return gurps.roll(self.skill, rng=rng), False
        if len(faces) == 1:
            return gurps.resolve(self.skill, faces[0]), True
        if len(faces) == 3:
            return gurps.resolve_dice(self.skill, faces), True
        raise EntryError(
            f"{self.side.actor}: type three dice or one 3d6 total, got {len(faces)} numbers"
        )


def _dice(result: gurps.Result) -> str:
    return f"{result.roll} [{' '.join(map(str, result.dice))}]" if result.dice else str(result.roll)


class GurpsAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        return [
            *character.skills,
            *(
                k
                for k, v in character.attributes.items()
                if isinstance(v, int) and not isinstance(v, bool)
            ),
        ]

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = _Roll(campaign, check.a)
        if check.b is None:
            dist = gurps.odds(a.skill)
            odds = tuple(Chance(lv.label, dist[lv], GRADES[lv]) for lv in reversed(Level))

            def run(state: Campaign, rng: random.Random) -> Outcome:
                result, typed = a.resolve(rng)
                text = (
                    f"{a.text}: {_dice(result)} → {result.level.label} (margin {result.margin:+d})"
                )
                return outcome(
                    state,
                    text=text,
                    actor=a.side.actor,
                    grade=GRADES[result.level],
                    inputs={
                        "skill": a.side.skill,
                        "effective": a.skill,
                        "dice": list(result.dice) or [result.roll],
                        "source": typed_or_rolled(typed),
                    },
                    result=result,
                )

            return Plan(a.text, odds, run)
        b = _Roll(campaign, check.b)
        odds = contest_chances(a.side.actor, b.side.actor, gurps.contest_odds(a.skill, b.skill))

        def run_contest(state: Campaign, rng: random.Random) -> Outcome:
            ra, ta = a.resolve(rng)
            rb, tb = b.resolve(rng)
            contest = gurps.contest(ra, rb)
            who = {"a": a.side.actor, "b": b.side.actor, None: "no winner"}[contest.winner]
            by = f" by {contest.margin}" if contest.winner else ""
            text = (
                f"{a.text}: {_dice(ra)} ({ra.margin:+d}) vs {b.text}: {_dice(rb)} "
                f"({rb.margin:+d}) → {who}{by}"
            )
            grade = CONTEST_GRADES[contest.winner]
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=grade,
                inputs={
                    "a": list(ra.dice) or [ra.roll],
                    "b": list(rb.dice) or [rb.roll],
                    "source": typed_or_rolled(ta and tb),
                },
                result=contest,
            )

        return Plan(f"{a.text} vs {b.text}", odds, run_contest)
