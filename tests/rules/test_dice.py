"""rules.dice: the safe expression parser, rolling, typed faces and exact odds."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError, dice
from rules.exact import complete, convolve, half_up, sum_of_dice, uniform


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("3d6+2", "3d6+2"),
        ("d100", "1d100"),
        ("d%", "1d100"),
        ("4d6", "4d6"),
        ("2d6-1", "2d6-1"),
        ("12d6-6", "12d6-6"),
        (" 2 D 6 - 1 ", "2d6-1"),
        ("1d8+1d4+3", "1d8+1d4+3"),
        ("2d6-1d4", "2d6-1d4"),
        ("5", "5"),
    ],
)
def test_parse_and_canonical_text(text: str, canonical: str) -> None:
    assert str(dice.parse(text)) == canonical


def test_multiplying_an_expression_scales_dice_and_modifier() -> None:
    # GURPS shotgun at close range: 2d6-1 with 13 pellets → ×6 → 12d6-6 (seed 004)
    assert str(dice.parse("2d6-1") * 6) == "12d6-6"
    assert str(6 * dice.parse("1d6+1d4")) == "6d6+6d4"
    with pytest.raises(RulesError, match="multiplier"):
        dice.parse("2d6") * 0
    with pytest.raises(RulesError, match="too many dice"):
        dice.parse("500d6") * 3


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("3d", "bad dice expression"),
        ("d6+", "bad dice expression"),
        ("2d6 3", "space inside a number"),
        ("1001d6", "too many dice"),
        ("600d6+600d6", "too many dice"),
        ("d1001", "too many faces"),
        ("0d6", "at least 1"),
        ("2d0", "at least 1 face"),
        ("__import__('os')", "bad dice expression"),
        ("9" * 300, "too long"),
    ],
)
def test_bad_expressions_name_the_problem(text: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        dice.parse(text)


def test_huge_expressions_are_refused() -> None:
    for text in ("999999999999d6", "1d999999999999", "9" * 199 + "d6", "1000d1000+1000d1000"):
        with pytest.raises(RulesError):
            dice.parse(text)
        with pytest.raises(RulesError):
            dice.roll(text, rng=random.Random(1))
    with pytest.raises(RulesError, match="exact odds"):
        dice.odds("1000d1000")


@given(st.integers(min_value=1001, max_value=10**30), st.integers(min_value=1, max_value=10**30))
@settings(max_examples=50)
def test_any_oversized_count_or_faces_is_rejected(count: int, sides: int) -> None:
    with pytest.raises(RulesError):
        dice.parse(f"{count}d{sides}")
    with pytest.raises(RulesError):
        dice.parse(f"{sides % 1000 + 1}d{count}")


def test_roll_uses_only_the_injected_generator() -> None:
    a = dice.roll("4d6+1", rng=random.Random(7))
    b = dice.roll("4d6+1", rng=random.Random(7))
    assert a == b
    assert len(a.faces) == 4 and all(1 <= f <= 6 for f in a.faces)
    assert a.total == sum(a.faces) + 1
    subtract = dice.roll("2d6-1d4", rng=random.Random(3))
    assert subtract.total == subtract.faces[0] + subtract.faces[1] - subtract.faces[2]


def test_typed_faces_are_validated() -> None:
    assert dice.resolve("3d6+2", [1, 2, 3]).total == 8
    with pytest.raises(RulesError, match="needs 3 dice"):
        dice.resolve("3d6", [1, 2])
    with pytest.raises(RulesError, match=r"die 2 must be within 1\.\.6"):
        dice.resolve("3d6", [1, 7, 3])


def _brute(expr: str) -> dict[int, Fraction]:
    parsed = dice.parse(expr)
    ranges = []
    signs = []
    for group in parsed.dice:
        for _ in range(group.count):
            ranges.append(range(1, group.sides + 1))
            signs.append(group.sign)
    counts: Counter[int] = Counter()
    for faces in itertools.product(*ranges):
        counts[parsed.modifier + sum(s * f for s, f in zip(signs, faces, strict=True))] += 1
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


@pytest.mark.parametrize("expr", ["3d6", "3d6+2", "2d6-1", "d100", "1d8+1d4+3", "2d6-1d4", "4d4"])
def test_odds_equal_brute_force(expr: str) -> None:
    odds = dice.odds(expr)
    assert odds == _brute(expr)
    assert sum(odds.values()) == 1


def test_exact_helpers() -> None:
    assert half_up(Fraction(5, 2)) == 3 and half_up(Fraction(7, 2)) == 4
    assert half_up(Fraction(12, 5)) == 2 and half_up(Fraction(-1, 2)) == 0
    assert sum_of_dice(2, 6) == convolve(uniform(6), uniform(6))
    assert sum(sum_of_dice(10, 10).values()) == 1
    with pytest.raises(RulesError, match="unexpected"):
        complete({"x": Fraction(1)}, ["y"])


@pytest.mark.parametrize("expr", ["3d6+2", "2d6-1d4", "1d8+1d4+3", "d100", "4d6-6", "2d3-3d2"])
def test_mean_is_the_brute_force_average(expr: str) -> None:
    e = dice.parse(expr)
    faces = [range(1, d.sides + 1) for d in e.dice for _ in range(d.count)]
    signs = [d.sign for d in e.dice for _ in range(d.count)]
    totals = [
        e.modifier + sum(s * f for s, f in zip(signs, roll, strict=True))
        for roll in itertools.product(*faces)
    ]
    assert dice.mean(e) == Fraction(sum(totals), len(totals))
    assert dice.mean(expr) == sum(k * p for k, p in dice.odds(e).items())


def test_mean_of_a_thousand_dice_is_exact() -> None:
    assert dice.mean("1000d6") == 3500 and dice.mean("1000d3+1") == 2001
    assert dice.mean("999d1000-1d2") == Fraction(999 * 1001, 2) - Fraction(3, 2)
