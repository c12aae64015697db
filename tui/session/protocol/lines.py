"""What a typed line becomes: a slash command, a free roll, or a check of one or more sides.

Plain values, kept below the roll-entry parser (:mod:`tui.session.entry.entry`, which
re-exports them) so that the System protocol and the command sets can name them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["Check", "FreeRoll", "Side", "Slash"]


@dataclass(frozen=True)
class Slash:
    name: str
    args: tuple[str, ...]
    rest: str  # the raw text after the command name (for free-text arguments)


@dataclass(frozen=True)
class FreeRoll:
    expr: str
    faces: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Side:
    """One participant: who rolls what, with which modifiers, and typed dice if any.

    A side that is a plain number (``alice str vs 15``, ``vs siz=15``: an object's value,
    which never rolls) has no actor: ``value`` holds the number and ``skill`` the word
    typed before it ("" when none). Only a system whose ``versus_number`` says so takes it.
    """

    actor: str
    skill: str
    words: tuple[str, ...] = ()  # bare modifier words (hard, nostakes, +3, -5 …)
    options: dict[str, str] = field(default_factory=dict)  # key=value modifiers
    faces: tuple[int, ...] | None = None
    value: int | None = None

    @property
    def named(self) -> str:
        """How the log names the side: its actor, or a plain number's ``SIZ 15`` / ``15``."""
        if self.value is None:
            return self.actor
        return f"{self.skill} {self.value}" if self.skill else str(self.value)


@dataclass(frozen=True)
class Check:
    """A roll line: side ``a``; ``b`` and the ``more`` sides when it is opposed.

    ``a`` and ``b`` stay fields so that two-sided code (and ``replace(check, a=…)``) keeps
    working; :attr:`sides` is every side in the order typed, :meth:`of` builds from it.
    """

    a: Side
    b: Side | None = None
    more: tuple[Side, ...] = ()

    def __post_init__(self) -> None:
        if self.more and self.b is None:
            raise ValueError("a check with more sides needs a second side first")

    @property
    def sides(self) -> tuple[Side, ...]:
        """Every side, in the order typed (one for a plain check)."""
        return (self.a,) if self.b is None else (self.a, self.b, *self.more)

    @classmethod
    def of(cls, sides: Sequence[Side]) -> Check:
        """The check of these sides (the first is ``a``)."""
        if not sides:
            raise ValueError("a check needs at least one side")
        return cls(sides[0], sides[1] if len(sides) > 1 else None, tuple(sides[2:]))
