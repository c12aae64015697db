"""GURPS active defenses and speed ties (seed 004): All-Out Defense, All-Out Attack, Move
and Attack, Dodge from Basic Speed, and the ties the seed leaves to the GM."""

from __future__ import annotations

import pytest

from rules import RulesError, gurps
from rules.gurps import Combatant
from tests.seeds import seed_passages

SEED = seed_passages("004")


def test_seed_all_out_defense_gives_plus_2_to_one_chosen_defense() -> None:
    assert "+2 к одной активной защите на выбор" in SEED
    for which in gurps.DEFENSES:
        for other in gurps.DEFENSES:
            bonus = gurps.defense_bonus("all_out_defense", f"increased_{which}", other)
            assert bonus == (2 if other == which else 0)
        assert gurps.defense_bonus("all_out_defense", "double_defense", which) == 0
        assert gurps.defense_bonus("all_out_defense", "", which) == 0
        assert gurps.defense_bonus("attack", "", which) == 0


def test_seed_all_out_attack_gives_up_every_active_defense() -> None:
    assert "отказ от собственной защиты" in SEED
    for which in gurps.DEFENSES:
        assert not gurps.defense_allowed("all_out_attack", which)
        assert gurps.defense_allowed("aim", which)


def test_move_and_attack_allows_dodge_and_block_but_no_parry() -> None:
    assert [d for d in gurps.DEFENSES if gurps.defense_allowed("move_and_attack", d)] == [
        "dodge",
        "block",
    ]


@pytest.mark.parametrize(("speed", "dodge"), [(5.75, 8), ("5.5", 8), (6, 9), (0, 3)])
def test_dodge_is_basic_speed_whole_part_plus_3(speed: object, dodge: int) -> None:
    assert gurps.dodge(speed) == dodge  # type: ignore[arg-type]


def test_bad_defense_arguments_are_refused() -> None:
    with pytest.raises(RulesError, match="defense must be one of"):
        gurps.defense_allowed("attack", "duck")
    with pytest.raises(RulesError, match="maneuver"):
        gurps.defense_bonus("nap", "", "dodge")
    with pytest.raises(RulesError, match="option"):
        gurps.defense_bonus("all_out_defense", "increased_luck", "dodge")
    with pytest.raises(RulesError):
        gurps.dodge(None)  # type: ignore[arg-type]


def test_seed_speed_ties_are_left_to_the_gm_dx_only_orders_them_by_default() -> None:
    assert (
        "При равенстве этого параметра у нескольких персонажей очередность определяет мастер"
        in SEED
    )
    vic, ruth = Combatant("Vic", 5.75, 12), Combatant("Ruth", 5.75, 11)
    moss, pike = Combatant("Moss", 5.5, 11), Combatant("Pike", 5.5, 11)
    people = [ruth, pike, vic, moss]
    assert gurps.turn_order(people) == [vic, ruth, pike, moss]
    assert gurps.tied_groups(people) == [(vic,), (ruth,), (pike, moss)]
    assert gurps.tied_groups(people, speed_only=True) == [(vic, ruth), (pike, moss)]
    with pytest.raises(RulesError, match="speed_only"):
        gurps.tied_groups(people, speed_only="yes")  # type: ignore[arg-type]
