"""GURPS 4e (seed 004): 3d6 roll-under success rolls, quick contests and combat helpers.

Everything the app needs is importable from here; the code is split over ``core`` (success
rolls, criticals, modifiers, quick contests and their exact odds), ``combat`` (turn order,
the maneuver table, Aim and Evaluate, active defenses), ``fire`` (range penalty, cover,
rapid fire, shotguns), ``attack`` (one ranged attack worked out whole, its hits and their
exact odds), ``active_defense`` (an attack, then the Dodge, Parry or Block against it) and
``damage`` (damage text, damage rolls per hit against DR with armour divisors and
wounding multipliers) and ``wounds`` (shock, major wounds, knockdown, staying conscious,
death checks, reeling).

Interpretation decisions (seed 004 and the spec agree unless noted):

- 3 and 4 are critical successes at any effective skill, even one below 3, and they are
  checked before the "roll ≥ skill + 10" critical failure. The GURPS rule that a skill below 3
  may not be attempted at all (except for defenses) is left to the GM.
- Effective skill is any integer within ±1000 (a guard against absurd input, not a rule).
- Quick contest: the winner is the side that succeeded when the other failed, else the larger
  margin; criticals do not matter. The margin of victory is the difference between the two
  margins (absolute value, so it stays ≥ 0 in the rare case where an automatic 3–4 success or
  17–18 failure leaves the winner with the smaller raw margin); 0 when nobody wins. The seed's
  revolver example has no characters or numbers; the tests use DX values of their own.
- Turn order follows the spec: Basic Speed descending, then DX descending, then the order
  given (the GM's). The seed only says "ties are ordered by the GM"; the DX tie-break is the
  GURPS 4e rule the spec adopts.
- Maneuver movement and defenses follow the seed and the GURPS 4e maneuver table. All-Out
  Defense allows a step, or a half move with Increased Dodge (an option overrides the
  movement). Wait moves nothing until triggered; it then becomes the triggered maneuver, with
  that maneuver's movement. Move and Attack allows active defense but no parry (4e rule).
- Move and Attack in melee (−4, effective skill at most 9) is GURPS 4e, not in the seed.
- Distances are exact (int, Fraction, float or text such as "2.5"); the range table is
  extended past 100 yd by its own pattern (each ×10 of distance is −6 more: 150 → −11,
  1000 → −16), and a distance between rows takes the next row up (4 yd → −2).
- ``close_range`` is exactly 10% of 1/2D with no rounding (1/2D 25 → 2.5 yd), and a target
  at that distance or nearer is at close range (seed: "up to 4 yards"; the spec says "at or
  inside").
- Close-range multiplication needs at least two pellets (``pellets // 2 ≥ 1``); a RoF
  without pellets ("3") is not a shotgun and never multiplies.
- ``shotgun`` fires the full RoF by default; ``shells=`` fires fewer.
- ``ranged_fire`` is any ranged attack: ``shots`` counts shells (or rounds), the full RoF by
  default, so a shotgun's ``shots=2`` with RoF 2x13 fires 26 pellets. At close range the
  shells alone count for RoF (seed: pellets give no bonus there; two shells give +0). The
  range penalty is one value from the table, never split into ±10 pieces: the ±10 limit is
  for one situational modifier. A target beyond Max range is refused; beyond 1/2D the result
  says so (GURPS halves damage there; the seed only names the range).
- Hits of an attack (``attack_hits``): a failure never hits, a success hits at least once
  (an automatic success below the skill counts as margin 0), then ``rapid_fire_hits``.
- Damage (``resolve_damage``/``roll_damage``): one roll per hit, DR subtracted from each,
  never below 0. Damage types, armour divisors, minimum damage and injury are not in the
  seed; they follow the 4e Basic Set as the docstrings of ``damage`` and ``wounds`` say.
  ``parse_damage`` reads a weapon's damage text (``2d+1 cut``, ``1d+2(2) pi``); GURPS
  dice ``2d+1`` mean ``2d6+1`` wherever damage is taken.
- Active defenses: Dodge without a recorded value is Basic Speed's whole part + 3 (GURPS 4e,
  not in the seed). All-Out Attack allows no active defense; Move and Attack no parry (4e);
  All-Out Defense's Increased Dodge/Parry/Block give +2 to that defense only.
- An attack against an active defense is not a quick contest: the attack rolls first, a
  miss ends it, a critical hit allows no defense, otherwise a successful defense roll (3–4
  always succeed, 17–18 always fail) negates the hit. Against several hits a Dodge negates
  1 + its margin of success (B375; an automatic 3–4 counts as margin 0), a Parry or Block
  one hit (GURPS 4e: one projectile per block or parry).
- Ties on Basic Speed: ``tied_groups(speed_only=True)`` gives the runs the seed leaves to
  the GM (DX only orders them by default).
"""

from __future__ import annotations

from rules.gurps.active_defense import (
    DefendedAttack,
    Outcome,
    defend,
    defended_hits_odds,
    defense_odds,
    negated_hits,
)
from rules.gurps.attack import RangedFire, attack_hits, hit_classes, hits_odds, ranged_fire
from rules.gurps.combat import (
    DEFENSES,
    MANEUVERS,
    Combatant,
    Defense,
    Maneuver,
    ManeuverInfo,
    ManeuverOption,
    Movement,
    aim_bonus,
    defense_allowed,
    defense_bonus,
    dodge,
    evaluate_bonus,
    maneuver,
    strong_damage_bonus,
    tied_groups,
    turn_order,
)
from rules.gurps.core import (
    MAX_MODIFIER,
    SKILL_LIMIT,
    Contest,
    Level,
    Result,
    Side,
    contest,
    contest_odds,
    effective_skill,
    odds,
    quick_contest,
    resolve,
    resolve_dice,
    roll,
    roll_contest,
)
from rules.gurps.damage import (
    DIVISORS,
    MAX_HITS,
    WOUNDING,
    Damage,
    DamageText,
    DamageType,
    damage_type,
    effective_dr,
    gurps_dice,
    injury,
    parse_damage,
    parse_divisor,
    resolve_damage,
    roll_damage,
)
from rules.gurps.fire import (
    COVER_PENALTY,
    ShotgunFire,
    close_range,
    parse_rof,
    range_penalty,
    rapid_fire_hits,
    rof_bonus,
    shotgun,
)
from rules.gurps.wounds import (
    DEATH_MULTIPLES,
    PRONE_DEFENSE,
    PRONE_MELEE,
    STUNNED_DEFENSE,
    Knockdown,
    PainThreshold,
    Wound,
    consciousness_modifier,
    dead,
    death_checks,
    halved,
    knockdown,
    knockdown_modifier,
    knockdown_odds,
    major_wound,
    pain_threshold,
    reeling,
    shock,
    wound,
)

#: the system's name as lists show it (its key, as a save stores it, is the package's name)
NAME = "GURPS 4e"
#: its place in lists of systems (the spec's five first, in the spec's order)
ORDER = 2

__all__ = [
    "COVER_PENALTY",
    "DEATH_MULTIPLES",
    "DEFENSES",
    "DIVISORS",
    "MANEUVERS",
    "MAX_HITS",
    "MAX_MODIFIER",
    "NAME",
    "ORDER",
    "PRONE_DEFENSE",
    "PRONE_MELEE",
    "SKILL_LIMIT",
    "STUNNED_DEFENSE",
    "WOUNDING",
    "Combatant",
    "Contest",
    "Damage",
    "DamageText",
    "DamageType",
    "DefendedAttack",
    "Defense",
    "Knockdown",
    "Level",
    "Maneuver",
    "ManeuverInfo",
    "ManeuverOption",
    "Movement",
    "Outcome",
    "PainThreshold",
    "RangedFire",
    "Result",
    "ShotgunFire",
    "Side",
    "Wound",
    "aim_bonus",
    "attack_hits",
    "close_range",
    "consciousness_modifier",
    "contest",
    "contest_odds",
    "damage_type",
    "dead",
    "death_checks",
    "defend",
    "defended_hits_odds",
    "defense_allowed",
    "defense_bonus",
    "defense_odds",
    "dodge",
    "effective_dr",
    "effective_skill",
    "evaluate_bonus",
    "gurps_dice",
    "halved",
    "hit_classes",
    "hits_odds",
    "injury",
    "knockdown",
    "knockdown_modifier",
    "knockdown_odds",
    "major_wound",
    "maneuver",
    "negated_hits",
    "odds",
    "pain_threshold",
    "parse_damage",
    "parse_divisor",
    "parse_rof",
    "quick_contest",
    "range_penalty",
    "ranged_fire",
    "rapid_fire_hits",
    "reeling",
    "resolve",
    "resolve_damage",
    "resolve_dice",
    "rof_bonus",
    "roll",
    "roll_contest",
    "roll_damage",
    "shock",
    "shotgun",
    "strong_damage_bonus",
    "tied_groups",
    "turn_order",
    "wound",
]
