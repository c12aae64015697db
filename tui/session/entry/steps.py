"""The steps the table hands the session, and the pieces its previews share.

- :class:`Apply` — a slash command's pure change of the campaign, logged as its draft;
- :class:`RunRoll` — a planned roll: the system's plan, then every roll hook and change
  hook in the same undoable step, with the roll's exact chance kept (:func:`with_odds`);
- :class:`FreeRollStep` — free dice (``3d6``), rolled or typed;
- :class:`NoDice` — the generator a preview runs a plan with: it refuses to roll
  (:class:`WouldRoll`), so a preview's outcome can only come from typed dice;
- :func:`message_of` — an input error as the GM reads it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rules import dice as dice_mod
from tui.language import _
from tui.session.campaign.log import odds_text
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft, Outcome
from tui.session.entry.entry import Check, FreeRoll
from tui.session.entry.rules_text import rules_message
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.plans import Plan
from tui.session.protocol.system import System
from tui.session.stats.odds import success_chance

__all__ = [
    "Apply",
    "FreeRollStep",
    "NoDice",
    "RunRoll",
    "WouldRoll",
    "follow_up",
    "message_of",
    "with_odds",
]


def follow_up(
    system: System, before: Campaign, out: Outcome, sets: Sequence[CommandSet]
) -> Outcome:
    """``out`` after every change hook (conditions counting down, "is down" …)."""
    for commands in sets:
        for hook in commands.change_hooks:
            out = hook(system, before, out)
    return out


@dataclass(frozen=True)
class Apply:
    """A command built from a pure function of the campaign (used by slash commands)."""

    fn: Callable[[Campaign], Campaign]
    draft: Draft
    system: System  # handed to the hooks
    sets: tuple[CommandSet, ...] = ()  # whose change hooks follow the change up
    next: str = ""  # the line to offer in the entry next (Outcome.next)

    def apply(self, campaign: Campaign) -> Outcome:
        out = Outcome(self.fn(campaign), self.draft, next=self.next)
        return follow_up(self.system, campaign, out, self.sets)


@dataclass(frozen=True)
class RunRoll:
    plan: Plan
    check: Check
    rng: random.Random
    system: System  # handed to the hooks
    sets: tuple[CommandSet, ...]  # whose roll hooks add their effects, in order

    def apply(self, campaign: Campaign) -> Outcome:
        out = self.plan.run(campaign, self.rng)
        for commands in self.sets:
            for hook in commands.roll_hooks:
                out = hook(self.system, campaign, self.check, out)
        return with_odds(follow_up(self.system, campaign, out, self.sets), self.plan)


def with_odds(out: Outcome, plan: Plan) -> Outcome:
    """The roll's entry with its chance of success as the plan computed it (the preview's
    odds, so Enter adds no work): kept for the dice statistics. A roll whose outcome was
    certain (an automatic success, an impossible one) has none: luck played no part."""
    if out.draft.kind != "roll" or not out.draft.grade or out.draft.odds:
        return out
    p = success_chance(plan.odds)
    if p is None or p in (0, 1):
        return out
    return replace(out, draft=replace(out.draft, odds=odds_text(p)))


@dataclass(frozen=True)
class FreeRollStep:
    roll: FreeRoll
    rng: random.Random

    def apply(self, campaign: Campaign) -> Outcome:
        if self.roll.faces is None:
            result = dice_mod.roll(self.roll.expr, rng=self.rng)
        else:
            result = dice_mod.resolve(self.roll.expr, self.roll.faces)
        faces = " ".join(map(str, result.faces))
        source = "rolled" if self.roll.faces is None else "typed"
        return Outcome(
            campaign,
            Draft(
                "roll",
                f"{result.expr}: [{faces}] = {result.total}",
                "",
                "",
                {"expr": str(result.expr), "dice": list(result.faces), "source": source},
            ),
            result,
        )


class WouldRoll(Exception):
    pass


class NoDice(random.Random):
    """A generator for previews that refuses to roll: the outcome must come from typed dice."""

    def random(self) -> float:
        raise WouldRoll

    def randint(self, a: int, b: int) -> int:
        raise WouldRoll


def message_of(exc: BaseException) -> str:
    """What the GM reads for ``exc``: a rules error in the GM's language (see
    :mod:`tui.session.entry.rules_text`; the session's own errors are translated already)."""
    if isinstance(exc, KeyError):
        return (
            _("unknown name {name!r}").format(name=exc.args[0]) if exc.args else _("unknown name")
        )
    return rules_message(str(exc))
