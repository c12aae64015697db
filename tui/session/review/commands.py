"""``/find TEXT``, ``/scenes``, ``/stats`` and ``/recap [gm] [adventure=N] [since=DATE]
[scene=NAME]``: each opens its screen in the app (the table only checks the words)."""

from __future__ import annotations

from tui.session.table.commands import slash
from tui.session.table.entry import Slash
from tui.session.table.table import Feedback, Table

__all__: list[str] = []


@slash("find", "/find [TEXT]", "search the whole log; a filter bar narrows it (f6)", args="TEXT")
def _find(_table: Table, cmd: Slash) -> Feedback:
    return Feedback(True, "", action="find_log", argument=cmd.rest)


@slash("scenes", "/scenes", "the past scenes; Enter opens one with its log (f7)")
def _scenes(_table: Table, _cmd: Slash) -> Feedback:
    return Feedback(True, "", action="past_scenes")


@slash("stats", "/stats", "dice statistics: each character's luck against the exact odds (f8)")
def _stats(_table: Table, _cmd: Slash) -> Feedback:
    return Feedback(True, "", action="dice_stats")


@slash(
    "recap",
    "/recap [gm] [adventure=N] [since=YYYY-MM-DD] [scene=NAME]",
    "write the players' recap (Markdown) next to the save and show it",
    args="TEXT",
)
def _recap(_table: Table, cmd: Slash) -> Feedback:
    from tui.session.recap.select import parse_words  # the recap loads when it is asked for

    parse_words(cmd.args)  # a bad word is refused here, with its message
    return Feedback(True, "", action="recap", argument=cmd.rest)
