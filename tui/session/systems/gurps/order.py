"""GURPS turn order: Basic Speed, then DX, then the GM's order; reordering within speed ties.

The seed leaves ties on Basic Speed to the GM: DX gives the default order within a tie,
and ``/swap``, ``/up``/``/down`` (alt+up/down) may reorder any entries tied on Basic Speed,
DX or not. ``/order`` sorts again (by DX within ties).

The shared turn-order commands (:mod:`tui.session.scenes.order`) ask the GURPS system for
its order and its ties through the system interface; the rules are
``rules.gurps.turn_order`` and ``rules.gurps.tied_groups``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import gurps
from rules.errors import RulesError
from rules.gurps.combat import SpeedLike
from tui.language import _
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError
from tui.session.entry.rules_text import rules_message

__all__ = ["SPEED", "tie_groups", "turn_order"]

SPEED = "Basic Speed"


def _speed(ch: Character) -> SpeedLike:
    value = ch.attributes.get(SPEED)
    if value is None or isinstance(value, bool):
        raise CommandError(
            _('{name} has no Basic Speed (attributes."{SPEED}")').format(name=ch.name, SPEED=SPEED)
        )
    return value


def _dx(ch: Character) -> int:
    value = ch.attributes.get("DX")
    if not isinstance(value, int) or isinstance(value, bool):
        raise CommandError(
            _("{name} has no DX (attributes.DX, a whole number)").format(name=ch.name)
        )
    return value


def _chars(campaign: Campaign, names: Sequence[str]) -> list[Character]:
    return [campaign.character(n) for n in names]


def turn_order(campaign: Campaign, names: Sequence[str]) -> list[str]:
    """``names`` by Basic Speed, then DX, then the given order."""
    try:
        chars = gurps.turn_order(_chars(campaign, names), speed=_speed, dx=_dx)
    except RulesError as exc:
        raise CommandError(
            _("cannot order by Basic Speed: {exc}").format(exc=rules_message(str(exc)))
        ) from None
    return [c.name for c in chars]


def tie_groups(campaign: Campaign, names: Sequence[str]) -> list[tuple[str, ...]]:
    """``names`` cut into runs of equal Basic Speed (the ties the GM may reorder)."""
    try:
        groups = gurps.tied_groups(_chars(campaign, names), speed=_speed, dx=_dx, speed_only=True)
    except RulesError as exc:
        raise CommandError(
            _("cannot order by Basic Speed: {exc}").format(exc=rules_message(str(exc)))
        ) from None
    return [tuple(c.name for c in g) for g in groups]
