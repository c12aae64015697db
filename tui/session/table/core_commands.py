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
from tui.session.entry.entry import Slash
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext

__all__ = ["COMMANDS"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


@COMMANDS.slash("undo", "/undo", "take back the last change (ctrl+z)")
def _undo(table: SlashContext, _cmd: Slash) -> Feedback:
    entry = table.session.undo()
    return Feedback(entry is not None, shown_text(entry) if entry else _("nothing to undo"))


@COMMANDS.slash("redo", "/redo", "do again what was undone (ctrl+y)")
def _redo(table: SlashContext, _cmd: Slash) -> Feedback:
    entry = table.session.redo()
    return Feedback(entry is not None, shown_text(entry) if entry else _("nothing to redo"))


@COMMANDS.slash("help", "/help", "the bindings and the roll-entry language (f1)", aliases=("?",))
def _help(_table: SlashContext, _cmd: Slash) -> Feedback:
    return Feedback(True, "help", action="help")


@COMMANDS.slash("quit", "/quit", "save and leave (ctrl+q)", aliases=("q", "exit"))
def _quit(_table: SlashContext, _cmd: Slash) -> Feedback:
    return Feedback(True, "quit", action="quit")


@COMMANDS.slash("note", "/note TEXT", "write a note into the log, for the GM only", args="TEXT")
def _note(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.rest:
        return Feedback(False, _("/note needs some text"))
    return table.run_change(
        lambda c: c, Draft.of("note", msg("note: {text}", text=cmd.rest), secret=True)
    )


@COMMANDS.slash(
    "note!",
    "/note! TEXT",
    "write a note into the log that the players' view shows too",
    args="TEXT",
)
def _public_note(table: SlashContext, cmd: Slash) -> Feedback:
    if not cmd.rest:
        return Feedback(False, _("/note! needs some text"))
    return table.run_change(lambda c: c, Draft.of("note", msg("note: {text}", text=cmd.rest)))


@COMMANDS.slash("rename", "/rename NEW NAME", "rename the campaign", args="TEXT")
def _rename(table: SlashContext, cmd: Slash) -> Feedback:
    name = cmd.rest.strip()
    if not name:
        return Feedback(False, _("/rename needs a name"))
    return table.change(
        lambda c: replace(c, name=name), msg("campaign renamed to {name}", name=name)
    )
