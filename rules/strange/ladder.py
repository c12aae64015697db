"""Strange System skill ladder, danger classes of unskilled opponents, and skill synergy.

Part of :mod:`rules.strange` (import from there). The ladder is data: a campaign may replace
:data:`DEFAULT_LADDER` with its own levels (build it with :func:`make_ladder`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import RulesError
from rules.exact import check_int

__all__ = [
    "DANGER_CLASSES",
    "DEFAULT_LADDER",
    "MAX_REQUIRED",
    "DangerClass",
    "Ladder",
    "SkillLevel",
    "danger_class",
    "level_by_key",
    "level_by_name",
    "level_by_rank",
    "make_ladder",
    "synergy_modifier",
]

#: A check rolls 4 dice, so no level can require more than 4 hits.
MAX_REQUIRED = 4


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
    out = tuple(levels)
    if not out or not all(isinstance(level, SkillLevel) for level in out):
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


def level_by_name(name: str, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its key, Russian or English name, case-insensitively."""
    wanted = _text("name", name).casefold()
    for level in ladder:
        if wanted in (level.key.casefold(), level.name_ru.casefold(), level.name_en.casefold()):
            return level
    known = ", ".join(f"{level.name_en}/{level.name_ru}" for level in ladder)
    raise RulesError(f"skill level must be one of {known}; got {name!r}")


def level_by_key(key: str, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its key only (keys are what saves store)."""
    for level in ladder:
        if level.key == key:
            return level
    raise RulesError(f"skill level key must be one of {[lv.key for lv in ladder]}; got {key!r}")


def level_by_rank(rank: int, ladder: Ladder = DEFAULT_LADDER) -> SkillLevel:
    """Find a level by its rank."""
    check_int("rank", rank, 1, None)
    for level in ladder:
        if level.rank == rank:
            return level
    raise RulesError(f"rank must be one of {[lv.rank for lv in ladder]}; got {rank}")


@dataclass(frozen=True, slots=True)
class DangerClass:
    """Danger class 1-4 of an opponent without skills; the class number is its tie-break rank."""

    number: int
    name_ru: str
    name_en: str
    level_key: str

    @property
    def rank(self) -> int:
        """The class itself breaks ties (class 4 outranks a Master's rank 3)."""
        return self.number

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
    equal or higher one costs nothing.
    """
    check_int("skill_rank", skill_rank, 1, None)
    check_int("supporting_rank", supporting_rank, 1, None)
    return -(skill_rank - supporting_rank) if supporting_rank < skill_rank else 0
