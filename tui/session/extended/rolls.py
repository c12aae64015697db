"""Rolls that feed an extended check: which check a roll counts toward, and what it adds.

Which check: the roll names it (``naomi stealth ext=infiltration``), or the GM selected one
with ``/ext use NAME`` (``Campaign.options["active_check"]``) and every single roll counts
toward it until ``/ext use none``; ``ext=none`` keeps one roll out. A roll that names its check
must qualify (running, not blocked, an allowed and open skill, not opposed) or it is refused
with the reason; a roll that only meets the selected check and does not qualify is an ordinary
roll, and its log entry says why it did not count.

Progress per success (handed to :class:`rules.age.ChallengeTest` as the Drama Die, so the
challenge mechanics — time, failures, consequences, clearing — are the same everywhere):

- AGE: the Drama Die; success is total ≥ the check's TN for the skill (``tn_for``).
- BRP: success 1, special 2, critical 3.
- GURPS: success 1, critical 2.
- Strange System: partial success 1, full success 2, critical or absolute critical 3.
- Skirmish: success 1, lucky 2.

Outside AGE the roll's own grade decides success and TN effects change nothing. Every roll,
success or not, takes one time slice.

``clear`` (a bare word: ``naomi stealth ext=infiltration clear``) spends the roll's success on
the active minor consequence instead of the pool. The plan hook takes the word out (system
adapters refuse unknown words) and binds the roll with :class:`BoundSide`, a ``Side`` that
also carries the check's name and the ``clear`` flag; the roll hook reads them back. For AGE
the plan hook also sets ``tn=`` to the check's TN for the skill unless the GM typed a TN or a
difficulty; a TN the GM typed is honoured for that roll only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from rules import age
from rules.age import ChallengeTest, Level, Status
from rules.errors import RulesError
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.campaign.session import Outcome
from tui.session.extended.data import covers, from_check, to_check
from tui.session.table.entry import Check, EntryError, Side
from tui.session.table.names import NameError_, match_prefix_words
from tui.session.table.table import plan_hook, roll_hook

__all__ = ["OPT_OUT", "BoundSide", "Target", "find_target", "progress", "selected"]

OPT_OUT = frozenset({"none", "off", "-"})
ACTIVE = "active_check"
_GRADE_PROGRESS = {
    "brp": {"critical": 3, "special": 2, "success": 1},
    "gurps": {"critical": 2, "success": 1},
    "skirmish": {"critical": 2, "success": 1},
}
_STRANGE = {"PARTIAL_SUCCESS": 1, "FULL_SUCCESS": 2, "CRITICAL_SUCCESS": 3,
            "ABSOLUTE_CRITICAL": 3}


@dataclass(frozen=True, slots=True)
class BoundSide(Side):
    """A roll-entry side bound to an extended check by the plan hook."""

    ext_check: str = ""
    ext_clear: bool = False


@dataclass(frozen=True, slots=True)
class Target:
    """The check a roll would count toward; ``problem`` says why it cannot ("" = it can)."""

    name: str
    explicit: bool
    skill: str
    problem: str = ""


def selected(campaign: Campaign) -> ExtendedCheck | None:
    """The check chosen with ``/ext use NAME``, if it still exists."""
    name = campaign.options.get(ACTIVE)
    if not isinstance(name, str) or not name:
        return None
    try:
        return campaign.check(name)
    except KeyError:
        return None


def match_check(campaign: Campaign, typed: str) -> ExtendedCheck:
    """The check called ``typed`` (prefix or fuzzy match), or an EntryError naming the choice."""
    names = [c.name for c in campaign.checks]
    if not names:
        raise EntryError(f"no extended check called {typed!r}: there are none (create one: /ext)")
    try:
        found = match_prefix_words([typed], names, what="extended check")
    except NameError_ as exc:
        raise EntryError(f"{exc} (checks: {', '.join(names)})") from None
    return campaign.check(found.name)


def skill_name(campaign: Campaign, side: Side) -> str:
    """The skill as the check knows it: AGE "Ability (Focus)", else the rolled name."""
    if campaign.system != "age":
        return side.skill
    from tui.session.systems.age.adapter import bonus_of

    try:
        _, ability, focus = bonus_of(campaign.character(side.actor), side.skill)
    except (EntryError, KeyError):
        return side.skill
    return f"{ability} ({focus})" if focus else ability


def _problem(chk: ExtendedCheck, test: ChallengeTest, check: Check, skill: str) -> str:
    if check.b is not None:
        return "an opposed roll does not count toward an extended check"
    if chk.status != "running":
        return f"{chk.name} is already {chk.status}"
    if test.blocked:
        return f"{chk.name} is blocked until another test is done (/unblock {chk.name})"
    if chk.allowed_skills and not any(covers(a, skill) for a in chk.allowed_skills):
        return f"{skill} is not a skill of {chk.name} ({', '.join(chk.allowed_skills)})"
    if test.is_closed(skill):
        return f"{skill} is closed for {chk.name}: pick another approach"
    return ""


def find_target(campaign: Campaign, check: Check) -> Target | None:
    """The check this roll counts toward (``ext=NAME`` or the selected one), or None."""
    raw = check.a.options.get("ext")
    if raw is not None and raw.casefold() in OPT_OUT:
        return None
    if raw is not None:
        chk, explicit = match_check(campaign, raw), True
    else:
        found = selected(campaign)
        if found is None:
            return None
        chk, explicit = found, False
    skill = skill_name(campaign, check.a)
    try:
        problem = _problem(chk, from_check(chk), check, skill)
    except RulesError as exc:  # a hand-edited save: say so instead of breaking every roll
        problem = str(exc)
    return Target(chk.name, explicit, skill, problem)


@plan_hook
def bind_roll(campaign: Campaign, check: Check) -> Check:
    """Bind a roll to its extended check (AGE: its TN); refuse a roll that names a check it
    cannot count toward."""
    side = check.a
    clear = "clear" in side.words
    target = find_target(campaign, check)
    if target is None:
        if clear:
            raise EntryError("'clear' spends a success on an extended check's minor consequence:"
                             " add ext=NAME or select one with /ext use NAME")
        return check
    if target.problem:
        if target.explicit or clear:
            raise EntryError(target.problem)
        return check
    test = from_check(campaign.check(target.name))
    if clear and not test.minor_active:
        raise EntryError(f"{target.name} has no active minor consequence to clear")
    words = tuple(w for w in side.words if w != "clear")
    options = dict(side.options)
    typed_tn = "tn" in options or any(w in age.DIFFICULTY_BY_KEY for w in words)
    if campaign.system == "age" and not typed_tn:
        options["tn"] = str(test.tn_for(target.skill))
    bound = BoundSide(side.actor, side.skill, words, options, side.faces,
                      ext_check=target.name, ext_clear=clear)
    return replace(check, a=bound)


@roll_hook
def apply_roll(before: Campaign, check: Check, out: Outcome) -> Outcome:
    """Add a bound roll to its check in the same undo step; note why a roll did not count."""
    side = check.a
    if isinstance(side, BoundSide) and side.ext_check:
        return _contribute(before, side.ext_check, side, side.ext_clear, out)
    try:
        target = find_target(before, check)
    except (EntryError, RulesError):
        return out
    if target is None:
        return out
    if target.problem:
        return _with(out, (f"not counted toward {target.name}: {target.problem}",))
    # another plan hook rebuilt the side and lost the binding: count it all the same
    return _contribute(before, target.name, side, False, out)


def progress(system: str, out: Outcome) -> tuple[bool, int]:
    """(success, pool progress) of a non-AGE roll from its grade (see the module docstring)."""
    if system == "strange":
        grade = getattr(out.result, "grade", None)
        name = getattr(grade, "name", None)
        if name is None:
            raise RulesError("this roll has no final grade yet, so it cannot count toward an "
                             "extended check")
        added = _STRANGE.get(name, 0)
        return added > 0, added
    added = _GRADE_PROGRESS.get(system, {}).get(out.draft.grade, 0)
    return added > 0, added


def _result(system: str, test: ChallengeTest, skill: str, out: Outcome) -> age.Result:
    if system == "age":
        if not isinstance(out.result, age.Result):
            raise RulesError("only a single AGE test counts toward an extended check")
        return out.result
    # Other systems: a stand-in AGE result at the check's TN whose Drama Die is the progress.
    tn = test.tn_for(skill)
    success, added = progress(system, out)
    if success:
        return age.Result((1, 1, added), tn - 2 - added, tn)
    return age.Result((1, 1, 1), tn - 4, tn)


def _contribute(before: Campaign, name: str, side: Side, clear: bool, out: Outcome) -> Outcome:
    chk = before.check(name)
    test = from_check(chk)
    skill = skill_name(before, side)
    result = _result(before.system, test, skill, out)
    lines: list[str] = []
    base = test
    need = test.tn_for(skill)
    if result.tn != need:  # the GM typed a TN: it stands for this roll only
        base = replace(test, tn=test.tn + result.tn - need)
        lines.append(f"{name}: TN {result.tn} for this roll (the check's TN is {need})")
    new = base.contribute(side.actor, skill, result, clear_minor=clear)
    new = replace(new, tn=test.tn)
    note: dict[str, Any] = {"grade": out.draft.grade, "dice": _dice(out)}
    updated = to_check(new, chk.name, allowed_skills=chk.allowed_skills,
                       notes=[*chk.contributions, note])
    campaign = out.campaign.with_check(updated)
    if new.status is not Status.RUNNING and selected(campaign) == updated:
        options = {k: v for k, v in campaign.options.items() if k != ACTIVE}
        campaign = replace(campaign, options=options)
    lines.extend(_effects(name, test, new))
    inputs = {**out.draft.inputs, "ext": name}
    draft = replace(out.draft, inputs=inputs, effects=(*out.draft.effects, *lines))
    return replace(out, campaign=campaign, draft=draft)


def _dice(out: Outcome) -> list[int]:
    raw = out.draft.inputs.get("dice")
    if isinstance(raw, list | tuple):
        return [int(x) for x in raw if isinstance(x, int) and not isinstance(x, bool)]
    return []


def minutes(value: Fraction | int) -> str:
    """Minutes for display: whole numbers as they are, else one decimal."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def consequence_line(test: ChallengeTest, level: Level, sep: str = " — ") -> str:
    """``minor — guards alerted (TN +2 until cleared)`` (``sep`` between level and text)."""
    c = test.consequence(level)
    if c is None:
        return f"{level.label} (none set)"
    effect = f" ({c.effect.label})" if c.effect else ""
    text = f"{sep}{c.text}" if c.text else ""
    return f"{level.label}{text}{effect}"


def _effects(name: str, old: ChallengeTest, new: ChallengeTest) -> list[str]:
    last = new.contributions[-1]
    time = f"{minutes(new.elapsed)}/{new.budget} min"
    if last.cleared_minor:
        lines = [f"{name}: minor consequence cleared (no progress), {time}"]
    elif last.result.success:
        lines = [f"{name}: pool {new.pool}/{new.threshold} (+{last.pool_added}), {time}"]
    else:
        lines = [f"{name}: pool {new.pool}/{new.threshold} (no progress, "
                 f"{new.failures} failed), {time}"]
    reached = new.escalation.level(new.failures)
    for lv in range(old.level + 1, min(reached, new.level) + 1):
        if new.consequence(Level(lv)) is not None:  # a level with nothing set says nothing
            lines.append(f"consequence: {consequence_line(new, Level(lv))}")
    if new.timed_out and not old.timed_out:
        serious = new.serious
        text = f" — {serious.text}" if serious is not None and serious.text else ""
        lines.append(f"out of time: serious consequence{text}")
    if new.status is Status.DONE:
        lines.append(f"{name} complete")
    elif new.status is Status.FAILED:
        lines.append(f"{name} failed")
    return lines


def _with(out: Outcome, lines: tuple[str, ...]) -> Outcome:
    return replace(out, draft=replace(out.draft, effects=(*out.draft.effects, *lines)))
