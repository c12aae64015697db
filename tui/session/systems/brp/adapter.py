"""Basic Roleplaying at the table: skill checks, characteristic rolls, opposed and resistance.

Entry forms::

    alice spot hidden [easy|hard|automatic|impossible] [nostakes] [+N|-N] [= 07]
    alice stealth vs boris listen [= 42] [= 17]      skill against skill
    alice stealth vs boris listen vs carl spot       every acting side rolls (any number)
    alice str vs boulder siz [= 33]                  characteristics: the resistance table

A characteristic rolled alone is a ×5 roll (STR 13 → 65 %), the usual BRP characteristic
roll. A signed number adds percentage points to the skill before difficulty. The first
eligible success of a *skill* in the adventure sets its experience tick (not for
characteristics, which do not improve by experience).

Opposed rolls with more than two sides follow the seed's «все действующие стороны»
(``rules.brp.opposed_many``): the single best quality wins and is lowered by the best
opposition, every other success becomes a failure; equal plain successes go to the higher
skill rating (before difficulty), equal specials or criticals cancel. A success cancelled
still ticks. Two characteristics use the resistance table, which has two sides only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules import brp
from rules.brp import Level
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import (
    draw,
    outcome,
    reject_unknown,
    side_grade,
    side_names,
    signed_words,
    typed_or_rolled,
)
from tui.session.table.entry import Check, EntryError, Side

__all__ = ["GRADES", "BrpAdapter"]

GRADES = {
    Level.CRITICAL: "critical",
    Level.SPECIAL: "special",
    Level.SUCCESS: "success",
    Level.FAILURE: "failure",
    Level.FUMBLE: "fumble",
}
_WORDS = ("easy", "normal", "hard", "automatic", "impossible", "nostakes")


def _odds(chance: int) -> tuple[Chance, ...]:
    dist = brp.odds(chance)
    return tuple(Chance(level.label, dist[level], GRADES[level]) for level in reversed(Level))


class _Roll:
    """One side of a BRP roll after validation: base value, difficulty, final chance."""

    def __init__(self, campaign: Campaign, side: Side) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        self.is_skill = side.skill in ch.skills
        raw = ch.skills[side.skill] if self.is_skill else ch.attributes[side.skill]
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise EntryError(f"{side.actor}'s {side.skill} is not a number ({raw!r})")
        self.value = raw
        numbers, words = signed_words(side, low=-200, high=200, what="modifier")
        reject_unknown(words, ("ext",), side, _WORDS)
        diffs = [w for w in words if w in brp.DIFFICULTIES]
        if len(diffs) > 1:
            raise EntryError(f"pick one difficulty, not {' and '.join(diffs)}")
        self.difficulty = diffs[0] if diffs else "normal"
        self.stakes = "nostakes" not in words
        self.base = max(0, (raw if self.is_skill else raw * 5) + sum(numbers))
        self.numbers = numbers
        if self.difficulty in ("automatic", "impossible"):
            self.chance = 0 if self.difficulty == "impossible" else 100
        else:
            self.chance = brp.effective_chance(self.base, self.difficulty)

    @property
    def target_text(self) -> str:
        kind = "" if self.is_skill else "×5"
        mods = "".join(f"{n:+d}" for n in self.numbers)
        diff = "" if self.difficulty == "normal" else f" {self.difficulty}"
        if not (kind or mods or diff):
            return f"{self.side.skill} {self.chance}%"
        return f"{self.side.skill} {self.value}{kind}{mods}{diff} → {self.chance}%"

    def resolve(self, rng: random.Random) -> tuple[brp.Check, bool]:
        if self.difficulty == "automatic":
            if self.side.faces is not None:
                raise EntryError("an automatic check takes no dice")
            return brp.check(self.base, "automatic", None, stakes=self.stakes), False
        faces, typed = draw(self.side.faces, 1, 100, rng, what=f"{self.side.actor}'s d100")
        return brp.check(self.base, self.difficulty, faces[0], stakes=self.stakes), typed


def _tick(
    campaign: Campaign, roll: _Roll, level: Level, eligible: bool
) -> tuple[Campaign, list[str]]:
    if not (roll.is_skill and eligible):
        return campaign, []
    ch = campaign.character(roll.side.actor)
    if roll.side.skill in ch.ticks:
        return campaign, []
    updated = ch.with_ticks((*ch.ticks, roll.side.skill))
    return campaign.with_character(updated), [f"tick: {ch.name} · {roll.side.skill}"]


def _dice_text(check: brp.Check) -> str:
    return "no roll" if check.roll is None else brp.face_text(check.roll)


class BrpAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        return [*character.skills, *character.attributes]

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        if check.b is None:
            return self._single(campaign, check.a)
        a_char, b_char = campaign.character(check.a.actor), campaign.character(check.b.actor)
        a_attr = check.a.skill in a_char.attributes and check.a.skill not in a_char.skills
        b_attr = check.b.skill in b_char.attributes and check.b.skill not in b_char.skills
        if a_attr and b_attr:
            if check.more:
                raise EntryError("a resistance roll (characteristic against characteristic) "
                                 "has two sides: active and passive")
            return self._resistance(campaign, check.a, check.b)
        return self._opposed(campaign, check.sides)

    def _single(self, campaign: Campaign, side: Side) -> Plan:
        roll = _Roll(campaign, side)
        odds = () if roll.difficulty == "automatic" else _odds(roll.chance)

        def run(state: Campaign, rng: random.Random) -> Outcome:
            result, typed = roll.resolve(rng)
            new, effects = _tick(state, roll, result.level, result.tick_eligible)
            text = f"{side.actor} · {roll.target_text}: {_dice_text(result)} → {result.level.label}"
            return outcome(
                new,
                text=text,
                actor=side.actor,
                grade=GRADES[result.level],
                inputs={
                    "skill": side.skill,
                    "chance": roll.chance,
                    "difficulty": roll.difficulty,
                    "dice": [result.roll or 0],
                    "source": typed_or_rolled(typed),
                },
                effects=effects,
                result=result,
            )

        summary = f"{side.actor} · {roll.target_text}"
        if roll.difficulty == "automatic":
            summary += " (automatic success, no roll, no tick)"
        return Plan(summary, odds, run)

    def _opposed(self, campaign: Campaign, sides: Sequence[Side]) -> Plan:
        rolls = [_Roll(campaign, side) for side in sides]
        if any(r.difficulty == "automatic" for r in rolls):
            raise EntryError("an opposed roll cannot be automatic: every side rolls")
        names = side_names(sides)
        dist = brp.opposed_odds(tuple(r.chance for r in rolls), tuple(r.base for r in rolls))
        wins = [Chance(f"{name} wins", dist[i], side_grade(sides, i))
                for i, name in enumerate(names)]
        odds = (*wins, Chance("no winner", dist[None], "partial"))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            drawn = [r.resolve(rng) for r in rolls]
            checks = [c for c, _ in drawn]
            result = brp.opposed_many(tuple(c.level for c in checks),
                                      tuple(r.base for r in rolls))
            new, effects = state, []
            for r, c in zip(rolls, checks, strict=True):
                new, fx = _tick(new, r, c.level, c.tick_eligible)
                effects.extend(fx)
            who = "no winner" if result.winner is None else f"{names[result.winner]} wins"
            parts = [
                f"{r.side.actor} {r.side.skill} {_dice_text(c)}/{r.chance}% "
                f"({c.level.label}→{after.label})"
                for r, c, after in zip(rolls, checks, result.after, strict=True)
            ]
            grade = side_grade(sides, result.winner)
            inputs: dict[str, object] = {
                key: [c.roll or 0] for key, c in zip("abcdefghijklmnop", checks, strict=False)
            }
            inputs["source"] = typed_or_rolled(all(t for _, t in drawn))
            return outcome(
                new,
                text=f"{' vs '.join(parts)}: {who}",
                actor=sides[0].actor,
                grade=grade,
                inputs=inputs,
                effects=effects,
                result=result,
            )

        summary = " vs ".join(f"{r.side.actor} {r.target_text}" for r in rolls)
        return Plan(summary, odds, run)

    def _resistance(self, campaign: Campaign, a_side: Side, b_side: Side) -> Plan:
        active = campaign.character(a_side.actor).attributes[a_side.skill]
        passive = campaign.character(b_side.actor).attributes[b_side.skill]
        if not isinstance(active, int) or not isinstance(passive, int):
            raise EntryError("resistance rolls need whole-number characteristics")
        if a_side.words or b_side.words:
            raise EntryError("a resistance roll takes no modifiers")
        if a_side.faces is not None and b_side.faces is not None:
            raise EntryError("a resistance roll is one d100: type it once (the active side's)")
        # "alice str vs boulder siz = 40": dice typed at the end belong to the only roll
        typed_faces = a_side.faces if a_side.faces is not None else b_side.faces
        chance = brp.resistance_chance(active, passive)
        p = brp.resistance_odds(active, passive)
        odds = (
            Chance(f"{a_side.actor} succeeds", p, "success"),
            Chance(f"{b_side.actor} resists", 1 - p, "failure"),
        )

        def run(state: Campaign, rng: random.Random) -> Outcome:
            automatic = chance in (0, 100)
            if automatic:
                if typed_faces is not None:
                    raise EntryError(f"no roll needed: {chance}% is automatic")
                face, typed = None, False
            else:
                faces, typed = draw(typed_faces, 1, 100, rng, what="d100")
                face = faces[0]
            result = brp.resistance_roll(active, passive, face)
            text = (
                f"{a_side.actor} {a_side.skill} {active} vs {b_side.actor} {b_side.skill} "
                f"{passive} ({chance}%): {result.label}"
            )
            return outcome(
                state,
                text=text,
                actor=a_side.actor,
                grade="success" if result.success else "failure",
                inputs={
                    "active": active,
                    "passive": passive,
                    "chance": chance,
                    "dice": [face or 0],
                    "source": typed_or_rolled(typed),
                },
                result=result,
            )

        summary = (
            f"{a_side.actor} {a_side.skill} {active} vs {b_side.actor} {b_side.skill} "
            f"{passive} → resistance {chance}%"
        )
        return Plan(summary, odds, run)
