"""Basic Roleplaying (Chaosium BRP, seed 000): d100 roll-under with five levels of quality.

Everything the app needs is importable from here; the code is split over ``core`` (levels,
difficulty, bands, odds), ``contest`` (resistance table, skill against skill) and ``experience``
(ticks, experience rolls, teaching, downtime).

Interpretation decisions (the spec wins where it and the seed differ):

- Special band is ``max(1, half_up(C / 5))`` as the seed's table shows (11-12 → 01-02), not
  the prose's "rounded up". Critical is ``max(1, half_up(C / 20))``.
- Critical and special bands are capped at the success band (at most 95), so 96-00 always
  fail even when 20 % of a huge chance would exceed 95; the table's "(выше)" row lists 96-00
  as failure.
- Chance 0 or less: no success at all (not even 01), fumble on 96-00.
- ``effective_chance``: ``impossible`` gives 0 (the chance a "see how badly" roll uses);
  ``automatic`` raises ``RulesError`` because no roll is made. :func:`check` handles both:
  automatic is a SUCCESS with no roll that never ticks, impossible a FAILURE (or, if rolled,
  resolved at chance 0).
- Opposed rolls have three tiers, «Особый успех > Успех > Провал»: a critical is a special in a
  contest (its band lies inside the special band), so critical vs special cancels both and
  critical vs success wins as a special does; it keeps its own level when unopposed. Success
  against success with equal skills cancels both to FAILURE with no winner (the seed's "one
  level cancels the other").
  Both failed: no winner and the levels stay as rolled (a fumble stays a fumble).
- More than two sides («все действующие стороны должны сделать соответствующие броски»,
  ``opposed_many``): the single highest tier wins and drops by the best other tier (the
  strongest opposition cancels); every other success is lowered to FAILURE; a shared highest
  tier goes to the highest rating for plain successes (a shared rating: no winner) and
  cancels for specials and criticals (no winner). With two sides it equals ``opposed``.
- Resistance rolls are plain roll-under (the chance is always 5..95 when a roll is needed);
  the d100 skill bands (criticals, fumbles) do not apply to them. Whichever side rolls, the
  roll is read against the active chance: roll ≤ chance → the active force prevails.
"""

from __future__ import annotations

from rules.brp.contest import (
    Opposed,
    OpposedMany,
    ResistanceResult,
    Side,
    Winner,
    opposed,
    opposed_many,
    opposed_odds,
    resistance_chance,
    resistance_odds,
    resistance_roll,
    roll_resistance,
    tier,
)
from rules.brp.core import (
    DIFFICULTIES,
    Bands,
    Check,
    Difficulty,
    Level,
    Result,
    bands,
    check,
    check_difficulty,
    effective_chance,
    face_text,
    odds,
    resolve,
    roll,
    roll_check,
)
from rules.brp.experience import (
    DOWNTIME_FREE_TICKS,
    GAIN_DICE,
    Improvement,
    Teaching,
    downtime_ticks,
    experience_roll,
    first_tick,
    improves,
    roll_experience,
    teach,
    tick_eligible,
)

#: the system's name as lists show it (its key, as a save stores it, is the package's name)
NAME = "Basic Roleplaying"
#: its place in lists of systems (the spec's five first, in the spec's order)
ORDER = 1

__all__ = [
    "DIFFICULTIES",
    "DOWNTIME_FREE_TICKS",
    "GAIN_DICE",
    "NAME",
    "ORDER",
    "Bands",
    "Check",
    "Difficulty",
    "Improvement",
    "Level",
    "Opposed",
    "OpposedMany",
    "ResistanceResult",
    "Result",
    "Side",
    "Teaching",
    "Winner",
    "bands",
    "check",
    "check_difficulty",
    "downtime_ticks",
    "effective_chance",
    "experience_roll",
    "face_text",
    "first_tick",
    "improves",
    "odds",
    "opposed",
    "opposed_many",
    "opposed_odds",
    "resistance_chance",
    "resistance_odds",
    "resistance_roll",
    "resolve",
    "roll",
    "roll_check",
    "roll_experience",
    "roll_resistance",
    "teach",
    "tick_eligible",
    "tier",
]
