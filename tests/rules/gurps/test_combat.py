"""GURPS 4e combat helpers (seed 004): turn order, maneuvers, aiming, evaluating."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import RulesError, gurps
from rules.gurps import MANEUVERS, Combatant, Maneuver
from tests.seeds import seed_passages

SEED = seed_passages("004")

# --- turn order ---------------------------------------------------------------------------


def test_higher_basic_speed_acts_first() -> None:
    slow = Combatant("Guard", 5, 14)
    fast = Combatant("Hunter", "6.25", 10)
    assert gurps.turn_order([slow, fast]) == [fast, slow]


def test_equal_speed_higher_dx_first() -> None:
    a = Combatant("Anna", "5.75", 11)
    b = Combatant("Boris", Fraction(23, 4), 13)
    assert gurps.turn_order([a, b]) == [b, a]


def test_full_ties_keep_the_gm_order() -> None:
    first = Combatant("Ghoul 1", 5.5, 12)
    second = Combatant("Ghoul 2", "5.5", 12)
    third = Combatant("Ghoul 3", Fraction(11, 2), 12)
    leader = Combatant("Priest", 7, 9)
    order = gurps.turn_order([first, second, leader, third])
    assert order == [leader, first, second, third]
    assert gurps.turn_order([third, second, leader, first]) == [leader, third, second, first]


def test_fractional_speeds_compare_exactly() -> None:
    assert Combatant("x", "5.75", 10).basic_speed == Fraction(23, 4)
    assert Combatant("x", 5.75, 10).basic_speed == Fraction(23, 4)
    assert Combatant("x", " 6 ", 10).speed == 6
    almost = Combatant("a", "5.74", 20)
    more = Combatant("b", "5.75", 1)
    assert gurps.turn_order([almost, more]) == [more, almost]


def test_turn_order_with_accessors_on_any_entries() -> None:
    rows = [("Anna", "5.25", 12), ("Boris", "6", 10), ("Clara", "5.25", 12), ("Dmitri", "5.25", 13)]
    order = gurps.turn_order(rows, speed=lambda r: r[1], dx=lambda r: r[2])
    assert [r[0] for r in order] == ["Boris", "Dmitri", "Anna", "Clara"]
    groups = gurps.tied_groups(rows, speed=lambda r: r[1], dx=lambda r: r[2])
    assert [[r[0] for r in g] for g in groups] == [["Boris"], ["Dmitri"], ["Anna", "Clara"]]


def test_tied_groups_concatenate_to_turn_order() -> None:
    people = [
        Combatant("A", 5, 10),
        Combatant("B", 6, 10),
        Combatant("C", 5, 10),
        Combatant("D", 5, 11),
        Combatant("E", 6, 10),
    ]
    groups = gurps.tied_groups(people)
    assert [[c.name for c in g] for g in groups] == [["B", "E"], ["D"], ["A", "C"]]
    assert [c for g in groups for c in g] == gurps.turn_order(people)
    assert gurps.tied_groups([]) == []
    assert gurps.turn_order([]) == []


@st.composite
def line_ups(draw: st.DrawFn) -> list[Combatant]:
    n = draw(st.integers(0, 12))
    return [
        Combatant(f"c{i}", Fraction(draw(st.integers(16, 28)), 4), draw(st.integers(8, 12)))
        for i in range(n)
    ]


@given(line_ups())
def test_turn_order_is_a_stable_sorted_permutation(people: list[Combatant]) -> None:
    order = gurps.turn_order(people)
    assert sorted(order, key=people.index) == people  # same entries
    keys = [(c.speed, c.dx) for c in order]
    assert keys == sorted(keys, reverse=True)
    for earlier, later in itertools.pairwise(order):
        if (earlier.speed, earlier.dx) == (later.speed, later.dx):
            assert people.index(earlier) < people.index(later)


@pytest.mark.parametrize("speed", ["fast", "nan", "inf", -1, True, None, float("nan"), "1e9"])
def test_bad_basic_speed_is_refused(speed: object) -> None:
    with pytest.raises(RulesError, match="basic speed"):
        Combatant("x", speed, 10)  # type: ignore[arg-type]


def test_bad_dx_and_missing_accessors_are_refused() -> None:
    with pytest.raises(RulesError, match="dx"):
        Combatant("x", 5, 10.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="Combatant"):
        gurps.turn_order([("Anna", 5, 10)])
    with pytest.raises(RulesError, match="basic speed of combatant 2"):
        gurps.turn_order([1, 2], speed=lambda n: "x" if n == 2 else 5, dx=lambda n: 10)


def test_seed_speaks_of_basic_speed_and_gm_ties() -> None:
    assert "Очередность ходов определяется базовой скоростью" in SEED
    assert "очередность определяет мастер" in SEED


# --- maneuvers ----------------------------------------------------------------------------

EXPECTED = {
    "do_nothing": ("none", True),
    "move": ("full", True),
    "change_posture": ("none", True),
    "aim": ("step", True),
    "evaluate": ("step", True),
    "attack": ("step", True),
    "feint": ("step", True),
    "all_out_attack": ("half", False),
    "move_and_attack": ("full", True),
    "all_out_defense": ("step", True),
    "concentrate": ("step", True),
    "ready": ("step", True),
    "wait": ("none", True),
}


def test_the_thirteen_maneuvers_of_the_seed() -> None:
    assert len(re.findall(r"^- ", SEED.split("Манёвры бывают следующие:")[1], re.M)) == 13
    assert set(MANEUVERS) == set(EXPECTED) == {m.value for m in Maneuver}
    for key, (movement, defense) in EXPECTED.items():
        info = MANEUVERS[key]
        assert (info.key, info.movement, info.active_defense) == (key, movement, defense), key
        assert info.label == info.name.lower()
        assert gurps.maneuver(key) is info
    assert MANEUVERS[Maneuver.AIM] is MANEUVERS["aim"]


def test_maneuver_table_is_read_only() -> None:
    with pytest.raises(TypeError):
        MANEUVERS["fly"] = MANEUVERS["move"]  # type: ignore[index]


def test_all_out_attack_options() -> None:
    aoa = gurps.maneuver("all_out_attack")
    assert not aoa.active_defense
    melee = {o.key: o for o in aoa.options if o.weapon == "melee"}
    ranged = {o.key: o for o in aoa.options if o.weapon == "ranged"}
    assert set(melee) == {"determined_melee", "double", "feint", "strong"}
    assert set(ranged) == {"determined_ranged", "suppression_fire"}
    assert melee["determined_melee"].to_hit == 4
    assert ranged["determined_ranged"].to_hit == 1
    assert aoa.option("strong").name == "Strong"
    with pytest.raises(RulesError, match="All-Out Attack option"):
        aoa.option("sneaky")


def test_strong_attack_is_plus_2_or_plus_1_per_die() -> None:
    assert [gurps.strong_damage_bonus(d) for d in (1, 2, 3, 6)] == [2, 2, 3, 6]
    with pytest.raises(RulesError, match="dice"):
        gurps.strong_damage_bonus(-1)


def test_move_and_attack_ranged_minus_2() -> None:
    mna = gurps.maneuver("move_and_attack")
    assert mna.movement == "full"
    assert mna.option("ranged").to_hit == -2
    assert "no Aim" in mna.option("ranged").description
    assert "с дистанционным оружием штраф к атаке -2" in SEED


def test_all_out_defense_plus_2_or_double_defense() -> None:
    aod = gurps.maneuver("all_out_defense")
    bonuses = {o.key: o.defense_bonus for o in aod.options}
    assert bonuses == {
        "increased_dodge": 2,
        "increased_parry": 2,
        "increased_block": 2,
        "double_defense": 0,
    }
    assert aod.option("increased_dodge").movement == "half"
    assert aod.option("double_defense").movement is None


def test_unknown_maneuver_is_refused() -> None:
    with pytest.raises(RulesError, match="maneuver must be one of"):
        gurps.maneuver("dance")
    with pytest.raises(RulesError):
        gurps.maneuver(3)  # type: ignore[arg-type]


# --- aim and evaluate ---------------------------------------------------------------------


def test_aim_1_2_3_seconds() -> None:
    assert "за одну секунду получается бонус точности, за две – точность +1" in SEED
    assert "за три и больше – точность +2" in SEED
    acc = 2
    assert gurps.aim_bonus(acc, 0) == 0
    assert gurps.aim_bonus(acc, 1) == 2
    assert gurps.aim_bonus(acc, 2) == 3
    assert gurps.aim_bonus(acc, 3) == 4
    assert gurps.aim_bonus(acc, 10) == 4


def test_evaluate_capped_at_plus_3() -> None:
    assert "до трёх секунд на оценку, чтобы получить бонус +3" in SEED
    assert [gurps.evaluate_bonus(t) for t in range(6)] == [0, 1, 2, 3, 3, 3]


@pytest.mark.parametrize(("acc", "secs"), [(-1, 1), (2, -1), (True, 1), (2, 1.5)])
def test_aim_rejects_bad_input(acc: object, secs: object) -> None:
    with pytest.raises(RulesError):
        gurps.aim_bonus(acc, secs)  # type: ignore[arg-type]


def test_evaluate_rejects_negative_turns() -> None:
    with pytest.raises(RulesError, match="turns"):
        gurps.evaluate_bonus(-1)
