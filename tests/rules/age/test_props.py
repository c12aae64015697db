"""AGE properties (hypothesis): dice validation, odds, opposed symmetry, Fortune."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import age
from rules.errors import RulesError

face = st.integers(1, 6)
bad_face = st.integers(-1000, 1000).filter(lambda n: not 1 <= n <= 6)
dice = st.tuples(face, face, face)
bonus = st.integers(-5, 20)
tn = st.integers(0, 30)


@given(dice, bonus, tn)
def test_resolve_accepts_every_legal_face(d: tuple[int, int, int], b: int, t: int) -> None:
    r = age.resolve(d, b, t)
    assert r.total == sum(d) + b
    assert r.success == (r.margin >= 0)
    assert r.drama == d[2]
    assert r.stunt_points in ((0,) if not (r.success and r.doubles) else (d[2],))


@given(st.data(), st.integers(0, 2), bad_face)
def test_resolve_rejects_faces_outside_1_to_6(data: st.DataObject, index: int, bad: int) -> None:
    d = list(data.draw(dice))
    d[index] = bad
    with pytest.raises(RulesError, match=r"1\.\.6"):
        age.resolve((d[0], d[1], d[2]), 0, 11)


@given(bonus, tn)
def test_odds_monotone_in_bonus_and_sum_to_one(b: int, t: int) -> None:
    assert age.odds(b + 1, t) >= age.odds(b, t)
    assert age.odds(b, t + 1) <= age.odds(b, t)
    assert sum(age.outcome_odds(b, t).values()) == Fraction(1)


@given(dice, bonus, dice, bonus, st.none() | tn)
def test_opposed_is_symmetric(
    da: tuple[int, int, int], ba: int, db: tuple[int, int, int], bb: int, gate: int | None
) -> None:
    a, b = age.resolve(da, ba, 0), age.resolve(db, bb, 0)
    forward, backward = age.opposed(a, b, gate), age.opposed(b, a, gate)
    assert {None: None, "a": "b", "b": "a"}[forward] == backward
    if forward is not None:
        winner = a if forward == "a" else b
        assert gate is None or winner.total >= gate


@given(dice, bonus, tn, st.integers(0, 2), face, st.integers(0, 10))
def test_fortune_changes_only_the_chosen_die(
    d: tuple[int, int, int], b: int, t: int, index: int, new: int, points: int
) -> None:
    r = age.resolve(d, b, t)
    cost = 3 if index == 2 else 2
    if new == d[index]:  # nothing to change: refused, whatever the points
        with pytest.raises(RulesError, match="already shows"):
            age.spend_fortune(r, index, new, points)
        return
    if points < cost:
        with pytest.raises(RulesError, match="points available"):
            age.spend_fortune(r, index, new, points)
        return
    spend = age.spend_fortune(r, index, new, points)
    assert spend.points_left == points - cost
    assert spend.result.dice[index] == new
    assert [x for i, x in enumerate(spend.result.dice) if i != index] == [
        x for i, x in enumerate(d) if i != index
    ]
    assert (spend.result.bonus, spend.result.tn) == (b, t)
