"""Rolls that feed an extended check: which check a roll counts toward, and what it adds.

Which check: the roll names it (``naomi stealth ext=infiltration``), or the GM selected one
with ``/ext use NAME`` (``Campaign.options["active_check"]``) and every single roll counts
toward it until ``/ext use none``; ``ext=none`` keeps one roll out. A roll that names its check
must qualify (running, not blocked, an allowed and open skill, not opposed) or it is refused
with the reason; a roll that only meets the selected check and does not qualify is an ordinary
roll, and its log entry says why it did not count.

What a roll adds is the system's to say (``System.extended_progress`` and
``extended_result``): AGE its Drama Die, when the total reaches the check's TN for the skill;
BRP success 1, special 2, critical 3; GURPS success 1, critical 2; Strange System partial 1,
full 2, critical 3; skirmish success 1, lucky 2. The pool, time and consequences are then
worked out by :mod:`tui.session.extended.progress`, which needs the AGE rules: this module
imports it only once a campaign has a check a roll counts toward, so a campaign without
extended checks never loads them.

``clear`` (a bare word: ``naomi stealth ext=infiltration clear``) spends the roll's success on
the active minor consequence instead of the pool. The plan hook takes the word out (system
adapters refuse unknown words) and binds the roll with :class:`BoundSide`, a ``Side`` that
also carries the check's name and the ``clear`` flag; the roll hook reads them back. For AGE
the plan hook also sets ``tn=`` to the check's TN for the skill unless the GM typed a TN or a
difficulty (``System.with_check_tn``); a TN the GM typed is honoured for that roll only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.errors import RulesError
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.campaign.session import Outcome
from tui.session.systems.registry import tracker
from tui.session.table.commands import plan_hook, roll_hook
from tui.session.table.entry import Check, EntryError, Side
from tui.session.table.names import NameError_, match_prefix_words

__all__ = ["ACTIVE", "OPT_OUT", "BoundSide", "Target", "find_target", "match_check", "selected"]

OPT_OUT = frozenset({"none", "off", "-"})
ACTIVE = "active_check"


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
    from tui.session.extended.data import from_check
    from tui.session.extended.progress import problem as why_not

    skill = tracker(campaign.system).extended_skill(campaign, check.a)
    try:
        problem = why_not(chk, from_check(chk), check, skill)
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
    from tui.session.extended.data import from_check

    test = from_check(campaign.check(target.name))
    if clear and not test.minor_active:
        raise EntryError(f"{target.name} has no active minor consequence to clear")
    words = tuple(w for w in side.words if w != "clear")
    plain = Side(side.actor, side.skill, words, dict(side.options), side.faces)
    plain = tracker(campaign.system).with_check_tn(plain, test.tn_for(target.skill))
    bound = BoundSide(plain.actor, plain.skill, plain.words, plain.options, plain.faces,
                      ext_check=target.name, ext_clear=clear)
    return replace(check, a=bound)


@roll_hook
def apply_roll(before: Campaign, check: Check, out: Outcome) -> Outcome:
    """Add a bound roll to its check in the same undo step; note why a roll did not count."""
    from tui.session.extended.progress import contribute

    side = check.a
    if isinstance(side, BoundSide) and side.ext_check:
        return contribute(before, side.ext_check, side, side.ext_clear, out)
    try:
        target = find_target(before, check)
    except (EntryError, RulesError):
        return out
    if target is None:
        return out
    if target.problem:
        return _with(out, (f"not counted toward {target.name}: {target.problem}",))
    # another plan hook rebuilt the side and lost the binding: count it all the same
    return contribute(before, target.name, side, False, out)


def _with(out: Outcome, lines: tuple[str, ...]) -> Outcome:
    return replace(out, draft=replace(out.draft, effects=(*out.draft.effects, *lines)))
