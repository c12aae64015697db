"""The preview's chance to complete an extended check, or to win a race, from this roll on.

The chance is exact and assumes the same character (with the same modifiers) makes every
roll left; the rules functions it calls are cached by their inputs, so typing along a line
costs the first keystroke's computation only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from rules import age
from rules.age import ChallengeTest, Status
from tui.language import _, ngettext
from tui.session.campaign.model import Campaign
from tui.session.entry.entry import Check
from tui.session.extended.data import from_check
from tui.session.extended.save import from_race, is_race
from tui.session.protocol.plans import Chance, Plan
from tui.session.protocol.system import System

__all__ = ["completion_note"]


def _pct(p: Fraction) -> str:
    return Chance("", p, "").percent


def completion_note(
    system: System, campaign: Campaign, name: str, check: Check, plan: Plan, *, clear: bool = False
) -> tuple[str, ...]:
    """One preview line on the check ``name`` a roll is bound to ("" lines when none).

    The chance that the check is complete within the rolls that still end in time: the
    plan's distribution of points per roll (``System.extended_steps``: AGE 0 or the Drama
    Die; other systems their progress by grade) through :func:`rules.age.
    pool_completion_odds`, at the check's current state (``consequences aside`` when it
    has consequences with an effect). A roll that ``clear``s the minor consequence adds
    nothing to the pool: the chance is then the one after it, if it clears, in the rolls
    that still fit after it, at the cleared TN. For a race slice: each side's chance to win
    the race if these two roll every slice left (:func:`rules.age.race_odds`)."""
    chk = campaign.check(name)
    if chk.status != "running":
        return ()
    if is_race(chk):
        return _race_note(chk.name, campaign, check, plan)
    steps = system.extended_steps(plan)
    if steps is None:
        return ()
    test = from_check(chk)
    if clear and test.minor_active:
        return _after_clearing(system, campaign, name, check, test)
    rolls = test.rolls_left
    if rolls < 1:
        return ()
    p = age.pool_completion_odds(
        steps, min(test.needed, age.MAX_THRESHOLD), min(rolls, age.MAX_ROLLS)
    )
    who = check.a.actor
    effects = any(
        c is not None and c.effect is not None for c in (test.minor, test.major, test.serious)
    )
    if rolls == 1:
        line = _("{name}: {pct} to complete in the 1 roll left, by {who}")
    else:
        line = ngettext(
            "{name}: {pct} to complete in the {n} roll left, all by {who}",
            "{name}: {pct} to complete in the {n} rolls left, all by {who}",
            rolls,
        )
    line = line.format(name=name, pct=_pct(p), n=rolls, who=who)
    return (line + (_(" (consequences aside)") if effects else ""),)


def _after_clearing(
    system: System, campaign: Campaign, name: str, check: Check, test: ChallengeTest
) -> tuple[str, ...]:
    """The line for a roll spent on the minor consequence: it takes its time and adds
    nothing; if it clears, the rolls that still fit go at the cleared TN and pace."""
    after = replace(
        test, minor_active=False, elapsed=Fraction(test.elapsed) + test.minutes_per_roll
    )
    side = check.a
    if system.extended_tn and "tn" in side.options:
        skill = system.extended_skill(campaign, side)
        if side.options["tn"] == str(test.tn_for(skill)):  # the check's TN, not a typed one
            side = replace(side, options={**side.options, "tn": str(after.tn_for(skill))})
    steps = system.extended_steps(system.plan(campaign, replace(check, a=side)))
    if steps is None:
        return ()
    rolls = after.rolls_left
    p = age.pool_completion_odds(
        steps, min(after.needed, age.MAX_THRESHOLD), min(rolls, age.MAX_ROLLS)
    )
    line = ngettext(
        "{name}: this roll only clears; if it does, {pct} to complete in the {n} roll "
        "left after it, all by {who}",
        "{name}: this roll only clears; if it does, {pct} to complete in the {n} rolls "
        "left after it, all by {who}",
        rolls,
    )
    return (line.format(name=name, pct=_pct(p), n=rolls, who=check.a.actor),)


def _race_note(name: str, campaign: Campaign, check: Check, plan: Plan) -> tuple[str, ...]:
    if plan.contest is None or len(check.sides) != 2:
        return ()
    from tui.session.extended.races import side_of

    chk = campaign.check(name)
    race = from_race(chk)
    if race.status is not Status.RUNNING:
        return ()
    found = [side_of(chk, side.actor) for side in check.sides]
    if None in found or found[0] == found[1]:
        return ()
    step: dict[tuple[int, int] | None, Fraction] = {}
    for key, p in plan.contest.items():
        mapped = None if key is None else (found[key[0]] or 0, key[1])
        step[mapped] = step.get(mapped, Fraction(0)) + p
    needed = tuple(max(0, race.threshold - pool) for pool in race.pools)
    odds: Mapping[int | None, Fraction] = age.race_odds(step, needed, race.rolls_left)
    parts = [f"{side} {_pct(odds[i])}" for i, side in enumerate(race.sides)]
    if odds[None]:
        parts.append(_("nobody in time {pct}").format(pct=_pct(odds[None])))
    return (_("{name}, to win the race: {odds}").format(name=name, odds=" · ".join(parts)),)
