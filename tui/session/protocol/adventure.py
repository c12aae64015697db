"""What a system with end-of-adventure rolls answers: :class:`AdventureEnd` and its rows.

Protocols only, so the System protocol can name them; the flow that enters and applies the
rows is :mod:`tui.session.adventure.flow`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, TypeVar

from tui.language import Msg
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft

__all__ = ["AdventureEnd", "Row", "RowT"]


class Row(Protocol):
    """One roll to make at the end of the adventure (what the screen shows and enters)."""

    @property
    def character(self) -> str: ...
    @property
    def skill(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def improved(self) -> bool | None: ...  # None until rolled
    @property
    def wants_gain(self) -> bool: ...  # rolled, a second die still to come
    @property
    def done(self) -> bool: ...
    @property
    def next_die(self) -> int: ...  # sides of the die the row waits for, 0 when complete
    @property
    def roll_text(self) -> str: ...
    @property
    def status(self) -> str: ...
    def entered(self, face: int, *, typed: bool = True) -> Row: ...
    def rolled(self, rng: random.Random) -> Row: ...
    def cleared(self) -> Row: ...


RowT = TypeVar("RowT", bound=Row)


class AdventureEnd(Protocol[RowT]):
    """A system's end-of-adventure rolls."""

    def rows(self, campaign: Campaign) -> tuple[RowT, ...]: ...

    def check(self, campaign: Campaign, rows: Sequence[RowT]) -> None:
        """Raise ``CommandError`` when finished ``rows`` cannot be applied to ``campaign``."""
        ...

    def apply(self, campaign: Campaign, rows: Sequence[RowT]) -> Campaign: ...

    def draft(self, campaign: Campaign, rows: Sequence[RowT]) -> Draft: ...

    def keep(self, campaign: Campaign, rows: Sequence[RowT]) -> Campaign:
        """``campaign`` holding the progress of ``rows`` (their dice so far)."""
        ...

    def describe(self, row: RowT) -> str | Msg:
        """One log line for a row's dice (or for a cleared row); a message keeps its facts
        (the log reads in either language)."""
        ...
