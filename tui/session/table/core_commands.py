"""The core slash commands every system has: undo, redo, help, quit, notes, renaming.

Notes are the GM's: ``/note TEXT`` is logged as a secret entry the players' view never
shows; ``/note! TEXT`` is a note for the table, shown there too. Resources (``/hp``) are
with the other character commands in :mod:`tui.session.characters.commands`.
"""

from __future__ import annotations

from dataclasses import replace

from tui.language import _, msg
from tui.session.campaign.log import shown_text
from tui.session.campaign.session import Draft
from tui.session.table.commands import slash
from tui.session.table.entry import Slash
from tui.session.table.table import Feedback, Table

__all__: list[str] = []


@slash("undo", "/undo", "take back the last change (ctrl+z)")
def _undo(table: Table, _cmd: Slash) -> Feedback:
    entry = table.session.undo()
    return Feedback(entry is not None, shown_text(entry) if entry else _("nothing to undo"))


@slash("redo", "/redo", "do again what was undone (ctrl+y)")
def _redo(table: Table, _cmd: Slash) -> Feedback:
    entry = table.session.redo()
    return Feedback(entry is not None, shown_text(entry) if entry else _("nothing to redo"))


@slash("help", "/help", "the bindings and the roll-entry language (f1)", aliases=("?",))
def _help(_table: Table, _cmd: Slash) -> Feedback:
    return Feedback(True, "help", action="help")


@slash("quit", "/quit", "save and leave (ctrl+q)", aliases=("q", "exit"))
def _quit(_table: Table, _cmd: Slash) -> Feedback:
    return Feedback(True, "quit", action="quit")


@slash("note", "/note TEXT", "write a note into the log, for the GM only", args="TEXT")
def _note(table: Table, cmd: Slash) -> Feedback:
    if not cmd.rest:
        return Feedback(False, _("/note needs some text"))
    return table.run_change(
        lambda c: c, Draft.of("note", msg("note: {text}", text=cmd.rest), secret=True)
    )


@slash(
    "note!",
    "/note! TEXT",
    "write a note into the log that the players' view shows too",
    args="TEXT",
)
def _public_note(table: Table, cmd: Slash) -> Feedback:
    if not cmd.rest:
        return Feedback(False, _("/note! needs some text"))
    return table.run_change(lambda c: c, Draft.of("note", msg("note: {text}", text=cmd.rest)))


@slash("rename", "/rename NEW NAME", "rename the campaign", args="TEXT")
def _rename(table: Table, cmd: Slash) -> Feedback:
    name = cmd.rest.strip()
    if not name:
        return Feedback(False, _("/rename needs a name"))
    return table.change(
        lambda c: replace(c, name=name), msg("campaign renamed to {name}", name=name)
    )
