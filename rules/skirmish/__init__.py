"""d10 skirmish wargame (samurai, ninja, yamabushi): characteristic tests and contests.

Everything is importable from here; the code is split over ``core`` (a single characteristic
test: outcomes, modifiers, exact odds; ``resolve`` is ``test`` under the name every system
shares) and ``contests`` (competitive tests: dice of two sides cancelling each other; not
``contest``, which is the function).

Source: seed 003 and the ``skirmish`` section of ``shared/spec/rules.md``; where the two
differ the spec wins. Interpretation decisions:

- d12: the seed allows a d12 "without any modifiers", accepting that models miss and fail
  catastrophically more often. Faces 11 and 12 are therefore read as they are: with a value of
  10 or less they always fail, and are Catastrophic Failures when face >= value + 4 and the
  value is below 7 (value 6 fails catastrophically on 10, 11 and 12); with a value above 10
  they are automatic successes and always Lucky Chances (the threshold 20 - value is <= 9).
- d20: the face is ceil(roll / 2) for every rule. With a value of 1..10 a Lucky Chance needs
  the unrounded value, roll == 2 * value (value 6: raw 12 is Lucky, raw 11 is not). For a value
  above 10 the seed gives no d20 note, so the face rule (face >= 20 - value) applies.
- A value of 0 or less (after modifiers) never succeeds and so is never Lucky; a Catastrophic
  Failure still happens on face >= value + 4.
- Modifiers: all "mul" and "div" amounts form one exact fraction that is rounded down once,
  so their order does not matter; then "add"/"sub"; a "set" overrides everything.
- Contests: ``draw`` is the seed's "ничья": successes were rolled on both sides but all were
  cancelled (equal faces, or Lucky Chances on both sides). When both sides fail there is no
  winner and no draw ("nothing happens"). Hits are listed in the order the dice were given.
  Cancellation is simultaneous: a Lucky side's plain successes still fall to the opponent's
  higher or equal successes, though the Lucky Chance cancels those (5 Lucky and 2 against 7:
  only the 5 stands).
- ``raw_tiebreak`` compares raw dice instead of faces; on a d10 or d12 raw == face, so the
  option changes nothing there.
- ``odds`` partitions the faces into four disjoint classes (see its docstring).
"""

from __future__ import annotations

from rules.skirmish.contests import MAX_DICE, Contest, Winner, contest, contest_odds, roll_contest
from rules.skirmish.core import (
    DIES,
    ODDS_KEYS,
    SIDES,
    Die,
    Outcome,
    Result,
    check_die,
    effective_value,
    lucky_from,
    odds,
    resolve,
    roll,
    test,
)

#: the system's name as lists show it (its key, as a save stores it, is the package's name)
NAME = "d10 skirmish"
#: its place in lists of systems (the spec's five first, in the spec's order)
ORDER = 5

__all__ = [
    "DIES",
    "MAX_DICE",
    "NAME",
    "ODDS_KEYS",
    "ORDER",
    "SIDES",
    "Contest",
    "Die",
    "Outcome",
    "Result",
    "Winner",
    "check_die",
    "contest",
    "contest_odds",
    "effective_value",
    "lucky_from",
    "odds",
    "resolve",
    "roll",
    "roll_contest",
    "test",
]
