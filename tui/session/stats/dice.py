"""The rolls of a log with their odds at the time, per character and for the campaign.

:class:`DiceStats` takes entries one at a time (a recap streams a long log through it) and
keeps only ``(actor, chance, success)`` per counted roll. A roll counts when its entry has
``odds`` (the table stores them on Enter for a roll whose outcome was uncertain) and an
actor. A roll whose change is undone is left out (an undo entry names it; a redo brings it
back), since the table took it back as if never rolled. Entries older than stored odds
carry none and are not counted: the statistics never guess a chance after the fact.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from tui.session.campaign.log import LogEntry, parse_odds
from tui.session.stats.odds import is_success
from tui.session.stats.poisson import Luck, luck

__all__ = ["DiceStats", "Tally"]


@dataclass(frozen=True)
class Tally:
    """The counted rolls of one character (or of everyone: the campaign's system)."""

    name: str
    chances: tuple[Fraction, ...]
    successes: int

    @property
    def rolls(self) -> int:
        return len(self.chances)

    @property
    def expected(self) -> Fraction:
        return sum(self.chances, Fraction(0))

    def luck(self) -> Luck:
        """The exact standing of the observed successes (see :mod:`.poisson`)."""
        return luck(self.chances, self.successes)


class DiceStats:
    """Counts rolls with odds from entries fed in log order."""

    def __init__(self) -> None:
        self._rolls: dict[int, tuple[str, Fraction, bool]] = {}
        self._undone: set[int] = set()
        self._chances: dict[str, Fraction] = {}

    def add(self, entry: LogEntry) -> None:
        if entry.kind == "undo":
            self._undone.add(entry.undoes)
        elif entry.kind == "redo":
            self._undone.discard(entry.undoes)
        elif entry.kind == "roll" and entry.odds and entry.actor:
            p = self._chances.get(entry.odds)
            if p is None:  # one Fraction per distinct chance: a long log repeats a few
                p = parse_odds(entry.odds)
                if p is not None:
                    self._chances[entry.odds] = p
            if p is not None:
                self._rolls[entry.seq] = (entry.actor, p, is_success(entry.grade))

    def feed(self, entries: Iterable[LogEntry]) -> DiceStats:
        for entry in entries:
            self.add(entry)
        return self

    def _counted(self) -> list[tuple[str, Fraction, bool]]:
        return [r for seq, r in self._rolls.items() if seq not in self._undone]

    def tallies(self) -> list[Tally]:
        """One tally per character who rolled, in the order of their first counted roll."""
        chances: dict[str, list[Fraction]] = {}
        wins: dict[str, int] = {}
        for actor, p, won in self._counted():
            chances.setdefault(actor, []).append(p)
            wins[actor] = wins.get(actor, 0) + won
        return [Tally(a, tuple(ps), wins[a]) for a, ps in chances.items()]

    def total(self, name: str) -> Tally:
        """Every counted roll as one tally called ``name`` (the system's name)."""
        counted = self._counted()
        return Tally(name, tuple(p for _, p, _ in counted), sum(w for *_, w in counted))
