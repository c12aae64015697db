"""Skirmish contests with several dice a side (seed 003): exact odds from each side's best
die, checked against brute force over every face, and computed without enumerating them."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import skirmish
from rules.errors import RulesError
from rules.skirmish import contests, core


def brute(
    a_value: int, a_dice: int, b_value: int, b_dice: int, die: str, raw: bool
) -> dict[str | None, Fraction]:
    """Every ordered roll of both sides, decided as ``contest`` decides it (its own
    ``_decide`` over the dice's results, so the loop stays fast)."""
    sides = range(1, skirmish.SIDES[die] + 1)
    a_faces = [skirmish.test(a_value, r, die) for r in sides]
    b_faces = [skirmish.test(b_value, r, die) for r in sides]
    wins: Counter[str | None] = Counter()
    b_rolls = list(itertools.product(b_faces, repeat=b_dice))
    for ra in itertools.product(a_faces, repeat=a_dice):
        for rb in b_rolls:
            wins[contests._decide(ra, rb, raw)[2]] += 1
    n = sum(wins.values())
    return {k: Fraction(wins[k], n) for k in ("a", "b", None)}


def test_bushido_master_three_blows_against_two_parries() -> None:
    """The seed's master of bushido (strength 12: always succeeds, Lucky on 8+) rolls three
    dice against a yamabushi's two (5): every face of the 100,000 outcomes agrees."""
    got = skirmish.contest_odds(12, 5, a_dice=3, b_dice=2)
    assert got == brute(12, 3, 5, 2, "d10", False)
    assert sum(got.values()) == 1


@pytest.mark.parametrize(
    ("a", "na", "b", "nb", "die", "raw"),
    [
        (7, 2, 5, 2, "d10", False),
        (7, 1, 5, 3, "d10", False),
        (2, 2, 8, 1, "d10", False),
        (0, 2, 3, 2, "d12", False),
        (11, 2, 11, 2, "d12", False),
        (6, 2, 6, 2, "d20", True),
        (6, 2, 6, 1, "d20", False),
        (12, 2, 4, 1, "d20", True),
        (-2, 1, -1, 3, "d10", False),
    ],
)
def test_several_dice_match_brute_force(
    a: int, na: int, b: int, nb: int, die: str, raw: bool
) -> None:
    assert skirmish.contest_odds(a, b, die, raw, a_dice=na, b_dice=nb) == brute(
        a, na, b, nb, die, raw
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(-2, 13),
    st.integers(-2, 13),
    st.sampled_from(("d10", "d12")),
    st.booleans(),
    st.integers(1, 2),
    st.integers(1, 2),
)
def test_any_small_contest_matches_brute_force(
    a: int, b: int, die: str, raw: bool, na: int, nb: int
) -> None:
    assert skirmish.contest_odds(a, b, die, raw, a_dice=na, b_dice=nb) == brute(
        a, na, b, nb, die, raw
    )


def test_one_die_each_is_the_old_answer_and_the_seed_samurai() -> None:
    assert skirmish.contest_odds(7, 8) == skirmish.contest_odds(7, 8, a_dice=1, b_dice=1)
    assert skirmish.contest_odds(7, 5) == brute(7, 1, 5, 1, "d10", False)


def test_ten_dice_a_side_look_at_each_face_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compact: each side's faces are classified once (20 per side on a d20), whether it
    rolls one die or ten — brute force would need 20**20 outcomes."""
    calls = Counter[str]()
    real = core.test  # the function contests calls by that name, patched below

    def counting(value: int, roll: int, die: str = "d10") -> skirmish.Result:
        calls[die] += 1
        return real(value, roll, die)

    monkeypatch.setattr(contests, "test", counting)
    contests._contest_odds.cache_clear()
    contests._die_classes.cache_clear()
    dist = skirmish.contest_odds(6, 7, "d20", True, a_dice=10, b_dice=10)
    assert sum(dist.values()) == 1 and all(p > 0 for p in dist.values())
    assert calls["d20"] == 40


def test_dice_counts_are_checked() -> None:
    with pytest.raises(RulesError, match="a_dice"):
        skirmish.contest_odds(7, 5, a_dice=0)
    with pytest.raises(RulesError, match="b_dice"):
        skirmish.contest_odds(7, 5, b_dice=[2])  # type: ignore[arg-type]
