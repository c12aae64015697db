"""The end-of-adventure flow: a system's rows, entered die by die, applied as one step.

A system with end-of-adventure rolls answers ``System.end_of_adventure()`` with an
:class:`AdventureEnd`: the rows to roll for a campaign, and how to apply finished rows (the
next campaign and its log entry). The screen only renders rows and collects keys; this
module types dice (:func:`parse_die`), tells which rows are left (:func:`unfinished`) and
applies everything as ONE undoable, logged step (:func:`commit`) after checking that every
row is done (:func:`check_done`) and that the system accepts them (``AdventureEnd.check``:
the rows still match the campaign).

Every die entered or rolled on the screen is itself a logged change (:func:`record`): the
system keeps the rows' progress in the campaign (``AdventureEnd.keep``), so a result once
rolled is on disk at once, stays when the GM leaves the screen (reopening shows it), and can
never be rolled again without a trace in the log. A change of many rows at once (roll all)
is logged a line per character (:data:`DETAILED`), so the entry stays small.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rules.errors import RulesError
from tui.language import Msg, _, nmsg
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError, Draft
from tui.session.entry.entry import EntryError
from tui.session.entry.steps import message_of
from tui.session.protocol.adventure import AdventureEnd, Row
from tui.session.protocol.answers import Feedback
from tui.session.protocol.context import SlashContext

T = TypeVar("T")

__all__ = [
    "DETAILED",
    "AdventureEnd",
    "Row",
    "by_character",
    "check_done",
    "commit",
    "parse_die",
    "prepare",
    "record",
    "rows_of",
    "unfinished",
]


def rows_of(table: SlashContext) -> tuple[Row, ...]:
    """The rows of the table's campaign (none when its system has no such rolls)."""
    flow = table.system.end_of_adventure()
    return () if flow is None else tuple(flow.rows(table.campaign))


def parse_die(text: str, sides: int) -> int:
    """A die typed by hand: digits only; for a d100 ``00`` (and ``100``) is 100."""
    text = text.strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > 3:
        raise EntryError(
            _("type the d{sides} as a number, not {text!r}").format(sides=sides, text=text)
        )
    face = 100 if sides == 100 and text in ("00", "000") else int(text)
    if not 1 <= face <= sides:
        raise EntryError(
            f"a d{sides} shows 1..{sides}"
            + (" (00 is 100)" if sides == 100 else "")
            + f", not {text}"
        )
    return face


def unfinished(rows: Sequence[Row]) -> list[Row]:
    return [r for r in rows if not r.done]


def check_done(rows: Sequence[Row]) -> None:
    """Every row rolled, or a ``CommandError`` naming the first ones left."""
    left = unfinished(rows)
    if left:
        names = ", ".join(f"{r.character} · {r.skill}" for r in left[:3])
        raise CommandError(
            _("{n} not rolled yet ({names}): r rolls one, a rolls all").format(
                n=len(left), names=names
            )
        )


def commit(table: SlashContext, rows: Sequence[Row]) -> Feedback:
    """Apply the end of the adventure as ONE undoable, logged step (or say what is wrong)."""
    flow: AdventureEnd[Any] | None = table.system.end_of_adventure()
    if flow is None:
        return Feedback(
            False,
            _("{system_name} has no end-of-adventure rolls").format(system_name=table.system_name),
        )
    try:
        check_done(rows)
        flow.check(table.campaign, rows)
        draft = _made(flow.draft, table.campaign, rows)
    except (CommandError, RulesError) as exc:
        return Feedback(False, message_of(exc))
    return table.run_change(lambda c: _made(flow.apply, c, rows), draft)


def prepare(table: SlashContext, rows: Sequence[Row]) -> None:
    """Get the end of the adventure ready while the GM reads the rolls (every row done):
    its log entry and the campaign after it are made now and kept, and the store makes the
    change's patch (:meth:`SlashContext.prepare_change`), so that the Enter applying it only
    writes. Rows not done, or refused, prepare nothing: the Enter says what is wrong."""
    flow: AdventureEnd[Any] | None = table.system.end_of_adventure()
    if flow is None or unfinished(rows):
        return
    try:
        flow.check(table.campaign, rows)
        _made(flow.draft, table.campaign, rows)
    except (CommandError, RulesError):
        return
    table.prepare_change(lambda c: _made(flow.apply, c, rows))


#: what :func:`_made` made last: (the function, the campaign, the rows, what it gave)
_MADE: dict[str, tuple[object, object, tuple[Row, ...], object]] = {}


def _made(
    make: Callable[[Campaign, Sequence[Row]], T], campaign: Campaign, rows: Sequence[Row]
) -> T:
    """``make(campaign, rows)`` (the flow's draft, or the campaign after it), the same
    object as last time for the same campaign and rows: what :func:`prepare` made while the
    GM read is what the Enter applies (rows are compared, each at the cost of a pointer)."""
    key = getattr(make, "__name__", "")
    held = tuple(rows)
    kept = _MADE.get(key)
    if kept is not None and kept[0] == make and kept[1] is campaign and kept[2] == held:
        return kept[3]  # type: ignore[return-value]
    made = make(campaign, rows)
    _MADE[key] = (make, campaign, held, made)
    return made


#: A change of more rows than this (a roll of everything) logs one line per character, not
#: per row: its dice are in the change the entry records (the patch), and applying logs
#: every row; 200 characters' 2,600 lines would make one entry of a megabyte.
DETAILED = 24


def by_character(rows: Sequence[Row]) -> tuple[Msg, ...]:
    """One log line per character of ``rows``: how many were rolled and how many improved."""
    counts: dict[str, list[int]] = {}
    for row in rows:
        seen = counts.setdefault(row.character, [0, 0])
        seen[0] += 1
        seen[1] += bool(row.improved)
    return tuple(
        nmsg(
            "experience rolls of {character}: {n} rolled, {up} improved",
            "experience rolls of {character}: {n} rolled, {up} improved",
            n,
            character=name,
            up=up,
        )
        for name, (n, up) in counts.items()
    )


def record(
    table: SlashContext, rows: Sequence[Row], changed: Sequence[int], what: str | Msg = ""
) -> Feedback:
    """Keep the progress of ``rows`` (the ``changed`` ones just entered, rolled or cleared) as
    one logged, undoable change: the dice are on disk before the screen shows them."""
    flow: AdventureEnd[Any] | None = table.system.end_of_adventure()
    if flow is None or not changed:
        return Feedback(False, _("nothing to record"))
    lines: tuple[str | Msg, ...] = (
        by_character([rows[i] for i in changed])
        if len(changed) > DETAILED
        else tuple(flow.describe(rows[i]) for i in changed)
    )
    text = what or lines[0]
    effects = lines if what else lines[1:]
    actor = rows[changed[0]].character if len(changed) == 1 else ""
    draft = Draft.of("change", text, actor, "", {}, effects)
    return table.run_change(lambda c: flow.keep(c, rows), draft)
