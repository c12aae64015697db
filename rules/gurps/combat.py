"""GURPS 4e combat helpers: turn order, the maneuver table, aiming and evaluating.

Part of :mod:`rules.gurps` (import from there); the seed readings are listed there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Literal, TypeVar

from rules.errors import RulesError
from rules.exact import check_callable, check_int, check_sequence

__all__ = [
    "DEFENSES",
    "MANEUVERS",
    "Combatant",
    "Defense",
    "Maneuver",
    "ManeuverInfo",
    "ManeuverOption",
    "Movement",
    "SpeedLike",
    "aim_bonus",
    "basic_speed",
    "defense_allowed",
    "defense_bonus",
    "dodge",
    "evaluate_bonus",
    "maneuver",
    "strong_damage_bonus",
    "tied_groups",
    "turn_order",
]

T = TypeVar("T")
SpeedLike = Fraction | float | int | str
Movement = Literal["none", "step", "half", "full"]
Weapon = Literal["melee", "ranged", "any"]
Defense = Literal["dodge", "parry", "block"]
#: The three active defenses.
DEFENSES: tuple[Defense, ...] = ("dodge", "parry", "block")


def basic_speed(value: object, name: str = "basic speed") -> Fraction:
    """Basic Speed as an exact ``Fraction``; accepts Fraction, int, float or text like "5.75"."""
    if isinstance(value, bool) or not isinstance(value, Fraction | int | float | str):
        raise RulesError(f"{name} must be a number like 5.75, got {value!r}")
    try:
        speed = Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, OverflowError, ZeroDivisionError):
        raise RulesError(f"{name} must be a finite number like 5.75, got {value!r}") from None
    if not 0 <= speed <= 1000:
        raise RulesError(f"{name} must be within 0..1000, got {value!r}")
    return speed


@dataclass(frozen=True, slots=True)
class Combatant:
    """A minimal combatant for :func:`turn_order`; ``basic_speed`` is stored as a Fraction."""

    name: str
    basic_speed: SpeedLike
    dx: int

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise RulesError(f"name must be text, got {self.name!r}")
        object.__setattr__(self, "basic_speed", basic_speed(self.basic_speed))
        check_int("dx", self.dx, 0, 1000)

    @property
    def speed(self) -> Fraction:
        """Basic Speed, typed exactly."""
        return Fraction(self.basic_speed)


def _keys(
    combatants: Sequence[T],
    speed: Callable[[T], SpeedLike] | None,
    dx: Callable[[T], int] | None,
) -> list[tuple[Fraction, int]]:
    if isinstance(combatants, str | bytes) or not isinstance(combatants, Sequence):
        raise RulesError(f"combatants must be a list, got {combatants!r}")
    for name, fn in (("speed", speed), ("dx", dx)):
        if fn is not None and not callable(fn):
            raise RulesError(f"{name} must be a function of a combatant, got {fn!r}")
    keys: list[tuple[Fraction, int]] = []
    for i, c in enumerate(combatants, start=1):
        if (speed is None or dx is None) and not isinstance(c, Combatant):
            raise RulesError(f"combatant {i} is not a Combatant: pass speed= and dx=")
        s = c.speed if isinstance(c, Combatant) else Fraction(0)
        if speed is not None:
            s = basic_speed(speed(c), f"basic speed of combatant {i}")
        d = c.dx if isinstance(c, Combatant) else 0
        if dx is not None:
            d = check_int(f"dx of combatant {i}", dx(c), 0, 1000)
        keys.append((s, d))
    return keys


def _check_order_args(combatants: object, speed: object, dx: object) -> None:
    check_sequence("combatants", combatants)
    if speed is not None:
        check_callable("speed", speed)
    if dx is not None:
        check_callable("dx", dx)


def turn_order(
    combatants: Sequence[T],
    *,
    speed: Callable[[T], SpeedLike] | None = None,
    dx: Callable[[T], int] | None = None,
) -> list[T]:
    """Who acts first: Basic Speed descending, then DX descending, then the given order.

    ``speed``/``dx`` read the values from each entry; they default to :class:`Combatant`
    fields. The sort is stable, so the GM's order of fully tied entries is kept.
    """
    _check_order_args(combatants, speed, dx)
    keys = _keys(combatants, speed, dx)
    order = sorted(range(len(combatants)), key=lambda i: (-keys[i][0], -keys[i][1]))
    return [combatants[i] for i in order]


def tied_groups(
    combatants: Sequence[T],
    *,
    speed: Callable[[T], SpeedLike] | None = None,
    dx: Callable[[T], int] | None = None,
    speed_only: bool = False,
) -> list[tuple[T, ...]]:
    """The turn order cut into runs of entries with equal Basic Speed and DX.

    Concatenated, the groups are :func:`turn_order`. A group of two or more is a tie the GM
    may reorder; the app must not move an entry out of its group. With ``speed_only`` the
    runs are cut on Basic Speed alone: the seed leaves every tie on Basic Speed to the GM,
    DX only giving the default order within it.
    """
    _check_order_args(combatants, speed, dx)
    if not isinstance(speed_only, bool):
        raise RulesError(f"speed_only must be True or False, got {speed_only!r}")
    keys = _keys(combatants, speed, dx)
    order = sorted(range(len(combatants)), key=lambda i: (-keys[i][0], -keys[i][1]))
    cut: list[object] = [k[0] for k in keys] if speed_only else list(keys)
    groups: list[tuple[T, ...]] = []
    run: list[T] = []
    for pos, i in enumerate(order):
        if pos and cut[i] != cut[order[pos - 1]]:
            groups.append(tuple(run))
            run = []
        run.append(combatants[i])
    if run:
        groups.append(tuple(run))
    return groups


class Maneuver(StrEnum):
    """The thirteen maneuvers; the value is the key in :data:`MANEUVERS`."""

    DO_NOTHING = "do_nothing"
    MOVE = "move"
    CHANGE_POSTURE = "change_posture"
    AIM = "aim"
    EVALUATE = "evaluate"
    ATTACK = "attack"
    FEINT = "feint"
    ALL_OUT_ATTACK = "all_out_attack"
    MOVE_AND_ATTACK = "move_and_attack"
    ALL_OUT_DEFENSE = "all_out_defense"
    CONCENTRATE = "concentrate"
    READY = "ready"
    WAIT = "wait"


@dataclass(frozen=True, slots=True)
class ManeuverOption:
    """One choice inside a maneuver (e.g. All-Out Attack, Determined).

    Attributes:
        key: identifier, unique within the maneuver.
        name: display name.
        weapon: which attacks it applies to.
        to_hit: modifier to the attack roll.
        defense_bonus: bonus to one active defense.
        movement: movement allowed with this option, when it differs from the maneuver's.
        description: one plain sentence.
    """

    key: str
    name: str
    weapon: Weapon = "any"
    to_hit: int = 0
    defense_bonus: int = 0
    movement: Movement | None = None
    description: str = ""

    @property
    def label(self) -> str:
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class ManeuverInfo:
    """A maneuver's rules: movement allowed, whether active defense is allowed, options."""

    key: str
    name: str
    movement: Movement
    active_defense: bool
    options: tuple[ManeuverOption, ...] = ()
    note: str = ""
    #: the active defenses allowed (none after All-Out Attack; no parry in Move and Attack)
    defenses: tuple[Defense, ...] = DEFENSES

    @property
    def label(self) -> str:
        return self.name.lower()

    def option(self, key: str) -> ManeuverOption:
        """The option called ``key``; ``RulesError`` when this maneuver has none such."""
        if not isinstance(key, str):
            raise RulesError(f"{self.name} option must be text, got {key!r}")
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise RulesError(f"{self.name} option must be one of: {known}; got {key!r}")


def _m(
    key: Maneuver,
    name: str,
    movement: Movement,
    active_defense: bool,
    note: str,
    *options: ManeuverOption,
    defenses: tuple[Defense, ...] | None = None,
) -> tuple[str, ManeuverInfo]:
    allowed = (DEFENSES if active_defense else ()) if defenses is None else defenses
    return key.value, ManeuverInfo(
        key.value, name, movement, active_defense, options, note, allowed
    )


_O = ManeuverOption

#: Every maneuver by key (``Maneuver`` members work as keys too). Read-only.
MANEUVERS: Mapping[str, ManeuverInfo] = MappingProxyType(
    dict(
        [
            _m(Maneuver.DO_NOTHING, "Do Nothing", "none", True,
               "Stand still; the only maneuver open to a stunned character (defends at -4)."),
            _m(Maneuver.MOVE, "Move", "full", True,
               "Only movement: walk, run, ride or drive."),
            _m(Maneuver.CHANGE_POSTURE, "Change Posture", "none", True,
               "Go from one posture to another; lying down to standing takes two turns."),
            _m(Maneuver.AIM, "Aim", "step", True,
               "Aim a ranged weapon for its Accuracy bonus; an active defense spoils the aim."),
            _m(Maneuver.EVALUATE, "Evaluate", "step", True,
               "Study a melee foe: +1 per turn, at most +3, to a following Attack, Feint, "
               "All-Out Attack or Move and Attack."),
            _m(Maneuver.ATTACK, "Attack", "step", True,
               "One melee or ranged attack."),
            _m(Maneuver.FEINT, "Feint", "step", True,
               "A fake melee attack that lowers the foe's defense against your next attack."),
            _m(Maneuver.ALL_OUT_ATTACK, "All-Out Attack", "half", False,
               "Everything into the attack, forward movement only, no active defense.",
               _O("determined_melee", "Determined", "melee", to_hit=4,
                  description="One melee attack at +4 to hit."),
               _O("double", "Double", "melee",
                  description="Two attacks on one foe (two weapons, or one needing no ready)."),
               _O("feint", "Feint", "melee", description="A feint, then an attack."),
               _O("strong", "Strong", "melee",
                  description="+2 damage or +1 per damage die, whichever is more."),
               _O("determined_ranged", "Determined", "ranged", to_hit=1,
                  description="One ranged attack at +1 to hit."),
               _O("suppression_fire", "Suppression Fire", "ranged",
                  description="Sweep an area with automatic fire.")),
            _m(Maneuver.MOVE_AND_ATTACK, "Move and Attack", "full", True,
               "Full move, attacking at any point of it; dodge or block only, no parry.",
               _O("ranged", "Ranged", "ranged", to_hit=-2,
                  description="-2 to hit (GURPS 4e: or the weapon's Bulk if worse); no Aim "
                  "bonus."),
               _O("melee", "Melee", "melee", to_hit=-4,
                  description="-4 to hit, effective skill at most 9 (GURPS 4e)."),
               defenses=("dodge", "block")),
            _m(Maneuver.ALL_OUT_DEFENSE, "All-Out Defense", "step", True,
               "Defend only, until your next turn; step, or half move with Increased Dodge.",
               _O("increased_dodge", "Increased Dodge", defense_bonus=2, movement="half",
                  description="+2 to Dodge; you may move half your Move."),
               _O("increased_parry", "Increased Parry", defense_bonus=2,
                  description="+2 to Parry."),
               _O("increased_block", "Increased Block", defense_bonus=2,
                  description="+2 to Block."),
               _O("double_defense", "Double Defense",
                  description="Two different active defenses against one attack.")),
            _m(Maneuver.CONCENTRATE, "Concentrate", "step", True,
               "Focus on a mental task (devices, magic, psionics, command); defending may "
               "break concentration."),
            _m(Maneuver.READY, "Ready", "step", True,
               "Handle an object: open a door, pick something up, reload, draw a sword."),
            _m(Maneuver.WAIT, "Wait", "none", True,
               "Hold another maneuver until a stated trigger; it interrupts the foe's turn and "
               "then moves as the triggered maneuver does."),
        ]
    )
)  # fmt: skip


def maneuver(key: str) -> ManeuverInfo:
    """The maneuver called ``key`` (e.g. ``"all_out_attack"``); ``RulesError`` if unknown."""
    info = MANEUVERS.get(key) if isinstance(key, str) else None
    if info is None:
        raise RulesError(f"maneuver must be one of: {', '.join(MANEUVERS)}; got {key!r}")
    return info


def strong_damage_bonus(dice: int) -> int:
    """All-Out Attack (Strong): +2 damage or +1 per damage die, whichever is more."""
    return max(2, check_int("dice", dice, 0, 1000))


def aim_bonus(accuracy: int, seconds: int) -> int:
    """Bonus for Aim: 0 s → 0, 1 s → Acc, 2 s → Acc+1, 3 s or more → Acc+2."""
    acc = check_int("accuracy", accuracy, 0, 100)
    secs = check_int("seconds", seconds, 0, 100_000)
    if secs == 0:
        return 0
    return acc + min(secs - 1, 2)


def evaluate_bonus(turns: int) -> int:
    """Bonus for Evaluate: +1 per consecutive turn, at most +3."""
    return min(check_int("turns", turns, 0, 100_000), 3)


def dodge(speed: SpeedLike) -> int:
    """Dodge from Basic Speed: its whole part + 3 (GURPS 4e; Basic Speed 5.75 → 8)."""
    return int(basic_speed(speed)) + 3


def defense_allowed(key: str, defense: str) -> bool:
    """Whether a character whose maneuver is ``key`` may use the active ``defense``."""
    return _defense(defense) in maneuver(key).defenses


def defense_bonus(key: str, option: str, defense: str) -> int:
    """The bonus maneuver ``key`` with ``option`` gives to ``defense`` (All-Out Defense:
    Increased Dodge, Parry or Block +2 to that defense only; other options and maneuvers 0)."""
    info = maneuver(key)
    which = _defense(defense)
    if not option:
        return 0
    opt = info.option(option)
    return opt.defense_bonus if opt.key == f"increased_{which}" else 0


def _defense(defense: object) -> Defense:
    for d in DEFENSES:
        if defense == d:
            return d
    raise RulesError(f"defense must be one of: {', '.join(DEFENSES)}; got {defense!r}")
