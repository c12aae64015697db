"""BRP experience at the end of an adventure: one d100 per ticked skill, then the d6 gain.

The rows are pure values (entering dice, applying them to a new :class:`Campaign`, the log
draft) so the generic end-of-adventure screen only renders them and collects keys, and so
they are testable without Textual. Applying is one undoable step: skills, ticks and the
adventure number come back together on undo.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from rules import brp
from rules.errors import RulesError
from rules.exact import check_face
from tui.language import N_, Msg, _, msg, nmsg, term
from tui.session.adventure.flow import DETAILED, check_done
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.session import CommandError, Draft
from tui.session.systems.kit import typed_or_rolled

__all__ = [
    "EXPERIENCE",
    "PROGRESS",
    "Experience",
    "Row",
    "end_adventure",
    "end_draft",
    "experience_rows",
    "keep_rows",
]

#: The option holding dice rolled on the end-of-adventure screen but not applied yet.
PROGRESS = "experience_rolls"


@dataclass(frozen=True)
class Row:
    """One ticked skill's experience roll: the d100, then the d6 gain when it improves."""

    character: str
    skill: str
    value: int
    roll: int | None = None
    gain: int | None = None
    roll_typed: bool = False
    gain_typed: bool = False

    @cached_property
    def improved(self) -> bool | None:
        """``None`` before the d100; then whether it beat the skill (or was 00). Worked out
        once per row: the screen asks it of thousands of rows at every change."""
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
    def status_msg(self) -> Msg:
        """Where the row stands, as a fact: ``improved +4 → 39``, ``not rolled`` …"""
        if self.roll is None:
            return msg("not rolled")
        if self.wants_gain:
            return msg("improves, roll d6")
        if self.improved:
            return msg("improved +{gain} → {value}", gain=self.gain or 0, value=self.new_value)
        return msg("not improved")

    @property
    def status(self) -> str:
        return self.status_msg.render()

    def entered(self, face: int, *, typed: bool = True) -> Row:
        """The row with its next die set: the d100 first, then the d6 if it improved."""
        if self.roll is None:
            face = check_face("experience roll", face, 100)
            return Row(
                self.character, self.skill, self.value, face, self.gain, typed, self.gain_typed
            )
        if self.wants_gain:
            face = check_face("gain d6", face, 6)
            return Row(
                self.character, self.skill, self.value, self.roll, face, self.roll_typed, typed
            )
        raise RulesError(
            _("{character} · {skill} is already rolled (x clears it)").format(
                character=self.character, skill=self.skill
            )
        )

    def rolled(self, rng: random.Random) -> Row:
        """The row completed with dice from ``rng`` (what was typed is kept)."""
        roll, roll_typed = self.roll, self.roll_typed
        if roll is None:
            roll, roll_typed = rng.randint(1, 100), False
            up = brp.improves(self.value, roll)
        else:
            up = bool(self.improved)
        gain, gain_typed = self.gain, self.gain_typed
        if gain is None and up:
            gain, gain_typed = rng.randint(1, 6), False
        # built at once, not die by die (``entered``): a roll of everything makes thousands,
        # each knowing already whether it improved (``improved`` is cached in its __dict__)
        row = Row(self.character, self.skill, self.value, roll, gain, roll_typed, gain_typed)
        row.__dict__["improved"] = up
        return row

    def cleared(self) -> Row:
        return Row(self.character, self.skill, self.value)

    @property
    def improvement(self) -> brp.Improvement:
        if self.roll is None:
            raise CommandError(
                _("{character} · {skill} is not rolled yet").format(
                    character=self.character, skill=self.skill
                )
            )
        return brp.experience_roll(self.value, self.roll, self.gain)


def experience_rows(campaign: Campaign) -> tuple[Row, ...]:
    """Every ticked skill of every character with its current value, in sheet order.

    A tick on a skill that is not a whole number (not a BRP percentage) gets no row; applying
    still clears it. The rows are kept for the last party and kept rolls (by identity): the
    command that opens the screen and the screen itself ask for the same 2,600 rows.
    """
    global _ROWS
    progress = campaign.options.get(PROGRESS)
    if _ROWS[0] is campaign.characters and _ROWS[1] is progress:
        return _ROWS[2]
    kept = _kept(campaign)
    rows: list[Row] = []
    for ch in campaign.characters:
        for skill in ch.ticks:
            value = ch.skills.get(skill)
            if isinstance(value, int) and not isinstance(value, bool):
                rows.append(kept.get((ch.name, skill, value)) or Row(ch.name, skill, value))
    _ROWS = (campaign.characters, progress, tuple(rows))
    return _ROWS[2]


#: :func:`experience_rows`' last answer: (the party, its kept rolls, the rows)
_ROWS: tuple[object, object, tuple[Row, ...]] = (None, None, ())


def _kept(campaign: Campaign) -> dict[tuple[str, str, int], Row]:
    """The rows with dice kept in the campaign, by (character, skill, value); a damaged
    entry (a hand edit) is left out rather than trusted."""
    found: dict[tuple[str, str, int], Row] = {}
    docs = campaign.options.get(PROGRESS, [])
    if docs is _KEPT[0]:
        return _KEPT[1]
    for doc in docs if isinstance(docs, list) else []:
        try:
            row = Row(str(doc["character"]), str(doc["skill"]), int(doc["value"]))
            if doc.get("roll"):
                row = row.entered(int(doc["roll"]), typed=bool(doc.get("roll_typed")))
            if doc.get("gain") and row.wants_gain:
                row = row.entered(int(doc["gain"]), typed=bool(doc.get("gain_typed")))
        except (KeyError, TypeError, ValueError, RulesError, AttributeError):
            continue
        found[(row.character, row.skill, row.value)] = row
    return found


def _progress_doc(row: Row) -> dict[str, object]:
    """A row's dice as kept: what is unset or false is left out (read back as such), so
    200 characters' progress is a third smaller in the save and in each change's patch."""
    doc: dict[str, object] = {
        "character": row.character,
        "skill": row.skill,
        "value": row.value,
        "roll": row.roll,
    }
    if row.gain:
        doc["gain"] = row.gain
    if row.roll_typed:
        doc["roll_typed"] = True
    if row.gain_typed:
        doc["gain_typed"] = True
    return doc


#: The progress list :func:`keep_rows` made last and its rows: reading back the list just
#: written (the screen does after every die) skips re-entering thousands of dice. The list
#: is held, so its identity cannot pass to another; a campaign only ever shares it unchanged.
_KEPT: tuple[object, dict[tuple[str, str, int], Row]] = (None, {})


def keep_rows(campaign: Campaign, rows: Sequence[Row]) -> Campaign:
    """``campaign`` with the dice of ``rows`` kept in its options (none: the key removed).

    ``experience_rolls`` holds one table per row with dice (character, skill, the skill's
    value, roll, and the gain and whether each die was typed when they are set), so dice are
    saved as they are rolled and the screen shows them again when reopened; a kept roll
    whose tick or skill value changed since is dropped, and applying removes the key."""
    global _KEPT
    docs = [_progress_doc(r) for r in rows if r.roll is not None]
    options = {k: v for k, v in campaign.options.items() if k != PROGRESS}
    if docs:
        options[PROGRESS] = docs
        _KEPT = (docs, {(r.character, r.skill, r.value): r for r in rows if r.roll is not None})
    return replace(campaign, options=options)


def describe(row: Row) -> Msg:
    """The log line for a row's dice so far (as a fact: either language)."""
    if row.roll is None:
        return msg(
            "experience roll cleared: {character} · {skill}",
            character=row.character,
            skill=row.skill,
        )
    return msg(
        "experience roll {character} · {skill} {value}: {dice} ({source}) — {status}",
        character=row.character,
        skill=row.skill,
        value=row.value,
        dice=row.roll_text,
        source=term(_source(row)),
        status=row.status_msg,
    )


def _check_rows(campaign: Campaign, rows: Sequence[Row]) -> None:
    global _CHECKED
    held = tuple(rows)
    if _CHECKED[0] is campaign.characters and _CHECKED[1] == held:
        return  # checked before applying, and now while applying: the same party and rows
    check_done(rows)
    if _ticked(campaign.characters) != [(r.character, r.skill, r.value) for r in rows]:
        raise CommandError(_("the ticks changed since the screen opened: leave and reopen it"))
    _CHECKED = (campaign.characters, held)


#: The party and the rows :func:`_check_rows` found in order last: the rows are compared (the
#: same objects, so each at the cost of a pointer), the party by identity (a new party is a
#: new tuple)
_CHECKED: tuple[object, tuple[Row, ...]] = (None, ())


#: The party :func:`_ticked` read last and what it found: checking the rows before applying
#: them and again while applying reads the same party (kept rolls change the options only).
_TICKED: tuple[object, list[tuple[str, str, int]]] = (None, [])


def _ticked(characters: Sequence[Character]) -> list[tuple[str, str, int]]:
    """(character, skill, value) of the rows :func:`experience_rows` makes for the party."""
    global _TICKED
    if _TICKED[0] is characters:
        return _TICKED[1]
    found = [
        (ch.name, skill, value)
        for ch in characters
        for skill in ch.ticks
        if isinstance(value := ch.skills.get(skill), int) and not isinstance(value, bool)
    ]
    _TICKED = (characters, found)
    return found


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
    return replace(
        keep_rows(campaign, ()), characters=tuple(chars), adventure=campaign.adventure + 1
    )


def _source(row: Row) -> str:
    typed = [row.roll_typed] + ([row.gain_typed] if row.gain is not None else [])
    return (
        typed_or_rolled(True)
        if all(typed)
        else (typed_or_rolled(False) if not any(typed) else "mixed")
    )


#: a row's dice sources, as its log line names them
SOURCES = (N_("typed"), N_("rolled"), N_("mixed"))


def improvement_msg(r: brp.Improvement) -> Msg:
    """``improved +4 to 39 (72 over 35)`` (the rules' ``label``, word for word) as a fact."""
    face = brp.face_text(r.roll)
    if r.improved:
        return msg(
            "improved +{gain} to {value} ({face} over {skill})",
            gain=r.gain or 0,
            value=r.new_skill,
            face=face,
            skill=r.skill,
        )
    return msg("no improvement ({face} vs {skill})", face=face, skill=r.skill)


def _by_character(rows: Sequence[Row]) -> tuple[Msg, ...]:
    """One line per character: what improved and by how much (a long end of adventure)."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(row.character, []).append(row)
    lines: list[Msg] = []
    for name, mine in groups.items():
        up = [r for r in mine if r.improved]
        if not up:
            lines.append(
                msg("{character}: none of {total} improved", character=name, total=len(mine))
            )
            continue
        skills = ", ".join(f"{r.skill} +{r.gain or 0} → {r.new_value}" for r in up)
        lines.append(
            nmsg(
                "{character}: {n} of {total} improved: {skills}",
                "{character}: {n} of {total} improved: {skills}",
                len(up),
                character=name,
                total=len(mine),
                skills=skills,
            )
        )
    return tuple(lines)


def end_draft(campaign: Campaign, rows: Sequence[Row]) -> Draft:
    """The log entry: one effect line per roll (more than
    :data:`~tui.session.adventure.flow.DETAILED` rows: one per character, with what improved
    and by how much), and in ``inputs`` how many were rolled and, for each roll, its dice and
    their source — for each roll that improved a skill, when there are more than
    :data:`~tui.session.adventure.flow.DETAILED`: every die is already in the entries that
    rolled it (:func:`keep_rows`), and the end of 200 characters' adventure would otherwise
    write all 2,600 again, so that its entry grows with what improved, not with the party."""
    up = sum(1 for r in rows if r.improved)
    text = msg(
        "end of adventure {adventure}: {up} of {skills} improved; adventure {next} begins",
        adventure=campaign.adventure,
        up=up,
        skills=nmsg("{n} skill", "{n} skills", len(rows)),
        next=campaign.adventure + 1,
    )
    effects = (
        _by_character(rows)
        if len(rows) > DETAILED
        else tuple(
            msg(
                "{character} · {skill}: {improvement}",
                character=r.character,
                skill=r.skill,
                improvement=improvement_msg(r.improvement),
            )
            for r in rows
        )
    )
    rolls = [
        {
            "character": r.character,
            "skill": r.skill,
            "skill_before": r.value,
            "roll": r.roll or 0,
            "gain": r.gain or 0,
            "source": _source(r),
        }
        for r in rows
        if len(rows) <= DETAILED or r.improved
    ]
    return Draft.of(
        "change",
        text,
        "",
        "",
        {"adventure": campaign.adventure, "rolled": len(rows), "rolls": rolls},
        effects,
    )


class Experience:
    """BRP's answer to ``System.end_of_adventure``: the experience rolls of every tick."""

    def rows(self, campaign: Campaign) -> tuple[Row, ...]:
        return experience_rows(campaign)

    def check(self, campaign: Campaign, rows: Sequence[Row]) -> None:
        _check_rows(campaign, rows)

    def apply(self, campaign: Campaign, rows: Sequence[Row]) -> Campaign:
        return end_adventure(campaign, rows)

    def draft(self, campaign: Campaign, rows: Sequence[Row]) -> Draft:
        return end_draft(campaign, rows)

    def keep(self, campaign: Campaign, rows: Sequence[Row]) -> Campaign:
        return keep_rows(campaign, rows)

    def describe(self, row: Row) -> Msg:
        return describe(row)


EXPERIENCE = Experience()
