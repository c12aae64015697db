"""GURPS 4e injury after the hit (Basic Set B419-B423, B142), each rule worked by hand and
the knockdown odds checked against brute force over the 216 faces of 3d6."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rules import RulesError, gurps
from rules.gurps import Knockdown


@pytest.mark.parametrize(
    ("injury", "hp", "pain", "shock"),
    [
        (0, 12, "normal", 0),
        (1, 12, "normal", -1),
        (3, 12, "normal", -3),
        (9, 12, "normal", -4),  # capped at -4
        (9, 12, "high", 0),  # High Pain Threshold: no shock
        (3, 12, "low", -6),  # Low Pain Threshold: doubled
        (9, 12, "low", -8),
        (3, 25, "normal", -1),  # 25 HP: -1 per full 2 HP of injury
        (1, 25, "normal", 0),
        (9, 30, "normal", -3),
    ],
)
def test_shock_by_hand(injury: int, hp: int, pain: str, shock: int) -> None:
    assert gurps.shock(injury, hp, pain=pain) == shock


@pytest.mark.parametrize(
    ("injury", "hp", "major"), [(6, 12, False), (7, 12, True), (6, 11, True), (5, 11, False)]
)
def test_a_major_wound_is_more_than_half_hp(injury: int, hp: int, major: bool) -> None:
    assert gurps.major_wound(injury, hp) is major


@pytest.mark.parametrize(
    ("ht", "roll", "pain", "outcome"),
    [
        (11, 11, "normal", Knockdown.KEPT),
        (11, 12, "normal", Knockdown.STUNNED),
        (11, 15, "normal", Knockdown.STUNNED),  # failed by 4
        (11, 16, "normal", Knockdown.UNCONSCIOUS),  # failed by 5
        (14, 17, "normal", Knockdown.UNCONSCIOUS),  # 17 is a critical failure at 14
        (11, 14, "high", Knockdown.KEPT),  # HPT +3 → 14
        (11, 8, "low", Knockdown.STUNNED),  # LPT -4 → 7
        (11, 12, "low", Knockdown.UNCONSCIOUS),  # 7, failed by 5
        (3, 4, "normal", Knockdown.KEPT),  # a 4 always succeeds
    ],
)
def test_the_knockdown_roll_by_hand(ht: int, roll: int, pain: str, outcome: Knockdown) -> None:
    assert gurps.knockdown(ht, roll, pain=pain) is outcome


@pytest.mark.parametrize(("ht", "pain"), itertools.product(range(3, 19), ["normal", "high", "low"]))
def test_knockdown_odds_match_brute_force(ht: int, pain: str) -> None:
    counts = dict.fromkeys(Knockdown, 0)
    for faces in itertools.product(range(1, 7), repeat=3):
        counts[gurps.knockdown(ht, sum(faces), pain=pain)] += 1
    assert gurps.knockdown_odds(ht, pain=pain) == {k: Fraction(n, 216) for k, n in counts.items()}


def test_knockdown_odds_at_ht_10_by_hand() -> None:
    odds = gurps.knockdown_odds(10)
    # 3..10 succeed: 108/216; 11..14 fail by 1..4: 27+25+21+15 = 88; 15..18 by 5+: 10+6+3+1
    assert odds == {
        Knockdown.KEPT: Fraction(108, 216),
        Knockdown.STUNNED: Fraction(88, 216),
        Knockdown.UNCONSCIOUS: Fraction(20, 216),
    }


@pytest.mark.parametrize(
    ("current", "hp", "modifier"),
    [(1, 12, None), (0, 12, 0), (-11, 12, 0), (-12, 12, -1), (-23, 12, -1), (-24, 12, -2)],
)
def test_the_consciousness_roll_modifier(current: int, hp: int, modifier: int | None) -> None:
    assert gurps.consciousness_modifier(current, hp) == modifier


@pytest.mark.parametrize(
    ("before", "after", "checks"),
    [
        (5, -11, ()),
        (5, -12, (1,)),
        (-12, -20, ()),  # -12 was already reached
        (-11, -36, (1, 2, 3)),
        (12, -48, (1, 2, 3, 4)),
        (12, -60, ()),  # dead: no roll
        (-50, -59, ()),
    ],
)
def test_death_checks_at_each_new_multiple(
    before: int, after: int, checks: tuple[int, ...]
) -> None:
    assert gurps.wound(before - after, before=before, hp=12).death_checks == checks


def test_guard_pike_at_minus_63_of_12_is_dead() -> None:
    # the Guard Pike: -63 HP of 12 is past -5×HP = -60
    assert gurps.dead(-63, 12) and gurps.dead(-60, 12) and not gurps.dead(-59, 12)
    hit = gurps.wound(20, before=-43, hp=12)
    assert hit.dead and hit.death_checks == () and hit.after == -63


@pytest.mark.parametrize(
    ("current", "hp", "reeling"), [(4, 12, False), (3, 12, True), (4, 11, False), (3, 11, True)]
)
def test_reeling_below_a_third(current: int, hp: int, reeling: bool) -> None:
    # a third of 11 rounded up is 4: at 4 HP not yet reeling
    assert gurps.reeling(current, hp) is reeling


def test_halving_rounds_up() -> None:
    assert [gurps.halved(v) for v in (8, 7, 5, 1)] == [4, 4, 3, 1]


def test_one_wound_worked_whole() -> None:
    # 12 HP, HT 11, at 10 HP takes 9 injury: shock -4, major, 1 HP left, reeling
    w = gurps.wound(9, before=10, hp=12)
    assert (w.after, w.shock, w.major, w.reeling, w.conscious_roll) == (1, -4, True, True, False)
    assert w.death_checks == () and not w.dead


def test_several_hits_judge_the_major_wound_per_hit_and_checks_on_the_drop() -> None:
    w = gurps.wound(6, before=0, hp=12, after=-14)
    assert not w.major and w.death_checks == (1,) and w.conscious_roll


@pytest.mark.parametrize(
    "call",
    [
        lambda: gurps.shock(-1, 12),
        lambda: gurps.shock(3, 0),
        lambda: gurps.shock(3, 12, pain="huge"),
        lambda: gurps.knockdown(11, 19),
        lambda: gurps.wound(3, before=None, hp=12),  # type: ignore[arg-type]
    ],
)
def test_bad_input_raises_rules_error(call: object) -> None:
    with pytest.raises(RulesError):
        call()  # type: ignore[operator]
