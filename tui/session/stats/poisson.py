"""The exact number-of-successes distribution of rolls with different chances.

``n`` rolls with chances ``p1 … pn`` give a Poisson-binomial count of successes, kept exact:
the polynomial ``∏ (1 - pi + pi·x)`` over a common denominator, whose coefficient of ``x^k``
is the chance of ``k`` successes. The non-obvious part is the speed: the integer polynomials
are multiplied as packed ``Decimal`` numbers (see :func:`_multiply`), and past
:data:`EXACT_LIMIT` rolls the standing is a normal approximation that says so.
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

#: The most rolls whose standing is computed exactly — more than a character rolls in years
#: of play. Exactness costs the square of the rolls: the coefficients of ``n`` rolls of d100
#: have about ``2n`` digits each, ``n`` of them (4,000 rolls: 2.4 s and 64 MB here; 20,000:
#: minutes and a gigabyte). Beyond it :class:`Luck` is the normal approximation with a
#: continuity correction from the exact mean and variance (``Luck.exact`` is false; the
#: screens and the recap write "≈"); at that size its error is far below the decimal shown.
EXACT_LIMIT = 4000

_Poly = tuple[list[Decimal], Decimal]  # whole-number coefficients over one denominator


def _exact() -> decimal.Context:
    """Decimal arithmetic that never rounds (it raises instead), for whole numbers."""
    ctx = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
    ctx.traps[decimal.Inexact] = ctx.traps[decimal.Rounded] = True
    return ctx


def _binomial(p: Fraction, m: int) -> _Poly:
    """Rolls with the same chance (one skill at one modifier) as one factor
    ``(b - a + a·x)^m``, its coefficients written down at once."""
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
    """The product of two polynomials by Kronecker substitution: each packed into one big
    number (coefficient ``k`` in the decimal digits from ``k·w``) so that one multiplication
    does the convolution. Every coefficient of a product is at most its denominator, so
    ``w`` = that denominator's digit count plus one never lets slots overlap. ``Decimal``'s
    multiplication of huge numbers is a number-theoretic transform, some thirty times faster
    than ``int``'s at the sizes a long campaign reaches (3,000 rolls of d100: millions of
    digits), and packing is string work, linear in the size."""
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
    """The mid-percentile of ``observed`` successes among rolls with chances ``ps``:
    ``P(X < k) + P(X = k)/2``, the fraction of equally likely tables that did worse, a tie
    counting half (1/2 in the middle, near 0 for a cursed table, near 1 for a blessed one)."""
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
