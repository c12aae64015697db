"""Conditions that change the numbers: a condition's ``mod`` goes into every roll of its
character, and the preview and the log name it (``bleeding -2``).

A plan hook adds each modifier to the roller's side the system's own way
(``System.with_modifier``: a signed word such as ``-2`` for most, the Strange System's
range ``mod=``), so the odds the preview shows are the odds of the roll Enter makes. The
conditions a system works out itself (GURPS ``stunned``, ``prone``, ``shock``: its
``System.builtin_conditions``) are left to it. Every side of an opposed roll takes its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from tui.language import _, msg
from tui.session.campaign.model import Campaign, Condition
from tui.session.campaign.session import Outcome
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.lines import Check, Side
from tui.session.protocol.plans import Plan
from tui.session.protocol.system import System

__all__ = ["COMMANDS", "taken"]

#: this part's hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


def taken(system: System, campaign: Campaign, name: str) -> tuple[Condition, ...]:
    """The conditions of ``name`` whose modifier its rolls take (not the built-in ones)."""
    try:
        ch = campaign.character(name)
    except KeyError:
        return ()
    builtin = {b.casefold() for b in system.builtin_conditions}
    return tuple(c for c in ch.conditions if c.mod and c.name.casefold() not in builtin)


def _side(system: System, campaign: Campaign, side: Side) -> Side:
    for condition in taken(system, campaign, side.actor):
        side = system.with_modifier(side, condition.mod)
    return side


@COMMANDS.plan_hook
def _with_conditions(system: System, campaign: Campaign, check: Check) -> Check:
    sides = [_side(system, campaign, s) for s in check.sides]
    if all(a is b for a, b in zip(sides, check.sides, strict=True)):
        return check
    return Check.of(sides)


def _named(system: System, campaign: Campaign, check: Check) -> list[tuple[str, str]]:
    return [
        (s.actor, ", ".join(c.named for c in found))
        for s in check.sides
        if (found := taken(system, campaign, s.actor))
    ]


@COMMANDS.preview_hook
def _preview(system: System, campaign: Campaign, check: Check, _plan: Plan) -> Sequence[str]:
    return [
        _("{name}'s conditions: {conditions}").format(name=who, conditions=said)
        for who, said in _named(system, campaign, check)
    ]


@COMMANDS.roll_hook
def _logged(system: System, before: Campaign, check: Check, out: Outcome) -> Outcome:
    lines = [
        msg("{name}'s conditions: {conditions}", name=who, conditions=said)
        for who, said in _named(system, before, check)
    ]
    if not lines:
        return out
    return replace(out, draft=out.draft.with_effects(lines))
