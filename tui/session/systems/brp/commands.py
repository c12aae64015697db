"""BRP experience at the table: ticks by hand, teaching, downtime, the end of an adventure.

``/tick`` and ``/untick`` (the GM's override), ``/teach``, ``/downtime`` and ``/endadventure``,
for Basic Roleplaying only (the README's *Commands* table). Ticks from play are set by the
adapter (the first eligible success of a skill); the experience rolls themselves are in
:mod:`.experience`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import brp
from tui.language import Msg, _, msg, ngettext, term
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import Draft
from tui.session.entry.entry import EntryError, Slash, parse_faces, split_words
from tui.session.entry.names import match_prefix_words, normal
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.systems.brp.downtime import granted, with_granted
from tui.session.systems.brp.experience import experience_rows
from tui.session.systems.kit import draw, typed_or_rolled

__all__ = ["COMMANDS", "TEACH_SKILLS", "skill_list"]

#: Normal forms of the skill a teacher rolls to teach.
TEACH_SKILLS = frozenset({"teach", "teaching", "обучение", "преподавание"})
#: ``/tick``, ``/untick``, ``/teach``, ``/downtime``, ``/endadventure``
COMMANDS = CommandSet()


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
                buf.extend(text[i + 1 : j])
                flush()
                i = j
            else:
                buf.append(ch)
        else:
            buf.append(ch)
        i += 1
    flush()
    return out


def _character(table: SlashContext, words: Sequence[str]) -> tuple[Character, list[str]]:
    if not words:
        raise EntryError(_("name a character"))
    who = match_prefix_words(words, table.character_names(), what="character")
    return table.campaign.character(who.name), list(words[who.consumed :])


def _skill(ch: Character, words: Sequence[str], pool: Sequence[str] | None = None) -> str:
    """Exactly one skill of ``ch`` (or of ``pool``) named by all of ``words``."""
    if not words:
        raise EntryError(_("name a skill of {name}").format(name=ch.name))
    phrase = normal(" ".join(words))
    for attr in ch.attributes:
        if normal(attr) == phrase and not any(normal(s) == phrase for s in ch.skills):
            raise EntryError(
                _("{attr} is a characteristic: only skills earn ticks").format(attr=attr)
            )
    found = match_prefix_words(
        words, list(pool if pool is not None else ch.skills), what=f"skill of {ch.name}"
    )
    if found.consumed != len(words):
        extra = " ".join(words[found.consumed :])
        raise EntryError(
            _("{extra!r} after {name}: one skill here (commas separate them)").format(
                extra=extra, name=found.name
            )
        )
    return found.name


def _brp_skill(ch: Character, skill: str) -> int:
    value = ch.skills.get(skill)
    if not isinstance(value, int) or isinstance(value, bool):
        raise EntryError(
            _("{name}'s {skill} is not a percentage ({value!r})").format(
                name=ch.name, skill=skill, value=value
            )
        )
    return value


def _with_tick(campaign: Campaign, name: str, skill: str, on: bool) -> Campaign:
    ch = campaign.character(name)
    ticks = [t for t in ch.ticks if t != skill]
    if on:
        ticks.append(skill)
    return campaign.with_character(ch.with_ticks(tuple(ticks)))


# -- slash commands -------------------------------------------------------------------------
@COMMANDS.slash(
    "tick", "/tick CHAR SKILL", "set an experience tick by hand (GM override)", args="CHAR SKILL"
)
def _tick_cmd(table: SlashContext, cmd: Slash) -> Feedback:
    ch, rest = _character(table, cmd.args)
    skill = _skill(ch, rest)
    _brp_skill(ch, skill)
    if skill in ch.ticks:
        return Feedback(
            False, _("{name} · {skill} is already ticked").format(name=ch.name, skill=skill)
        )
    return table.change(
        lambda c: _with_tick(c, ch.name, skill, True),
        msg("tick (GM): {name} · {skill}", name=ch.name, skill=skill),
        actor=ch.name,
        effects=[msg("tick: {name} · {skill}", name=ch.name, skill=skill)],
    )


@COMMANDS.slash(
    "untick", "/untick CHAR SKILL", "take an experience tick back (GM override)", args="CHAR SKILL"
)
def _untick_cmd(table: SlashContext, cmd: Slash) -> Feedback:
    ch, rest = _character(table, cmd.args)
    if not ch.ticks:
        return Feedback(False, _("{name} has no ticked skills").format(name=ch.name))
    skill = _skill(ch, rest, ch.ticks)
    return table.change(
        lambda c: _with_tick(c, ch.name, skill, False),
        msg("untick (GM): {name} · {skill}", name=ch.name, skill=skill),
        actor=ch.name,
        effects=[msg("tick removed: {name} · {skill}", name=ch.name, skill=skill)],
    )


def _teach_value(ch: Character) -> tuple[str, int]:
    for name in ch.skills:
        if normal(name) in TEACH_SKILLS:
            return name, _brp_skill(ch, name)
    raise EntryError(_("{name} has no Teach skill").format(name=ch.name))


@COMMANDS.slash(
    "teach",
    "/teach TEACHER STUDENT SKILL [= teach skill]",
    "teaching: Teach (capped at the skill) and the skill roll both succeed → a tick",
    args="CHAR CHAR SKILL",
)
def _teach_cmd(table: SlashContext, cmd: Slash) -> Feedback:
    head, eq, dice_text = cmd.rest.partition("=")
    teacher, rest = _character(table, split_words(head))
    if not rest:
        raise EntryError(_("name the student after the teacher"))
    who = match_prefix_words(rest, table.character_names(), what="student")
    student = table.campaign.character(who.name)
    if student.name == teacher.name:
        raise EntryError(_("{name} cannot teach themself").format(name=teacher.name))
    skill = _skill(student, rest[who.consumed :])
    if skill not in teacher.skills:
        raise EntryError(_("{name} has no {skill} to teach").format(name=teacher.name, skill=skill))
    teacher_skill = _brp_skill(teacher, skill)
    _brp_skill(student, skill)
    teach_name, teach_value = _teach_value(teacher)
    faces = parse_faces(dice_text) if eq else None
    (teach_roll, skill_roll), typed = draw(
        faces, 2, 100, table.rng, what="the Teach and the skill d100"
    )
    result = brp.teach(teach_value, teacher_skill, teach_roll, skill_roll)
    effects: list[str | Msg] = []
    if result.student_ticks:
        already = skill in student.ticks
        effects.append(
            msg("{name} · {skill} already ticked", name=student.name, skill=skill)
            if already
            else msg("tick: {name} · {skill}", name=student.name, skill=skill)
        )
    cap = (
        msg(" (capped at {skill} {value})", skill=skill, value=teacher_skill)
        if result.capped
        else ""
    )
    verdict = msg("student ticks") if result.student_ticks else msg("no tick")
    text = msg(
        "{teacher} teaches {student} {skill}: {teach} {teach_chance}%{cap} "
        "{teach_dice} {teach_grade}, {skill} {chance}% {skill_dice} {skill_grade} → "
        "{verdict}",
        teacher=teacher.name,
        student=student.name,
        skill=skill,
        teach=teach_name,
        teach_chance=result.teach_chance,
        cap=cap,
        teach_dice=brp.face_text(teach_roll),
        teach_grade=term(result.teach.level.label),
        chance=teacher_skill,
        skill_dice=brp.face_text(skill_roll),
        skill_grade=term(result.skill.level.label),
        verdict=verdict,
    )
    draft = Draft.of(
        "roll",
        text,
        student.name,
        "success" if result.student_ticks else "failure",
        {
            "teacher": teacher.name,
            "skill": skill,
            "teach": result.teach_chance,
            "chance": teacher_skill,
            "dice": [teach_roll, skill_roll],
            "source": typed_or_rolled(typed),
        },
        tuple(effects),
    )

    def apply(c: Campaign) -> Campaign:
        if not result.student_ticks or skill in c.character(student.name).ticks:
            return c
        return _with_tick(c, student.name, skill, True)

    return table.run_change(apply, draft)


@COMMANDS.slash(
    "downtime",
    "/downtime CHAR SKILL, SKILL, ...",
    "long downtime: up to four free ticks of the player's choice, once",
    args="CHAR SKILL…",
)
def _downtime_cmd(table: SlashContext, cmd: Slash) -> Feedback:
    """Once per character and downtime (see :mod:`tui.session.systems.brp.downtime`)."""
    phrases = skill_list(cmd.rest)
    if not phrases:
        raise EntryError(_("usage: /downtime CHAR SKILL, SKILL, ... (up to four)"))
    if table.campaign.scene is not None:
        raise EntryError(_("a downtime comes between scenes: end the scene first (/endscene)"))
    ch, first = _character(table, phrases[0].split())
    already = granted(table.campaign, ch.name)
    if already is not None:
        n = len(already)
        return Feedback(
            False,
            ngettext(
                "{name} already took {n} free tick in this downtime ({skills}): {most} at most, "
                "once per downtime; the next downtime comes after the next scene or adventure "
                "(/undo takes these back)",
                "{name} already took {n} free ticks in this downtime ({skills}): {most} at most, "
                "once per downtime; the next downtime comes after the next scene or adventure "
                "(/undo takes these back)",
                n,
            ).format(
                name=ch.name,
                n=n,
                skills=", ".join(already) or _("none"),
                most=brp.DOWNTIME_FREE_TICKS,
            ),
        )
    groups = ([first] if first else []) + [p.split() for p in phrases[1:]]
    if not groups:
        raise EntryError(
            _("name up to {DOWNTIME_FREE_TICKS} skills for {name}, separated by commas").format(
                DOWNTIME_FREE_TICKS=brp.DOWNTIME_FREE_TICKS, name=ch.name
            )
        )
    skills = brp.downtime_ticks([_skill(ch, words) for words in groups])
    for skill in skills:
        _brp_skill(ch, skill)
    new = [s for s in skills if s not in ch.ticks]
    if not new:
        return Feedback(
            False,
            _("{name} already has ticks in {skills}").format(
                name=ch.name, skills=", ".join(skills)
            ),
        )

    def apply(c: Campaign) -> Campaign:
        for skill in new:
            c = _with_tick(c, ch.name, skill, True)
        return with_granted(c, ch.name, new)

    kept = [s for s in skills if s not in new]
    note = msg(" ({skills} already ticked)", skills=", ".join(kept)) if kept else ""
    return table.change(
        apply,
        msg(
            "downtime: {name} ticks {skills}{note}", name=ch.name, skills=", ".join(new), note=note
        ),
        actor=ch.name,
        effects=[msg("tick: {name} · {skill}", name=ch.name, skill=s) for s in new],
    )


@COMMANDS.slash(
    "endadventure",
    "/endadventure",
    "experience rolls for every ticked skill, then the next adventure",
)
def _end_cmd(table: SlashContext, _cmd: Slash) -> Feedback:
    rows = experience_rows(table.campaign)
    return Feedback(
        True,
        ngettext(
            "end of adventure {adventure}: {n} ticked skill",
            "end of adventure {adventure}: {n} ticked skills",
            len(rows),
        ).format(adventure=table.campaign.adventure, n=len(rows)),
        action="end_adventure",
    )
