"""AGE races: «длительные противостояния, где важно, кто успеет первым» (seed 002)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules import age
from rules.errors import RulesError
from tests.seeds import seed_passages

SEED = seed_passages("002")
PILOT = "Dexterity (Piloting)"


def _r(dice: tuple[int, int, int], bonus: int) -> age.Result:
    return age.resolve(dice, bonus, 11)


def test_seed_who_gets_there_first_each_side_fills_its_own_pool() -> None:
    assert "важно, кто успеет первым" in SEED and "в свой пул" in SEED
    race = age.Race.create(11, 10, 30, ["Alex", "Pursuer"])
    assert race.time_per_roll == 6 and race.rolls_left == 5
    race = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((5, 5, 6), 4), _r((3, 3, 3), 4)])
    assert race.pools == (6, 0) and race.steps[-1].winner == 0 and race.elapsed == 6
    race = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((1, 1, 2), 4), _r((4, 4, 5), 4)])
    assert race.pools == (6, 5)
    # nobody reaches the TN: nobody gains, time passes
    race = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((1, 1, 1), 4), _r((1, 2, 1), 4)])
    assert race.pools == (6, 5) and race.steps[-1].winner is None and race.elapsed == 18
    race = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((6, 5, 4), 4), _r((2, 2, 2), 4)])
    assert (race.pools, race.status, race.winner) == ((10, 5), age.Status.DONE, 0)
    assert "Alex wins" in race.label
    with pytest.raises(RulesError, match="status must be running"):
        race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((6, 5, 4), 4), _r((2, 2, 2), 4)])


def test_race_time_runs_out_with_no_winner() -> None:
    race = age.Race.create(11, 10, 30, ["Alex", "Pursuer"])
    for _ in range(5):
        race = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((1, 1, 1), 0), _r((1, 1, 1), 0)])
    assert (race.status, race.winner, race.elapsed) == (age.Status.FAILED, None, Fraction(30))


def test_race_without_a_budget_has_no_deadline() -> None:
    race = age.Race.create(11, 4, None, ["A", "B"])
    assert race.rolls_left is None and race.time_per_roll is None
    for _ in range(50):
        race = race.step(["A", "B"], ["x", "y"], [_r((1, 1, 1), 0), _r((1, 1, 1), 0)])
    assert race.running


def test_fortune_on_the_last_slice_re_decides_it() -> None:
    race = age.Race.create(11, 10, 30, ["Alex", "Pursuer"])
    alex, chaser = _r((3, 3, 3), 4), _r((4, 4, 4), 4)
    after = race.step(["Alex", "Pursuer"], [PILOT, PILOT], [alex, chaser])
    assert after.pools == (0, 4)
    better = age.spend_fortune(alex, 0, 6, 2).result  # 16 > 16? 6+3+3+4 = 16, Drama 3 < 4
    assert after.amend_last([better, chaser]).pools == (0, 4)
    best = age.spend_fortune(better, 1, 6, 2).result  # 19
    assert after.amend_last([best, chaser]).pools == (3, 0)


def test_race_refuses_bad_steps() -> None:
    race = age.Race.create(11, 10, 30, ["Alex", "Pursuer"])
    with pytest.raises(RulesError, match="one Result per side"):
        race.step(["Alex", "Pursuer"], [PILOT, PILOT], [_r((1, 1, 1), 0)])
    with pytest.raises(RulesError, match="race's TN"):
        race.step(
            ["Alex", "Pursuer"], [PILOT, PILOT], [age.resolve((1, 1, 1), 0, 13), _r((1, 1, 1), 0)]
        )
    with pytest.raises(RulesError, match="two sides"):
        age.Race.create(11, 10, 30, ["A", "B", "C"])
    with pytest.raises(RulesError, match="different names"):
        age.Race.create(11, 10, 30, ["A", "a"])
    with pytest.raises(RulesError):
        age.Race.create(11, 10, 30, None)  # type: ignore[arg-type]


def _brute_race(
    step: dict[tuple[int, int] | None, Fraction], need: tuple[int, int], rolls: int
) -> dict[int | None, Fraction]:
    out: dict[int | None, Fraction] = {0: Fraction(0), 1: Fraction(0), None: Fraction(0)}
    for seq in itertools.product(step, repeat=rolls):
        p = Fraction(1)
        pools = [0, 0]
        winner: int | None = None
        for key in seq:
            p *= step[key]
            if winner is None and key is not None:
                pools[key[0]] += key[1]
                if pools[key[0]] >= need[key[0]]:
                    winner = key[0]
        out[winner] += p
    return out


def test_race_odds_match_brute_force() -> None:
    step = {
        (0, 1): Fraction(1, 5),
        (0, 3): Fraction(1, 10),
        (1, 2): Fraction(3, 10),
        None: Fraction(2, 5),
    }
    for need, rolls in [((3, 4), 3), ((4, 2), 4), ((2, 2), 2)]:
        assert age.race_odds(step, need, rolls) == _brute_race(step, need, rolls)


def test_race_odds_without_deadline_are_the_limit() -> None:
    """No deadline: the chain ends once somebody gains enough; a long deadline approaches it."""
    step = {(0, 1): Fraction(1, 5), (1, 2): Fraction(3, 10), None: Fraction(1, 2)}
    free = age.race_odds(step, (3, 4), None)
    assert free[None] == 0 and sum(free.values()) == 1
    # only gaining slices matter: the same race with the idle slices removed, by brute force
    busy: dict[tuple[int, int] | None, Fraction] = {(0, 1): Fraction(2, 5), (1, 2): Fraction(3, 5)}
    assert free == {**_brute_race(busy, (3, 4), 5), None: Fraction(0)}
    long = age.race_odds(step, (3, 4), 80)
    assert abs(long[0] - free[0]) < Fraction(1, 10**6)


def test_race_state_odds_use_the_opposed_step_distribution() -> None:
    race = age.Race.create(11, 10, 30, ["Alex", "Pursuer"])
    step = age.opposed_pool_odds([4, 3], 11)
    assert race.odds([4, 3]) == age.race_odds(step, (10, 10), 5)
    assert sum(race.odds([4, 3]).values()) == 1
