"""Rolls that feed an extended check: which check a roll counts toward, and what it adds.

What a roll adds is the system's to say (``System.extended_progress``, ``extended_result``:
AGE its Drama Die, elsewhere points by grade); the pool, time and consequences are worked
out by :mod:`.progress`, which needs the AGE rules and is imported only once a campaign has
a check a roll counts toward, so a campaign without extended checks never loads them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import RulesError
from tui.language import Msg, _, msg, verbatim
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome
from tui.session.entry.entry import Check, EntryError, Side
from tui.session.entry.rules_text import rules_message
from tui.session.extended.naming import OPT_OUT, match_check, selected
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.plans import Plan
from tui.session.protocol.system import System

__all__ = ["COMMANDS", "BoundSide", "Target", "find_target"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


@dataclass(frozen=True)
class BoundSide(Side):
    """A roll-entry side bound to an extended check by the plan hook: the check's name and
    the ``clear`` word (the success spent on the active minor consequence instead of the
    pool), which the plan hook takes out of the words since system adapters refuse unknown
    ones; the roll hook reads them back."""

    ext_check: str = ""
    ext_clear: bool = False


@dataclass(frozen=True)
class Target:
    """The check a roll would count toward; ``problem`` says why it cannot (None = it can),
    as a fact (a roll that does not count says so in the log)."""

    name: str
    explicit: bool
    skill: str
    problem: Msg | None = None


def _named(check: Check) -> str | None:
    """The ``ext=`` a line names, on whichever side it was typed (the line's end is the last
    side); two different ones are an error."""
    named = {side.options["ext"] for side in check.sides if "ext" in side.options}
    if len(named) > 1:
        raise EntryError(_("one ext= per line, got {names}").format(names=", ".join(sorted(named))))
    return named.pop() if named else None


def find_target(system: System, campaign: Campaign, check: Check) -> Target | None:
    """The check this roll counts toward, or None.

    The roll names it (``ext=NAME``, on any side of an opposed line), or the GM selected one
    with ``/ext use NAME`` (``Campaign.options["active_check"]``) and every single roll counts
    toward it until ``/ext use none``; ``ext=none`` keeps one roll out. A roll that names its
    check must qualify (running, not blocked, an allowed and open skill) or it is refused
    with the reason; one that only meets the selected check and does not qualify is an
    ordinary roll, and its log entry says why it did not count. An opposed roll may be a
    step where the system allows it (``System.opposed_steps``, AGE: «простой или встречный
    бросок»): the first side is the one the check is about, and it adds its own Drama Die
    when it wins; a race (:mod:`.races`) counts only opposed rolls between its two sides.
    """
    raw = _named(check)
    if raw is not None and raw.casefold() in OPT_OUT:
        return None
    if raw is not None:
        chk, explicit = match_check(campaign, raw), True
    else:
        found = selected(campaign)
        if found is None:
            return None
        chk, explicit = found, False
    skill = system.extended_skill(campaign, check.a)
    try:
        if chk.consequences.get("kind") == "race":
            from tui.session.extended.races import problem as race_problem

            problem = race_problem(system, campaign, chk, check)
        else:
            from tui.session.extended.data import from_check
            from tui.session.extended.progress import problem as why_not

            problem = why_not(
                chk, from_check(chk), check, skill, opposed_steps=system.opposed_steps
            )
    except RulesError as exc:  # a hand-edited save: say so instead of breaking every roll
        problem = verbatim(rules_message(str(exc)))
    return Target(chk.name, explicit, skill, problem)


def _tn_for(campaign: Campaign, name: str, skill: str) -> int:
    chk = campaign.check(name)
    if chk.consequences.get("kind") == "race":
        return chk.tn
    from tui.session.extended.data import from_check

    return from_check(chk).tn_for(skill)


@COMMANDS.plan_hook
def bind_roll(system: System, campaign: Campaign, check: Check) -> Check:
    """Bind a roll to its extended check; refuse a roll that names a check it cannot count
    toward. For AGE it also sets ``tn=`` to the check's TN for the skill unless the GM typed
    a TN or a difficulty (``System.with_check_tn``), which is honoured for that roll only."""
    side = check.a
    clear = "clear" in side.words
    target = find_target(system, campaign, check)
    if target is None:
        if clear:
            raise EntryError(
                _(
                    "'clear' spends a success on an extended check's minor consequence: add "
                    "ext=NAME or select one with /ext use NAME"
                )
            )
        return check
    if target.problem:
        if target.explicit or clear:
            raise EntryError(target.problem.render())
        return check
    if clear:
        from tui.session.extended.data import from_check

        chk = campaign.check(target.name)
        if chk.consequences.get("kind") == "race" or not from_check(chk).minor_active:
            raise EntryError(
                _("{name} has no active minor consequence to clear").format(name=target.name)
            )
    words = tuple(w for w in side.words if w != "clear")
    plain = Side(side.actor, side.skill, words, dict(side.options), side.faces)
    plain = system.with_check_tn(plain, _tn_for(campaign, target.name, target.skill))
    bound = BoundSide(
        plain.actor,
        plain.skill,
        plain.words,
        plain.options,
        plain.faces,
        ext_check=target.name,
        ext_clear=clear,
    )
    return replace(check, a=bound)


@COMMANDS.roll_hook
def apply_roll(system: System, before: Campaign, check: Check, out: Outcome) -> Outcome:
    """Add a bound roll to its check in the same undo step; note why a roll did not count."""
    side = check.a
    if isinstance(side, BoundSide) and side.ext_check:
        return _count(system, before, side.ext_check, check, side.ext_clear, out)
    try:
        target = find_target(system, before, check)
    except (EntryError, RulesError):
        return out
    if target is None:
        return out
    if target.problem:
        return _with(
            out,
            (
                msg(
                    "not counted toward {name}: {problem}", name=target.name, problem=target.problem
                ),
            ),
        )
    # another plan hook rebuilt the side and lost the binding: count it all the same
    return _count(system, before, target.name, check, False, out)


def _count(
    system: System, before: Campaign, name: str, check: Check, clear: bool, out: Outcome
) -> Outcome:
    """The roll counted toward the check ``name``: a race's slice, or a step of a check."""
    from tui.session.extended.save import is_race

    chk = before.check(name)
    if is_race(chk):
        from tui.session.extended.races import race_step

        return race_step(system, before, chk, check, out)
    from tui.session.extended.progress import contribute

    return contribute(system, before, name, check, clear, out)


@COMMANDS.preview_hook
def completion_note(
    system: System, campaign: Campaign, check: Check, plan: Plan
) -> tuple[str, ...]:
    """The exact chance to complete the bound check (or win the race) if this roll's makers
    make every roll left, from the plan's progress distribution (:mod:`.chances`)."""
    side = check.a
    if not isinstance(side, BoundSide) or not side.ext_check:
        return ()
    from tui.session.extended.chances import completion_note as note

    return note(system, campaign, side.ext_check, check, plan, clear=side.ext_clear)


def _with(out: Outcome, lines: tuple[str | Msg, ...]) -> Outcome:
    return replace(out, draft=out.draft.with_effects(lines))
