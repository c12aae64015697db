"""Skirmish: exact odds against brute force, and properties of tests and contests."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import skirmish
from rules.errors import RulesError

VALUES = range(-3, 16)
dies = st.sampled_from(skirmish.DIES)


def oracle(value: int, roll: int, die: str) -> str:
    """The seed's rules for one die, written independently of the engine."""
    face = math.ceil(roll / 2) if die == "d20" else roll
    if value > 10:
        return "lucky" if face >= 10 - (value - 10) else "success"
    if value >= 1 and face <= value:
        if die == "d20":
            return "lucky" if roll == 2 * value else "success"
        return "lucky" if face == value else "success"
    if value <= 6 and face - value >= 4:
        return "catastrophic"
    return "failure"


def classify(result: skirmish.Result) -> str:
    if result.lucky:
        return "lucky"
    if result.success:
        return "success"
    return "catastrophic" if result.catastrophic else "failure"


@pytest.mark.parametrize("die", skirmish.DIES)
def test_every_face_of_every_value_matches_the_seed_oracle(die: str) -> None:
    sides = skirmish.SIDES[die]
    for value, roll in itertools.product(VALUES, range(1, sides + 1)):
        result = skirmish.test(value, roll, die)
        assert classify(result) == oracle(value, roll, die), (value, roll, die)
        assert result.roll == roll and result.value == value and result.die == die
        assert result.face == (math.ceil(roll / 2) if die == "d20" else roll)


@pytest.mark.parametrize("die", skirmish.DIES)
@pytest.mark.parametrize("value", VALUES)
def test_odds_match_brute_force(value: int, die: str) -> None:
    sides = skirmish.SIDES[die]
    counts = Counter(classify(skirmish.test(value, r, die)) for r in range(1, sides + 1))
    expected = {key: Fraction(counts[key], sides) for key in skirmish.ODDS_KEYS}
    got = skirmish.odds(value, die)
    assert got == expected
    assert list(got) == ["success", "lucky", "catastrophic", "failure"]
    assert sum(got.values()) == 1


def brute_winner(a_value: int, b_value: int, die: str, raw: bool) -> dict[str | None, Fraction]:
    sides = skirmish.SIDES[die]
    faces = range(1, sides + 1)
    counts = Counter(
        skirmish.contest(a_value, [x], b_value, [y], die, raw).winner
        for x, y in itertools.product(faces, faces)
    )
    return {key: Fraction(counts[key], sides * sides) for key in ("a", "b", None)}


CONTEST_VALUES = (-1, 0, 2, 5, 7, 10, 11, 13)


@pytest.mark.parametrize(
    ("die", "raw"), [("d10", False), ("d12", False), ("d20", False), ("d20", True)]
)
def test_contest_odds_match_brute_force(die: str, raw: bool) -> None:
    for a_value, b_value in itertools.product(CONTEST_VALUES, CONTEST_VALUES):
        got = skirmish.contest_odds(a_value, b_value, die, raw_tiebreak=raw)
        assert got == brute_winner(a_value, b_value, die, raw), (a_value, b_value)
        assert sum(got.values()) == 1


def seed_single_winner(a: str, a_face: int, b: str, b_face: int) -> str | None:
    """The seed's one-die rule: Lucky wins, both Lucky or equal → none, higher success wins."""
    if a == "lucky" and b == "lucky":
        return None
    if a == "lucky" or b == "lucky":
        return "a" if a == "lucky" else "b"
    a_ok, b_ok = a == "success", b == "success"
    if a_ok and b_ok:
        return None if a_face == b_face else ("a" if a_face > b_face else "b")
    return "a" if a_ok else "b" if b_ok else None


@pytest.mark.parametrize("die", skirmish.DIES)
def test_one_die_contests_follow_the_seed_prose(die: str) -> None:
    faces = range(1, skirmish.SIDES[die] + 1)
    for a_value, b_value in itertools.product((0, 3, 6, 8, 12), (1, 5, 7, 10, 11)):
        for x, y in itertools.product(faces, faces):
            got = skirmish.contest(a_value, x, b_value, y, die).winner
            a_face = math.ceil(x / 2) if die == "d20" else x
            b_face = math.ceil(y / 2) if die == "d20" else y
            a_kind, b_kind = oracle(a_value, x, die), oracle(b_value, y, die)
            assert got == seed_single_winner(a_kind, a_face, b_kind, b_face)


# --- hypothesis properties ----------------------------------------------------------------


@given(st.integers(-50, 50), dies)
def test_odds_sum_to_one_with_every_key(value: int, die: str) -> None:
    dist = skirmish.odds(value, die)
    assert set(dist) == set(skirmish.ODDS_KEYS)
    assert sum(dist.values()) == 1
    assert all(p >= 0 for p in dist.values())


@given(st.integers(-20, 30), dies)
def test_passing_never_gets_harder_as_the_value_rises(value: int, die: str) -> None:
    low, high = skirmish.odds(value, die), skirmish.odds(value + 1, die)
    assert high["success"] + high["lucky"] >= low["success"] + low["lucky"]
    assert high["catastrophic"] <= low["catastrophic"]


@given(st.integers(-20, 30), dies, st.data())
def test_test_accepts_every_legal_face(value: int, die: str, data: st.DataObject) -> None:
    roll = data.draw(st.integers(1, skirmish.SIDES[die]))
    result = skirmish.test(value, roll, die)
    assert 1 <= result.face <= (12 if die == "d12" else 10)
    assert not (result.lucky and result.catastrophic)
    assert result.lucky <= result.success


@given(st.integers(-20, 30), dies, st.data())
def test_rolls_outside_the_die_are_rejected(value: int, die: str, data: st.DataObject) -> None:
    sides = skirmish.SIDES[die]
    bad = data.draw(st.integers(max_value=0) | st.integers(min_value=sides + 1))
    with pytest.raises(RulesError, match="roll"):
        skirmish.test(value, bad, die)
    with pytest.raises(RulesError, match=r"b_rolls\[1\]"):
        skirmish.contest(value, [1], value, [1, bad], die)


def sides_of(die: str) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(1, skirmish.SIDES[die]), min_size=1, max_size=6)


@st.composite
def contests(draw: st.DrawFn) -> skirmish.Contest:
    die = draw(dies)
    raw = draw(st.booleans()) if die == "d20" else False
    a_value, b_value = draw(st.integers(-3, 15)), draw(st.integers(-3, 15))
    return skirmish.contest(a_value, draw(sides_of(die)), b_value, draw(sides_of(die)), die, raw)


def rank(result: skirmish.Result, raw: bool) -> tuple[int, int]:
    return (result.face, result.roll if raw else 0)


@given(contests())
def test_the_side_with_the_strictly_highest_success_keeps_what_beats_the_other_best(
    fight: skirmish.Contest,
) -> None:
    if fight.a_lucky or fight.b_lucky:
        return
    raw = fight.raw_tiebreak
    a_best = max((rank(r, raw) for r in fight.a if r.success), default=None)
    b_best = max((rank(r, raw) for r in fight.b if r.success), default=None)
    if a_best is not None and (b_best is None or a_best > b_best):
        kept = [r.face for r in fight.a if r.success and (b_best is None or rank(r, raw) > b_best)]
        assert list(fight.a_hits) == kept and fight.b_hits == ()
        assert fight.winner == "a" and not fight.draw
    elif b_best is not None and (a_best is None or b_best > a_best):
        kept = [r.face for r in fight.b if r.success and (a_best is None or rank(r, raw) > a_best)]
        assert list(fight.b_hits) == kept and fight.a_hits == ()
        assert fight.winner == "b" and not fight.draw
    else:  # equal bests cancel, or nobody succeeded
        assert fight.a_hits == fight.b_hits == () and fight.winner is None
        assert fight.draw == (a_best is not None)


def _lucky_side_keeps(
    mine: tuple[skirmish.Result, ...], theirs: tuple[skirmish.Result, ...], raw: bool
) -> list[int]:
    """The Lucky side keeps its Lucky dice, and its plain successes above every success of
    the other side (simultaneous cancellation: those still cancel its lower dice)."""
    best = max((rank(r, raw) for r in theirs if r.success), default=None)
    return [
        r.face for r in mine if r.lucky or (r.success and (best is None or rank(r, raw) > best))
    ]


@given(contests())
def test_a_lucky_chance_on_one_side_wipes_the_other_sides_successes(
    fight: skirmish.Contest,
) -> None:
    if fight.a_lucky and fight.b_lucky:
        assert fight.a_hits == fight.b_hits == () and fight.draw
    elif fight.a_lucky:
        assert fight.b_hits == ()
        assert list(fight.a_hits) == _lucky_side_keeps(fight.a, fight.b, fight.raw_tiebreak)
        assert fight.winner == "a"
    elif fight.b_lucky:
        assert fight.a_hits == ()
        assert list(fight.b_hits) == _lucky_side_keeps(fight.b, fight.a, fight.raw_tiebreak)
        assert fight.winner == "b"


@given(contests())
def test_hits_are_own_successes_and_only_one_side_keeps_any(fight: skirmish.Contest) -> None:
    assert not (fight.a_hits and fight.b_hits)
    assert Counter(fight.a_hits) <= Counter(r.face for r in fight.a if r.success)
    assert Counter(fight.b_hits) <= Counter(r.face for r in fight.b if r.success)
    assert fight.label


MODIFIERS = st.lists(
    st.tuples(st.sampled_from(["mul", "div", "add", "sub"]), st.integers(1, 5)), max_size=6
)


@given(st.integers(-10, 20), MODIFIERS, st.data())
def test_modifier_order_within_the_list_does_not_matter(
    base: int, modifiers: list[tuple[str, int]], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(modifiers))
    assert skirmish.effective_value(base, modifiers) == skirmish.effective_value(base, shuffled)


@given(st.integers(-10, 20), MODIFIERS, st.integers(-5, 15))
def test_a_set_value_overrides_every_other_modifier(
    base: int, modifiers: list[tuple[str, int]], fixed: int
) -> None:
    assert skirmish.effective_value(base, [*modifiers, ("set", fixed)]) == fixed
    assert skirmish.effective_value(base, [("set", fixed), *modifiers]) == fixed
