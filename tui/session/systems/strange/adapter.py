"""The Strange System at the table: 4d6 against the GM's ranges, duels.

Entry forms::

    даймитрий взлом range=1,4 = 2 2 4 6                  the GM's range typed as its two d6
    kirma bow mod=-1 range=4,5 resist=3,4 = 3 3 4 5      with a resistance range
    kirma riding opposed                                 the app rolls both GM ranges
    dallah wrestling = 1 6 5 5 vs balgruf athletics = 2 4 6 6 range=3,6    a duel

Ranges are given as the GM's two dice (``range=5,4`` is 4–5) and rolled by the app when
missing. ``opposed`` (or ``resist=``) adds a resistance range. Skill levels come from the
campaign option ``ladder`` (name → required hits) or the default ladder; an NPC without
skills rolls by its danger class (``attributes.danger``) as the pseudo-skill "danger".
A character's ``extra.supports`` table names supporting skills (bow → mounted combat): a
lower-ranked supporting skill shrinks the range by the rank difference (synergy).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from rules import strange
from rules.errors import RulesError
from rules.exact import enumerate_dice
from rules.strange import Grade
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
    verdict,
)
from tui.session.table.entry import Check, EntryError, Side

__all__ = ["GRADES", "StrangeAdapter", "ladder_of"]

GRADES = {
    Grade.ABSOLUTE_CRITICAL: "critical",
    Grade.CRITICAL_SUCCESS: "critical",
    Grade.FULL_SUCCESS: "success",
    Grade.PARTIAL_SUCCESS: "partial",
    Grade.PARTIAL_FAILURE: "partial",
    Grade.FULL_FAILURE: "failure",
}
DANGER = "danger"
Span = tuple[int, int]


def ladder_of(campaign: Campaign) -> strange.Ladder:
    """The campaign's skill ladder: ``options.ladder`` (name → hits) or the default."""
    table = campaign.options.get("ladder")
    if not isinstance(table, dict) or not table:
        return strange.DEFAULT_LADDER
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in table.values()):
        raise EntryError("options.ladder must map each level name to a whole number of hits")
    ordered = sorted(table.items(), key=lambda kv: -int(kv[1]))
    levels = []
    for rank, (name, hits) in enumerate(ordered, 1):
        try:
            # a default level keeps its key, so danger classes ("professional") still find it
            default = strange.level_by_name(str(name))
            key, english = default.key, default.name_en
        except RulesError:
            key, english = str(name).casefold(), str(name)
        levels.append(strange.SkillLevel(key, str(name), english, int(hits), rank))
    return strange.make_ladder(levels)


def _level(campaign: Campaign, ch: Character, skill: str) -> tuple[strange.SkillLevel, int]:
    """(level to roll with, tie-break rank) for a character's skill or danger class."""
    ladder = ladder_of(campaign)
    if skill == DANGER:
        number = ch.attributes.get("danger")
        if not isinstance(number, int):
            raise EntryError(f"{ch.name} has no danger class (attributes.danger 1..4)")
        cls = strange.danger_class(number)
        return cls.level(ladder), cls.rank
    level = strange.level_by_name(str(ch.skills[skill]), ladder)
    return level, level.rank


def _span(raw: str, what: str) -> Span:
    parts = [p for p in raw.replace("-", ",").replace("–", ",").split(",") if p]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise EntryError(f"{what}= takes the GM's two d6, e.g. {what}=4,5; got {raw!r}")
    a, b = int(parts[0]), int(parts[1])
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise EntryError(f"{what}= dice must be within 1..6, got {raw!r}")
    return strange.range_from_dice(a, b)


class _Check:
    def __init__(self, campaign: Campaign, side: Side, opposed_default: bool = False) -> None:
        self.side = side
        ch = campaign.character(side.actor)
        self.level, self.rank = _level(campaign, ch, side.skill)
        reject_unknown(side.words, ("range", "resist", "mod", "ext"), side, ("opposed",))
        self.range = _span(side.options["range"], "range") if "range" in side.options else None
        self.resist = _span(side.options["resist"], "resist") if "resist" in side.options else None
        self.opposed = self.resist is not None or "opposed" in side.words or opposed_default
        mod = int_option(side, "mod", low=-strange.MAX_MODIFIER, high=strange.MAX_MODIFIER) or 0
        self.synergy = 0
        supports = ch.extra.get("supports", {})
        support = supports.get(side.skill) if isinstance(supports, dict) else None
        if isinstance(support, str) and support in ch.skills and "mod" not in side.options:
            helper, _ = _level(campaign, ch, support)
            self.synergy = strange.synergy_modifier(self.level.rank, helper.rank)
        self.mod = mod + self.synergy

    @property
    def text(self) -> str:
        hits = f"{self.level.required_hits} hit{'s' if self.level.required_hits > 1 else ''}"
        bits = [f"{self.side.actor} {self.side.skill} ({self.level.name_en}, {hits})"]
        bits.append(f"range {_show(self.range)}")
        if self.opposed:
            bits.append(f"resist {_show(self.resist)}")
        if self.mod:
            why = " synergy" if self.synergy else ""
            bits.append(f"mod {self.mod:+d}{why}")
        return ", ".join(bits)

    def dice(self, rng: random.Random) -> tuple[tuple[int, ...], bool]:
        return draw(self.side.faces, 4, 6, rng, what=f"{self.side.actor}'s 4d6")


def _show(span: Span | None) -> str:
    return "rolled by the app" if span is None else f"{span[0]}–{span[1]}"


def _gm_span(span: Span | None, rng: random.Random) -> tuple[Span, bool]:
    if span is not None:
        return span, True
    return strange.range_from_dice(rng.randint(1, 6), rng.randint(1, 6)), False


@lru_cache(maxsize=512)
def _known_odds(
    span: Span, resist: Span | None, required: int, mod: int
) -> tuple[tuple[Grade, Fraction], ...]:
    """Exact grade odds when the GM's ranges are known: the 1,296 outcomes of 4d6."""
    counts: dict[Grade, int] = {}
    for dice in enumerate_dice(4, 6):
        g = strange.resolve(dice, span, required, resistance_range=resist, range_modifier=mod).grade
        counts[g] = counts.get(g, 0) + 1
    return tuple((g, Fraction(counts.get(g, 0), 1296)) for g in reversed(Grade))


def _odds(c: _Check) -> tuple[Chance, ...]:
    if c.range is not None and (c.resist is not None or not c.opposed):
        dist = dict(_known_odds(c.range, c.resist, c.level.required_hits, c.mod))
    else:
        dist = strange.odds(c.level.required_hits, c.mod, c.opposed)
    return tuple(Chance(g.label, dist.get(g, Fraction(0)), GRADES[g]) for g in reversed(Grade))


class StrangeAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        names = list(character.skills)
        if isinstance(character.attributes.get("danger"), int):
            names.append(DANGER)
        return names

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = _Check(campaign, check.a)
        if check.b is None:
            return Plan(a.text, _odds(a), lambda state, rng: self._run(state, rng, a))
        b = _Check(campaign, check.b)
        return self._duel(a, b)

    def _run(self, state: Campaign, rng: random.Random, c: _Check) -> Outcome:
        span, typed_span = _gm_span(c.range, rng)
        resist, typed_resist = (None, True) if not c.opposed else _gm_span(c.resist, rng)
        dice, typed = c.dice(rng)
        result = strange.resolve(
            dice, span, c.level.required_hits, resistance_range=resist, range_modifier=c.mod
        )
        effects = [f"impact {result.impact} on {c.side.actor}"] if result.impact else []
        text = f"{c.side.actor} {c.side.skill}: {result.label}"
        return outcome(
            state,
            text=text,
            actor=c.side.actor,
            grade=GRADES[result.grade],
            inputs={
                "skill": c.side.skill,
                "required": c.level.required_hits,
                "range": list(span),
                "resist": list(resist) if resist else None,
                "mod": c.mod,
                "dice": list(dice),
                "source": typed_or_rolled(typed and typed_span and typed_resist),
            },
            effects=effects,
            result=result,
        )

    def _duel(self, a: _Check, b: _Check) -> Plan:
        shared = a.range or b.range
        dist = _duel_odds(
            shared, a.level.required_hits, a.rank, a.mod, b.level.required_hits, b.rank, b.mod
        )
        odds = contest_chances(a.side.actor, b.side.actor, dict(dist))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            span, typed_span = _gm_span(shared, rng)
            da, ta = a.dice(rng)
            db, tb = b.dice(rng)
            duel = strange.duel_result(
                da, a.level.required_hits, a.rank, db, b.level.required_hits, b.rank, span
            )
            who = verdict(duel.winner, a.side.actor, b.side.actor)
            text = (
                f"{a.side.actor} {a.side.skill} {'-'.join(map(str, da))} "
                f"(effective {duel.a.effective_hits}) vs {b.side.actor} {b.side.skill} "
                f"{'-'.join(map(str, db))} (effective {duel.b.effective_hits}), range "
                f"{span[0]}–{span[1]}: {who}" + (" (by rank)" if duel.decided_by_rank else "")
            )
            grade = CONTEST_GRADES[duel.winner]
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=grade,
                inputs={
                    "range": list(span),
                    "a": list(da),
                    "b": list(db),
                    "source": typed_or_rolled(ta and tb and typed_span),
                },
                result=duel,
            )

        return Plan(
            f"{a.side.actor} {a.side.skill} ({a.level.name_en}) vs {b.side.actor} "
            f"{b.side.skill} ({b.level.name_en}), range {_show(shared)}",
            odds,
            run,
        )


@lru_cache(maxsize=256)
def _duel_odds(
    span: Span | None, ra: int, rank_a: int, ma: int, rb: int, rank_b: int, mb: int
) -> tuple[tuple[str | None, Fraction], ...]:
    """Exact duel odds: per GM range, the effective-hit distributions of both sides."""
    spans = (
        [(span, Fraction(1))]
        if span is not None
        else [
            (strange.range_from_dice(x, y), Fraction(1, 36))
            for x in range(1, 7)
            for y in range(1, 7)
        ]
    )
    totals: dict[str | None, Fraction] = {"a": Fraction(0), "b": Fraction(0), None: Fraction(0)}
    for s, ps in spans:
        ea = _effective(s, ra, ma)
        eb = _effective(s, rb, mb)
        for x, px in ea.items():
            for y, py in eb.items():
                w = strange.contest_winner(x, rank_a, y, rank_b)
                totals[w] += ps * px * py
    return tuple(totals.items())


@lru_cache(maxsize=1024)
def _effective(span: Span, required: int, mod: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for dice in enumerate_dice(4, 6):
        e = strange.resolve(dice, span, required, range_modifier=mod).effective_hits
        counts[e] = counts.get(e, 0) + 1
    return {e: Fraction(n, 1296) for e, n in counts.items()}
