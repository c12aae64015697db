"""«Странная система» (Strange System, seed 001): 4d6 against a range set by the GM's 2d6.

Everything a check needs is importable from here; the code is split over ``core`` (a check:
hits, grades, impact; duels), ``grades`` (the grade ladder and the one grading rule shared by
``resolve`` and ``odds``), ``ladder`` (skill levels, danger classes, synergy) and
``exact_odds`` (exact odds; not ``odds``, which is the function). Scenes and rounds are a
state machine of their own: import :mod:`rules.strange.rounds` (built from the immutable
pieces in ``records``).

The spec's algorithm is implemented as written (it reproduces every worked example):
hits H = dice in the success range after the range modifier; each hit beyond the required R
counts double (E = H + max(0, H − R)); grades from E and R; a resistance range the player's
dice also fall into lands an impact of Res − E and drops a success grade one step.

Interpretation decisions (the spec wins where the seed is loose):

- 4-4-4-4 is ABSOLUTE_CRITICAL whatever the requirement or ranges, and is final: no step
  down and impact 0 even when the resistance out-hits it.
- CRITICAL_SUCCESS needs H > 2R, so with 4 dice only levels needing 1 hit can reach it.
- A duel compares effective hits E, then rank (skill rank, or danger class for opponents
  without skills); 4-4-4-4 gets no special treatment there (the spec compares E only). The
  seed's wrestling example counts raw hits (3 vs 3, rank decides); E gives 3 vs 4 — the same
  winner.
- The range modifier touches the success range only, never the resistance range (seed:
  Kirma's bow, 4–5 → 4–4 with resistance 3–4 unchanged). It is accepted within −6..+6.
- ``required`` is 1..4: a check rolls 4 dice.
- ``roll`` draws the GM's success range (two d6), then the resistance range (two d6, only
  when opposed and not given), then the player's four dice, all from the injected ``rng``.
- Rounds: a goal may be revised while planning is open and never after; a FINAL action
  cannot be reacted to (its outcome is guaranteed); a reaction resolves the action it
  answers, the winner decided like a duel (effective hits, then rank).
"""

from __future__ import annotations

from rules.strange.core import (
    MIN_ACTION_SECONDS,
    MOUNT_SPEED_PER_ROUND,
    Duel,
    Result,
    Winner,
    can_act,
    contest_winner,
    duel,
    duel_result,
    range_from_dice,
    resolve,
    roll,
)
from rules.strange.exact_odds import IMPACTS, impact_odds, odds, outcome_odds
from rules.strange.grades import MAX_MODIFIER, Grade
from rules.strange.ladder import (
    DANGER_CLASSES,
    DEFAULT_LADDER,
    MAX_REQUIRED,
    DangerClass,
    Ladder,
    SkillLevel,
    danger_class,
    level_by_key,
    level_by_name,
    level_by_rank,
    make_ladder,
    synergy_modifier,
)

__all__ = [
    "DANGER_CLASSES",
    "DEFAULT_LADDER",
    "IMPACTS",
    "MAX_MODIFIER",
    "MAX_REQUIRED",
    "MIN_ACTION_SECONDS",
    "MOUNT_SPEED_PER_ROUND",
    "DangerClass",
    "Duel",
    "Grade",
    "Ladder",
    "Result",
    "SkillLevel",
    "Winner",
    "can_act",
    "contest_winner",
    "danger_class",
    "duel",
    "duel_result",
    "impact_odds",
    "level_by_key",
    "level_by_name",
    "level_by_rank",
    "make_ladder",
    "odds",
    "outcome_odds",
    "range_from_dice",
    "resolve",
    "roll",
    "synergy_modifier",
]
