"""Basic Roleplaying experience: tick eligibility, experience rolls, teaching, downtime.

Part of :mod:`rules.brp` (import from there). The app owns the ticks; these functions only
decide eligibility and improvement.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from rules.brp.core import Level, Result, check_difficulty, face_text, resolve
from rules.errors import RulesError
from rules.exact import check_face, check_int, check_rng

__all__ = [
    "DOWNTIME_FREE_TICKS",
    "GAIN_DICE",
    "Improvement",
    "Teaching",
    "downtime_ticks",
    "experience_roll",
    "first_tick",
    "improves",
    "roll_experience",
    "teach",
    "tick_eligible",
]

#: Dice added to a skill when an experience roll improves it.
GAIN_DICE = "1d6"
#: Free ticks the GM may grant after a long downtime (months between adventures).
DOWNTIME_FREE_TICKS = 4


def tick_eligible(level: Level, difficulty: str, stakes: bool) -> bool:
    """Whether a roll earns an experience tick.

    It must succeed (SUCCESS or better, as rolled: a success cancelled in an opposed roll still
    counts), not be Easy or Automatic, and something must have been at stake.
    """
    if not isinstance(level, Level):
        raise RulesError(f"level must be a brp.Level (FUMBLE..CRITICAL), got {level!r}")
    diff = check_difficulty(difficulty)
    if not isinstance(stakes, bool):
        raise RulesError(f"stakes must be True or False, got {stakes!r}")
    return level >= Level.SUCCESS and diff not in ("easy", "automatic") and stakes


def _skill_name(name: object, field: str = "skill") -> str:
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"{field} must be a non-empty skill name, got {name!r}")
    return name.strip()


def first_tick(
    ticked: frozenset[str], skill: str, level: Level, difficulty: str, stakes: bool
) -> frozenset[str]:
    """The adventure's ticked skills after one roll of ``skill``.

    Only the first eligible success of a skill ticks (later ones change nothing). Skill names
    are the keys, so specialisations such as ``"Knowledge (Occult)"`` and
    ``"Knowledge (History)"`` tick separately.
    """
    if not isinstance(ticked, frozenset):
        raise RulesError(f"ticked must be a frozenset of skill names, got {type(ticked).__name__}")
    name = _skill_name(skill)
    if tick_eligible(level, difficulty, stakes):
        return ticked | {name}
    return ticked


def improves(skill: int, roll: int) -> bool:
    """Whether an experience ``roll`` (1..100) improves ``skill``: above it, or 00 always."""
    skill = check_int("skill", skill, 0)
    roll = check_face("roll", roll, 100)
    return roll > skill or roll == 100


@dataclass(frozen=True, slots=True)
class Improvement:
    """An end-of-adventure experience roll; ``gain`` is the 1D6 (``None`` unless improved)."""

    skill: int
    roll: int
    improved: bool
    gain: int | None
    new_skill: int

    @property
    def label(self) -> str:
        """E.g. ``"improved +4 to 39 (72 over 35)"`` or ``"no improvement (20 vs 35)"``."""
        face = face_text(self.roll)
        if self.improved:
            return f"improved +{self.gain} to {self.new_skill} ({face} over {self.skill})"
        return f"no improvement ({face} vs {self.skill})"


def experience_roll(skill: int, roll: int, gain_roll: int | None = None) -> Improvement:
    """Resolve an experience roll and, when it improves the skill, its 1D6 gain.

    ``gain_roll`` (1..6) is required when the roll improves the skill (call :func:`improves`
    first to know); when it does not, a given ``gain_roll`` is validated and ignored.
    """
    up = improves(skill, roll)
    if gain_roll is None:
        if up:
            raise RulesError(f"gain_roll (1..6) is required: {roll} improves skill {skill}")
        return Improvement(skill, roll, False, None, skill)
    gain = check_face("gain_roll", gain_roll, 6)
    if not up:
        return Improvement(skill, roll, False, None, skill)
    return Improvement(skill, roll, True, gain, skill + gain)


def roll_experience(skill: int, *, rng: random.Random) -> Improvement:
    """Roll d100 from ``rng`` and, if the skill improves, 1D6 for the gain."""
    skill = check_int("skill", skill, 0)
    rng = check_rng(rng)
    face = rng.randint(1, 100)
    gain = rng.randint(1, 6) if improves(skill, face) else None
    return experience_roll(skill, face, gain)


@dataclass(frozen=True, slots=True)
class Teaching:
    """A teacher's Teach roll (capped at the taught skill) and the taught skill's roll."""

    teacher_teach: int
    teacher_skill: int
    teach: Result
    skill: Result

    @property
    def teach_chance(self) -> int:
        """Teach as used: never above the teacher's own value of the taught skill."""
        return self.teach.chance

    @property
    def capped(self) -> bool:
        """True when the teacher's Teach was lowered to the taught skill's value."""
        return self.teacher_teach > self.teacher_skill

    @property
    def student_ticks(self) -> bool:
        """Both rolls succeeded, so the student may tick the skill."""
        return self.teach.success and self.skill.success

    @property
    def label(self) -> str:
        """E.g. ``"student ticks: teach success (12 vs 40), skill success (30 vs 40)"``."""
        head = "student ticks" if self.student_ticks else "no tick"
        cap = " capped" if self.capped else ""
        return f"{head}: teach{cap} {self.teach.label}, skill {self.skill.label}"


def teach(teacher_teach: int, teacher_skill: int, teach_roll: int, skill_roll: int) -> Teaching:
    """Resolve a teaching period: Teach (capped at the taught skill) and the skill must succeed."""
    teacher_teach = check_int("teacher_teach", teacher_teach, 0)
    teacher_skill = check_int("teacher_skill", teacher_skill, 0)
    teach_result = resolve(min(teacher_teach, teacher_skill), teach_roll)
    skill_result = resolve(teacher_skill, skill_roll)
    return Teaching(teacher_teach, teacher_skill, teach_result, skill_result)


def downtime_ticks(skills: Iterable[str]) -> tuple[str, ...]:
    """Validate a player's free downtime ticks: at most four distinct skill names.

    Names are stripped of surrounding spaces; each still needs its experience roll.
    """
    if isinstance(skills, str) or not isinstance(skills, Iterable):
        raise RulesError(f"skills must be a list of skill names, got {skills!r}")
    names = tuple(_skill_name(s, "downtime skill") for s in skills)
    if len(names) > DOWNTIME_FREE_TICKS:
        raise RulesError(
            f"downtime ticks must be 0..{DOWNTIME_FREE_TICKS} skills, got {len(names)}"
        )
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise RulesError(f"downtime ticks must be distinct skills; {name!r} appears twice")
        seen.add(name)
    return names
