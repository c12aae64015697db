"""The Strange System at the table: 4d6 against the GM's ranges, hard conditions, duels.

Entry forms::

    даймитрий взлом range=1,4 = 2 2 4 6                  the GM's range typed as its two d6
    kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5     synergy: Riding Combat in use
    kirma riding opposed                                 the app rolls both GM ranges
    kirma riding dice+1 mod=-1 range=4,5 = 3 3 4 5       roll values +1, range top −1
    kirma riding hard range=4,5 = 3 4 5 6                hard conditions: may Kirma act?
    dallah wrestling = 1 6 5 5 vs balgruf athletics = 2 4 6 6 range=3,6    a duel

The words of one side are in :mod:`tui.session.systems.strange.side`. Ranges are the GM's
two dice (``range=5,4`` is 4–5) and rolled by the app when missing. An NPC without skills
rolls by its danger class (``attributes.danger``) as the pseudo-skill "danger". The preview
and the committed roll are built from one :class:`~tui.session.systems.interface.Plan`, so
a duel is resolved with exactly the modifiers (``mod=``, synergy, ``dice±N``) the preview
shows. The log says, per group of dice, who rolled it: the GM "typed" it or the app
"rolled" it (``inputs.sources``; ``inputs.source`` is "typed", "rolled" or "mixed").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from rules import strange
from rules.exact import enumerate_dice
from rules.strange import Grade
from rules.strange.grades import modified_range
from tui.language import Msg, _, msg, tr
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError
from tui.session.systems.interface import Chance, Plan
from tui.session.systems.kit import CONTEST_GRADES, contest_chances, outcome, verdict
from tui.session.systems.strange.progress import PROGRESS
from tui.session.systems.strange.side import DANGER, Span, StrangeSide, ladder_of, span_text
from tui.session.systems.strange.words import level_name, result_msg, sources_msg
from tui.session.systems.strange.wounds import lands

__all__ = ["GRADES", "StrangeAdapter", "ladder_of"]

GRADES = {
    Grade.ABSOLUTE_CRITICAL: "critical",
    Grade.CRITICAL_SUCCESS: "critical",
    Grade.FULL_SUCCESS: "success",
    Grade.PARTIAL_SUCCESS: "partial",
    Grade.PARTIAL_FAILURE: "partial",
    Grade.FULL_FAILURE: "failure",
}


def _gm_span(span: Span | None, rng: random.Random) -> tuple[Span, bool]:
    if span is not None:
        return span, True
    return strange.range_from_dice(rng.randint(1, 6), rng.randint(1, 6)), False


def _sources(groups: Sequence[tuple[str, bool]]) -> tuple[str, dict[str, str], str]:
    """(log words, ``inputs.sources``, ``inputs.source``) for the groups of dice of a roll."""
    by = {name: "typed" if typed else "rolled" for name, typed in groups}
    kinds = set(by.values())
    overall = kinds.pop() if len(kinds) == 1 else "mixed"
    words = ", ".join(f"{name} {how}" for name, how in by.items())
    return words, by, overall


@lru_cache(maxsize=512)
def _known_odds(
    span: Span, resist: Span | None, required: int, mod: int, shift: int
) -> tuple[tuple[Grade, Fraction], ...]:
    """Exact grade odds when the GM's ranges are known: the 1,296 outcomes of 4d6."""
    counts: dict[Grade, int] = {}
    for dice in enumerate_dice(4, 6):
        g = strange.resolve(
            dice, span, required, resistance_range=resist, range_modifier=mod, dice_modifier=shift
        ).grade
        counts[g] = counts.get(g, 0) + 1
    return tuple((g, Fraction(counts.get(g, 0), 1296)) for g in reversed(Grade))


def _dist(c: StrangeSide) -> dict[Grade, Fraction]:
    required = c.level.required_hits
    if c.range is not None and (c.resist is not None or not c.opposed):
        return dict(_known_odds(c.range, c.resist, required, c.mod, c.dice_mod))
    return dict(strange.odds(required, c.mod, c.opposed, dice_modifier=c.dice_mod))


def _odds(dist: dict[Grade, Fraction]) -> tuple[Chance, ...]:
    return tuple(Chance(tr(g.label), dist.get(g, Fraction(0)), GRADES[g]) for g in reversed(Grade))


def _progress(dist: dict[Grade, Fraction]) -> dict[int, Fraction]:
    """Exact chance of each number of points the roll adds to an extended check's pool (the
    system's progress by grade: partial 1, full 2, critical 3), so ``ext=`` previews the
    chance to complete the check as BRP and AGE do."""
    steps: dict[int, Fraction] = {}
    for grade, p in dist.items():
        added = PROGRESS.get(grade.name, 0)
        steps[added] = steps.get(added, Fraction(0)) + p
    return steps


class StrangeAdapter:
    """Rollable names and plans for the roll entry (the system interface delegates here)."""

    def rollables(self, character: Character) -> Sequence[str]:
        names = list(character.skills)
        if isinstance(character.attributes.get("danger"), int):
            names.append(DANGER)
        return names

    def plan(self, campaign: Campaign, check: Check) -> Plan:
        a = StrangeSide(campaign, check.a)
        if check.b is None:
            return self._hard(a) if a.hard else self._single(a)
        return self._duel(a, StrangeSide(campaign, check.b))

    def _single(self, c: StrangeSide) -> Plan:
        def run(state: Campaign, rng: random.Random) -> Outcome:
            span, typed_span = _gm_span(c.range, rng)
            resist, typed_resist = (None, True) if not c.opposed else _gm_span(c.resist, rng)
            dice, typed = c.dice(rng)
            result = strange.resolve(
                dice,
                span,
                c.level.required_hits,
                resistance_range=resist,
                range_modifier=c.mod,
                dice_modifier=c.dice_mod,
            )
            groups = [("dice", typed), ("range", typed_span)]
            if resist is not None:
                groups.append(("resist", typed_resist))
            _, sources, source = _sources(groups)
            effects: list[Msg] = []
            if result.impact:  # a failure's: that many light wounds, same undo step
                state, wounded = lands(
                    state, c.side.actor, result.impact, success=result.grade.success
                )
                effects.append(wounded)
            return outcome(
                state,
                text=msg(
                    "{actor} {skill}: {result}; {sources}",
                    actor=c.side.actor,
                    skill=c.side.skill,
                    result=result_msg(result),
                    sources=sources_msg(sources),
                ),
                actor=c.side.actor,
                grade=GRADES[result.grade],
                inputs={
                    "skill": c.side.skill,
                    "required": c.level.required_hits,
                    "range": list(span),
                    "resist": list(resist) if resist else None,
                    "mod": c.mod,
                    "synergy": c.synergy,
                    "dice_mod": c.dice_mod,
                    "dice": list(dice),
                    "sources": sources,
                    "source": source,
                },
                effects=effects,
                result=result,
            )

        dist = _dist(c)
        return Plan(c.text, _odds(dist), run, progress=_progress(dist))

    def _hard(self, c: StrangeSide) -> Plan:
        """Hard conditions (seed): 4d6 against the GM's range; 2 of 4 in it to act at all."""
        if c.opposed:
            raise EntryError(_("hard conditions are a check of their own: no resistance range"))
        p = strange.can_act_odds(c.mod, dice_modifier=c.dice_mod, success_range=c.range)
        odds = (Chance(_("can act"), p, "success"), Chance(_("cannot act"), 1 - p, "failure"))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            span, typed_span = _gm_span(c.range, rng)
            dice, typed = c.dice(rng)
            count = strange.can_act_count(
                dice, span, range_modifier=c.mod, dice_modifier=c.dice_mod
            )
            could = strange.can_act(dice, span, range_modifier=c.mod, dice_modifier=c.dice_mod)
            _words, sources, source = _sources([("dice", typed), ("range", typed_span)])
            shown = "-".join(map(str, dice))
            if c.dice_mod:
                shown += f" {c.dice_mod:+d} -> " + "-".join(
                    map(str, strange.shifted(dice, c.dice_mod))
                )
            mod = f" {c.mod:+d}" if c.mod else ""
            text = msg(
                "{actor} under hard conditions ({skill}): {dice} vs {low}-{high}{mod}: "
                "{count} of 4 in range → {verdict}; {sources}",
                actor=c.side.actor,
                skill=c.side.skill,
                dice=shown,
                low=span[0],
                high=span[1],
                mod=mod,
                count=count,
                verdict=msg("can act") if could else msg("cannot act"),
                sources=sources_msg(sources),
            )
            return outcome(
                state,
                text=text,
                actor=c.side.actor,
                grade="success" if could else "failure",
                inputs={
                    "skill": c.side.skill,
                    "hard": True,
                    "range": list(span),
                    "mod": c.mod,
                    "dice_mod": c.dice_mod,
                    "dice": list(dice),
                    "in_range": count,
                    "can_act": could,
                    "sources": sources,
                    "source": source,
                },
                effects=[
                    msg("{actor} may act this round", actor=c.side.actor)
                    if could
                    else msg("{actor} cannot act this round", actor=c.side.actor)
                ],
                result=could,
            )

        summary = _(
            "{actor} under hard conditions ({skill}): 2 of 4 dice in range {range} to act"
        ).format(actor=c.side.actor, skill=c.side.skill, range=span_text(c.range))
        extra = ", ".join(
            t
            for t in (
                c.mod_text,
                _("dice {mod}").format(mod=f"{c.dice_mod:+d}") if c.dice_mod else "",
            )
            if t
        )
        return Plan(summary + (f", {extra}" if extra else ""), odds, run)

    def _duel(self, a: StrangeSide, b: StrangeSide) -> Plan:
        for c in (a, b):
            if c.hard:
                raise EntryError(_("hard conditions are a check of their own: roll them alone"))
            if c.opposed:
                raise EntryError(
                    _(
                        "a duel has no resistance range: both sides roll against the same range "
                        "(drop resist=/opposed)"
                    )
                )
        if a.range is not None and b.range is not None and a.range != b.range:
            raise EntryError(_("a duel has one range for both sides: give range= once"))
        shared = a.range or b.range
        dist = _duel_odds(shared, _key(a), _key(b))
        odds = contest_chances(a.side.actor, b.side.actor, dict(dist))

        def run(state: Campaign, rng: random.Random) -> Outcome:
            span, typed_span = _gm_span(shared, rng)
            da, ta = a.dice(rng)
            db, tb = b.dice(rng)
            duel = strange.duel_result(
                da,
                a.level.required_hits,
                a.rank,
                db,
                b.level.required_hits,
                b.rank,
                span,
                a_modifier=a.mod,
                b_modifier=b.mod,
                a_dice_modifier=a.dice_mod,
                b_dice_modifier=b.dice_mod,
            )
            who = verdict(duel.winner, a.side.actor, b.side.actor)
            how: str | Msg = msg(" (by rank)") if duel.decided_by_rank else ""
            if duel.decided_by_absolute:
                how = " (4-4-4-4)"
            _checks, sources, source = _sources(
                [(a.side.actor, ta), (b.side.actor, tb), ("range", typed_span)]
            )
            text = msg(
                "{a} vs {b}, range {low}–{high} {how}: {who}{decided}",
                a=_duel_side(a, duel.a, ta),
                b=_duel_side(b, duel.b, tb),
                low=span[0],
                high=span[1],
                how=_how(typed_span),
                who=who,
                decided=how,
            )
            return outcome(
                state,
                text=text,
                actor=a.side.actor,
                grade=CONTEST_GRADES[duel.winner],
                inputs={
                    "range": list(span),
                    "a": list(da),
                    "b": list(db),
                    "a_mod": a.mod,
                    "b_mod": b.mod,
                    "a_dice_mod": a.dice_mod,
                    "b_dice_mod": b.dice_mod,
                    "sources": sources,
                    "source": source,
                },
                result=duel,
            )

        return Plan(
            _("{a} vs {b}, range {range}").format(
                a=_duel_text(a), b=_duel_text(b), range=span_text(shared)
            ),
            odds,
            run,
        )


def _duel_text(c: StrangeSide) -> str:
    bits = [c.mod_text, _("dice {mod}").format(mod=f"{c.dice_mod:+d}") if c.dice_mod else ""]
    extra = ", ".join(b for b in bits if b)
    return _("{actor} {skill} ({level}, rank {rank}{extra})").format(
        actor=c.side.actor,
        skill=c.side.skill,
        level=level_name(c.level),
        rank=strange.rank_text(c.rank),
        extra=f"; {extra}" if extra else "",
    )


def _how(typed: bool) -> Msg:
    return msg("typed") if typed else msg("rolled")


def _duel_side(c: StrangeSide, r: strange.Result, typed: bool) -> Msg:
    mods = msg(" mod {mod}", mod=f"{c.mod:+d}") if c.mod else ""
    return msg(
        "{actor} {skill} {dice} {how}{mods} (effective {effective})",
        actor=c.side.actor,
        skill=c.side.skill,
        dice=r.dice_text,
        how=msg("from #{n}", n=c.recorded) if c.recorded else _how(typed),
        mods=mods,
        effective=r.effective_hits,
    )


#: required hits, rank, range modifier, dice shift, the dice when already known (typed, or
#: the recorded action's dice a reaction duel reuses)
Key = tuple[int, strange.Rank, int, int, tuple[int, ...] | None]


def _key(c: StrangeSide) -> Key:
    faces = c.side.faces if c.side.faces is not None and len(c.side.faces) == 4 else None
    return c.level.required_hits, c.rank, c.mod, c.dice_mod, faces


@lru_cache(maxsize=256)
def _duel_odds(span: Span | None, a: Key, b: Key) -> tuple[tuple[str | None, Fraction], ...]:
    """Exact duel odds: per GM range, both sides' distributions of (effective hits, 4-4-4-4).

    A side whose dice are known (typed, or an action's recorded roll) has one outcome per
    range: the preview says the odds of what Enter will resolve, not of fresh dice.
    Counted in integers (ways out of 36 GM rolls × 1,296 × 1,296) with one division at the
    end; the GM's 36 rolls give 21 distinct ranges, and the winner of each pair of
    (hits, 4-4-4-4) is decided once per duel.
    """
    spans: dict[Span, int] = {}
    if span is not None:
        spans[span] = 1
    else:
        for x in range(1, 7):
            for y in range(1, 7):
                s = strange.range_from_dice(x, y)
                spans[s] = spans.get(s, 0) + 1
    ways: dict[str | None, int] = {"a": 0, "b": 0, None: 0}
    decided: dict[tuple[int, bool, int, bool], str | None] = {}
    for s, n in spans.items():
        ea = _effective_ways(s, a[0], a[2], a[3], a[4])
        eb = _effective_ways(s, b[0], b[2], b[3], b[4])
        for (x, ax), nx in ea:
            for (y, by), ny in eb:
                pair = (x, ax, y, by)
                w = decided.get(pair, "?")
                if w == "?":
                    w = decided[pair] = strange.contest_winner(
                        x, a[1], y, b[1], a_absolute=ax, b_absolute=by
                    )
                ways[w] += n * nx * ny
    total = sum(spans.values()) * 1296 * 1296
    return tuple((k, Fraction(v, total)) for k, v in ways.items())


def _effective(span: Span, required: int, mod: int, shift: int) -> dict[tuple[int, bool], Fraction]:
    """(effective hits, 4-4-4-4) of one side's 4d6 against a known range, exactly."""
    return {k: Fraction(n, 1296) for k, n in _effective_ways(span, required, mod, shift)}


@lru_cache(maxsize=1024)
def _effective_ways(
    span: Span, required: int, mod: int, shift: int, known: tuple[int, ...] | None = None
) -> tuple[tuple[tuple[int, bool], int], ...]:
    """Ways out of 1,296 to get each (effective hits, 4-4-4-4) with 4d6 against a range
    (all 1,296 on one outcome when the dice are ``known``).

    Hits only depend on how many faces (after the shift) lie in the modified range, so H is
    binomial over 4 dice; the one roll 4-4-4-4 is moved to its own key. A handful of integer
    steps instead of 1,296 resolves, so a duel preview over the GM's 36 ranges is instant.
    """
    if known is not None:
        r = strange.resolve(known, span, required, range_modifier=mod, dice_modifier=shift)
        return (((r.effective_hits, r.absolute), 1296),)
    top = modified_range(span[0], span[1], mod)
    faces = [min(6, max(1, f + shift)) for f in range(1, 7)]
    inside = 0 if top is None else sum(top[0] <= f <= top[1] for f in faces)
    outside = 6 - inside
    counts: dict[tuple[int, bool], int] = {}
    for hits in range(5):
        n = comb(4, hits) * inside**hits * outside ** (4 - hits)
        if n:
            counts[(hits + max(0, hits - required), False)] = n
    four_in = top is not None and top[0] <= faces[3] <= top[1]
    h = 4 if four_in else 0
    key = (h + max(0, h - required), False)
    counts[key] -= 1
    if not counts[key]:
        del counts[key]
    counts[(key[0], True)] = 1
    return tuple(counts.items())
