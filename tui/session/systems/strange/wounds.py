"""Where a Strange System impact lands: the light-wound counter of the one who suffers it.

The seed: an impact of 2 «приводит к получению двух лёгких ран». The counter is the
campaign's first wound resource — the first resource whose name has a word starting with
«ран» or "wound" («Лёгкие раны», "Light wounds"), on the character first, else on anyone in
the campaign (then the character gets it, from 0) — because a campaign names its counters
in its own language and the seed has no fixed name for them.

Only a failure wounds (the spec: «a failure that carries an impact lands on the character»).
A success the opposition dented (the seed's chase: partial success, impact 1, «его конь
полностью выбивается из сил») reaches the goal at a price the GM names: the log says the
impact and that it is a consequence to name, and no counter changes.
"""

from __future__ import annotations

from tui.language import Msg, msg
from tui.session.campaign.model import Campaign, Character

__all__ = ["lands", "suffer", "wound_resource"]

_STEMS = ("ран", "wound")


def _is_wound(name: str) -> bool:
    return any(word.startswith(_STEMS) for word in name.casefold().split())


def wound_resource(campaign: Campaign, ch: Character) -> str | None:
    """The light-wound counter ``ch`` uses, or None when the campaign records none."""
    for name in ch.resources:
        if _is_wound(name):
            return name
    for other in campaign.characters:
        for name in other.resources:
            if _is_wound(name):
                return name
    return None


def lands(campaign: Campaign, name: str, impact: int, *, success: bool) -> tuple[Campaign, Msg]:
    """Where ``impact`` on ``name``'s check lands: wounds on a failure, on a success a
    consequence the GM names (logged, nobody wounded)."""
    if success:
        return campaign, msg(
            "impact {impact} on {name}'s success: a consequence for the GM to name, no wound",
            impact=impact,
            name=name,
        )
    return suffer(campaign, name, impact)


def suffer(campaign: Campaign, name: str, impact: int) -> tuple[Campaign, Msg]:
    """``impact`` light wounds added to character ``name``, and the log's line for it."""
    ch = campaign.character(name)
    counter = wound_resource(campaign, ch)
    if counter is None:
        return campaign, msg(
            "impact {impact} on {name} (no wound counter recorded: add one with /hp)",
            impact=impact,
            name=name,
        )
    old = ch.resources.get(counter, 0)
    new = old + impact
    updated = campaign.with_character(ch.with_resource(counter, new))
    return updated, msg(
        "impact {impact} on {name}: {counter} {old} → {new}",
        impact=impact,
        name=name,
        counter=counter,
        old=old,
        new=new,
    )
