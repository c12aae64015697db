"""The Expanse RPG / AGE system (seed 002): 3d6 + bonus against a target number.

Everything is importable from here; the code is split over ``core`` (difficulty tables,
``resolve``/``roll``/``odds``, opposed tests, Fortune), ``advanced`` (advanced tests: a pool
of Drama Die values raced against the clock, and exact completion odds) and ``challenge``
(challenge tests: advanced tests whose failed rolls have escalating consequences).

Interpretation decisions (the spec wins over the seed):

- The seed's difficulty names are Russian; the spec's English names are the keys
  (Элементарно = Routine … Невероятно сложно = Formidable). Both are accepted by lookups.
- The seed's "50% / 90%" modifier columns are a rough guide (they assume 3d6 ≥ 10 and ≥ 6);
  the app shows exact odds instead.
- Stunt points (Drama Die when a success shows doubles) are the AGE core rule, not the seed's;
  they are information for the log only.
- ``opposed(..., tn=None)`` applies no target-number gate: totals alone are compared.
- Advanced tests: time per roll = budget ÷ (threshold / 2), kept as an exact ``Fraction`` of
  minutes; nothing is rounded (30 minutes at threshold 15 → exactly 4; 60 at threshold 7 →
  120/7). The UI may round for display only.
- Every roll, whoever makes it, takes one time slice. A roll begun before the budget is spent
  still counts: the test fails after a roll that leaves elapsed ≥ budget with the pool short,
  so ``ceil(threshold / 2)`` rolls fit in the budget.
- A roll must be resolved against the test's current TN for its skill (``tn_for``); a result
  with another TN is refused rather than silently re-judged.
- Challenge tests: "until cleared" effects (TN +2, extra time per roll) belong to the minor
  level only, since only a minor consequence can be cleared (by a successful roll spent on
  it, or by ``clear_minor()`` after a separate test such as the seed's opposed Stealth check).
- An effect's ``scope`` names an ability, a focus or "Ability (Focus)"; it matches a skill
  written "Ability (Focus)" by any of these, ignoring case.
- Running out of time triggers the serious consequence (its text is reported on the roll) and
  fails the test; its mechanical effect is not applied, since the test is over.
"""

from __future__ import annotations

from rules.age.advanced import (
    MAX_ROLLS,
    MAX_THRESHOLD,
    AdvancedTest,
    Contribution,
    Level,
    Status,
    advanced_completion_odds,
    pool_step_odds,
)
from rules.age.challenge import ChallengeTest, Consequence, Effect, EffectKind, Escalation
from rules.age.core import (
    DIFFICULTIES,
    DIFFICULTY_BY_KEY,
    RUSSIAN_NAMES,
    THRESHOLD_BY_KEY,
    THRESHOLDS,
    FortuneCosts,
    FortuneSpend,
    Outcome,
    Result,
    Side,
    difficulty,
    difficulty_name,
    focus_bonus,
    odds,
    opposed,
    opposed_many,
    outcome_odds,
    resolve,
    roll,
    slug,
    spend_fortune,
    threshold,
    threshold_name,
)
from rules.errors import RulesError

__all__ = [
    "DIFFICULTIES",
    "DIFFICULTY_BY_KEY",
    "MAX_ROLLS",
    "MAX_THRESHOLD",
    "RUSSIAN_NAMES",
    "THRESHOLDS",
    "THRESHOLD_BY_KEY",
    "AdvancedTest",
    "ChallengeTest",
    "Consequence",
    "Contribution",
    "Effect",
    "EffectKind",
    "Escalation",
    "FortuneCosts",
    "FortuneSpend",
    "Level",
    "Outcome",
    "Result",
    "RulesError",
    "Side",
    "Status",
    "advanced_completion_odds",
    "difficulty",
    "difficulty_name",
    "focus_bonus",
    "odds",
    "opposed",
    "opposed_many",
    "outcome_odds",
    "pool_step_odds",
    "resolve",
    "roll",
    "slug",
    "spend_fortune",
    "threshold",
    "threshold_name",
]
