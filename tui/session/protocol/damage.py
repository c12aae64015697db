"""``/damage`` between the shared command and the systems: what the GM asked for
(:class:`DamageRequest`) and what the system made of it (:class:`DamageDone`).

The shared command reads the line (target, dice, a damage type, ``armor=``/``dr=``,
``hits=``, typed faces); the campaign's system rolls it against the target's protection,
applies its own multipliers and says what follows, so no shared code names a system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft

__all__ = ["DamageDone", "DamageRequest"]


@dataclass(frozen=True)
class DamageRequest:
    """One ``/damage`` line, read.

    Attributes:
        target: the character's name; dice: the damage per hit as typed (``2d+1``).
        kind: a damage type word the system knows (``cut``), or "" for none.
        divisor: an armour divisor as typed (``(2)``), or "" for none.
        protection: ``armor=``/``dr=`` when given (it overrides the sheet), else None.
        times: ``dr=x6`` multiplies the sheet's protection (GURPS shotguns at close range).
        hits: how many hits, each rolled and protected separately.
        faces: the typed dice (every die of the first hit, then the second …), or None.
    """

    target: str
    dice: str
    kind: str = ""
    divisor: str = ""
    protection: int | None = None
    hits: int = 1
    times: int = 1
    faces: tuple[int, ...] | None = None


@dataclass(frozen=True)
class DamageDone:
    """A damage roll made: the change to apply and log as one step, and the line the rules
    ask for next (an HT roll after a major wound), "" when none."""

    change: Callable[[Campaign], Campaign]
    draft: Draft
    next: str = ""
