""" "Who should roll this?": every party member's exact odds for one check (``/best``).

``/best SKILL [modifiers]`` (and ctrl+b on a typed check) plans, for each party member, the
roll line that member would type (the skill as that character names it, the same
modifiers), so the odds are the ones the roll would have.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tui.language import _
from tui.session.entry.entry import Slash
from tui.session.entry.names import NameError_, match_prefix_words, names_of, nearest
from tui.session.entry.steps import message_of
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.protocol.plans import Chance

__all__ = ["COMMANDS", "SUCCESS_GRADES", "Candidate", "best_rolls"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()

#: grades that count as "it worked" for the ranking
SUCCESS_GRADES = frozenset({"critical", "special", "success"})
_MODIFIER = re.compile(r"^[+\-−]?\d+$|=")


@dataclass(frozen=True)
class Candidate:
    """One party member's row: the line they would roll and its exact odds."""

    character: str
    skill: str = ""  # the skill they would use ("" when they cannot roll it)
    line: str = ""
    odds: tuple[Chance, ...] = ()
    problem: str = ""

    def chance(self, grades: frozenset[str]) -> Fraction:
        return sum((c.p for c in self.odds if c.grade in grades), Fraction(0))

    @property
    def success(self) -> Fraction:
        """The chance of a success or better."""
        return self.chance(SUCCESS_GRADES)

    @property
    def rank(self) -> tuple[int, Fraction, Fraction, Fraction]:
        return (
            0 if self.odds else 1,
            -self.success,
            -self.chance(frozenset({"critical"})),
            -self.chance(frozenset({"partial"})),
        )


def _split(words: Sequence[str]) -> tuple[list[str], list[str]]:
    """(skill words, modifier words): a skill name stops at a number or key=value."""
    cut = next((i for i, w in enumerate(words) if _MODIFIER.search(w)), len(words))
    return list(words[:cut]), list(words[cut:])


def best_rolls(table: SlashContext, words: Sequence[str]) -> list[Candidate]:
    """Every party member's row for the check ``words`` (``spot hidden hard``), best first:
    by the chance of a success or better, then of a critical, then of a partial result.
    Those who cannot roll the skill come last, with the reason, not with a stand-in skill:
    what a missing skill falls back to (a BRP base chance, an AGE ability without its
    focus) is the GM's call, and ``/best Dexterity`` asks for the fallback directly."""
    skill_words, tail = _split(words)
    rows: list[Candidate] = []
    for ch in table.campaign.characters:
        if ch.side != "party":
            continue
        skills = table.skill_aliases(ch.name)
        try:
            found = match_prefix_words(
                skill_words, names_of(skills), what=f"skill of {ch.name}", same=skills
            )
        except NameError_ as exc:
            rows.append(Candidate(ch.name, problem=str(exc)))
            continue
        skill = skills.get(found.name, found.name)
        mods = [*skill_words[found.consumed :], *tail]
        line = " ".join([ch.name, skill, *mods])
        try:
            plan = table.plan(line)
        except Exception as exc:  # every problem of a row is shown in its row
            rows.append(Candidate(ch.name, skill, line, problem=message_of(exc)))
            continue
        rows.append(Candidate(ch.name, skill, line, plan.odds))
    order = {c.name: i for i, c in enumerate(table.campaign.characters)}
    return sorted(rows, key=lambda r: (*r.rank, order.get(r.character, 0)))


@COMMANDS.slash(
    "best",
    "/best SKILL [modifiers]",
    "who should roll this? every party member's odds, best first (ctrl+b on a check)",
    args="SKILL MODIFIER…",
)
def _best(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.args:
        return Feedback(False, _("usage: /best SKILL [modifiers], e.g. /best spot hidden hard"))
    rows = best_rolls(table, cmd.args)
    if not any(r.odds for r in rows):
        if not rows:
            return Feedback(False, _("the party is empty: nobody can roll"))
        every = {
            s
            for ch in table.campaign.characters
            if ch.side == "party"
            for s in table.rollables(ch.name)
        }
        near = nearest(" ".join(_split(cmd.args)[0]), every)
        hint = _("; did you mean {names}?").format(names=", ".join(near)) if near else ""
        problems = {r.problem for r in rows if r.skill}
        why = f" ({next(iter(problems))})" if len(problems) == 1 else ""
        return Feedback(
            False,
            _("no party member can roll {check!r}{why}{hint}").format(
                check=cmd.rest, why=why, hint=hint
            ),
            at=len("/best "),
        )
    return Feedback(
        True, _("who should roll {check}?").format(check=cmd.rest), action="best", argument=cmd.rest
    )
