"""Strange System duels: two 4d6 rolls against the same range, won on effective hits, then
rank; a lone 4-4-4-4 wins outright.

Part of :mod:`rules.strange` (import from there); a check itself is in
:mod:`rules.strange.core`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.strange.core import Result, Winner, _span_text, contest_winner, resolve
from rules.strange.ladder import Rank, rank_text

__all__ = ["Duel", "duel", "duel_result"]


@dataclass(frozen=True, slots=True)
class Duel:
    """Two 4d6 rolls against the same range (player vs player or a key NPC)."""

    a: Result
    b: Result
    a_rank: Rank
    b_rank: Rank
    winner: Winner | None

    @property
    def decided_by_absolute(self) -> bool:
        """One side rolled 4-4-4-4 and the other did not: that alone decided it."""
        return self.a.absolute != self.b.absolute

    @property
    def decided_by_rank(self) -> bool:
        """Equal effective hits (and no lone 4-4-4-4), so the higher rank won."""
        return (
            self.winner is not None
            and not self.decided_by_absolute
            and self.a.effective_hits == self.b.effective_hits
        )

    @property
    def label(self) -> str:
        """E.g. ``"b wins (E 3 vs 4; ranks 1 vs 2)"``."""
        head = "no winner" if self.winner is None else f"{self.winner} wins"
        how = ", on rank" if self.decided_by_rank else ""
        if self.decided_by_absolute:
            how = ", 4-4-4-4"
        return (
            f"{head}{how} (E {self.a.effective_hits} vs {self.b.effective_hits}; "
            f"ranks {rank_text(self.a_rank)} vs {rank_text(self.b_rank)}; "
            f"{self.a.dice_text} vs {self.b.dice_text} "
            f"in {_span_text(self.a.success_range)})"
        )


def duel_result(
    a_dice: Sequence[int],
    a_required: int,
    a_rank: Rank,
    b_dice: Sequence[int],
    b_required: int,
    b_rank: Rank,
    success_range: Sequence[int],
    *,
    a_modifier: int = 0,
    b_modifier: int = 0,
    a_dice_modifier: int = 0,
    b_dice_modifier: int = 0,
) -> Duel:
    """Both sides' results and the winner of a duel (see :func:`duel`)."""
    a = resolve(
        a_dice, success_range, a_required, range_modifier=a_modifier, dice_modifier=a_dice_modifier
    )
    b = resolve(
        b_dice, success_range, b_required, range_modifier=b_modifier, dice_modifier=b_dice_modifier
    )
    winner = contest_winner(
        a.effective_hits,
        a_rank,
        b.effective_hits,
        b_rank,
        a_absolute=a.absolute,
        b_absolute=b.absolute,
    )
    return Duel(a=a, b=b, a_rank=a_rank, b_rank=b_rank, winner=winner)


def duel(
    a_dice: Sequence[int],
    a_required: int,
    a_rank: Rank,
    b_dice: Sequence[int],
    b_required: int,
    b_rank: Rank,
    success_range: Sequence[int],
    *,
    a_modifier: int = 0,
    b_modifier: int = 0,
    a_dice_modifier: int = 0,
    b_dice_modifier: int = 0,
) -> Winner | None:
    """``"a"``, ``"b"`` or None: a lone 4-4-4-4 wins; else higher effective hits, then
    higher rank, else no winner. Each side has its own range modifier (synergy included)
    and roll-value modifier."""
    return duel_result(
        a_dice,
        a_required,
        a_rank,
        b_dice,
        b_required,
        b_rank,
        success_range,
        a_modifier=a_modifier,
        b_modifier=b_modifier,
        a_dice_modifier=a_dice_modifier,
        b_dice_modifier=b_dice_modifier,
    ).winner
