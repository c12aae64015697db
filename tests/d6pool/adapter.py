"""The d6 pool at the table: ``ann climb [= 5 6 2]`` rolls Ann's Climb pool.

A character's skill value is the number of dice (``easy``: one more, at most six). Every hit
of a successful roll adds one to the roller's ``Momentum`` resource (a toy rule, so a roll
changes the campaign and undo has something to take back). Its words are shown in the GM's
language from :mod:`tests.d6pool.ru`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tests.d6pool import ru, rules
from tests.d6pool.rules import Level, Result
from tui import language as i18n
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import draw, outcome, reject_unknown, typed_or_rolled

__all__ = ["GRADES", "PoolAdapter"]

GRADES = {Level.CRITICAL: "critical", Level.SUCCESS: "success", Level.FAILURE: "failure"}


def level_name(level: Level) -> str:
    return ru.LEVELS[level.label] if i18n.current() == "ru" else level.label


def label(result: Result) -> str:
    """``2 hits: success``, or in Russian ``2 попадания: успех``."""
    if i18n.current() != "ru":
        return result.label
    hits = ru.HITS[i18n.ru_form(result.hits)].format(n=result.hits)
    return f"{hits}: {level_name(result.level)}"


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
        reject_unknown(side.words, ("ext",), side, ("easy",))
        if "easy" in side.words:
            pool = min(pool + 1, rules.MAX_DICE)
        dist = rules.odds(pool)
        odds = tuple(Chance(level_name(lv), dist[lv], GRADES[lv]) for lv in reversed(Level))
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
                text=f"{what}: [{shown}] → {label(result)}",
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
