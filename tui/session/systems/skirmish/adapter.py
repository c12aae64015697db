"""The d10 skirmish system at the table: characteristic tests and competitive tests.

Entry forms::

    samurai fighting [die=d10|d12|d20] [+N|-N] [xN] [/N] [set=N] [dice=N] [= 5]
    samurai fighting = 5 vs yamabushi = 8          a competitive test, one die each
    master body strength +6 dice=3 = 3 4 9         several dice, each tested alone

Modifiers follow the seed's order (multiply/divide, then add/subtract, then a fixed value).
The die defaults to the campaign option ``die`` (d10). With the d20, equal faces in a
contest go to the higher raw d20 when the campaign option ``raw_tiebreak`` is true or the
word ``raw`` is given.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from rules import skirmish
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    CONTEST_GRADES,
    contest_chances,
    draw,
    int_option,
    outcome,
    reject_unknown,
    typed_or_rolled,
)
from tui.session.table.entry import Check, EntryError, Side
from tui.session.table.wording import plural

__all__ = ["SkirmishAdapter"]

GRADES = {
    skirmish.Outcome.LUCKY: "critical",
    skirmish.Outcome.SUCCESS: "success",
    skirmish.Outcome.FAILURE: "failure",
    skirmish.Outcome.CATASTROPHIC: "fumble",
}
_MOD = re.compile(r"^([+\-x*/])(\d{1,4})$")
_KIND = {"+": "add", "-": "sub", "x": "mul", "*": "mul", "/": "div"}


class _Test:
    def __init__(self, campaign: Campaign, side: Side) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        base = ch.skills[side.skill]
        if not isinstance(base, int) or isinstance(base, bool):
            raise EntryError(f"{side.actor}'s {side.skill} is not a number ({base!r})")
        self.base = base
        die = side.options.get("die", str(campaign.options.get("die", "d10"))).casefold()
        if die not in skirmish.DIES:
            raise EntryError(f"die= must be one of {', '.join(skirmish.DIES)}, got {die!r}")
        self.die = die
        mods: list[tuple[str, int]] = []
        rest: list[str] = []
        for word in side.words:
            m = _MOD.match(word.replace("−", "-"))
            if m:
                mods.append((_KIND[m.group(1)], int(m.group(2))))
            else:
                rest.append(word)
        fixed = int_option(side, "set", low=-99, high=99)
        if fixed is not None:
            mods.append(("set", fixed))
        reject_unknown(rest, ("die", "set", "dice", "ext"), side, ("raw",))
        self.raw = "raw" in rest or bool(campaign.options.get("raw_tiebreak", False))
        self.mods = tuple(mods)
        self.value = skirmish.effective_value(base, self.mods)
        count = int_option(side, "dice", low=1, high=skirmish.MAX_DICE)
        if count is None:
            count = len(side.faces) if side.faces else 1
        self.count = count

    @property
    def sides(self) -> int:
        return skirmish.SIDES[self.die]

    @property
    def text(self) -> str:
        mods = " ".join(f"{k} {n}" for k, n in self.mods)
        dice = f"{self.count}×" if self.count > 1 else ""
        shown = f"{self.base} ({mods}) → {self.value}" if self.mods else f"{self.value}"
        return f"{self.side.actor} {self.side.skill} {shown} on {dice}{self.die}"

    def faces(self, rng: random.Random) -> tuple[tuple[int, ...], bool]:
        return draw(
            self.side.faces, self.count, self.sides, rng, what=f"{self.side.actor}'s {self.die}"
        )


def _single_odds(value: int, die: str) -> tuple[Chance, ...]:
    dist = skirmish.odds(value, die)
    return (
        Chance("lucky chance", dist["lucky"], "critical"),
        Chance("success", dist["success"], "success"),
        Chance("failure", dist["failure"], "failure"),
        Chance("catastrophic", dist["catastrophic"], "fumble"),
    )


class SkirmishAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        return list(character.skills)

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = _Test(campaign, check.a)
        if check.b is None:
            return self._single(a)
        b = _Test(campaign, check.b)
        if a.die != b.die:
            raise EntryError(f"both sides must roll the same die ({a.die} vs {b.die})")
        return self._contest(a, b)

    def _single(self, t: _Test) -> Plan:
        def run(state: Campaign, rng: random.Random) -> Outcome:
            faces, typed = t.faces(rng)
            results = [skirmish.test(t.value, f, t.die) for f in faces]
            best = max(results, key=lambda r: r.outcome)
            parts = ", ".join(f"{r.roll}: {r.outcome.label}" for r in results)
            plain = sum(r.success and not r.lucky for r in results)
            lucky = sum(r.lucky for r in results)
            summary = (
                f" ({plain} success{'es' if plain != 1 else ''}, {lucky} lucky)"
                if len(results) > 1
                else ""
            )
            return outcome(
                state,
                text=f"{t.text}: {parts}{summary}",
                actor=t.side.actor,
                grade=GRADES[best.outcome],
                inputs={
                    "skill": t.side.skill,
                    "value": t.value,
                    "die": t.die,
                    "dice": list(faces),
                    "source": typed_or_rolled(typed),
                },
                result=tuple(results),
            )

        return Plan(t.text, _single_odds(t.value, t.die), run)

    def _contest(self, a: _Test, b: _Test) -> Plan:
        raw = a.raw or b.raw
        if a.count == 1 and b.count == 1:
            odds = contest_chances(
                a.side.actor, b.side.actor, skirmish.contest_odds(a.value, b.value, a.die, raw)
            )
        else:
            odds = _single_odds(a.value, a.die)

        def run(state: Campaign, rng: random.Random) -> Outcome:
            fa, ta = a.faces(rng)
            fb, tb = b.faces(rng)
            result = skirmish.contest(a.value, fa, b.value, fb, a.die, raw)
            names = {"a": a.side.actor, "b": b.side.actor}
            if result.winner is None:
                verdict = "draw: all successes cancel" if result.draw else "nobody acts"
            else:
                hits = result.a_hits if result.winner == "a" else result.b_hits
                verdict = (f"{names[result.winner]} acts with {plural(len(hits), 'hit')} "
                           f"{list(hits)}")
            text = f"{a.text} {list(fa)} vs {b.text} {list(fb)}: {verdict}"
            catas = [
                f"{n}: catastrophic failure"
                for n, rs in ((a.side.actor, result.a), (b.side.actor, result.b))
                for r in rs
                if r.catastrophic
            ]
            grade = CONTEST_GRADES[result.winner]
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=grade,
                inputs={
                    "a": list(fa),
                    "b": list(fb),
                    "die": a.die,
                    "source": typed_or_rolled(ta and tb),
                },
                effects=catas,
                result=result,
            )

        return Plan(f"{a.text} vs {b.text}", odds, run)
