"""The Expanse RPG / AGE system (seed 002): 3d6 + bonus against a target number.

Everything is importable from here; the code is split over ``core`` (difficulty tables,
``resolve``/``roll``/``odds``, Fortune), ``opposed`` (opposed tests of any number of
participants and their exact odds), ``advanced`` (advanced tests: a pool of Drama Die values
raced against the clock), ``completion`` (exact completion odds), ``challenge`` (challenge
tests: advanced tests whose failed rolls have escalating consequences) and ``race`` (two
sides filling their own pools, first to the threshold).

Interpretation decisions (the spec wins over the seed):

- The seed's difficulty names are Russian; the spec's English names are the keys
  (Элементарно = Routine … Невероятно сложно = Formidable). Both are accepted by lookups.
- The seed's "50% / 90%" modifier columns are a rough guide (they assume 3d6 ≥ 10 and ≥ 6);
  the app shows exact odds instead.
- Stunt points (Drama Die when a success shows doubles) are the AGE core rule, not the seed's;
  they are information for the log only.
- ``opposed(..., tn=None)`` applies no target-number gate: totals alone are compared.
- Opposed ties: the higher Drama Die, then the higher ``Result.skill`` — ability + focus as
  given to ``resolve(..., skill=)``, never the situational modifiers (the seed: «выигрывает
  тот, чей навык выше»); ``skill`` defaults to the bonus when not given.
- More than two participants («для более чем двух персонажей: процесс происходит точно так
  же»): one winner among all of them by the same chain (``opposed_many``); a tie at the top
  has no winner even if others rolled lower. Exact odds: ``opposed_odds``.
- Fortune: setting a die to the face it already shows is refused (nothing to change, nothing
  spent).
- Advanced tests: time per roll = budget ÷ (threshold / 2), kept as an exact ``Fraction`` of
  minutes; nothing is rounded (30 minutes at threshold 15 → exactly 4; 60 at threshold 7 →
  120/7). The UI may round for display only.
- Every roll, whoever makes it, takes one time slice, and a roll may begin only if it ends
  within the budget (the seed: «по истечении времени комплекс будет перекрыт»): the number
  of rolls is floor(budget ÷ time per roll) — 30 minutes at 4 a roll → 7, not 8. The test
  fails as soon as the next roll (at the current pace, a minor consequence's extra time
  included) could not end in time. A threshold below 2 is refused by ``create``: a roll would
  take twice the budget.
- A step may be an opposed roll (the seed: «простой или встречный бросок»): it succeeds when
  the contributing side wins at the test's TN, and adds that side's Drama Die.
- Fortune after a roll that counted: ``amend_last`` re-decides the last roll from the state
  kept in ``previous``; anything else that changes the test (clearing, unblocking) drops it.
- Races (``Race``): the seed's «длительные противостояния, где важно, кто успеет первым» —
  each slice is an opposed roll between two sides, whose winner adds its Drama Die to its own
  pool; first to the threshold wins; time as above, no winner when it runs out.
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

from rules.age.advanced import AdvancedTest, Contribution, Level, Status, roll_succeeds
from rules.age.challenge import ChallengeTest, Consequence, Effect, EffectKind, Escalation
from rules.age.completion import (
    MAX_ROLLS,
    MAX_THRESHOLD,
    advanced_completion_odds,
    pool_completion_odds,
    pool_step_odds,
)
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
    difficulty,
    difficulty_name,
    focus_bonus,
    odds,
    outcome_odds,
    resolve,
    roll,
    slug,
    spend_fortune,
    threshold,
    threshold_name,
)
from rules.age.opposed import (
    MAX_SIDES,
    Side,
    opposed,
    opposed_many,
    opposed_odds,
    opposed_pool_odds,
)
from rules.age.race import Race, RaceStep, race_odds
from rules.errors import RulesError

#: the system's name as lists show it (its key, as a save stores it, is the package's name)
NAME = "The Expanse (AGE)"
#: its place in lists of systems (the spec's five first, in the spec's order)
ORDER = 3

__all__ = [
    "DIFFICULTIES",
    "DIFFICULTY_BY_KEY",
    "MAX_ROLLS",
    "MAX_SIDES",
    "MAX_THRESHOLD",
    "NAME",
    "ORDER",
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
    "Race",
    "RaceStep",
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
    "opposed_odds",
    "opposed_pool_odds",
    "outcome_odds",
    "pool_completion_odds",
    "pool_step_odds",
    "race_odds",
    "resolve",
    "roll",
    "roll_succeeds",
    "slug",
    "spend_fortune",
    "threshold",
    "threshold_name",
]
