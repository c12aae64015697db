"""The party's best chance to complete a new extended check: the warning at ``/ext``.

A check the party can hardly complete in its time (two rolls of a GURPS safe that need two
criticals) is a slip in the numbers more often than the GM's intent, so creation says so.
The chance is exact, for the party member and the skill that do best if they make every roll
that fits (the preview's ``ext=`` line computes the same for the roller at hand). Only the
check's allowed skills count when it names some; a skill that cannot be planned without
more words (a GM's range in some systems) is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules import age
from rules.errors import RulesError
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.extended.data import covers, from_check
from tui.session.protocol.plans import Chance
from tui.session.protocol.system import System

__all__ = ["Best", "best_chance"]

#: at most this many (character, skill) pairs are planned: creation stays instant
MAX_PAIRS = 200


@dataclass(frozen=True)
class Best:
    """The best chance to complete a check, and who makes it with which skill."""

    p: Fraction
    who: str
    skill: str

    @property
    def percent(self) -> str:
        return Chance("", self.p, "").percent


def best_chance(system: System, campaign: Campaign, chk: ExtendedCheck) -> Best | None:
    """The party's best exact chance to complete ``chk`` from its start, or None when no
    party member has a skill the system can plan for it."""
    test = from_check(chk)
    rolls = min(test.rolls_left, age.MAX_ROLLS)
    needed = min(test.needed, age.MAX_THRESHOLD)
    best: Best | None = None
    pairs = 0
    for ch in campaign.characters:
        if ch.side != "party":
            continue
        for skill in system.rollables(ch):
            if chk.allowed_skills and not any(covers(a, skill) for a in chk.allowed_skills):
                continue
            pairs += 1
            if pairs > MAX_PAIRS:
                return best
            side = system.with_check_tn(Side(ch.name, skill), test.tn)
            try:
                steps = system.extended_steps(system.plan(campaign, Check(side)))
            except (EntryError, RulesError):
                continue
            if steps is None:
                continue
            p = age.pool_completion_odds(steps, needed, rolls)
            if best is None or p > best.p:
                best = Best(p, ch.name, skill)
    return best
