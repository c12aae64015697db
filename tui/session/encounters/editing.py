"""The encounter editor's rows and what each does, apart from any screen.

The editor (``/encounter NAME edit``, :mod:`tui.screens.encounter_editor`) works on a copy
of one encounter: each row edited, switched, removed or moved gives a new
:class:`~tui.session.encounters.plan.Encounter`, read through the same checks as the
``/encounter`` commands (:mod:`tui.session.encounters.parts`); nothing reaches the campaign
until :func:`save_encounter`, one undoable, secret step. So Escape leaves the campaign as
it was, and ctrl+z after a save takes the whole edit back.

Rows, in order: Name, Scene, Kind, then the creatures, the notes and the checks to open,
each list ending with a row that adds one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

from tui.language import N_, Msg, _, msg
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Draft
from tui.session.characters.roster import MAX_COPIES
from tui.session.encounters.parts import (
    check_of,
    kind_of,
    member_of,
    name_of,
    note_of,
    scene_of,
)
from tui.session.encounters.plan import MAX_MEMBERS, Encounter, Member, names_of, with_encounter
from tui.session.entry.entry import split_words
from tui.session.entry.names import normal
from tui.session.protocol.context import SlashContext

__all__ = [
    "Row",
    "apply_row",
    "member_text",
    "move_row",
    "remove_row",
    "rows_of",
    "save_encounter",
    "toggle_row",
]

RowKind = Literal["name", "scene", "kind", "member", "note", "check"]
#: the rows that are lists of the encounter, with their sections (English ids)
SECTIONS: dict[RowKind, str] = {
    "member": N_("creatures"),
    "note": N_("notes"),
    "check": N_("checks to open"),
}
_HINTS: dict[RowKind, str] = {
    "name": N_("the encounter's name, as /start takes it"),
    "scene": N_("the scene /start opens; empty: the encounter's name"),
    "kind": N_("Enter switches: active (a fight, in turns) or long (a long-term scene)"),
    "member": N_("TEMPLATE|CHAR [xN] [gm]: a template (/bestiary) or a character; gm: hidden"),
    "note": N_("a note shown to you at /start, never to the players"),
    "check": N_("CHECK key=value…, as /ext takes it: an extended check /start opens"),
}
_LABELS: dict[RowKind, str] = {
    "name": N_("Name"),
    "scene": N_("Scene"),
    "kind": N_("Kind"),
    "member": N_("+ add a creature"),
    "note": N_("+ add a note"),
    "check": N_("+ add a check"),
}


@dataclass(frozen=True)
class Row:
    """One row: ``at`` is the item's place in its list (-1 for the row that adds one and
    for Name, Scene, Kind). ``label`` and ``hint`` are English message ids, ``value`` what
    the row shows and ``text`` what the edit line starts with."""

    kind: RowKind
    at: int = -1
    value: str = ""
    text: str = ""

    @property
    def listed(self) -> bool:
        return self.kind in SECTIONS

    @property
    def adds(self) -> bool:
        return self.listed and self.at < 0

    @property
    def item(self) -> bool:
        """A creature, note or check of the encounter (removable, movable)."""
        return self.listed and self.at >= 0

    @property
    def toggles(self) -> bool:
        return self.kind == "kind"

    @property
    def section(self) -> str:
        return SECTIONS.get(self.kind, "")

    @property
    def label(self) -> str:
        return "" if self.item else _LABELS[self.kind]

    @property
    def hint(self) -> str:
        return _HINTS[self.kind]

    @property
    def key(self) -> tuple[str, int]:
        return self.kind, self.at


def member_text(member: Member) -> str:
    """A creature as the editor's line takes it back: ``Bushwolf x3 gm``."""
    name = f'"{member.name}"' if len(member.name.split()) > 1 else member.name
    count = f" x{member.count}" if member.count != 1 else ""
    return name + count + (" gm" if member.gm else "")


def rows_of(enc: Encounter) -> list[Row]:
    rows = [
        Row("name", value=enc.name, text=enc.name),
        Row("scene", value=enc.scene, text=enc.scene),
        Row("kind", value=enc.kind, text=enc.kind),
    ]
    rows += [Row("member", i, names_of([m]), member_text(m)) for i, m in enumerate(enc.creatures)]
    rows.append(Row("member"))
    rows += [Row("note", i, n, n) for i, n in enumerate(enc.notes)]
    rows.append(Row("note"))
    rows += [Row("check", i, " ".join(c), " ".join(c)) for i, c in enumerate(enc.checks)]
    rows.append(Row("check"))
    return rows


Item = TypeVar("Item")


def _put(items: tuple[Item, ...], at: int, item: Item) -> tuple[Item, ...]:
    return (*items, item) if at < 0 else (*items[:at], item, *items[at + 1 :])


def _members_put(enc: Encounter, at: int, member: Member) -> tuple[Member, ...]:
    """``member`` at ``at`` (or added); a creature of the same name and hiddenness
    elsewhere takes it into its count, as ``/encounter NAME add`` does."""
    others = [m for i, m in enumerate(enc.creatures) if i != at]
    same = next(
        (
            i
            for i, m in enumerate(enc.creatures)
            if i != at and normal(m.name) == normal(member.name) and m.gm == member.gm
        ),
        None,
    )
    if same is not None:
        merged = replace(enc.creatures[same], count=enc.creatures[same].count + member.count)
        if merged.count > MAX_COPIES:
            raise CommandError(
                _("bring 1..{most} creatures at a time, not {count}").format(
                    most=MAX_COPIES, count=merged.count
                )
            )
        return tuple(merged if i == same else m for i, m in enumerate(enc.creatures) if i != at)
    if at < 0 and len(others) >= MAX_MEMBERS:
        return enc.with_member(member).creatures  # raises, saying the most
    return _put(enc.creatures, at, member)


def apply_row(table: SlashContext, enc: Encounter, row: Row, typed: str) -> Encounter:
    """``enc`` with ``row`` set to what the GM typed (an adding row adds); a value the
    ``/encounter`` commands refuse raises :class:`CommandError` with their words."""
    if row.kind == "name":
        return replace(enc, name=name_of(table.campaign, typed, old=enc.name))
    if row.kind == "scene":
        return replace(enc, scene=scene_of(typed))
    if row.kind == "kind":
        return replace(enc, kind=kind_of(typed))
    if row.kind == "member":
        return replace(
            enc, creatures=_members_put(enc, row.at, member_of(table, split_words(typed)))
        )
    if row.kind == "note":
        return replace(enc, notes=_put(enc.notes, row.at, note_of(typed)))
    others = replace(enc, checks=tuple(c for i, c in enumerate(enc.checks) if i != row.at))
    check = check_of(table, others, split_words(typed))
    return replace(enc, checks=_put(enc.checks, row.at, check))


def toggle_row(enc: Encounter, row: Row) -> Encounter:
    """Enter on Kind: active ↔ long."""
    if row.kind != "kind":
        raise CommandError(_("Enter edits this row"))
    return replace(enc, kind="long" if enc.kind == "active" else "active")


def _with_items(enc: Encounter, kind: RowKind, order: list[int]) -> Encounter:
    """``enc`` with the list of ``kind`` rebuilt from its items at ``order``."""
    if kind == "member":
        return replace(enc, creatures=tuple(enc.creatures[i] for i in order))
    if kind == "note":
        return replace(enc, notes=tuple(enc.notes[i] for i in order))
    return replace(enc, checks=tuple(enc.checks[i] for i in order))


def _count(enc: Encounter, kind: RowKind) -> int:
    return len({"member": enc.creatures, "note": enc.notes}.get(kind, enc.checks))


def remove_row(enc: Encounter, row: Row) -> Encounter:
    if not row.item:
        raise CommandError(_("only a creature, a note or a check can be removed"))
    return _with_items(enc, row.kind, [i for i in range(_count(enc, row.kind)) if i != row.at])


def move_row(enc: Encounter, row: Row, step: int) -> tuple[Encounter, Row]:
    """The item one place earlier (``step`` -1) or later (+1) in its list, and its row
    there; at either end it stays."""
    if not row.item:
        raise CommandError(_("only a creature, a note or a check can be moved"))
    order = list(range(_count(enc, row.kind)))
    to = row.at + step
    if not 0 <= to < len(order):
        return enc, row
    order[row.at], order[to] = order[to], order[row.at]
    return _with_items(enc, row.kind, order), replace(row, at=to)


def save_encounter(
    campaign: Campaign, enc: Encounter, old: str | None
) -> tuple[Callable[[Campaign], Campaign], Draft]:
    """The change that keeps ``enc`` in place of the encounter called ``old`` (``None``: a
    new one), and its secret log entry: one undo step for the whole edit."""
    name_of(campaign, enc.name, old=old)
    text: Msg = (
        msg("encounter {name} prepared", name=enc.name)
        if old is None
        else msg("encounter {name} edited", name=enc.name)
        if normal(old) == normal(enc.name)
        else msg("encounter {old} edited, now called {name}", old=old, name=enc.name)
    )
    return (lambda c: with_encounter(c, enc, old=old)), Draft.of("change", text, secret=True)
