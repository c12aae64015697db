"""«Странная система» (Strange System, seed 001): 4d6 against a range set by the GM's 2d6.

Everything a check needs is importable from here; the code is split over ``core`` (a check:
hits, grades, impact), ``duel`` (two checks against one range), ``grades`` (the grade
ladder and the one grading rule shared by ``resolve`` and ``odds``), ``ladder`` (skill
levels, danger classes, synergy) and ``exact_odds`` (exact odds; not ``odds``, which is the
function). Scenes and rounds are a
state machine of their own: import :mod:`rules.strange.rounds` (built from the immutable
pieces in ``records``).

The spec's algorithm is implemented as written (it reproduces every worked example):
hits H = dice in the success range after the range modifier; each hit beyond the required R
counts double (E = H + max(0, H − R)); grades from E and R; a resistance range the player's
dice also fall into lands an impact of Res − E and drops a success grade one step.

Interpretation decisions (the spec wins where the seed is loose):

- 4-4-4-4 is ABSOLUTE_CRITICAL whatever the requirement or ranges, and is final: no step
  down and impact 0 even when the resistance out-hits it. It is read off the dice as rolled
  (a roll-value modifier neither makes nor spoils it).
- CRITICAL_SUCCESS needs H > 2R, so with 4 dice only levels needing 1 hit can reach it.
- A duel: a 4-4-4-4 wins unless both sides rolled it; otherwise higher effective hits E,
  then higher rank, else no winner. The seed's wrestling example counts raw hits (3 vs 3,
  rank decides); E gives 3 vs 4 — the same winner. Each side has its own range modifier
  (synergy included) and roll-value modifier.
- Ranks: skill levels rank 1, 2, 3 (Skilled, Professional, Master); a danger class sits on
  the same scale as the exact Fraction 1 + 2 × (class − 1) / 3 — 1, 5/3, 7/3, 3 — so class 4
  ties with a Master and never beats one («1 соответствует уровню навыка Умельца, а 4 –
  Мастера»).
- The range modifier touches the success range only, never the resistance range (seed:
  Kirma's bow, 4–5 → 4–4 with resistance 3–4 unchanged). It is accepted within −6..+6.
  Synergy is one such modifier, applied only while the supporting skill is in use; a
  situational modifier is added to it.
- Modifiers «на значения самого броска» (to the roll's values): ``dice_modifier`` N shifts
  each of the player's dice by N before hits are counted (in both ranges), kept within 1..6;
  accepted within −5..+5.
- Hard conditions: ``can_act`` (2 of 4 dice in the range, bounds included), with
  ``can_act_count`` for the log and ``can_act_odds`` for the preview.
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
    Result,
    Winner,
    can_act,
    can_act_count,
    contest_winner,
    range_from_dice,
    resolve,
    roll,
)
from rules.strange.duel import Duel, duel, duel_result
from rules.strange.exact_odds import IMPACTS, can_act_odds, impact_odds, odds, outcome_odds
from rules.strange.grades import MAX_DICE_MODIFIER, MAX_MODIFIER, Grade, shifted
from rules.strange.ladder import (
    DANGER_CLASSES,
    DEFAULT_LADDER,
    MAX_REQUIRED,
    DangerClass,
    Ladder,
    Rank,
    SkillLevel,
    check_rank,
    danger_class,
    level_by_key,
    level_by_name,
    level_by_rank,
    make_ladder,
    rank_text,
    synergy_modifier,
)

#: the system's name as lists show it (its key, as a save stores it, is the package's name)
NAME = "Strange System"
#: its place in lists of systems (the spec's five first, in the spec's order)
ORDER = 4

__all__ = [
    "DANGER_CLASSES",
    "DEFAULT_LADDER",
    "IMPACTS",
    "MAX_DICE_MODIFIER",
    "MAX_MODIFIER",
    "MAX_REQUIRED",
    "MIN_ACTION_SECONDS",
    "MOUNT_SPEED_PER_ROUND",
    "NAME",
    "ORDER",
    "DangerClass",
    "Duel",
    "Grade",
    "Ladder",
    "Rank",
    "Result",
    "SkillLevel",
    "Winner",
    "can_act",
    "can_act_count",
    "can_act_odds",
    "check_rank",
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
    "rank_text",
    "resolve",
    "roll",
    "shifted",
    "synergy_modifier",
]
