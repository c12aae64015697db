"""BRP experience at the table: ticks, teaching, downtime and the end of an adventure.

Slash commands (Basic Roleplaying only)::

    /tick CHAR SKILL                      GM override: set an experience tick
    /untick CHAR SKILL                    GM override: take a tick back
    /teach TEACHER STUDENT SKILL [= 12 34] Teach (capped at the skill) and the skill roll
    /downtime CHAR SKILL, SKILL, ...      up to four free ticks after a long downtime
    /endadventure                         open the end-of-adventure screen

The end of an adventure is kept pure here (rows, entering dice, applying them to a new
:class:`Campaign`, the log draft) so the screen only renders and collects keys, and so it is
testable without Textual. Applying is one undoable step: skills, ticks and the adventure
number come back together on undo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from rules import brp
from rules.errors import RulesError
from rules.exact import check_face
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft
from tui.session.systems.base import draw, typed_or_rolled
from tui.session.table.entry import EntryError, Slash, parse_faces, split_words
from tui.session.table.names import match_prefix_words, normal
from tui.session.table.table import Feedback, Table, slash

__all__ = [
    "Row",
    "commit",
    "end_adventure",
    "end_draft",
    "experience_rows",
    "parse_die",
    "skill_list",
    "unfinished",
]

#: Normal forms of the skill a teacher rolls to teach.
TEACH_SKILLS = frozenset({"teach", "teaching", "обучение", "преподавание"})


# -- end of adventure: pure rows ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Row:
    """One ticked skill's experience roll: the d100, then the d6 gain when it improves."""

    character: str
    skill: str
    value: int
    roll: int | None = None
    gain: int | None = None
    roll_typed: bool = False
    gain_typed: bool = False

    @property
    def improved(self) -> bool | None:
        """``None`` before the d100; then whether it beat the skill (or was 00)."""
        return None if self.roll is None else brp.improves(self.value, self.roll)

    @property
    def wants_gain(self) -> bool:
        """The d100 improved the skill and the d6 is still to come."""
        return bool(self.improved) and self.gain is None

    @property
    def done(self) -> bool:
        return self.roll is not None and not self.wants_gain

    @property
    def next_die(self) -> int:
        """Sides of the die this row waits for (100, 6), 0 when complete."""
        return 100 if self.roll is None else (6 if self.wants_gain else 0)

    @property
    def new_value(self) -> int:
        return self.value + (self.gain or 0) if self.improved else self.value

    @property
    def roll_text(self) -> str:
        if self.roll is None:
            return ""
        face = brp.face_text(self.roll)
        return f"{face} d6 {self.gain}" if self.gain is not None else face

    @property
    def status(self) -> str:
        if self.roll is None:
            return "not rolled"
        if self.wants_gain:
            return "improves, roll d6"
        if self.improved:
            return f"improved +{self.gain} → {self.new_value}"
        return "not improved"

    def entered(self, face: int, *, typed: bool = True) -> Row:
        """The row with its next die set: the d100 first, then the d6 if it improved."""
        if self.roll is None:
            face = check_face("experience roll", face, 100)
            return replace(self, roll=face, roll_typed=typed)
        if self.wants_gain:
            face = check_face("gain d6", face, 6)
            return replace(self, gain=face, gain_typed=typed)
        raise RulesError(f"{self.character} · {self.skill} is already rolled (x clears it)")

    def rolled(self, rng: random.Random) -> Row:
        """The row completed with dice from ``rng`` (what was typed is kept)."""
        row = self
        while row.next_die:
            row = row.entered(rng.randint(1, row.next_die), typed=False)
        return row

    def cleared(self) -> Row:
        return Row(self.character, self.skill, self.value)

    @property
    def improvement(self) -> brp.Improvement:
        if self.roll is None:
            raise CommandError(f"{self.character} · {self.skill} is not rolled yet")
        return brp.experience_roll(self.value, self.roll, self.gain)


def parse_die(text: str, sides: int) -> int:
    """A die typed by hand: digits only; for a d100 ``00`` (and ``100``) is 100."""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > 3:
        raise EntryError(f"type the d{sides} as a number, not {text!r}")
    face = 100 if sides == 100 and text in ("00", "000") else int(text)
    if not 1 <= face <= sides:
        raise EntryError(f"a d{sides} shows 1..{sides}" + (" (00 is 100)" if sides == 100 else "")
                         + f", not {text}")
    return face


def experience_rows(campaign: Campaign) -> tuple[Row, ...]:
    """Every ticked skill of every character with its current value, in sheet order.

    A tick on a skill that is not a whole number (not a BRP percentage) gets no row; applying
    still clears it.
    """
    rows: list[Row] = []
    for ch in campaign.characters:
        for skill in ch.ticks:
            value = ch.skills.get(skill)
            if isinstance(value, int) and not isinstance(value, bool):
                rows.append(Row(ch.name, skill, value))
    return tuple(rows)


def unfinished(rows: Sequence[Row]) -> list[Row]:
    return [r for r in rows if not r.done]


def _check_rows(campaign: Campaign, rows: Sequence[Row]) -> None:
    if campaign.system != "brp":
        raise CommandError("the end-of-adventure experience rolls are for Basic Roleplaying")
    left = unfinished(rows)
    if left:
        names = ", ".join(f"{r.character} · {r.skill}" for r in left[:3])
        raise CommandError(f"{len(left)} not rolled yet ({names}): r rolls one, a rolls all")
    now = experience_rows(campaign)
    if [(r.character, r.skill, r.value) for r in now] != [
        (r.character, r.skill, r.value) for r in rows
    ]:
        raise CommandError("the ticks changed since the screen opened: leave and reopen it")


def end_adventure(campaign: Campaign, rows: Sequence[Row]) -> Campaign:
    """Skills raised by their gains, every tick cleared, the next adventure number."""
    _check_rows(campaign, rows)
    gains: dict[tuple[str, str], int] = {(r.character, r.skill): r.new_value for r in rows}
    chars: list[Character] = []
    for ch in campaign.characters:
        skills = dict(ch.skills)
        for skill in ch.ticks:
            if (ch.name, skill) in gains:
                skills[skill] = gains[(ch.name, skill)]
        chars.append(replace(ch, skills=skills, ticks=()))
    return replace(campaign, characters=tuple(chars), adventure=campaign.adventure + 1)


def _source(row: Row) -> str:
    typed = [row.roll_typed] + ([row.gain_typed] if row.gain is not None else [])
    return typed_or_rolled(True) if all(typed) else (
        typed_or_rolled(False) if not any(typed) else "mixed")


def end_draft(campaign: Campaign, rows: Sequence[Row]) -> Draft:
    """The log entry: one effect line per roll, the dice and their source in ``inputs``."""
    up = sum(1 for r in rows if r.improved)
    text = (f"end of adventure {campaign.adventure}: {up} of {len(rows)} skills improved; "
            f"adventure {campaign.adventure + 1} begins")
    effects = tuple(f"{r.character} · {r.skill}: {r.improvement.label}" for r in rows)
    rolls = [{"character": r.character, "skill": r.skill, "skill_before": r.value,
              "roll": r.roll or 0, "gain": r.gain or 0, "source": _source(r)} for r in rows]
    return Draft("change", text, "", "", {"adventure": campaign.adventure, "rolls": rolls},
                 effects)


def commit(table: Table, rows: Sequence[Row]) -> Feedback:
    """Apply the end of the adventure as ONE undoable, logged step (or say what is wrong)."""
    try:
        _check_rows(table.campaign, rows)
        draft = end_draft(table.campaign, rows)
    except (CommandError, RulesError) as exc:
        return Feedback(False, str(exc))
    return table.run_change(lambda c: end_adventure(c, rows), draft)


# -- parsing helpers ------------------------------------------------------------------------
def skill_list(text: str) -> list[str]:
    """Split ``text`` into phrases at commas and around quoted names.

    A quote opens only at the start of a word and closes only at the end of one, so an
    apostrophe inside a name (Ог'лай, O'Brien) stays part of it.
    """
    out: list[str] = []
    buf: list[str] = []
    i, n = 0, len(text)

    def flush() -> None:
        phrase = "".join(buf).strip()
        if phrase:
            out.append(phrase)
        buf.clear()

    while i < n:
        ch = text[i]
        if ch == ",":
            flush()
        elif ch in "\"'«“" and (i == 0 or text[i - 1] in " ,"):
            close = {"«": "»", "“": "”"}.get(ch, ch)
            j = i + 1
            while j < n and not (text[j] == close and (j + 1 == n or text[j + 1] in " ,")):
                j += 1
            if j < n:
                flush()
                buf.extend(text[i + 1:j])
                flush()
                i = j
            else:
                buf.append(ch)
        else:
            buf.append(ch)
        i += 1
    flush()
    return out


def _character(table: Table, words: Sequence[str]) -> tuple[Character, list[str]]:
    if not words:
        raise EntryError("name a character")
    who = match_prefix_words(words, table.character_names(), what="character")
    return table.campaign.character(who.name), list(words[who.consumed:])


def _skill(ch: Character, words: Sequence[str], pool: Sequence[str] | None = None) -> str:
    """Exactly one skill of ``ch`` (or of ``pool``) named by all of ``words``."""
    if not words:
        raise EntryError(f"name a skill of {ch.name}")
    phrase = normal(" ".join(words))
    for attr in ch.attributes:
        if normal(attr) == phrase and not any(normal(s) == phrase for s in ch.skills):
            raise EntryError(f"{attr} is a characteristic: only skills earn ticks")
    found = match_prefix_words(words, list(pool if pool is not None else ch.skills),
                               what=f"skill of {ch.name}")
    if found.consumed != len(words):
        extra = " ".join(words[found.consumed:])
        raise EntryError(f"{extra!r} after {found.name}: one skill here (commas separate them)")
    return found.name


def _brp_skill(ch: Character, skill: str) -> int:
    value = ch.skills.get(skill)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(f"{ch.name}'s {skill} is not a percentage ({value!r})")
    return value


def _with_tick(campaign: Campaign, name: str, skill: str, on: bool) -> Campaign:
    ch = campaign.character(name)
    ticks = [t for t in ch.ticks if t != skill]
    if on:
        ticks.append(skill)
    return campaign.with_character(ch.with_ticks(tuple(ticks)))


# -- slash commands -------------------------------------------------------------------------
@slash("tick", "/tick CHAR SKILL", "set an experience tick by hand (GM override)",
       systems=("brp",))
def _tick_cmd(table: Table, cmd: Slash) -> Feedback:
    ch, rest = _character(table, cmd.args)
    skill = _skill(ch, rest)
    _brp_skill(ch, skill)
    if skill in ch.ticks:
        return Feedback(False, f"{ch.name} · {skill} is already ticked")
    return table.change(lambda c: _with_tick(c, ch.name, skill, True),
                        f"tick (GM): {ch.name} · {skill}", actor=ch.name,
                        effects=[f"tick: {ch.name} · {skill}"])


@slash("untick", "/untick CHAR SKILL", "take an experience tick back (GM override)",
       systems=("brp",))
def _untick_cmd(table: Table, cmd: Slash) -> Feedback:
    ch, rest = _character(table, cmd.args)
    if not ch.ticks:
        return Feedback(False, f"{ch.name} has no ticked skills")
    skill = _skill(ch, rest, ch.ticks)
    return table.change(lambda c: _with_tick(c, ch.name, skill, False),
                        f"untick (GM): {ch.name} · {skill}", actor=ch.name,
                        effects=[f"tick removed: {ch.name} · {skill}"])


def _teach_value(ch: Character) -> tuple[str, int]:
    for name in ch.skills:
        if normal(name) in TEACH_SKILLS:
            return name, _brp_skill(ch, name)
    raise EntryError(f"{ch.name} has no Teach skill")


@slash("teach", "/teach TEACHER STUDENT SKILL [= teach skill]",
       "teaching: Teach (capped at the skill) and the skill roll both succeed → a tick",
       systems=("brp",))
def _teach_cmd(table: Table, cmd: Slash) -> Feedback:
    head, eq, dice_text = cmd.rest.partition("=")
    teacher, rest = _character(table, split_words(head))
    if not rest:
        raise EntryError("name the student after the teacher")
    who = match_prefix_words(rest, table.character_names(), what="student")
    student = table.campaign.character(who.name)
    if student.name == teacher.name:
        raise EntryError(f"{teacher.name} cannot teach themself")
    skill = _skill(student, rest[who.consumed:])
    if skill not in teacher.skills:
        raise EntryError(f"{teacher.name} has no {skill} to teach")
    teacher_skill = _brp_skill(teacher, skill)
    _brp_skill(student, skill)
    teach_name, teach_value = _teach_value(teacher)
    faces = parse_faces(dice_text) if eq else None
    (teach_roll, skill_roll), typed = draw(faces, 2, 100, table.rng,
                                           what="the Teach and the skill d100")
    result = brp.teach(teach_value, teacher_skill, teach_roll, skill_roll)
    effects: list[str] = []
    if result.student_ticks:
        already = skill in student.ticks
        effects.append(f"{student.name} · {skill} already ticked" if already
                       else f"tick: {student.name} · {skill}")
    cap = f" (capped at {skill} {teacher_skill})" if result.capped else ""
    verdict = "student ticks" if result.student_ticks else "no tick"
    text = (f"{teacher.name} teaches {student.name} {skill}: {teach_name} "
            f"{result.teach_chance}%{cap} {brp.face_text(teach_roll)} "
            f"{result.teach.level.label}, {skill} {teacher_skill}% "
            f"{brp.face_text(skill_roll)} {result.skill.level.label} → {verdict}")
    draft = Draft("roll", text, student.name, "success" if result.student_ticks else "failure",
                  {"teacher": teacher.name, "skill": skill, "teach": result.teach_chance,
                   "chance": teacher_skill, "dice": [teach_roll, skill_roll],
                   "source": typed_or_rolled(typed)}, tuple(effects))

    def apply(c: Campaign) -> Campaign:
        if not result.student_ticks or skill in c.character(student.name).ticks:
            return c
        return _with_tick(c, student.name, skill, True)

    return table.run_change(apply, draft)


@slash("downtime", "/downtime CHAR SKILL, SKILL, ...",
       "long downtime: up to four free ticks of the player's choice", systems=("brp",))
def _downtime_cmd(table: Table, cmd: Slash) -> Feedback:
    phrases = skill_list(cmd.rest)
    if not phrases:
        raise EntryError("usage: /downtime CHAR SKILL, SKILL, ... (up to four)")
    ch, first = _character(table, phrases[0].split())
    groups = ([first] if first else []) + [p.split() for p in phrases[1:]]
    if not groups:
        raise EntryError(f"name up to {brp.DOWNTIME_FREE_TICKS} skills for {ch.name}, "
                         "separated by commas")
    skills = brp.downtime_ticks([_skill(ch, words) for words in groups])
    for skill in skills:
        _brp_skill(ch, skill)
    new = [s for s in skills if s not in ch.ticks]
    if not new:
        return Feedback(False, f"{ch.name} already has ticks in {', '.join(skills)}")

    def apply(c: Campaign) -> Campaign:
        for skill in new:
            c = _with_tick(c, ch.name, skill, True)
        return c

    kept = [s for s in skills if s not in new]
    note = f" ({', '.join(kept)} already ticked)" if kept else ""
    return table.change(apply, f"downtime: {ch.name} ticks {', '.join(new)}{note}",
                        actor=ch.name, effects=[f"tick: {ch.name} · {s}" for s in new])


@slash("endadventure", "/endadventure",
       "experience rolls for every ticked skill, then the next adventure", systems=("brp",))
def _end_cmd(table: Table, _cmd: Slash) -> Feedback:
    rows = experience_rows(table.campaign)
    return Feedback(True, f"end of adventure {table.campaign.adventure}: {len(rows)} ticked "
                          "skills", action="end_adventure")
