"""The Poisson-binomial distribution and percentile, against brute-force enumeration."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from tui.session.stats import distribution, luck, percentile


def brute(ps: list[Fraction]) -> list[Fraction]:
    """P(k successes) by walking every one of the 2^n outcomes."""
    out = [Fraction(0)] * (len(ps) + 1)
    for outcome in itertools.product((False, True), repeat=len(ps)):
        chance = Fraction(1)
        for p, won in zip(ps, outcome, strict=True):
            chance *= p if won else 1 - p
        out[sum(outcome)] += chance
    return out


def brute_percentile(ps: list[Fraction], k: int) -> Fraction:
    """The share of all outcomes with fewer successes, ties counted half."""
    pmf = brute(ps)
    return sum(pmf[:k], Fraction(0)) + pmf[k] / 2


SMALL = [
    [],
    [Fraction(1, 2)],
    [Fraction(3, 5), Fraction(3, 5), Fraction(2, 5)],
    [Fraction(1, 100), Fraction(99, 100), Fraction(7, 12), Fraction(1, 216)],
    [Fraction(0), Fraction(1), Fraction(1, 3), Fraction(1, 3), Fraction(5, 6)],
]


@pytest.mark.parametrize("ps", SMALL)
def test_distribution_is_the_enumeration(ps: list[Fraction]) -> None:
    assert distribution(ps) == brute(ps)


@pytest.mark.parametrize("seed", range(30))
def test_percentile_is_the_enumeration_for_small_sessions(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 10)
    dens = (2, 6, 10, 20, 100, 216, 7776)
    ps = [Fraction(rng.randint(0, d), d) for d in (rng.choice(dens) for _ in range(n))]
    for k in range(n + 1):
        assert percentile(ps, k) == brute_percentile(ps, k), (ps, k)
    found = luck(ps, rng.randint(0, n))
    assert found.expected == sum(ps, Fraction(0))
    assert found.at_least == sum(brute(ps)[found.observed :], Fraction(0))
    assert found.at_most == sum(brute(ps)[: found.observed + 1], Fraction(0))


def test_long_runs_stay_exact_and_sum_to_one() -> None:
    rng = random.Random(1)
    ps = [Fraction(rng.randint(1, 99), 100) for _ in range(400)]
    pmf = distribution(ps)
    assert sum(pmf, Fraction(0)) == 1
    assert all(p >= 0 for p in pmf)
    mean = sum((k * p for k, p in enumerate(pmf)), Fraction(0))
    assert mean == sum(ps, Fraction(0))  # an exact identity: the mean is the sum of chances
    assert percentile(ps, 0) == pmf[0] / 2


def test_shape_follows_the_distribution() -> None:
    ps = [Fraction(1, 3), Fraction(1, 2), Fraction(9, 10)]
    found = luck(ps, 2)
    assert found.shape == tuple(float(p) for p in brute(ps))


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        distribution([Fraction(3, 2)])
    with pytest.raises(ValueError, match="3 successes out of 2"):
        luck([Fraction(1, 2)] * 2, 3)


def test_over_the_limit_the_standing_is_a_marked_close_approximation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tui.session.stats import poisson

    rng = random.Random(3)
    ps = [Fraction(rng.choice((40, 45, 50, 60, 75)), 100) for _ in range(600)]
    exact = luck(ps, 310)
    assert exact.exact
    monkeypatch.setattr(poisson, "EXACT_LIMIT", 500)
    rough = luck(ps, 310)
    assert not rough.exact
    assert rough.expected == exact.expected  # the mean stays exact
    assert abs(float(rough.percentile - exact.percentile)) < 0.005
    assert abs(sum(rough.shape) - 1) < 1e-9
    assert distribution(ps[:3]) == brute(ps[:3])  # the distribution itself is always exact
