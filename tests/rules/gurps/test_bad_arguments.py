"""Every public function of ``rules.gurps`` refuses a bad argument with ``RulesError``:
a ``None``, a list where a number belongs, a number where dice belong … never a TypeError."""

from __future__ import annotations

import contextlib
import inspect
import random
from collections.abc import Callable
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError, gurps

RESULT = gurps.resolve(12, 10)
PEOPLE = [gurps.Combatant("Vic", 5.75, 12), gurps.Combatant("Ruth", 5.75, 11)]

#: each public function with arguments that work; the tests break one argument at a time
VALID: dict[str, dict[str, Any]] = {
    "aim_bonus": {"accuracy": 3, "seconds": 2},
    "attack_hits": {"result": RESULT, "recoil": 1, "shots": 2},
    "close_range": {"half_damage_range": 40},
    "contest": {"a": RESULT, "b": RESULT},
    "contest_odds": {"a_skill": 12, "b_skill": 11},
    "defend": {"attack": RESULT, "defense": RESULT, "kind": "dodge", "recoil": 1, "shots": 2},
    "defended_hits_odds": {
        "attack_skill": 12,
        "defense": 9,
        "kind": "dodge",
        "recoil": 1,
        "shots": 2,
    },
    "defense_odds": {"attack_skill": 12, "defense": 9, "kind": "parry", "recoil": 1, "shots": 1},
    "defense_allowed": {"key": "attack", "defense": "dodge"},
    "defense_bonus": {"key": "all_out_defense", "option": "increased_dodge", "defense": "dodge"},
    "dodge": {"speed": 5.75},
    "effective_skill": {"base": 9, "modifiers": [-5, 10]},
    "evaluate_bonus": {"turns": 2},
    "hit_classes": {"skill": 12, "recoil": 1, "shots": 2},
    "hits_odds": {"skill": 12, "recoil": 1, "shots": 2},
    "maneuver": {"key": "aim"},
    "negated_hits": {"defense": RESULT, "kind": "dodge", "hits": 3},
    "odds": {"skill": 12},
    "parse_rof": {"rof": "2x13"},
    "quick_contest": {"a_skill": 12, "a_roll": 10, "b_skill": 11, "b_roll": 9},
    "range_penalty": {"yards": 3},
    "ranged_fire": {
        "distance": 3,
        "rof": "2x13",
        "shots": 2,
        "half_damage": 40,
        "max_range": 800,
        "damage": "2d6-1",
        "dr": 1,
    },
    "rapid_fire_hits": {"margin": 3, "recoil": 1, "shots": 5},
    "resolve": {"skill": 12, "roll": 10},
    "resolve_damage": {
        "expr": "2d6-1",
        "faces": [3, 4],
        "dr": 1,
        "hits": 1,
        "kind": "cut",
        "divisor": 2,
    },
    "resolve_dice": {"skill": 12, "dice": [3, 4, 5]},
    "rof_bonus": {"shots": 18},
    "roll": {"skill": 12, "rng": random.Random(1)},
    "roll_contest": {"a_skill": 12, "b_skill": 11, "rng": random.Random(1)},
    "roll_damage": {
        "expr": "2d6-1",
        "dr": 1,
        "hits": 2,
        "kind": "imp",
        "divisor": "0.5",
        "rng": random.Random(1),
    },
    "damage_type": {"text": "imp"},
    "effective_dr": {"dr": 5, "divisor": 2},
    "gurps_dice": {"text": "2d+1"},
    "injury": {"penetrating": 5, "kind": "cut"},
    "parse_damage": {"text": "1d+2(2) pi"},
    "parse_divisor": {"value": "(3)"},
    "consciousness_modifier": {"current": -13, "hp": 12},
    "dead": {"current": -60, "hp": 12},
    "death_checks": {"before": 3, "after": -13, "hp": 12},
    "halved": {"value": 7},
    "knockdown": {"ht": 11, "roll": 12, "pain": "high"},
    "knockdown_modifier": {"pain": "low"},
    "knockdown_odds": {"ht": 11, "pain": "low"},
    "major_wound": {"injury": 7, "hp": 12},
    "pain_threshold": {"value": "high"},
    "reeling": {"current": 3, "hp": 12},
    "shock": {"injury": 3, "hp": 12, "pain": "low"},
    "wound": {"injury": 7, "before": 3, "hp": 12, "pain": "high", "after": -5},
    "shotgun": {
        "damage": "2d6-1",
        "rof": "2x13",
        "half_damage_range": 40,
        "distance": 3,
        "dr": 1,
        "shells": 2,
    },
    "strong_damage_bonus": {"dice": 2},
    "tied_groups": {
        "combatants": PEOPLE,
        "speed": lambda c: getattr(c, "basic_speed", None),
        "dx": lambda c: getattr(c, "dx", None),
        "speed_only": True,
    },
    "turn_order": {
        "combatants": PEOPLE,
        "speed": lambda c: getattr(c, "basic_speed", None),
        "dx": lambda c: getattr(c, "dx", None),
    },
    "Combatant": {"name": "Vic", "basic_speed": 5.75, "dx": 12},
}
CASES = [(fn, arg) for fn, args in VALID.items() for arg in args]
BAD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.lists(st.integers(0, 20), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.just(object()),
    st.just(b"3d6"),
    st.just((3, 4, 5)),
)


def _call(fn: str, args: dict[str, Any]) -> object:
    target: Callable[..., object] = getattr(gurps, fn)
    return target(**args)


def test_every_public_function_is_covered() -> None:
    public = {
        name
        for name in gurps.__all__
        if inspect.isfunction(getattr(gurps, name)) or name == "Combatant"
    }
    assert public == set(VALID)


@pytest.mark.parametrize("fn", sorted(VALID))
def test_the_valid_arguments_work(fn: str) -> None:
    _call(fn, VALID[fn])


@pytest.mark.parametrize(("fn", "arg"), CASES)
@pytest.mark.parametrize("bad", [None, [1], 5, "x", 1.5, True, {"a": 1}])
def test_a_bad_argument_raises_rules_error_only(fn: str, arg: str, bad: object) -> None:
    with contextlib.suppress(RulesError):
        _call(fn, {**VALID[fn], arg: bad})


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CASES), BAD)
def test_any_bad_value_raises_rules_error_only(case: tuple[str, str], bad: object) -> None:
    fn, arg = case
    with contextlib.suppress(RulesError):
        _call(fn, {**VALID[fn], arg: bad})


def test_numbers_where_dice_belong_and_none_are_refused() -> None:
    calls: tuple[Callable[[], object], ...] = (
        lambda: gurps.ranged_fire(3, "1", damage=cast(Any, 6)),
        lambda: gurps.shotgun(cast(Any, 6), "2x13", 40, 3, 1),
        lambda: gurps.resolve_damage(cast(Any, 6), [1]),
        lambda: gurps.resolve_dice(12, cast(Any, 12)),
        lambda: gurps.effective_skill(9, cast(Any, None)),
        lambda: gurps.turn_order(cast(Any, None)),
        lambda: gurps.roll(12, rng=cast(Any, None)),
    )
    for call in calls:
        with pytest.raises(RulesError):
            call()
