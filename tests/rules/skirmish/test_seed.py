"""Skirmish (seed 003): every worked example of the seed, with its characters and numbers.

The numbers are read out of the seed text with a regular expression and also spelled out, so
a test fails both if the engine drifts and if the quoted example is not in the seed.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rules import skirmish
from rules.skirmish import Outcome
from tests.seeds import seed_passages

SEED = " ".join(seed_passages("003").split())


def seed_numbers(pattern: str) -> tuple[int, ...]:
    """The integers captured by ``pattern`` in the seed (whitespace collapsed)."""
    match = re.search(pattern, SEED)
    assert match is not None, f"seed 003 no longer says {pattern!r}"
    return tuple(int(g) for g in match.groups())


# --- competitive test: experienced samurai vs yamabushi warrior monk -------------------------


def test_samurai_vs_yamabushi_two_attacks_are_two_contests() -> None:
    samurai, yamabushi = seed_numbers(
        r"Умение сражаться опытного самурая равно (\d+), ямабуси (\d+)"
    )
    assert (samurai, yamabushi) == (7, 5)
    assert "каждый из них имеет по две атаки" in SEED
    first = skirmish.contest(samurai, [5], yamabushi, [8])
    second = skirmish.contest(samurai, [2], yamabushi, [2])
    assert [first.winner, second.winner] == ["a", None]


def test_samurai_rolls_5_yamabushi_8_samurai_hits() -> None:
    samurai, yamabushi = seed_numbers(r"равно (\d+), ямабуси (\d+)")
    s_roll, y_roll = seed_numbers(r"самурай выкидывает (\d+) – успех, а ямабуси (\d+)")
    assert (s_roll, y_roll) == (5, 8)
    fight = skirmish.contest(samurai, [s_roll], yamabushi, [y_roll])
    assert fight.winner == "a"
    assert fight.a_hits == (5,)
    assert fight.b_hits == ()
    assert not fight.draw
    assert fight.a[0].success and not fight.a[0].lucky
    assert fight.b[0].outcome is Outcome.FAILURE  # 8 is only 3 above 5: not catastrophic
    assert fight.label.startswith("a wins: 1 hit (5)")


def test_samurai_and_yamabushi_both_roll_2_nobody_hits() -> None:
    samurai, yamabushi = seed_numbers(r"равно (\d+), ямабуси (\d+)")
    (both,) = seed_numbers(r"и у самурая и у ямабуси выпадает (\d+)\. Это ничья")
    assert both == 2
    fight = skirmish.contest(samurai, [both], yamabushi, [both])
    assert fight.winner is None
    assert fight.draw  # the seed calls it "ничья"
    assert fight.a_hits == fight.b_hits == ()
    assert fight.a[0].success and fight.b[0].success
    assert fight.label.startswith("draw")


# --- modifiers -----------------------------------------------------------------------------


def test_samurai_archer_shoots_at_minus_3_with_4() -> None:
    skill, new_value, penalty = seed_numbers(
        r"не уровень «Умения стрелять» из профиля в (\d+) единиц, "
        r"а новое значение в (\d+) \(7 – (\d+)\)"
    )
    assert (skill, new_value, penalty) == (7, 4, 3)
    assert skirmish.effective_value(skill, [("sub", penalty)]) == new_value
    assert skirmish.effective_value(skill, [("add", -penalty)]) == new_value


def test_ninja_musket_samurai_dexterity_7_minus_5_is_2() -> None:
    dexterity, value = seed_numbers(
        r"«Ловкости» из своего профиля – (\d+), а по значению (\d+) \(7-5\)"
    )
    assert (dexterity, value) == (7, 2)
    assert skirmish.effective_value(dexterity, [("sub", 5)]) == value


def test_ninja_musket_dodge_needs_1_or_2_and_must_beat_1_to_8() -> None:
    low, high = seed_numbers(r"диапазон успешных значений – от (\d+) до (\d+)")
    assert (low, high) == (1, 8)
    samurai = skirmish.effective_value(7, [("sub", 5)])
    ninja = high  # the ninja's shooting skill: successes 1..8
    assert [f for f in range(1, 11) if skirmish.test(samurai, f).success] == [1, 2]
    assert [f for f in range(1, 11) if skirmish.test(ninja, f).success] == list(range(1, 9))
    # dodging with a 1 works only if the ninja misses
    assert skirmish.contest(samurai, 1, ninja, 9).winner == "a"
    assert skirmish.contest(samurai, 1, ninja, 3).winner == "b"
    assert skirmish.contest(samurai, 1, ninja, 1).draw
    # a 2 is the samurai's Lucky Chance: it beats any ninja roll but the ninja's own Lucky 8
    assert skirmish.contest(samurai, 2, ninja, 7).winner == "a"
    assert skirmish.contest(samurai, 2, ninja, 8).draw
    # "practically impossible": 2 lucky dodges (9 ninja rolls each) + 1 dodge on 9, 10 = 11%
    wins = sum(
        skirmish.contest(samurai, s, ninja, n).winner == "a"
        for s in range(1, 11)
        for n in range(1, 11)
    )
    assert wins == 11
    assert skirmish.contest_odds(samurai, ninja)["a"] == Fraction(11, 100)


# --- characteristic above 10 ---------------------------------------------------------------


def test_bushido_master_strength_6_naginata_6_rolls_3_4_9() -> None:
    strength, damage, total = seed_numbers(
        r"«Силой тела» (\d+) наносит удар нагинатой с показателем «Урон» \+(\d+)\. "
        r"Совокупная сила удара будет равна (\d+)"
    )
    rolls = seed_numbers(r"выбросил на соответствующих тестах (\d+), (\d+) и (\d+)")
    assert (strength, damage, total, rolls) == (6, 6, 12, (3, 4, 9))
    value = skirmish.effective_value(strength, [("add", damage)])
    assert value == total
    assert skirmish.lucky_from(value) == 8  # "вычтя 2 из 10 мы получим число 8"
    blows = [skirmish.test(value, r) for r in rolls]
    assert [b.outcome for b in blows] == [Outcome.SUCCESS, Outcome.SUCCESS, Outcome.LUCKY]
    assert sum(b.success and not b.lucky for b in blows) == 2
    assert all(b.automatic for b in blows)
    assert all(skirmish.test(value, r).success for r in range(1, 11))  # any wound roll succeeds
    assert blows[2].label == "lucky chance (rolled 9 on d10 vs 12, automatic, lucky on 8+)"


# --- d20 variant --------------------------------------------------------------------------


def test_d20_value_6_raw_12_is_lucky_raw_11_is_not() -> None:
    value, lucky_raw, plain_raw = seed_numbers(
        r"при значении характеристики (\d+), Счастливый Случай будет засчитан только при "
        r"выпавшем на Д20 значении (\d+)\. Если вы выбросите (\d+)"
    )
    assert (value, lucky_raw, plain_raw) == (6, 12, 11)
    lucky = skirmish.test(value, lucky_raw, "d20")
    plain = skirmish.test(value, plain_raw, "d20")
    assert lucky.lucky and lucky.face == 6
    assert plain.success and not plain.lucky and plain.face == 6
    assert lucky.label == "lucky chance (rolled 12 -> 6 on d20 vs 6)"


def test_d20_tie_7_vs_8_goes_to_the_8_with_raw_tiebreak() -> None:
    first, second = seed_numbers(
        r"один игрок выбросил на своём броске (\d+), что после деления дало 3,5, "
        r"а после округления – 4, а другой (\d+)"
    )
    assert (first, second) == (7, 8)
    samurai, yamabushi = 7, 5  # both succeed on a 4 without a Lucky Chance
    tied = skirmish.contest(samurai, first, yamabushi, second, "d20")
    assert (tied.a[0].face, tied.b[0].face) == (4, 4)
    assert tied.draw and tied.winner is None
    broken = skirmish.contest(samurai, first, yamabushi, second, "d20", raw_tiebreak=True)
    assert broken.winner == "b"
    assert broken.b_hits == (4,)
    assert broken.a_hits == ()
    swapped = skirmish.contest(yamabushi, second, samurai, first, "d20", raw_tiebreak=True)
    assert swapped.winner == "a"


# --- Catastrophic Failure and Lucky Chance -------------------------------------------------


def test_catastrophic_failure_on_4_or_more_above_the_value() -> None:
    (margin,) = seed_numbers(r"больше значения характеристики на (\d+) единицы или более")
    assert margin == 4
    assert [f for f in range(1, 11) if skirmish.test(5, f).catastrophic] == [9, 10]
    assert [f for f in range(1, 11) if skirmish.test(6, f).catastrophic] == [10]
    assert [f for f in range(1, 11) if skirmish.test(1, f).catastrophic] == list(range(5, 11))


@pytest.mark.parametrize("die", skirmish.DIES)
def test_value_7_or_more_never_fails_catastrophically_on_any_die(die: str) -> None:
    (safe,) = seed_numbers(r"со значением характеристики (\d+) или более никогда")
    assert safe == 7
    sides = skirmish.SIDES[die]
    for value in range(safe, 25):
        assert not any(skirmish.test(value, r, die).catastrophic for r in range(1, sides + 1))
    # ...while a value of 6 still can, so the check above is not vacuous
    assert any(skirmish.test(safe - 1, r, die).catastrophic for r in range(1, sides + 1))


def test_d12_value_6_fails_catastrophically_on_10_to_12() -> None:
    assert "Д12 без всяких модификаторов" in SEED
    assert [r for r in range(1, 13) if skirmish.test(6, r, "d12").catastrophic] == [10, 11, 12]


def test_d12_faces_11_and_12_are_read_as_they_are() -> None:
    for value in range(1, 11):
        for face in (11, 12):
            assert not skirmish.test(value, face, "d12").success
    assert not skirmish.test(7, 12, "d12").catastrophic  # 7+ is safe even 5 above
    assert skirmish.test(6, 11, "d12").catastrophic
    assert [r for r in range(1, 13) if skirmish.test(11, r, "d12").lucky] == [9, 10, 11, 12]


def test_lucky_chance_is_the_exact_value() -> None:
    for value in range(1, 11):
        assert [f for f in range(1, 11) if skirmish.test(value, f).lucky] == [value]


def test_value_0_or_below_never_succeeds() -> None:
    assert not any(skirmish.test(0, f).success for f in range(1, 11))
    assert [f for f in range(1, 11) if skirmish.test(0, f).catastrophic] == list(range(4, 11))
    assert all(skirmish.test(-3, f).catastrophic for f in range(1, 11))


# --- contests: Lucky Chance and several dice -----------------------------------------------


def test_lucky_chance_wins_whatever_the_opponent_rolls() -> None:
    fight = skirmish.contest(3, [3], 9, [8])
    assert fight.winner == "a" and fight.a_hits == (3,) and fight.b_hits == ()


def test_lucky_chance_on_both_sides_is_a_draw() -> None:
    fight = skirmish.contest(7, [7], 5, [5])
    assert fight.a_lucky and fight.b_lucky
    assert fight.winner is None and fight.draw
    assert fight.a_hits == fight.b_hits == ()
    assert fight.label.startswith("draw: lucky chance on both sides")


def test_lucky_chance_cancels_every_success_of_the_other_side() -> None:
    fight = skirmish.contest(6, [6, 2, 9], 10, [9, 8, 1])
    assert fight.a_hits == (6,)  # b's 9 still cancels the 2 (simultaneous cancellation)
    assert fight.b_hits == ()
    assert fight.winner == "a"


def test_a_higher_die_cancels_lower_ones_even_when_itself_cancelled() -> None:
    # a's 7 cancels b's 5 although b's 8 cancels the 7; a's 2 falls to both
    fight = skirmish.contest(9, [7, 2], 9, [5, 8])
    assert fight.a_hits == ()
    assert fight.b_hits == (8,)
    assert fight.winner == "b"
    mixed = skirmish.contest(9, [3, 6], 9, [5])
    assert mixed.a_hits == (6,) and mixed.b_hits == ()


def test_both_fail_nothing_happens_but_catastrophes_are_reported_per_die() -> None:
    fight = skirmish.contest(3, [10, 9, 6], 5, [9])
    assert fight.winner is None and not fight.draw
    assert [r.catastrophic for r in fight.a] == [True, True, False]
    assert [r.catastrophic for r in fight.b] == [True]
    assert fight.label.startswith("nothing happens: both fail; a catastrophic failure x2")
