"""Scene commands: ``/scene`` and ``/endscene``.

A system's own scene commands (Strange System rounds, GURPS maneuvers) live in its package
under ``tui/session/systems/`` and reach the table through the system interface, so opening
a campaign loads one system's rules.
"""

from __future__ import annotations

from tui.language import N_, msg, nmsg, term, verbatim
from tui.session.entry.entry import Slash
from tui.session.protocol.answers import Feedback
from tui.session.protocol.commands import CommandSet
from tui.session.protocol.context import SlashContext
from tui.session.scenes.base import end_scene, need_scene, scene_args, start_scene

__all__ = ["COMMANDS"]

#: this part's commands and hooks (listed with the others in :mod:`tui.session.tables`)
COMMANDS = CommandSet()

#: the kinds of scene as the log names them
KINDS = (N_("long-term"), N_("active"))


@COMMANDS.slash(
    "scene",
    "/scene NAME [active|long] [limit=1..4]",
    "start a scene (the running one goes to the history)",
    args="TEXT",
)
def _scene(table: SlashContext, cmd: Slash) -> Feedback:
    name, kind, limit = scene_args(cmd.args)
    before = table.campaign.scene
    new = start_scene(table.system, table.campaign, name, kind, limit)
    kind_word = term("long-term") if kind == "long" else term("active")
    text = (
        msg("scene {name} ({kind}, round limit {limit})", name=name, kind=kind_word, limit=limit)
        if table.system.shows_round_limit
        else msg("scene {name} ({kind})", name=name, kind=kind_word)
    )
    if before is not None:
        text = msg("scene {name} ended; {text}", name=before.name, text=text)
    return table.change(lambda _c: new, text)


@COMMANDS.slash(
    "endscene", "/endscene [SUMMARY]", "end the running scene into the scene history", args="TEXT"
)
def _endscene(table: SlashContext, cmd: Slash) -> Feedback:
    scene = need_scene(table.campaign)
    new = end_scene(table.system, table.campaign, cmd.rest)
    text = nmsg(
        "scene {name} ended after {n} round",
        "scene {name} ended after {n} rounds",
        scene.round,
        name=scene.name,
    )
    # the GM's own summary as typed; else the system's, as facts (read in either language)
    said = cmd.rest or table.system.scene_ended(scene)[0]
    if said:
        text = msg(
            "{text}: {summary}",
            text=text,
            summary=verbatim(said) if isinstance(said, str) else said,
        )
    return table.change(lambda _c: new, text)
