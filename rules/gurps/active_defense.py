"""GURPS 4e attack against an active defense: the attack rolls first, then the defense.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there. This is
not a quick contest: a miss ends the attack, a critical hit allows no defense, otherwise a
successful Dodge, Parry or Block negates the hit. Against rapid fire a Dodge negates one hit
plus one per point of its margin of success (B375); a Parry or Block stops one hit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache

from rules.errors import RulesError
from rules.exact import check_int, sum_of_dice
from rules.gurps.attack import attack_hits
from rules.gurps.combat import Defense, _defense
from rules.gurps.core import Level, Result, _check_skill, resolve

__all__ = [
    "DefendedAttack",
    "Outcome",
    "defend",
    "defended_hits_odds",
    "defense_odds",
    "negated_hits",
]


class Outcome(StrEnum):
    """How an attack against an active defense ended (four disjoint classes)."""

    MISS = "miss"
    CRITICAL_HIT = "critical hit"
    DEFENDED = "defended"
    HIT = "hit"


def negated_hits(defense: Result, kind: str, hits: int) -> int:
    """Hits a defense roll negates out of ``hits``: none on a failure; a Dodge 1 + its margin
    (an automatic 3–4 below the defense counts as margin 0), a Parry or Block one."""
    if not isinstance(defense, Result):
        raise RulesError(f"defense must be a gurps.Result, got {defense!r}")
    which = _defense(kind)
    n = check_int("hits", hits, 0, 10**9)
    if not defense.success:
        return 0
    stopped = 1 + max(defense.margin, 0) if which == "dodge" else 1
    return min(n, stopped)


@dataclass(frozen=True, slots=True)
class DefendedAttack:
    """An attack roll, the defense roll when one was made, and the hits that land.

    Attributes:
        attack: the attack roll.
        defense: the defense roll; None after a miss or a critical hit (no defense).
        kind: the active defense used (dodge, parry or block).
        hits: hits of the attack before the defense (0 on a miss).
        negated: hits the defense negated.
    """

    attack: Result
    defense: Result | None
    kind: Defense
    hits: int
    negated: int

    @property
    def landed(self) -> int:
        """Hits that get through."""
        return self.hits - self.negated

    @property
    def outcome(self) -> Outcome:
        """Miss, critical hit (no defense), defended (every hit negated) or hit."""
        if not self.attack.success:
            return Outcome.MISS
        if self.attack.level is Level.CRITICAL_SUCCESS:
            return Outcome.CRITICAL_HIT
        return Outcome.DEFENDED if self.landed == 0 else Outcome.HIT

    @property
    def label(self) -> str:
        """E.g. ``"hit: 2 of 3 hits land (dodge negates 1)"`` or ``"miss"``."""
        outcome = self.outcome
        if outcome is Outcome.MISS:
            return "miss"
        if outcome is Outcome.CRITICAL_HIT:
            return f"critical hit: {self.landed} {_hits(self.landed)} land, no defense"
        if outcome is Outcome.DEFENDED:
            return f"defended: {self.kind} negates {self.negated} {_hits(self.negated)}"
        if self.hits == 1:
            return f"hit: {self.kind} fails"
        return f"hit: {self.landed} of {self.hits} hits land ({self.kind} negates {self.negated})"


def _hits(n: int) -> str:
    return "hit" if n == 1 else "hits"


def defend(
    attack: Result,
    defense: Result | None,
    *,
    kind: str = "dodge",
    recoil: int = 1,
    shots: int = 1,
) -> DefendedAttack:
    """Resolve an attack roll and the defense roll that follows it.

    ``defense`` must be None after a miss or a critical hit (no defense is rolled) and a
    ``Result`` otherwise. ``recoil`` and ``shots`` count the attack's hits as
    :func:`attack_hits` does (one shot: one hit).
    """
    if not isinstance(attack, Result):
        raise RulesError(f"attack must be a gurps.Result, got {attack!r}")
    which = _defense(kind)
    hits = attack_hits(attack, recoil, shots)
    no_defense = not attack.success or attack.level is Level.CRITICAL_SUCCESS
    if no_defense:
        if defense is not None:
            why = "a miss" if not attack.success else "a critical hit"
            raise RulesError(f"defense must be None after {why} (no defense is rolled)")
        return DefendedAttack(attack, None, which, hits, 0)
    if defense is None:
        raise RulesError("defense (a gurps.Result) is needed: the attack hit")
    return DefendedAttack(attack, defense, which, hits, negated_hits(defense, which, hits))


@lru_cache(maxsize=256)
def _odds(
    attack_skill: int, defense: int, kind: Defense, recoil: int, shots: int
) -> tuple[tuple[tuple[Outcome, int], Fraction], ...]:
    dice = sum_of_dice(3, 6)
    # the attack grouped by (critical?, hits), the defense by hits it would negate
    attacks: dict[tuple[bool, int], Fraction] = {}
    for total, p in dice.items():
        roll = resolve(attack_skill, total)
        key = (roll.level is Level.CRITICAL_SUCCESS, attack_hits(roll, recoil, shots))
        attacks[key] = attacks.get(key, Fraction(0)) + p
    out: dict[tuple[Outcome, int], Fraction] = {}

    def add(key: tuple[Outcome, int], p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    for (critical, hits), p in attacks.items():
        if hits == 0:
            add((Outcome.MISS, 0), p)
        elif critical:
            add((Outcome.CRITICAL_HIT, hits), p)
        else:
            for total, q in dice.items():
                landed = hits - negated_hits(resolve(defense, total), kind, hits)
                add((Outcome.DEFENDED, 0) if landed == 0 else (Outcome.HIT, landed), p * q)
    return tuple(sorted(out.items(), key=lambda kv: (list(Outcome).index(kv[0][0]), kv[0][1])))


def defended_hits_odds(
    attack_skill: int,
    defense: int,
    *,
    kind: str = "dodge",
    recoil: int = 1,
    shots: int = 1,
) -> dict[tuple[Outcome, int], Fraction]:
    """Exact chance of each (outcome, hits landed) of an attack against an active defense.

    The keys are disjoint and the values sum to 1: ``(MISS, 0)``, ``(DEFENDED, 0)``,
    ``(CRITICAL_HIT, n)`` and ``(HIT, n)`` for n ≥ 1 hits that land.
    """
    a = _check_skill("attack_skill", attack_skill)
    d = _check_skill("defense", defense)
    which = _defense(kind)
    r = check_int("recoil", recoil, 1, 1000)
    n = check_int("shots", shots, 1, 10**9)
    return dict(_odds(a, d, which, r, n))


def defense_odds(
    attack_skill: int,
    defense: int,
    *,
    kind: str = "dodge",
    recoil: int = 1,
    shots: int = 1,
) -> dict[Outcome, Fraction]:
    """Exact chance of a miss, a critical hit, a defended hit and a hit that lands.

    P(hit lands) = P(critical hit) + P(ordinary hit) × P(defense fails): skill 14 against
    Dodge 9 gives 4/216 + 192/216 × 135/216 = 31/54. The four classes sum to 1.
    """
    out = dict.fromkeys(Outcome, Fraction(0))
    for (outcome, _), p in defended_hits_odds(
        attack_skill, defense, kind=kind, recoil=recoil, shots=shots
    ).items():
        out[outcome] += p
    return out
