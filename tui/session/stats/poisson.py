"""The exact number-of-successes distribution of rolls with different chances.

``n`` rolls with chances ``p1 … pn`` give a Poisson-binomial count of successes. It is kept
exact: every chance is a ``Fraction``, the distribution is the polynomial ``∏ (1 - pi +
pi·x)`` whose coefficient of ``x^k`` is the chance of ``k`` successes. Over a common
denominator the coefficients are whole numbers, so the product is a product of integer
polynomials, done in two cheap steps:

- rolls with the same chance (the same skill at the same modifier) form one binomial
  factor ``(b - a + a·x)^m`` whose coefficients are written down at once;
- the factors are multiplied by packing each polynomial into one big integer (Kronecker
  substitution: coefficient ``k`` in the decimal digits from ``k·w``) and letting one
  big multiplication do the convolution. Every coefficient of a product is at most its
  denominator, so ``w`` = that denominator's digit count plus one never lets slots overlap.
  The numbers are ``decimal.Decimal`` whole numbers in a context that refuses to round:
  its multiplication of huge numbers is a number-theoretic transform, some thirty times
  faster than ``int``'s at the sizes a long campaign reaches (3,000 rolls of d100: numbers
  of millions of digits), and packing is string work, linear in the size.

Exactness has a price that grows with the square of the rolls: the coefficients of ``n``
rolls of d100 have about ``2n`` digits each, ``n`` of them (4,000 rolls: 2.4 s and 64 MB
here; 20,000: minutes and a gigabyte). Up to :data:`EXACT_LIMIT` rolls in one tally — more
than a character rolls in years of play — everything is exact. Beyond it the standing is
the normal approximation with a continuity correction, from the exact mean and variance,
and says so (``Luck.exact`` is false; the screens and the recap write "≈"); at that size the
approximation's error is far below the one decimal shown.

The *percentile* of an observed count ``k`` is the mid-percentile ``P(X < k) + P(X = k)/2``:
for a discrete count it is the fraction of equally likely tables that did worse, counting
a tie as half; it is 1/2 when the count is the middle of the distribution, near 0 for a
cursed table and near 1 for a blessed one.
"""

from __future__ import annotations

import decimal
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import comb

__all__ = ["EXACT_LIMIT", "Luck", "distribution", "luck", "percentile"]

#: The most rolls whose standing is computed exactly (see the module docstring).
EXACT_LIMIT = 4000

_Poly = tuple[list[Decimal], Decimal]  # whole-number coefficients over one denominator


def _exact() -> decimal.Context:
    """Decimal arithmetic that never rounds (it raises instead), for whole numbers."""
    ctx = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    ctx.traps[decimal.Inexact] = ctx.traps[decimal.Rounded] = True
    return ctx


def _binomial(p: Fraction, m: int) -> _Poly:
    a, b = Decimal(p.numerator), Decimal(p.denominator)
    q = b - a
    a_pow, q_pow = [Decimal(1)], [Decimal(1)]
    for _ in range(m):
        a_pow.append(a_pow[-1] * a)
        q_pow.append(q_pow[-1] * q)
    return [Decimal(comb(m, j)) * a_pow[j] * q_pow[m - j] for j in range(m + 1)], b**m


def _digits(value: Decimal, width: int) -> str:
    return format(value, "f").zfill(width)


def _multiply(x: _Poly, y: _Poly) -> _Poly:
    (cx, dx), (cy, dy) = x, y
    den = dx * dy
    if len(cx) == 1 or len(cy) == 1:
        scale, other = (cx[0], cy) if len(cx) == 1 else (cy[0], cx)
        return [scale * c for c in other], den
    width = len(_digits(den, 0)) + 1
    packed = [Decimal("".join(_digits(c, width) for c in reversed(cs))) for cs in (cx, cy)]
    count = len(cx) + len(cy) - 1
    raw = _digits(packed[0] * packed[1], width * count)
    return [Decimal(raw[i - width : i]) for i in range(len(raw), 0, -width)], den


def _product(ps: Iterable[Fraction]) -> _Poly:
    with decimal.localcontext(_exact()):
        factors = [_binomial(p, m) for p, m in sorted(Counter(ps).items())]
        if not factors:
            return [Decimal(1)], Decimal(1)
        while len(factors) > 1:  # pairwise, so the big multiplications are few and even
            factors = [
                _multiply(factors[i], factors[i + 1]) if i + 1 < len(factors) else factors[i]
                for i in range(0, len(factors), 2)
            ]
        return factors[0]


def _fraction(value: Decimal, den: Decimal) -> Fraction:
    return Fraction(int(value), int(den))


def distribution(ps: Iterable[Fraction]) -> list[Fraction]:
    """``P(X = k)`` for ``k = 0 … n``: the exact count-of-successes distribution."""
    coefficients, den = _product(_checked(ps))
    return [_fraction(c, den) for c in coefficients]


def percentile(ps: Iterable[Fraction], observed: int) -> Fraction:
    """The mid-percentile of ``observed`` successes among rolls with chances ``ps``."""
    return luck(ps, observed).percentile


def _checked(ps: Iterable[Fraction]) -> list[Fraction]:
    out = [Fraction(p) for p in ps]
    for p in out:
        if not 0 <= p <= 1:
            raise ValueError(f"a chance must be between 0 and 1, got {p}")
    return out


@dataclass(frozen=True)
class Luck:
    """How ``observed`` successes of ``rolls`` rolls compare with their exact odds."""

    rolls: int
    observed: int
    expected: Fraction
    below: Fraction  # P(X < observed)
    at: Fraction  # P(X = observed)
    #: P(X = k), k = 0 … rolls, as floats: for drawing the distribution, not for judging
    shape: tuple[float, ...]
    #: computed exactly (False: the normal approximation of a tally over EXACT_LIMIT rolls)
    exact: bool = True

    @property
    def percentile(self) -> Fraction:
        return self.below + self.at / 2

    @property
    def at_most(self) -> Fraction:
        return self.below + self.at

    @property
    def at_least(self) -> Fraction:
        return 1 - self.below


def luck(ps: Iterable[Fraction], observed: int) -> Luck:
    """The exact standing of ``observed`` successes among rolls with chances ``ps``."""
    chances = _checked(ps)
    if not 0 <= observed <= len(chances):
        raise ValueError(f"{observed} successes out of {len(chances)} rolls")
    if len(chances) > EXACT_LIMIT:
        return _approximate(chances, observed)
    coefficients, den = _product(chances)
    with decimal.localcontext(_exact()):
        below = sum(coefficients[:observed], Decimal(0))
    with decimal.localcontext(decimal.Context(prec=17)):
        shape = tuple(float(c / den) for c in coefficients)
    return Luck(
        rolls=len(chances),
        observed=observed,
        expected=sum(chances, Fraction(0)),
        below=_fraction(below, den),
        at=_fraction(coefficients[observed], den),
        shape=shape,
    )


def _approximate(chances: list[Fraction], observed: int) -> Luck:
    """The normal approximation (continuity-corrected) for a tally too long to be exact."""
    mean = sum(chances, Fraction(0))
    sd = math.sqrt(float(sum((p * (1 - p) for p in chances), Fraction(0)))) or 1e-12

    def cdf(x: float) -> float:
        return 0.5 * math.erfc(-(x - float(mean)) / (sd * math.sqrt(2)))

    below = cdf(observed - 0.5)
    at = cdf(observed + 0.5) - below
    shape = tuple(cdf(k + 0.5) - cdf(k - 0.5) for k in range(len(chances) + 1))
    return Luck(
        rolls=len(chances),
        observed=observed,
        expected=mean,
        below=Fraction(below),
        at=Fraction(at),
        shape=shape,
        exact=False,
    )
