"""GURPS 4e ranged attacks worked out whole: one weapon, one distance, the shots fired.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.
:func:`ranged_fire` combines the pieces of :mod:`rules.gurps.fire` (range penalty, RoF
bonus, shotgun close range) for one attack; :func:`attack_hits` turns the attack roll into
hits and :func:`hits_odds` gives their exact distribution before the roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.dice import Expr, parse
from rules.errors import RulesError
from rules.exact import check_int, number_text, sum_of_dice
from rules.gurps.core import Level, Result, resolve
from rules.gurps.fire import (
    DistanceLike,
    _distance,
    close_range,
    parse_rof,
    range_penalty,
    rapid_fire_hits,
    rof_bonus,
)

__all__ = ["RangedFire", "attack_hits", "hit_classes", "hits_odds", "ranged_fire"]


@dataclass(frozen=True, slots=True)
class RangedFire:
    """One ranged attack at a given distance, before the roll.

    Attributes:
        shells, pellets: shells (or rounds) fired and pellets per shell (1 for a bullet).
        distance: yards to the target; range_penalty: its Size and Speed/Range penalty.
        close_range: a shotgun's close range (10% of 1/2D), None for other weapons.
        close: whether a shotgun fires at or inside close range.
        shots: what counts for the RoF bonus and the hits: shells at close range, else
            shells × pellets.
        rof_bonus: the rapid-fire bonus for ``shots``.
        multiplier: pellets // 2 at close range, else 1 (damage and DR are multiplied).
        base_damage, damage: damage per hit before and after the multiplier (None when the
            weapon's damage is not known).
        base_dr, dr: the target's DR before and after the multiplier.
        half_damage: the weapon's 1/2D range, when known; beyond_half_damage: the target is
            farther than it (GURPS halves the damage there; the seed only names the range).
    """

    shells: int
    pellets: int
    distance: Fraction
    range_penalty: int
    close_range: Fraction | None
    close: bool
    shots: int
    rof_bonus: int
    multiplier: int
    base_damage: Expr | None
    damage: Expr | None
    base_dr: int
    dr: int
    half_damage: Fraction | None
    beyond_half_damage: bool

    @property
    def to_hit(self) -> int:
        """What the distance and the shots add to the skill: range penalty + RoF bonus."""
        return self.range_penalty + self.rof_bonus

    @property
    def label(self) -> str:
        """E.g. ``"3 yd -1, 2 shells +0 (close range: damage x6, DR x6)"``."""
        what = "shells" if self.pellets > 1 else ("shots" if self.shots != 1 else "shot")
        fired = f"{self.shells} {what}" if self.pellets > 1 else f"{self.shots} {what}"
        text = f"{_yards(self.distance)} yd {self.range_penalty:+d}, {fired}"
        if self.pellets > 1 and not self.close:
            text += f" = {self.shots} pellets"
        text += f" {self.rof_bonus:+d}"
        if self.close:
            text += f" (close range: damage x{self.multiplier}, DR x{self.multiplier})"
        return text


def _yards(value: Fraction) -> str:
    return number_text(value)


def ranged_fire(
    distance: DistanceLike,
    rof: str = "1",
    *,
    shots: int | None = None,
    half_damage: DistanceLike | None = None,
    max_range: DistanceLike | None = None,
    damage: str | Expr | None = None,
    dr: int = 0,
) -> RangedFire:
    """A ranged attack at ``distance`` yards with a weapon of RoF ``rof``.

    ``shots`` is how many of the RoF's shells (or rounds) are fired, the full RoF by
    default: with RoF 2x13, ``shots=2`` fires 26 pellets. A shotgun (two or more pellets a
    shell) needs ``half_damage`` to tell its close range; at or inside it the pellets give
    no RoF bonus and damage and DR are multiplied by pellets // 2, beyond it every pellet
    is a shot (seed: two barrels of 9 pellets = 18 → +4). A distance beyond ``max_range``
    is refused.
    """
    max_shells, pellets = parse_rof(rof)
    fired = max_shells if shots is None else check_int("shots", shots, 1, max_shells)
    d = _distance("distance", distance)
    half = None if half_damage is None else _distance("half_damage", half_damage, positive=True)
    if max_range is not None:
        top = _distance("max_range", max_range, positive=True)
        if d > top:
            raise RulesError(
                f"distance must be within 0..{_yards(top)} yards (max range), got {_yards(d)}"
            )
    near: Fraction | None = None
    if pellets >= 2:
        if half is None:
            raise RulesError(
                f"half_damage is needed for a shotgun (RoF {rof}): close range is 10% of it"
            )
        near = close_range(half)
    close = near is not None and d <= near
    mult = pellets // 2 if close else 1
    counted = fired if close else fired * pellets
    base: Expr | None = None
    if damage is not None:
        base = damage if isinstance(damage, Expr) else parse(damage)
    base_dr = check_int("dr", dr, 0, 100_000)
    return RangedFire(
        shells=fired,
        pellets=pellets,
        distance=d,
        range_penalty=range_penalty(d),
        close_range=near,
        close=close,
        shots=counted,
        rof_bonus=rof_bonus(counted),
        multiplier=mult,
        base_damage=base,
        damage=None if base is None else base * mult,
        base_dr=base_dr,
        dr=base_dr * mult,
        half_damage=half,
        beyond_half_damage=half is not None and d > half,
    )


def attack_hits(result: Result, recoil: int, shots: int) -> int:
    """Hits of an attack roll: none on a failure, else ``rapid_fire_hits`` of its margin.

    A success always hits at least once: an automatic success (3 or 4) below the skill's
    margin counts as margin 0, and a failure never hits even at margin 0 (17 against 17).
    """
    if not isinstance(result, Result):
        raise RulesError(f"result must be a gurps.Result, got {result!r}")
    if not result.success:
        check_int("recoil", recoil, 1, 1000)
        check_int("shots", shots, 1, 10**9)
        return 0
    return rapid_fire_hits(max(result.margin, 0), recoil, shots)


def hits_odds(skill: int, recoil: int, shots: int) -> dict[int, Fraction]:
    """Exact chance of each number of hits (0 = a miss) at effective ``skill``, over 3d6."""
    check_int("recoil", recoil, 1, 1000)
    check_int("shots", shots, 1, 10**9)
    dist: dict[int, Fraction] = {}
    for total, p in sum_of_dice(3, 6).items():
        n = attack_hits(resolve(skill, total), recoil, shots)
        dist[n] = dist.get(n, Fraction(0)) + p
    return dict(sorted(dist.items()))


def hit_classes(skill: int, recoil: int, shots: int) -> dict[tuple[Level, int], Fraction]:
    """Exact chance of each (level, hits) of an attack at effective ``skill``, over 3d6.

    The classes are disjoint and sum to 1, so a preview can show the critical successes
    apart from the ordinary hits without counting them twice.
    """
    check_int("recoil", recoil, 1, 1000)
    check_int("shots", shots, 1, 10**9)
    dist: dict[tuple[Level, int], Fraction] = {}
    for total, p in sum_of_dice(3, 6).items():
        result = resolve(skill, total)
        key = (result.level, attack_hits(result, recoil, shots))
        dist[key] = dist.get(key, Fraction(0)) + p
    return dict(sorted(dist.items()))
