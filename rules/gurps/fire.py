"""GURPS 4e ranged fire: range penalty, cover, rapid fire and shotguns.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from rules.dice import Expr, parse
from rules.errors import RulesError
from rules.exact import check_int, number_text

__all__ = [
    "COVER_PENALTY",
    "MAX_DISTANCE",
    "ShotgunFire",
    "close_range",
    "parse_rof",
    "range_penalty",
    "rapid_fire_hits",
    "rof_bonus",
    "shotgun",
]

#: Usual penalty for shooting past an obstacle or at a partly covered target (seed).
COVER_PENALTY = -2
#: Largest distance accepted, in yards (an input guard, about the Earth–Sun distance).
MAX_DISTANCE = 10**12

DistanceLike = Fraction | int | float | str

# One decade of the Size and Speed/Range table; each further ×10 repeats it 6 steps lower.
_DECADE = (Fraction(2), Fraction(3), Fraction(5), Fraction(7), Fraction(10), Fraction(15))
_ROF = re.compile(r"(\d{1,6})!?(?:[x×*](\d{1,6}))?", re.IGNORECASE)


def _distance(name: str, value: object, *, positive: bool = False) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Fraction | int | float | str):
        raise RulesError(f"{name} must be a number of yards, got {value!r}")
    try:
        d = Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, OverflowError, ZeroDivisionError):
        raise RulesError(f"{name} must be a finite number of yards, got {value!r}") from None
    low = "more than 0" if positive else "0"
    if d < 0 or (positive and d == 0) or d > MAX_DISTANCE:
        raise RulesError(f"{name} must be within {low}..{MAX_DISTANCE} yards, got {value!r}")
    return d


def range_penalty(yards: DistanceLike) -> int:
    """Speed/Range penalty: ≤2 yd 0, 3 −1, 5 −2, 7 −3, 10 −4, 15 −5, 20 −6 … 100 −10 …

    Between rows the next row up applies; the table goes on forever, −6 per ×10.
    """
    d = _distance("yards", yards)
    if d <= 2:
        return 0
    decade, scale = 0, 1
    while True:
        for step, row in enumerate(_DECADE):
            if d <= row * scale:
                return -(6 * decade + step)
        decade += 1
        scale *= 10


def rof_bonus(shots: int) -> int:
    """Rapid-fire bonus: 1–4 → 0, 5–8 +1, 9–12 +2, 13–16 +3, 17–24 +4, 25–49 +5, 50–99 +6,
    then +1 per doubling (100–199 +7, 200–399 +8, …)."""
    n = check_int("shots", shots, 1, 10**9)
    for top, bonus in ((4, 0), (8, 1), (12, 2), (16, 3), (24, 4), (49, 5), (99, 6)):
        if n <= top:
            return bonus
    return 6 + (n // 100).bit_length()


def rapid_fire_hits(margin: int, recoil: int, shots: int) -> int:
    """Hits from one rapid-fire attack: none on a failure (margin < 0), else one plus one per
    full Recoil of margin, never more than the shots fired."""
    m = check_int("margin", margin, -10_000, 10_000)
    r = check_int("recoil", recoil, 1, 1000)
    n = check_int("shots", shots, 1, 10**9)
    return 0 if m < 0 else min(n, 1 + m // r)


def parse_rof(rof: str) -> tuple[int, int]:
    """Read a RoF such as ``"3x9"`` (shells × pellets) or ``"3"`` (pellets = 1)."""
    if not isinstance(rof, str):
        raise RulesError(f"rof must be text like '3' or '3x9', got {rof!r}")
    m = _ROF.fullmatch("".join(rof.split()))
    if m is None:
        raise RulesError(f"rof must look like '3' or '3x9', got {rof!r}")
    shells = check_int("rof shells", int(m.group(1)), 1, 100_000)
    pellets = check_int("rof pellets", int(m.group(2) or 1), 1, 1000)
    return shells, pellets


def close_range(half_damage_range: DistanceLike) -> Fraction:
    """Shotgun close range: exactly 10% of the 1/2D range, unrounded (40 yd → 4 yd)."""
    return _distance("half_damage_range", half_damage_range, positive=True) / 10


@dataclass(frozen=True, slots=True)
class ShotgunFire:
    """One shotgun attack worked out for a given distance.

    Attributes:
        shells: shells fired; pellets: pellets per shell.
        distance, close_range: yards to the target and the weapon's close range.
        close: whether the target is at close range (pellets multiply damage instead).
        shots: what counts for RoF: shells at close range, else shells × pellets.
        rof_bonus: the rapid-fire bonus for ``shots``.
        multiplier: pellets // 2 at close range, else 1.
        base_damage, damage: per-shell damage before and after the multiplier.
        base_dr, dr: the target's DR before and after the multiplier.
    """

    shells: int
    pellets: int
    distance: Fraction
    close_range: Fraction
    close: bool
    shots: int
    rof_bonus: int
    multiplier: int
    base_damage: Expr
    damage: Expr
    base_dr: int
    dr: int

    @property
    def label(self) -> str:
        """E.g. ``"2x13 at 3 yd (close range 4 yd): 2 shots +0, damage 12d6-6 (x6), DR 6"``."""
        where = "within" if self.close else "beyond"
        return (
            f"{self.shells}x{self.pellets} at {_yards(self.distance)} yd ({where} close range"
            f" {_yards(self.close_range)} yd): {self.shots} shots {self.rof_bonus:+d},"
            f" damage {self.damage} (x{self.multiplier}), DR {self.dr}"
        )


def _yards(value: Fraction) -> str:
    return number_text(value)


def shotgun(
    damage: str | Expr,
    rof: str,
    half_damage_range: DistanceLike,
    distance: DistanceLike,
    dr: int,
    *,
    shells: int | None = None,
) -> ShotgunFire:
    """Shotgun fire at ``distance`` yards (seed: Stevenson 2d6-1, 1/2D 40, 13 pellets).

    At or inside close range the pellets give no RoF bonus; instead damage (dice and adds)
    and the target's DR are multiplied by pellets // 2. Outside it every pellet is a shot.
    """
    base = damage if isinstance(damage, Expr) else parse(damage)
    max_shells, pellets = parse_rof(rof)
    fired = max_shells if shells is None else check_int("shells", shells, 1, max_shells)
    near = close_range(half_damage_range)
    d = _distance("distance", distance)
    base_dr = check_int("dr", dr, 0, 100_000)
    close = pellets >= 2 and d <= near
    mult = pellets // 2 if close else 1
    shots = fired if close else fired * pellets
    return ShotgunFire(
        shells=fired,
        pellets=pellets,
        distance=d,
        close_range=near,
        close=close,
        shots=shots,
        rof_bonus=rof_bonus(shots),
        multiplier=mult,
        base_damage=base,
        damage=base * mult,
        base_dr=base_dr,
        dr=base_dr * mult,
    )
