"""The d6 pool at the table: ``ann climb [= 5 6 2]`` rolls Ann's Climb pool.

A character's skill value is the number of dice. Every hit of a successful roll adds one to
the roller's ``Momentum`` resource (a toy rule, so a roll changes the campaign and undo has
something to take back).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tests.d6pool import rules
from tests.d6pool.rules import Level
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import draw, outcome, reject_unknown, typed_or_rolled
from tui.session.table.entry import Check, EntryError

__all__ = ["GRADES", "PoolAdapter"]

GRADES = {Level.CRITICAL: "critical", Level.SUCCESS: "success", Level.FAILURE: "failure"}


class PoolAdapter:
    def rollables(self, character: Character) -> Sequence[str]:
        return list(character.skills)

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        if check.b is not None:
            raise EntryError("the d6 pool has no opposed rolls")
        side = check.a
        pool = campaign.character(side.actor).skills[side.skill]
        if not isinstance(pool, int) or isinstance(pool, bool):
            raise EntryError(f"{side.actor}'s {side.skill} is not a number of dice ({pool!r})")
        reject_unknown(side.words, ("ext",), side, ())
        dist = rules.odds(pool)
        odds = tuple(Chance(lv.label, dist[lv], GRADES[lv]) for lv in reversed(Level))
        what = f"{side.actor} {side.skill} {pool}d6"

        def run(state: Campaign, rng: random.Random) -> Outcome:
            faces, typed = draw(side.faces, pool, 6, rng, what=f"{side.actor}'s {pool}d6")
            result = rules.resolve(faces)
            ch = state.character(side.actor)
            before = ch.resources.get("Momentum", 0)
            effects: list[str] = []
            if result.level is not Level.FAILURE:
                after = before + result.hits
                state = state.with_character(ch.with_resource("Momentum", after))
                effects.append(f"{ch.name} Momentum {before} → {after}")
            shown = " ".join(map(str, faces))
            return outcome(
                state,
                text=f"{what}: [{shown}] → {result.label}",
                actor=side.actor,
                grade=GRADES[result.level],
                inputs={
                    "skill": side.skill,
                    "pool": pool,
                    "dice": list(faces),
                    "source": typed_or_rolled(typed),
                },
                effects=effects,
                result=result,
            )

        return Plan(what, odds, run)
