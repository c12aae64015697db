"""Skirmish: modifier order, input validation, rolling from an injected generator, labels."""

from __future__ import annotations

import random

import pytest

import rules
from rules import skirmish
from rules.errors import RulesError
from rules.skirmish import Outcome

# --- effective_value ------------------------------------------------------------------------


def test_multiply_and_divide_come_before_add_and_subtract() -> None:
    assert skirmish.effective_value(7, [("add", 1), ("mul", 2)]) == 15  # 7*2+1, not (7+1)*2
    assert skirmish.effective_value(7, [("sub", 1), ("div", 2)]) == 2  # 7//2-1, not (7-1)//2


def test_division_rounds_down() -> None:
    assert skirmish.effective_value(7, [("div", 2)]) == 3
    assert skirmish.effective_value(-7, [("div", 2)]) == -4
    # multipliers and divisors form one fraction rounded once: 7*3/2 = 10.5 -> 10 either way
    assert skirmish.effective_value(7, [("mul", 3), ("div", 2)]) == 10
    assert skirmish.effective_value(7, [("div", 2), ("mul", 3)]) == 10


def test_no_modifiers_keeps_the_profile_value() -> None:
    assert skirmish.effective_value(7, []) == 7
    assert skirmish.effective_value(7) == 7


def test_several_different_set_values_need_the_acting_players_choice() -> None:
    mods = [("add", 2), ("set", 5), ("set", 3)]
    with pytest.raises(RulesError, match=r"choose is required.*3, 5"):
        skirmish.effective_value(7, mods)
    assert skirmish.effective_value(7, mods, choose=3) == 3
    assert skirmish.effective_value(7, mods, choose=5) == 5
    with pytest.raises(RulesError, match="choose must be one of the set values 3, 5"):
        skirmish.effective_value(7, mods, choose=4)


def test_equal_set_values_need_no_choice() -> None:
    assert skirmish.effective_value(7, [("set", 4), ("mul", 3), ("set", 4)]) == 4


def test_choose_without_a_set_modifier_is_refused() -> None:
    with pytest.raises(RulesError, match="no set modifier"):
        skirmish.effective_value(7, [("add", 1)], choose=8)


@pytest.mark.parametrize(
    ("modifier", "message"),
    [
        (("pow", 2), "kind must be one of mul, div, add, sub, set"),
        (("div", 0), r"modifiers\[0\] div amount must be within 1\.\.\+inf"),
        (("mul", -1), r"modifiers\[0\] mul amount must be within 0\.\.\+inf"),
        (("add", 1.5), "must be an integer"),
        (("add", True), "must be an integer"),
        ("add", r"modifiers\[0\] must be a \(kind, n\) pair"),
        (("add", 1, 2), "pair"),
    ],
)
def test_malformed_modifiers_raise_rules_error(modifier: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        skirmish.effective_value(7, [modifier])  # type: ignore[list-item]


# --- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "roll"), [("d10", 11), ("d10", 0), ("d12", 13), ("d20", 21)])
def test_a_roll_off_the_die_names_the_field_and_range(die: str, roll: int) -> None:
    sides = skirmish.SIDES[die]
    with pytest.raises(RulesError, match=rf"roll must be within 1\.\.{sides}, got {roll}"):
        skirmish.test(5, roll, die)


def test_unknown_die_and_bad_values_are_refused() -> None:
    with pytest.raises(RulesError, match="die must be one of d10, d12, d20"):
        skirmish.test(5, 3, "d6")
    with pytest.raises(RulesError, match="die must be one of"):
        skirmish.odds(5, ["d10"])  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="value must be an integer"):
        skirmish.test("5", 3)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="value must be an integer"):
        skirmish.odds(True)
    with pytest.raises(RulesError, match="a_value must be an integer"):
        skirmish.contest_odds(5.0, 3)  # type: ignore[arg-type]


def test_contest_input_is_checked() -> None:
    with pytest.raises(RulesError, match=r"a_rolls must hold 1\.\.100 dice, got 0"):
        skirmish.contest(5, [], 5, [3])
    with pytest.raises(RulesError, match="b_rolls must be a die face or a sequence"):
        skirmish.contest(5, [3], 5, "3")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"a_rolls\[0\] must be within 1\.\.20"):
        skirmish.contest(5, [21], 5, [3], "d20")
    with pytest.raises(RulesError, match="raw_tiebreak must be True or False"):
        skirmish.contest(5, 3, 5, 3, "d20", 1)  # type: ignore[arg-type]


# --- rolling --------------------------------------------------------------------------------


@pytest.mark.parametrize("die", skirmish.DIES)
def test_roll_draws_from_the_injected_generator(die: str) -> None:
    expected = random.Random(42).randint(1, skirmish.SIDES[die])
    result = skirmish.roll(6, rng=random.Random(42), die=die)
    assert result == skirmish.test(6, expected, die)


def test_roll_contest_draws_a_then_b_from_the_generator() -> None:
    rng = random.Random(7)
    a_rolls = [rng.randint(1, 20) for _ in range(3)]
    b_rolls = [rng.randint(1, 20) for _ in range(2)]
    fight = skirmish.roll_contest(7, 3, 5, 2, rng=random.Random(7), die="d20", raw_tiebreak=True)
    assert fight == skirmish.contest(7, a_rolls, 5, b_rolls, "d20", raw_tiebreak=True)
    assert len(fight.a) == 3 and len(fight.b) == 2
    with pytest.raises(RulesError, match="a_dice"):
        skirmish.roll_contest(7, 0, 5, 2, rng=random.Random(7))


# --- explanation ----------------------------------------------------------------------------


def test_results_explain_themselves() -> None:
    assert skirmish.test(7, 5).label == "success (rolled 5 on d10 vs 7)"
    assert skirmish.test(5, 10).label == "catastrophic failure (rolled 10 on d10 vs 5)"
    assert skirmish.test(10, 12, "d12").label == "failure (rolled 12 on d12 vs 10)"
    assert skirmish.test(5, 10).margin == -5
    fight = skirmish.contest(7, [5], 5, [8])
    assert fight.label == "a wins: 1 hit (5) (a 5 vs 7, b 8 vs 5 on d10)"


def test_outcomes_are_ordered_and_labelled() -> None:
    assert Outcome.CATASTROPHIC < Outcome.FAILURE < Outcome.SUCCESS < Outcome.LUCKY
    assert [o.label for o in Outcome] == [
        "catastrophic failure",
        "failure",
        "success",
        "lucky chance",
    ]
    assert sorted(o.key for o in Outcome) == sorted(skirmish.ODDS_KEYS)


def test_results_are_immutable() -> None:
    result = skirmish.test(7, 5)
    with pytest.raises(AttributeError):
        result.roll = 6  # type: ignore[misc]


def test_registry_and_resolve_alias() -> None:
    module = rules.SYSTEMS["skirmish"]
    assert module is skirmish
    assert module.resolve(6, 6).lucky
    assert skirmish.resolve is skirmish.test
    assert skirmish.DIES == ("d10", "d12", "d20")
