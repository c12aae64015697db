"""What a system hands the table: a :class:`Plan` with its exact odds (:class:`Chance`),
the modifiers its roll form asks for (:class:`ModifierField`) and what it adds to the scene
panel (:class:`SceneFragments`). The values of the System protocol, kept
apart so the protocol (:mod:`tui.session.protocol.system`) stays one readable page.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Outcome

__all__ = ["Chance", "Line", "ModifierField", "Plan", "SceneFragments", "Segment"]


@dataclass(frozen=True)
class Chance:
    """One line of the odds preview: a label, its exact probability and its colour grade."""

    label: str
    p: Fraction
    grade: str

    @property
    def percent(self) -> str:
        value = float(self.p * 100)
        if 0 < value < 0.1:
            return "<0.1%"
        if 99.9 < value < 100:
            return ">99.9%"
        return f"{float(value):.1f}%".replace(".0%", "%")


@dataclass(frozen=True)
class Plan:
    """A validated check: what will be rolled, its exact odds, and how to resolve it.

    ``progress`` is the exact chance of each number of points the roll (the first side's,
    when opposed) adds to an extended check's pool, for a system whose progress is not just
    its grade (AGE: the Drama Die of a success or of a won opposed test); ``contest`` the
    chance of each (side's index, points) a winner adds, and ``None`` for no winner, for an
    opposed roll that may be a race's step.
    """

    summary: str
    odds: tuple[Chance, ...]
    run: Callable[[Campaign, random.Random], Outcome] = field(compare=False)
    progress: Mapping[int, Fraction] | None = field(default=None, compare=False)
    contest: Mapping[tuple[int, int] | None, Fraction] | None = field(default=None, compare=False)

    def preview(self) -> str:
        shown = " · ".join(f"{c.label} {c.percent}" for c in self.odds if c.p)
        return f"{self.summary} — {shown}" if shown else self.summary


@dataclass(frozen=True)
class ModifierField:
    """One modifier of the guided roll form (ctrl+r), as the system names it.

    With ``choices`` the form offers those words ("" first means "none"); otherwise the GM
    types a value, written into the roll line through ``template`` (``"tn={}"``); ``signed``
    puts a ``+`` before a bare number (``5`` → ``+5``).
    """

    key: str
    label: str
    choices: tuple[str, ...] = ()
    template: str = "{}"
    signed: bool = False
    hint: str = ""

    def word(self, value: str) -> str:
        """The roll-line word for ``value`` ("" when the field is left empty)."""
        value = value.strip()
        if not value:
            return ""
        if self.signed and value[:1].isdigit():
            value = f"+{value}"
        return self.template.format(value)


Segment = tuple[str, str]  # (text, Rich style words) of the scene panel
Line = tuple[int, list[Segment]]  # (importance: lower stays longer when space runs out, …)


@dataclass(frozen=True)
class SceneFragments:
    """What a system adds to the scene panel: header segments, lines around the turn order,
    and ``hints``: lines that tell the GM what to type next, shown to the GM only (the
    players' read-only view leaves them out by this kind)."""

    header: tuple[Segment, ...] = ()
    before_order: tuple[Line, ...] = ()
    after_order: tuple[Line, ...] = ()
    hints: tuple[Line, ...] = ()
