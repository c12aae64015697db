"""The Expanse RPG / AGE system (seed 002): the public face of ``rules.age_*``.

- ``rules.age_core``: difficulty tables, ``resolve``/``roll``/``odds``, opposed tests, Fortune.
- ``rules.age_advanced``: advanced tests (pool of Drama Die values) and exact completion odds.
- ``rules.age_challenge``: challenge tests (advanced tests with escalating consequences).

Each part's docstring states the interpretation decisions it makes; where seed and spec
differ, the spec wins.
"""

from __future__ import annotations

from rules.age_advanced import (
    MAX_ROLLS,
    MAX_THRESHOLD,
    AdvancedTest,
    Contribution,
    Level,
    Status,
    advanced_completion_odds,
    pool_step_odds,
)
from rules.age_challenge import ChallengeTest, Consequence, Effect, EffectKind, Escalation
from rules.age_core import (
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
