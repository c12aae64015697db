"""Strange System skill ladder, danger classes of unskilled opponents, and skill synergy.

Part of :mod:`rules.strange` (import from there). The ladder is data: a campaign may replace
:data:`DEFAULT_LADDER` with its own levels (build it with :func:`make_ladder`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.errors import RulesError
from rules.exact import check_int, check_iterable

__all__ = [
    "DANGER_CLASSES",
    "DEFAULT_LADDER",
    "MAX_REQUIRED",
    "DangerClass",
    "Ladder",
    "Rank",
    "SkillLevel",
    "check_rank",
    "danger_class",
    "level_by_key",
    "level_by_name",
    "level_by_rank",
    "make_ladder",
    "rank_text",
    "synergy_modifier",
]

#: A check rolls 4 dice, so no level can require more than 4 hits.
MAX_REQUIRED = 4

#: A tie-break rank: a skill level's whole rank, or a danger class's exact place on that scale.
Rank = int | Fraction


def check_rank(name: str, value: object) -> Rank:
    """A rank of at least 1: an int or an exact Fraction (never a float), else ``RulesError``."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise RulesError(
            f"{name} must be a whole number or a Fraction of at least 1, got {value!r}"
        )
    if value < 1:
        raise RulesError(f"{name} must be at least 1, got {rank_text(value)}")
    return value


def rank_text(rank: Rank) -> str:
    """``"2"``, or ``"5/3"`` for a danger class between two levels."""
    if isinstance(rank, bool) or not isinstance(rank, int | Fraction):
        raise RulesError(f"rank must be a whole number or a Fraction, got {rank!r}")
    if isinstance(rank, Fraction) and rank.denominator != 1:
        return f"{rank.numerator}/{rank.denominator}"
    return str(int(rank))


def _text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise RulesError(f"{name} must be a non-empty string, got {value!r}")
    return value.strip()


@dataclass(frozen=True, slots=True)
class SkillLevel:
    """One rung of the skill ladder: how many hits a check needs, and its tie-break rank."""

    key: str
    name_ru: str
    name_en: str
    required_hits: int
    rank: int

    def __post_init__(self) -> None:
        _text("key", self.key)
        _text("name_ru", self.name_ru)
        _text("name_en", self.name_en)
        check_int("required_hits", self.required_hits, 1, MAX_REQUIRED)
        check_int("rank", self.rank, 1, None)

    @property
    def label(self) -> str:
        """E.g. ``"professional (2 hits)"``."""
        hits = "hit" if self.required_hits == 1 else "hits"
        return f"{self.name_en.lower()} ({self.required_hits} {hits})"


#: A ladder is a tuple of levels ordered by rank, lowest first.
Ladder = tuple[SkillLevel, ...]

DEFAULT_LADDER: Ladder = (
    SkillLevel("skilled", "Умелец", "Skilled", 3, 1),
    SkillLevel("professional", "Профессионал", "Professional", 2, 2),
    SkillLevel("master", "Мастер", "Master", 1, 3),
)


def make_ladder(levels: Iterable[SkillLevel]) -> Ladder:
    """Validate a campaign's ladder (unique keys, names and ranks) and sort it by rank."""
    given = check_iterable("ladder", levels)
    out = [level for level in given if isinstance(level, SkillLevel)]
    if not out or len(out) != len(given):
        raise RulesError("ladder must be a non-empty sequence of SkillLevel")
    seen: set[str] = set()
    for level in out:
        for name in {level.key.casefold(), level.name_ru.casefold(), level.name_en.casefold()}:
            if name in seen:
                raise RulesError(f"ladder names must be unique; {name!r} appears twice")
            seen.add(name)
    if len({level.rank for level in out}) != len(out):
        raise RulesError("ladder ranks must be unique")
    return tuple(sorted(out, key=lambda level: level.rank))


def _ladder(ladder: object) -> Ladder:
    if ladder is DEFAULT_LADDER:
        return DEFAULT_LADDER
    if (
        not isinstance(ladder, tuple)
        or not ladder
        or not all(isinstance(level, SkillLevel) for level in ladder)
    ):
        raise RulesError(f"ladder must be a tuple of SkillLevel (see make_ladder), got {ladder!r}")
    return ladder


def level_by_name(name: str, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its key, Russian or English name, case-insensitively."""
    wanted = _text("name", name).casefold()
    ladder = _ladder(ladder)
    for level in ladder:
        if wanted in (level.key.casefold(), level.name_ru.casefold(), level.name_en.casefold()):
            return level
    known = ", ".join(f"{level.name_en}/{level.name_ru}" for level in ladder)
    raise RulesError(f"skill level must be one of {known}; got {name!r}")


def level_by_key(key: str, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its key only (keys are what saves store)."""
    ladder = _ladder(ladder)
    for level in ladder:
        if level.key == key:
            return level
    raise RulesError(f"skill level key must be one of {[lv.key for lv in ladder]}; got {key!r}")


def level_by_rank(rank: int, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its rank."""
    check_int("rank", rank, 1, None)
    ladder = _ladder(ladder)
    for level in ladder:
        if level.rank == rank:
            return level
    raise RulesError(f"rank must be one of {[lv.rank for lv in ladder]}; got {rank}")


@dataclass(frozen=True, slots=True)
class DangerClass:
    """Danger class 1-4 of an opponent without skills, placed on the skill ranks' scale.

    The seed: «1 соответствует уровню навыка Умельца, а 4 – Мастера». Class 1 sits on the
    Skilled rank and class 4 on the Master rank; classes 2 and 3 lie evenly between
    (:attr:`rank`), so class 4 ties with a Master and never outranks one.
    """

    number: int
    name_ru: str
    name_en: str
    level_key: str

    @property
    def rank(self) -> Fraction:
        """Tie-break rank 1 + 2 × (class − 1) / 3: 1, 5/3, 7/3, 3 (Skilled 1 … Master 3)."""
        return 1 + Fraction(2 * (self.number - 1), 3)

    @property
    def label(self) -> str:
        """E.g. ``"danger class 2 (threatening)"``."""
        return f"danger class {self.number} ({self.name_en.lower()})"

    def level(self, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
        """The skill level whose required hits the opponent rolls with."""
        return level_by_key(self.level_key, ladder)


DANGER_CLASSES: tuple[DangerClass, ...] = (
    DangerClass(1, "Незначительный", "Insignificant", "skilled"),
    DangerClass(2, "Угрожающий", "Threatening", "professional"),
    DangerClass(3, "Чудовищный", "Monstrous", "professional"),
    DangerClass(4, "Смертоносный", "Deadly", "master"),
)


def danger_class(number: int) -> DangerClass:
    """Danger class by number 1..4."""
    check_int("danger class", number, 1, len(DANGER_CLASSES))
    return DANGER_CLASSES[number - 1]


def synergy_modifier(skill_rank: int, supporting_rank: int) -> int:
    """Range modifier when a skill needs a supporting skill (bow from horseback → Riding Combat).

    A supporting skill ranked lower than the skill costs the rank difference (negative); an
    equal or higher one costs nothing. It applies only while the supporting skill is in use
    (the caller decides: Kirma's bow from horseback, not on foot), and a situational range
    modifier is added to it, never put in its place.
    """
    check_int("skill_rank", skill_rank, 1, None)
    check_int("supporting_rank", supporting_rank, 1, None)
    return -(skill_rank - supporting_rank) if supporting_rank < skill_rank else 0
