"""``/find TEXT``, ``/scenes``, ``/stats`` and ``/recap [gm] [adventure=N] [since=DATE]
[scene=NAME]``: each opens its screen in the app (the table only checks the words)."""

from __future__ import annotations

from tui.session.entry.entry import Slash
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext

__all__ = ["COMMANDS"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()


@COMMANDS.slash(
    "find", "/find [TEXT]", "search the whole log; a filter bar narrows it (f6)", args="TEXT"
)
def _find(_table: SlashContext, cmd: Slash) -> Feedback:
    return Feedback(True, "", action="find_log", argument=cmd.rest)


@COMMANDS.slash("scenes", "/scenes", "the past scenes; Enter opens one with its log (f7)")
def _scenes(_table: SlashContext, _cmd: Slash) -> Feedback:
    return Feedback(True, "", action="past_scenes")


@COMMANDS.slash(
    "stats", "/stats", "dice statistics: each character's luck against the exact odds (f8)"
)
def _stats(_table: SlashContext, _cmd: Slash) -> Feedback:
    return Feedback(True, "", action="dice_stats")


@COMMANDS.slash(
    "recap",
    "/recap [gm] [adventure=N] [since=YYYY-MM-DD] [scene=NAME]",
    "write the players' recap (Markdown) next to the save and show it",
    args="TEXT",
)
def _recap(_table: SlashContext, cmd: Slash) -> Feedback:
    from tui.session.recap.select import parse_words  # the recap loads when it is asked for

    parse_words(cmd.args)  # a bad word is refused here, with its message
    return Feedback(True, "", action="recap", argument=cmd.rest)
