"""What a roll that counts toward an extended check adds to it: pool, time, consequences.

Every counted roll is handed to :class:`rules.age.ChallengeTest` as an AGE test (the system
says which: AGE gives the roll itself, the others a stand-in whose Drama Die is their
progress per grade), so the challenge mechanics — time, failures, consequences, clearing —
are the same everywhere. Outside AGE the roll's own grade decides success and TN effects
change nothing. Every roll, success or not, takes one time slice.

This module needs the AGE rules; the roll hooks (:mod:`tui.session.extended.rolls`) import it
only when a campaign has a check to count toward.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules import age
from rules.age import ChallengeTest, Level, Status
from rules.age.challenge import Effect, EffectKind
from rules.errors import RulesError
from rules.exact import number_text
from tui.language import N_, Msg, _, msg, term
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check
from tui.session.extended.data import covers, from_check, to_check
from tui.session.extended.naming import ACTIVE, selected
from tui.session.protocol.system import StepRoll, System

__all__ = [
    "Penalty",
    "as_test",
    "consequence_line",
    "contribute",
    "count",
    "effects",
    "minutes",
    "problem",
    "settle",
]


def as_test(roll: StepRoll) -> age.Result:
    """The AGE test the challenge rules count for ``roll`` (its progress die the Drama Die)."""
    return age.Result(roll.dice, roll.bonus, roll.tn, roll.rating)


def problem(
    chk: ExtendedCheck,
    test: ChallengeTest,
    check: Check,
    skill: str,
    *,
    opposed_steps: bool = False,
) -> Msg | None:
    """Why this roll cannot count toward ``chk`` (None when it can), as a fact (it may be
    logged); ``opposed_steps``: the system's opposed rolls may be steps
    (``System.opposed_steps``)."""
    if check.b is not None and not opposed_steps:
        return msg("an opposed roll does not count toward an extended check in this system")
    if chk.status != "running":
        return msg("{name} is already {status}", name=chk.name, status=term(chk.status))
    if test.blocked:
        return msg("{name} is blocked until another test is done (/unblock {name})", name=chk.name)
    if chk.allowed_skills and not any(covers(a, skill) for a in chk.allowed_skills):
        return msg(
            "{skill} is not a skill of {name} ({skills})",
            skill=skill,
            name=chk.name,
            skills=", ".join(chk.allowed_skills),
        )
    if test.is_closed(skill):
        return msg(
            "{skill} is closed for {name}: pick another approach", skill=skill, name=chk.name
        )
    return None


def count(
    test: ChallengeTest,
    who: str,
    skill: str,
    result: age.Result,
    clear: bool,
    opponents: tuple[age.Result, ...] = (),
    *,
    amend: bool = False,
) -> tuple[ChallengeTest, list[Msg]]:
    """``test`` after one roll (``amend``: its last roll re-decided), and a note when the GM
    typed a TN for this roll only (the check's own TN is kept)."""
    start = test.previous if amend else test
    if not isinstance(start, ChallengeTest):
        raise RulesError(_("that roll can no longer be changed: the check changed since"))
    need = start.tn_for(skill)
    lines: list[Msg] = []
    base = start
    if result.tn != need:  # the GM typed a TN: it stands for this roll only
        base = replace(start, tn=start.tn + result.tn - need)
        lines.append(
            msg("TN {tn} for this roll (the check's TN is {need})", tn=result.tn, need=need)
        )
    new = base.contribute(who, skill, result, clear_minor=clear, opponents=opponents)
    previous = new.previous
    new = replace(
        new, tn=start.tn, previous=None if previous is None else replace(previous, tn=start.tn)
    )
    return new, lines


def contribute(
    system: System, before: Campaign, name: str, check: Check, clear: bool, out: Outcome
) -> Outcome:
    """A committed roll counted toward the check ``name`` (not a race), in the same undo step."""
    chk = before.check(name)
    test = from_check(chk)
    side = check.a
    skill = system.extended_skill(before, side)
    opposed = system.extended_opposed(out) if check.b is not None else None
    if opposed is not None:
        result, others = as_test(opposed[0]), tuple(as_test(r) for r in opposed[1])
    else:
        result, others = as_test(system.extended_result(out, test.tn_for(skill))), ()
    new, notes = count(test, side.actor, skill, result, clear, others)
    lines = [named(name, n) for n in notes]
    note: dict[str, Any] = {"grade": out.draft.grade, "dice": _dice(out)}
    updated = to_check(
        new, chk.name, allowed_skills=chk.allowed_skills, notes=[*chk.contributions, note]
    )
    campaign = settle(out.campaign, updated, new.status)
    lines.extend(effects(name, test, new, system.penalty_msg))
    inputs = {**out.draft.inputs, "ext": name, **({"ext_clear": True} if clear else {})}
    draft = replace(out.draft.with_effects(lines), inputs=inputs)
    return replace(out, campaign=campaign, draft=draft)


def settle(campaign: Campaign, updated: ExtendedCheck, status: Status) -> Campaign:
    """The campaign with ``updated``; a finished check is no longer the selected one."""
    campaign = campaign.with_check(updated)
    if status is not Status.RUNNING and selected(campaign) == updated:
        options = {k: v for k, v in campaign.options.items() if k != ACTIVE}
        campaign = replace(campaign, options=options)
    return campaign


def _dice(out: Outcome) -> list[int]:
    raw = out.draft.inputs.get("dice")
    if isinstance(raw, list | tuple):
        return [int(x) for x in raw if isinstance(x, int) and not isinstance(x, bool)]
    return []


def minutes(value: Fraction | int) -> str:
    """Minutes for display: whole numbers as they are, else one decimal."""
    return number_text(Fraction(value), 1)


#: the rules' effect kinds, for the catalog (shown through tr)
EFFECT_WORDS = (
    N_("TN +2 until cleared"),
    N_("extra time per roll until cleared"),
    N_("permanent TN increase"),
    N_("pool halved"),
    N_("pool reset"),
    N_("approach closed"),
    N_("time lost"),
    N_("blocked until another test is done"),
)


#: how a system names a consequence's penalty of n (``System.penalty_msg``: AGE "TN +2")
Penalty = Callable[[int], Msg]


def effect_msg(effect: Effect, penalty: Penalty) -> Msg:
    """A consequence's effect as a fact, in the GM's language when shown, the penalty in the
    system's own kind (``penalty``): ``TN +2 until cleared`` in AGE, ``skill -2% until
    cleared`` in BRP, ``+10 min per roll until cleared`` …"""
    k = effect.kind
    if k is EffectKind.TN_PLUS_2_UNTIL_CLEARED:
        return msg("{penalty} until cleared", penalty=penalty(2))
    if k is EffectKind.PERMANENT_TN:
        scope: str | Msg = effect.scope or msg("all rolls")
        return msg("{penalty} permanently for {scope}", penalty=penalty(effect.amount), scope=scope)
    if k is EffectKind.EXTRA_TIME:
        return msg("+{n} min per roll until cleared", n=effect.amount)
    if k is EffectKind.LOSE_TIME:
        return msg("{n} min lost", n=effect.amount)
    if k is EffectKind.CLOSE_APPROACH and effect.scope:
        return msg("approach closed: {scope}", scope=effect.scope)
    return term(k.label)


def effect_text(effect: Effect, penalty: Penalty) -> str:
    """A consequence's effect in the GM's language (see :func:`effect_msg`)."""
    return effect_msg(effect, penalty).render()


def consequence_msg(test: ChallengeTest, level: Level, penalty: Penalty) -> Msg:
    """:func:`consequence_line` as facts for the log (the same English, any language)."""
    c = test.consequence(level)
    if c is None:
        return msg("{level} (none set)", level=term(level.label))
    head: Msg = term(level.label)
    if c.text:
        head = msg("{level} — {text}", level=head, text=c.text)
    if not c.effect:
        return head
    return msg("{head} ({effect})", head=head, effect=effect_msg(c.effect, penalty))


def consequence_line(
    test: ChallengeTest, level: Level, penalty: Penalty, sep: str = " — ", name: str = ""
) -> str:
    """``minor — guards alerted (TN +2 until cleared)`` (``sep`` between level and text;
    ``name`` in place of the level's English label, for a view in the GM's language, whose
    effect is in that language too)."""
    c = test.consequence(level)
    label = name or level.label
    if c is None:
        return f"{label} (none set)"
    said = ""
    if c.effect:
        said = effect_text(c.effect, penalty) if name else effect_msg(c.effect, penalty).english()
    effect = f" ({said})" if c.effect else ""
    text = f"{sep}{c.text}" if c.text else ""
    return f"{label}{text}{effect}"


def named(name: str, what: Msg) -> Msg:
    """``search: what`` (a line of the log on the check ``name``)."""
    return msg("{name}: {what}", name=name, what=what)


def recounted(line: Msg) -> Msg:
    """``search re-counted: what`` for the first line of a re-decided roll (AGE Fortune)."""
    if line.id == "{name}: {what}":
        return msg("{name} re-counted: {what}", **dict(line.args))
    return line


def effects(name: str, old: ChallengeTest, new: ChallengeTest, penalty: Penalty) -> list[Msg]:
    """The log's lines on what a roll did to the check: pool, time, consequences, the end
    (as facts: either language)."""
    last = new.contributions[-1]
    time = msg("{elapsed}/{budget} min", elapsed=minutes(new.elapsed), budget=new.budget)
    if last.cleared_minor:
        lines = [named(name, msg("minor consequence cleared (no progress), {time}", time=time))]
    elif last.success:
        lines = [
            named(
                name,
                msg(
                    "pool {pool}/{threshold} (+{added}), {time}",
                    pool=new.pool,
                    threshold=new.threshold,
                    added=last.pool_added,
                    time=time,
                ),
            )
        ]
    else:
        lines = [
            named(
                name,
                msg(
                    "pool {pool}/{threshold} (no progress, {failed} failed), {time}",
                    pool=new.pool,
                    threshold=new.threshold,
                    failed=new.failures,
                    time=time,
                ),
            )
        ]
    reached = new.escalation.level(new.failures)
    for lv in range(old.level + 1, min(reached, new.level) + 1):
        if new.consequence(Level(lv)) is not None:  # a level with nothing set says nothing
            lines.append(msg("consequence: {what}", what=consequence_msg(new, Level(lv), penalty)))
    if new.timed_out and not old.timed_out:
        serious = new.serious
        if serious is not None and serious.text:
            lines.append(msg("out of time: serious consequence — {text}", text=serious.text))
        else:
            lines.append(msg("out of time: serious consequence"))
    if new.status is Status.DONE:
        lines.append(msg("{name} complete", name=name))
    elif new.status is Status.FAILED:
        lines.append(msg("{name} failed", name=name))
    return lines
