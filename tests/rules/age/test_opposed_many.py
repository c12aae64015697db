"""AGE opposed tests of several participants, the skill tie-break, and their exact odds.

Each test is named after the seed's words (seed 002, «Встречные проверки»).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any, cast

import pytest

from rules import age
from rules.errors import RulesError
from rules.exact import enumerate_dice
from tests.seeds import seed_passages

SEED = seed_passages("002")


def test_seed_tie_goes_to_the_higher_skill_not_the_situational_modifier() -> None:
    """«Если значения одинаковые, то выигрывает тот, чей навык выше»: the skill is ability +
    focus; a +2 from cover raises the bonus, not the skill."""
    assert "выигрывает тот, чей навык выше" in SEED
    # the spy: Communication 2 + focus 2 = 4, +2 situational; the guard: Perception 5, no focus
    spy = age.resolve((3, 4, 3), 6, 11, skill=4)
    guard = age.resolve((4, 4, 3), 5, 11, skill=5)
    assert spy.total == guard.total == 16 and spy.drama == guard.drama
    assert (spy.skill, guard.skill) == (4, 5)
    assert age.opposed(spy, guard, 11) == "b"  # by the bonus the spy would have won
    # without skill= the bonus stands in for it (the contract's default)
    assert age.resolve((3, 3, 3), 5, 11).skill == 5


def test_seed_more_than_two_characters_same_process() -> None:
    """«Встречные проверки можно осуществлять и для более чем двух персонажей»."""
    assert "более чем двух персонажей" in SEED
    rs = [
        age.resolve((4, 4, 4), 2, 11, skill=2),  # 14, drama 4
        age.resolve((5, 5, 4), 0, 11, skill=1),  # 14, drama 4, lower skill
        age.resolve((1, 1, 1), 3, 11, skill=3),  # 6: short of the TN
    ]
    assert age.opposed_many(rs, 11) == 0
    # a tie at the top has no winner, whatever the others rolled
    tie = [*rs[:1], age.resolve((4, 4, 4), 2, 11, skill=2), rs[2]]
    assert age.opposed_many(tie, 11) is None
    # «как и в случае, если оба не перекинули установленную ГМом сложность»: nobody at the TN
    assert age.opposed_many(rs, 19) is None


def _brute(bonuses: list[int], skills: list[int], tn: int | None) -> dict[int | None, Fraction]:
    """Every roll of every participant, grouped by (total, Drama Die) — exact enumeration."""
    groups = Counter((sum(d), d[2]) for d in enumerate_dice(3, 6))
    # one Result per (total, Drama Die) group: dice (1, 1, dd) with the bonus moved to match
    sides = [
        [(n, age.Result((1, 1, dd), b + s - 2 - dd, 0, k)) for (s, dd), n in groups.items()]
        for b, k in zip(bonuses, skills, strict=True)
    ]
    counts: Counter[int | None] = Counter()
    total = 216 ** len(bonuses)
    for combo in itertools.product(*sides):
        weight = 1
        for n, _ in combo:
            weight *= n
        counts[age.opposed_many([r for _, r in combo], tn)] += weight
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize(
    ("bonuses", "skills", "tn"),
    [
        ([5, 4], [5, 4], None),
        ([5, 5], [3, 3], 11),  # equal skills: real ties have no winner
        ([6, 5], [4, 5], 13),  # a situational +2 does not break ties
        ([2, 2, 2], [2, 3, 1], 9),  # three participants, ties broken by skill
    ],
)
def test_opposed_odds_match_brute_force(
    bonuses: list[int], skills: list[int], tn: int | None
) -> None:
    exact = age.opposed_odds(bonuses, tn, skills=skills)
    brute = _brute(bonuses, skills, tn)
    assert {k: v for k, v in exact.items() if v} == {k: v for k, v in brute.items() if v}
    assert sum(exact.values()) == 1


def test_opposed_pool_odds_split_each_win_by_the_winners_drama_die() -> None:
    steps = age.opposed_pool_odds([5, 4, 3], 11)
    wins = age.opposed_odds([5, 4, 3], 11)
    for i in range(3):
        assert sum(p for k, p in steps.items() if k is not None and k[0] == i) == wins[i]
    assert steps[None] == wins[None]
    # brute force for two: P(a wins with Drama Die 6)
    rolls = [(x, y, z) for x, y, z in enumerate_dice(3, 6)]
    a = [age.resolve(d, 5, 11) for d in rolls]
    b = [age.resolve(d, 4, 11) for d in rolls]
    six = sum(1 for ra in a for rb in b if ra.drama == 6 and age.opposed(ra, rb, 11) == "a")
    assert age.opposed_pool_odds([5, 4], 11)[(0, 6)] == Fraction(six, 216 * 216)


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: age.opposed_odds(cast(Any, None)), "bonuses"),
        (lambda: age.opposed_odds([]), "bonuses"),
        (lambda: age.opposed_odds([5, cast(Any, "x")]), r"bonuses\[1\]"),
        (lambda: age.opposed_odds([5, 4], skills=[1]), "skills"),
        (lambda: age.opposed_odds([5, 4], cast(Any, "11")), "tn"),
        (lambda: age.opposed_many(cast(Any, None)), "results"),
        (lambda: age.opposed_many(cast(Any, [1, 2])), r"results\[0\]"),
        (lambda: age.opposed(cast(Any, None), cast(Any, None)), "a must be"),
        (lambda: age.resolve((1, 2, 3), 1, 11, skill=cast(Any, "4")), "skill"),
    ],
)
def test_bad_arguments_are_rules_errors(call: Callable[[], object], field: str) -> None:
    with pytest.raises(RulesError, match=field):
        call()


def test_seed_fortune_after_the_roll_changes_the_verdict() -> None:
    """«при необходимости модифицируют свои результаты, тратя ОУ»: either side may spend."""
    assert "модифицируют свои результаты, тратя ОУ" in SEED
    naomi = age.resolve((3, 3, 2), 5, 11, skill=5)  # 13
    guard = age.resolve((4, 4, 3), 3, 11, skill=3)  # 14
    assert age.opposed(naomi, guard, 11) == "b"
    spend = age.spend_fortune(naomi, 0, 6, 4)
    assert spend.result.skill == 5  # the tie-break survives the change
    assert age.opposed(spend.result, guard, 11) == "a"
    answer = age.spend_fortune(guard, 2, 6, 3)  # the guard answers with the Drama Die
    assert age.opposed(spend.result, answer.result, 11) == "b"


def test_fortune_to_the_face_already_shown_is_refused() -> None:
    r = age.resolve((3, 4, 5), 2, 11)
    with pytest.raises(RulesError, match="already shows"):
        age.spend_fortune(r, 1, 4, 10)
