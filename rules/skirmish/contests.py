"""Skirmish competitive tests: dice of two sides cancelling each other, and exact odds.

Part of :mod:`rules.skirmish` (import from there). The seed readings are listed there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Literal, TypeAlias

from rules.errors import RulesError
from rules.exact import check_face, check_int, check_rng
from rules.skirmish.core import SIDES, Die, Result, check_die, test

__all__ = ["MAX_DICE", "Contest", "Winner", "contest", "contest_odds", "roll_contest"]

Winner: TypeAlias = Literal["a", "b"] | None

#: Most dice one side may roll in a single contest.
MAX_DICE = 100


@dataclass(frozen=True, slots=True)
class Contest:
    """A competitive test: every die of each side, and the successes left standing."""

    a_value: int
    b_value: int
    die: Die
    raw_tiebreak: bool
    a: tuple[Result, ...]
    b: tuple[Result, ...]
    a_hits: tuple[int, ...]
    b_hits: tuple[int, ...]
    winner: Winner
    draw: bool

    @property
    def a_lucky(self) -> bool:
        """Side a rolled at least one Lucky Chance."""
        return any(r.lucky for r in self.a)

    @property
    def b_lucky(self) -> bool:
        """Side b rolled at least one Lucky Chance."""
        return any(r.lucky for r in self.b)

    @property
    def label(self) -> str:
        """E.g. ``"a wins: 1 hit (5); b fails (8 vs 5)"``."""
        a_faces = ", ".join(str(r.face) for r in self.a)
        b_faces = ", ".join(str(r.face) for r in self.b)
        dice = f"a {a_faces} vs {self.a_value}, b {b_faces} vs {self.b_value} on {self.die}"
        if self.a_lucky and self.b_lucky:
            text = "draw: lucky chance on both sides, all cancelled"
        elif self.winner is not None:
            hits = self.a_hits if self.winner == "a" else self.b_hits
            plural = "hit" if len(hits) == 1 else "hits"
            text = f"{self.winner} wins: {len(hits)} {plural} ({', '.join(map(str, hits))})"
            if self.a_lucky or self.b_lucky:
                text += " with a lucky chance"
        elif self.draw:
            text = "draw: equal successes cancel"
        else:
            text = "nothing happens: both fail"
        for side, results in (("a", self.a), ("b", self.b)):
            count = sum(r.catastrophic for r in results)
            if count:
                text += f"; {side} catastrophic failure" + (f" x{count}" if count > 1 else "")
        return f"{text} ({dice})"


def _check_rolls(name: str, rolls: object, die: Die) -> tuple[int, ...]:
    if isinstance(rolls, int) and not isinstance(rolls, bool):
        rolls = (rolls,)
    if not isinstance(rolls, Sequence) or isinstance(rolls, str | bytes):
        raise RulesError(f"{name} must be a die face or a sequence of faces, got {rolls!r}")
    if not 1 <= len(rolls) <= MAX_DICE:
        raise RulesError(f"{name} must hold 1..{MAX_DICE} dice, got {len(rolls)}")
    return tuple(check_face(f"{name}[{i}]", r, SIDES[die]) for i, r in enumerate(rolls))


def _check_tiebreak(raw_tiebreak: object) -> bool:
    if not isinstance(raw_tiebreak, bool):
        raise RulesError(f"raw_tiebreak must be True or False, got {raw_tiebreak!r}")
    return raw_tiebreak


def _standing(mine: tuple[Result, ...], theirs: tuple[Result, ...], raw: bool) -> tuple[int, ...]:
    """Faces of ``mine`` left standing against ``theirs`` (``theirs`` holds no Lucky Chance).

    Cancellation is simultaneous: every success of ``theirs`` cancels each lower or equal
    success of ``mine`` even if it is itself cancelled, so a plain success stands only above
    every success of ``theirs``; a Lucky Chance stands whatever ``theirs`` rolled.
    """
    best = max(((r.face, r.roll if raw else 0) for r in theirs if r.success), default=None)
    return tuple(
        r.face
        for r in mine
        if r.lucky or (r.success and (best is None or (r.face, r.roll if raw else 0) > best))
    )


def _decide(
    a: tuple[Result, ...], b: tuple[Result, ...], raw: bool
) -> tuple[tuple[int, ...], tuple[int, ...], Winner, bool]:
    """Surviving hits of each side, the winner and whether it is a draw."""
    a_lucky, b_lucky = any(r.lucky for r in a), any(r.lucky for r in b)
    if a_lucky and b_lucky:
        a_hits: tuple[int, ...] = ()
        b_hits: tuple[int, ...] = ()
    elif a_lucky:  # the Lucky Chance cancels all of b; b's successes still cancel a's lower dice
        a_hits, b_hits = _standing(a, b, raw), ()
    elif b_lucky:
        a_hits, b_hits = (), _standing(b, a, raw)
    else:
        a_hits, b_hits = _standing(a, b, raw), _standing(b, a, raw)
    winner: Winner = "a" if a_hits else "b" if b_hits else None
    draw = winner is None and any(r.success for r in a) and any(r.success for r in b)
    return a_hits, b_hits, winner, draw


def contest(
    a_value: int,
    a_rolls: int | Sequence[int],
    b_value: int,
    b_rolls: int | Sequence[int],
    die: str = "d10",
    raw_tiebreak: bool = False,
) -> Contest:
    """Resolve a competitive test between sides a and b from dice already rolled.

    Cancellation is simultaneous (the seed: «даже если он сам в свою очередь будет отменён»):
    every success cancels each lower or equal success of the opponent; a Lucky Chance also
    cancels every success of the opponent and falls only to an opponent's Lucky Chance (Lucky
    on both sides: a draw, all cancelled). So ``contest(5, [5, 2], 8, [7])`` keeps a's 5 alone:
    the 7 cancels the 2 while the Lucky 5 cancels the 7.

    Args:
        a_value: side a's characteristic after modifiers.
        a_rolls: side a's dice (one face or a sequence of 1..``MAX_DICE`` faces).
        b_value: side b's characteristic after modifiers.
        b_rolls: side b's dice.
        die: one of ``DIES``; d20 rolls are raw.
        raw_tiebreak: the optional d20 rule: equal faces are won by the higher raw d20.

    Raises:
        RulesError: unknown die, a value that is not an integer, or a roll outside the die.
    """
    kind = check_die(die)
    raw = _check_tiebreak(raw_tiebreak)
    a_value = check_int("a_value", a_value)
    b_value = check_int("b_value", b_value)
    a = tuple(test(a_value, r, kind) for r in _check_rolls("a_rolls", a_rolls, kind))
    b = tuple(test(b_value, r, kind) for r in _check_rolls("b_rolls", b_rolls, kind))
    return Contest(a_value, b_value, kind, raw, a, b, *_decide(a, b, raw))


def roll_contest(
    a_value: int,
    a_dice: int,
    b_value: int,
    b_dice: int,
    *,
    rng: random.Random,
    die: str = "d10",
    raw_tiebreak: bool = False,
) -> Contest:
    """Roll ``a_dice`` and ``b_dice`` dice from ``rng`` and resolve the contest."""
    kind = check_die(die)
    rng = check_rng(rng)
    a_dice = check_int("a_dice", a_dice, 1, MAX_DICE)
    b_dice = check_int("b_dice", b_dice, 1, MAX_DICE)
    sides = SIDES[kind]
    a_rolls = [rng.randint(1, sides) for _ in range(a_dice)]
    b_rolls = [rng.randint(1, sides) for _ in range(b_dice)]
    return contest(a_value, a_rolls, b_value, b_rolls, kind, raw_tiebreak)


Key = tuple[int, int]  # a successful die's (face, raw roll when the tie-break counts it)


@lru_cache(maxsize=256)
def _die_classes(value: int, die: Die, raw: bool) -> tuple[int, int, tuple[tuple[Key, int], ...]]:
    """One die of a side: (faces that are Lucky, faces that fail, successes by key).

    A key is what two successes compare: the face, and with ``raw`` the raw d20 as well.
    Lucky faces are counted apart: a Lucky Chance decides a contest on its own.
    """
    lucky = failed = 0
    keys: dict[Key, int] = {}
    for roll in range(1, SIDES[die] + 1):
        result = test(value, roll, die)
        if result.lucky:
            lucky += 1
        elif result.success:
            key = (result.face, roll if raw else 0)
            keys[key] = keys.get(key, 0) + 1
        else:
            failed += 1
    return lucky, failed, tuple(sorted(keys.items()))


def _best(value: int, dice: int, die: Die, raw: bool) -> tuple[int, int, dict[Key | None, int]]:
    """Ways (out of sides**dice) for a side: any Lucky; no Lucky and each best success key.

    Only a side's best success matters when neither side has a Lucky Chance (a die survives
    only above every success of the other side), so the distribution of the best key is all
    a contest needs: P(best <= k) = (failing faces + successes up to k)^dice.
    """
    lucky, failed, keys = _die_classes(value, die, raw)
    sides = SIDES[die]
    total = sides**dice
    best: dict[Key | None, int] = {None: failed**dice}
    below = failed
    for key, ways in keys:
        best[key] = (below + ways) ** dice - below**dice
        below += ways
    return total, total - (sides - lucky) ** dice, best


@lru_cache(maxsize=1024)
def _contest_odds(
    a_value: int, b_value: int, die: Die, raw: bool, a_dice: int, b_dice: int
) -> tuple[tuple[Winner, Fraction], ...]:
    a_total, a_lucky, a_best = _best(a_value, a_dice, die, raw)
    b_total, b_lucky, b_best = _best(b_value, b_dice, die, raw)
    # Lucky on one side only: that side acts (its Lucky die is a success that stands)
    a_wins = a_lucky * (b_total - b_lucky)
    b_wins = b_lucky * (a_total - a_lucky)
    # neither Lucky: the strictly higher best success acts; equal or none cancel
    order = sorted(k for k in {*a_best, *b_best} if k is not None)
    a_below = a_best[None]  # ways for a side to have no success, then below the next key
    b_below = b_best[None]
    for key in order:
        a_here, b_here = a_best.get(key, 0), b_best.get(key, 0)
        a_wins += a_here * b_below
        b_wins += b_here * a_below
        a_below += a_here
        b_below += b_here
    total = a_total * b_total
    nobody = total - a_wins - b_wins
    return (
        ("a", Fraction(a_wins, total)),
        ("b", Fraction(b_wins, total)),
        (None, Fraction(nobody, total)),
    )


def contest_odds(
    a_value: int,
    b_value: int,
    die: str = "d10",
    raw_tiebreak: bool = False,
    *,
    a_dice: int = 1,
    b_dice: int = 1,
) -> dict[str | None, Fraction]:
    """Exact chance that a, b or nobody (``None``: draw or both fail) acts in a contest.

    Each side rolls ``a_dice`` / ``b_dice`` dice (1..``MAX_DICE``). Computed from each
    side's best die alone (see ``_best``): a few dozen integer operations whatever the
    number of dice, never an enumeration of every face.
    """
    kind = check_die(die)
    raw = _check_tiebreak(raw_tiebreak)
    a_value = check_int("a_value", a_value)
    b_value = check_int("b_value", b_value)
    a_dice = check_int("a_dice", a_dice, 1, MAX_DICE)
    b_dice = check_int("b_dice", b_dice, 1, MAX_DICE)
    return dict(_contest_odds(a_value, b_value, kind, raw, a_dice, b_dice))
