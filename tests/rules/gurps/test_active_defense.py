"""GURPS attack then active defense (spec rules.md, issue 32): not a quick contest.

The attack rolls first; a miss ends it; a critical hit allows no defense; otherwise the
defense (3d6 ≤ defense, 3–4 always succeed, 17–18 always fail) negates the hit. Against rapid
fire a Dodge negates 1 + its margin of success hits (B375), a Parry or Block one.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules import RulesError, gurps
from rules.gurps import Level, Outcome

THREE_D6 = list(itertools.product(range(1, 7), repeat=3))


def test_spec_skill_14_vs_dodge_9_hit_lands_31_in_54() -> None:
    odds = gurps.defense_odds(14, 9)
    assert odds[Outcome.CRITICAL_HIT] == Fraction(4, 216)
    assert odds[Outcome.MISS] == Fraction(20, 216)
    hit_lands = odds[Outcome.CRITICAL_HIT] + odds[Outcome.HIT]
    assert hit_lands == Fraction(4, 216) + Fraction(192, 216) * Fraction(135, 216)
    assert hit_lands == Fraction(31, 54)
    assert odds[Outcome.DEFENDED] == Fraction(192, 216) * Fraction(81, 216)
    assert sum(odds.values()) == 1


def _independent(
    attack: int, defense: int, kind: str, recoil: int, shots: int, a: int, d: int
) -> tuple[Outcome, int]:
    """One pair of 3d6 totals, read from the spec's wording alone."""
    a_crit = a <= 4 or (a == 5 and attack >= 15) or (a == 6 and attack >= 16)
    a_fail = a == 18 or (a == 17 and attack <= 15) or a >= attack + 10
    a_ok = a_crit or (not a_fail and a <= attack and a <= 16)
    if not a_ok:
        return Outcome.MISS, 0
    hits = min(shots, 1 + max(attack - a, 0) // recoil)
    if a_crit:
        return Outcome.CRITICAL_HIT, hits
    d_ok = d <= 4 or (d <= defense and d <= 16)
    stopped = 0 if not d_ok else (1 + max(defense - d, 0) if kind == "dodge" else 1)
    landed = hits - min(hits, stopped)
    return (Outcome.DEFENDED, 0) if landed == 0 else (Outcome.HIT, landed)


@pytest.mark.parametrize(
    ("attack", "defense", "kind", "recoil", "shots"),
    [
        (14, 9, "dodge", 1, 1),
        (12, 10, "parry", 1, 1),
        (16, 8, "dodge", 2, 5),
        (18, 12, "dodge", 1, 9),
        (11, 9, "block", 1, 3),
        (2, 20, "dodge", 1, 1),
        (25, 1, "dodge", 3, 20),
    ],
)
def test_odds_match_brute_force_over_every_face_of_both_rolls(
    attack: int, defense: int, kind: str, recoil: int, shots: int
) -> None:
    counts: Counter[tuple[Outcome, int]] = Counter()
    for a_dice in THREE_D6:
        a_roll = gurps.resolve_dice(attack, a_dice)
        for d_dice in THREE_D6:
            key = _independent(attack, defense, kind, recoil, shots, sum(a_dice), sum(d_dice))
            counts[key] += 1
            if d_dice == (1, 1, 1) or d_dice == (6, 6, 6) or d_dice == (3, 3, 4):
                rolled = None
                if key[0] in (Outcome.DEFENDED, Outcome.HIT):
                    rolled = gurps.resolve_dice(defense, d_dice)
                got = gurps.defend(a_roll, rolled, kind=kind, recoil=recoil, shots=shots)
                assert (got.outcome, got.landed if got.outcome is not Outcome.DEFENDED else 0) == (
                    key
                )
    brute = {k: Fraction(v, 216**2) for k, v in counts.items()}
    exact = gurps.defended_hits_odds(attack, defense, kind=kind, recoil=recoil, shots=shots)
    assert {k: v for k, v in exact.items() if v} == brute
    assert sum(exact.values()) == 1
    classes = gurps.defense_odds(attack, defense, kind=kind, recoil=recoil, shots=shots)
    assert set(classes) == set(Outcome) and sum(classes.values()) == 1
    for outcome in Outcome:
        assert classes[outcome] == sum(
            (p for (o, _), p in brute.items() if o is outcome), Fraction(0)
        )


def test_dodge_against_rapid_fire_negates_one_plus_its_margin() -> None:
    attack = gurps.resolve(16, 8)  # margin 8, recoil 2: 1 + 4 = 5 hits
    hit = gurps.defend(attack, gurps.resolve(10, 8), kind="dodge", recoil=2, shots=9)
    assert (hit.hits, hit.negated, hit.landed, hit.outcome) == (5, 3, 2, Outcome.HIT)
    assert hit.label == "hit: 2 of 5 hits land (dodge negates 3)"
    parried = gurps.defend(attack, gurps.resolve(10, 3), kind="block", recoil=2, shots=9)
    assert (parried.negated, parried.landed) == (1, 4)
    all_gone = gurps.defend(attack, gurps.resolve(12, 6), kind="dodge", recoil=2, shots=9)
    assert all_gone.outcome is Outcome.DEFENDED and all_gone.label.startswith("defended")


def test_automatic_defense_below_the_defense_counts_as_margin_0() -> None:
    assert gurps.negated_hits(gurps.resolve(2, 4), "dodge", 5) == 1
    assert gurps.negated_hits(gurps.resolve(20, 17), "dodge", 5) == 0


def test_a_miss_and_a_critical_hit_take_no_defense_roll() -> None:
    miss = gurps.defend(gurps.resolve(10, 15), None)
    assert miss.outcome is Outcome.MISS and miss.label == "miss" and miss.landed == 0
    crit = gurps.defend(gurps.resolve(10, 4), None)
    assert crit.outcome is Outcome.CRITICAL_HIT and crit.landed == 1
    assert crit.attack.level is Level.CRITICAL_SUCCESS
    with pytest.raises(RulesError, match="after a miss"):
        gurps.defend(gurps.resolve(10, 15), gurps.resolve(9, 9))
    with pytest.raises(RulesError, match="after a critical hit"):
        gurps.defend(gurps.resolve(10, 3), gurps.resolve(9, 9))
    with pytest.raises(RulesError, match="is needed"):
        gurps.defend(gurps.resolve(10, 9), None)


@pytest.mark.parametrize(
    "call",
    [
        lambda: gurps.defense_odds(14, 9, kind="duck"),
        lambda: gurps.defense_odds("14", 9),  # type: ignore[arg-type]
        lambda: gurps.defense_odds(14, None),  # type: ignore[arg-type]
        lambda: gurps.defense_odds(14, 9, recoil=0),
        lambda: gurps.defense_odds(14, 9, shots=0),
        lambda: gurps.defend("hit", None),  # type: ignore[arg-type]
        lambda: gurps.negated_hits(gurps.resolve(9, 9), "dodge", -1),
    ],
)
def test_bad_arguments_raise_rules_errors(call: object) -> None:
    with pytest.raises(RulesError):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    ("skill", "recoil", "shots"), [(12, 1, 2), (11, 1, 26), (16, 2, 9), (3, 1, 4)]
)
def test_hit_classes_are_disjoint_and_match_brute_force(
    skill: int, recoil: int, shots: int
) -> None:
    """(level, hits) over the 216 faces: criticals are their own class, never counted twice."""
    counts: Counter[tuple[Level, int]] = Counter()
    for dice in THREE_D6:
        roll = gurps.resolve_dice(skill, dice)
        hits = min(shots, 1 + max(skill - sum(dice), 0) // recoil) if roll.success else 0
        counts[(roll.level, hits)] += 1
    exact = gurps.hit_classes(skill, recoil, shots)
    assert exact == {k: Fraction(v, 216) for k, v in counts.items()}
    assert sum(exact.values()) == 1
    by_hits: Counter[int] = Counter()
    for (_, n), p in exact.items():
        by_hits[n] += p  # type: ignore[assignment]
    assert dict(by_hits) == gurps.hits_odds(skill, recoil, shots)
