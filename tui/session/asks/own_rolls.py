"""A player's own roll reaching the GM's app: kept pending, taken, or refused.

What the app does with a roll a player started on their page (it comes through the inbox
as answers do, its line made by :func:`~tui.session.asks.offers.roll_line`):

- :func:`arrived` — with ``players_roll = "ask"`` it becomes a pending roll (one logged,
  undoable change, :mod:`~tui.session.asks.offers`), shown to the GM with its odds; with
  ``"accept"`` it is run at once; with ``"off"`` (turned off since the page sent it) it is
  refused with that reason. A character no longer in the party the players see, or one that
  already has a pending roll, gets nothing: the server refused those as they came.
- :func:`take` — runs a pending roll exactly as the GM's own roll line with the player's
  dice (or the app's): every hook, odds and effect, logged "entered by the player" or
  "rolled for the player", the pending roll gone in the same step; undo brings it back.
- :func:`refuse` — drops it with a reason, logged where the player's page shows it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from tui.language import Msg, _, msg
from tui.session.asks.answer import answer_faces
from tui.session.asks.offers import (
    OFFERED_KEY,
    Offer,
    find_offer,
    mode,
    open_offers,
    with_offers,
)
from tui.session.asks.requests import askable
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Command, CommandError, Draft, Outcome
from tui.session.entry.steps import message_of
from tui.session.protocol.answers import Feedback
from tui.session.protocol.context import SlashContext

__all__ = ["TakenOffer", "arrived", "refuse", "run_line", "take"]


def run_line(offer: Offer) -> str:
    """The roll line a pending roll runs: its line, with the player's dice if any."""
    return offer.line if offer.dice is None else f"{offer.line} = {offer.dice}"


def _what(offer: Offer) -> str:
    """The check without its roller's name or the ``ext=none`` kept for the app."""
    words = offer.line[len(offer.who) :].split()
    return " ".join(w for w in words if not w.casefold().startswith("ext="))


@dataclass(frozen=True)
class TakenOffer:
    """The roll of a player's own roll and the pending roll gone (if it was), one step."""

    roll: Command
    offer: Offer
    pending: bool  # it waits in the campaign (else it runs as it came, "accept")

    def apply(self, campaign: Campaign) -> Outcome:
        if self.pending and find_offer(campaign, self.offer.id) is None:
            raise CommandError(_("roll {id} is no longer pending").format(id=self.offer.id))
        out = self.roll.apply(campaign)
        entered = self.offer.dice is not None
        said = msg("entered by the player") if entered else msg("rolled for the player")
        draft = out.draft.with_effects([said])
        how = "entered" if entered else "rolled"
        offered = {"id": self.offer.id, "who": self.offer.who, "by": how}
        draft = replace(draft, inputs={**draft.inputs, OFFERED_KEY: offered})
        if not self.pending:
            return replace(out, draft=draft)
        left = [o for o in open_offers(out.campaign) if o.id != self.offer.id]
        return replace(out, campaign=with_offers(out.campaign, left), draft=draft)


def _step(table: SlashContext, offer: Offer) -> Command:
    """The roll step of ``offer``, its dice checked as the roll line checks them (the roll
    planned and run on a throwaway generator, its outcome dropped); raises when they do not
    fit."""
    faces = None if offer.dice is None else answer_faces(offer.dice)
    line = offer.line if faces is None else f"{offer.line} = {' '.join(map(str, faces))}"
    step = table.check_step(line)
    table.plan(line).run(table.campaign, random.Random())
    return step


def take(table: SlashContext, offer: Offer) -> Feedback:
    """Run the pending roll ``offer``; never raises for a roll that no longer runs (a skill
    gone, dice that no longer fit): nothing changes then and the GM is told why."""
    try:
        step = _step(table, offer)
    except (ValueError, KeyError) as exc:
        return Feedback(False, message_of(exc))
    return table.execute(TakenOffer(step, offer, pending=True))


def _refusal(offer: Offer, reason: str) -> Draft:
    text: Msg = msg(
        "{who}'s own roll ({check}) refused: {reason}",
        who=offer.who,
        check=_what(offer),
        reason=reason,
    )
    offered = {"id": offer.id, "who": offer.who, "by": "refused", "reason": reason}
    draft = Draft.of("change", text, offer.who)
    return replace(draft, inputs={OFFERED_KEY: offered})


def refuse(table: SlashContext, offer: Offer, reason: str) -> Feedback:
    """Drop the pending roll ``offer`` with ``reason`` (the player's page shows it)."""
    left = [o for o in open_offers(table.campaign) if o.id != offer.id]

    def gone(campaign: Campaign) -> Campaign:
        if find_offer(campaign, offer.id) is None:
            raise CommandError(_("roll {id} is no longer pending").format(id=offer.id))
        return with_offers(campaign, left)

    return table.run_change(gone, _refusal(offer, reason))


def _refused_as_it_came(table: SlashContext, offer: Offer, reason: str) -> Feedback:
    """A roll refused as it came in (nothing pending changes): the reason logged for the
    player, and the GM told."""
    feedback = table.run_change(lambda c: c, _refusal(offer, reason))
    return replace(feedback, ok=False) if feedback.ok else feedback


def arrived(table: SlashContext, offer: Offer) -> Feedback | None:
    """What becomes of a player's roll the inbox brought (see the module's docstring);
    ``None`` when it is dropped without a word (no such party member any more, or one
    pending already)."""
    campaign = table.campaign
    who = next((c for c in campaign.characters if c.name == offer.who), None)
    if who is None or not askable(who):
        return None
    if any(o.who == offer.who for o in open_offers(campaign)):
        return None
    said = mode(campaign)
    if said == "off":
        return _refused_as_it_came(table, offer, _("the GM has turned rolling from the page off"))
    try:
        step = _step(table, offer)
    except (ValueError, KeyError) as exc:
        return _refused_as_it_came(table, offer, message_of(exc))
    if said == "accept":
        return table.execute(TakenOffer(step, offer, pending=False))
    shown = table.preview(offer.line)
    kept = replace(offer, odds=shown.text.splitlines()[0] if shown.ok and shown.text else "")
    every = [*open_offers(campaign), kept]
    dice = offer.dice if offer.dice is not None else msg("the app rolls")
    text = msg(
        "{who} offers a roll: {check} ({dice}) — Enter or /take records it, /refuse REASON "
        "drops it",
        who=offer.who,
        check=_what(offer),
        dice=dice,
    )
    draft = Draft.of("change", text, offer.who)
    offered = {"id": offer.id, "who": offer.who, "by": "offered"}
    draft = replace(draft, inputs={OFFERED_KEY: offered})
    return table.run_change(lambda c: with_offers(c, every), draft)
