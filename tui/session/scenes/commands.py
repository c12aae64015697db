"""Scene commands: ``/scene`` and ``/endscene``.

A system's own scene commands (Strange System rounds, GURPS maneuvers) live in its package
under ``tui/session/systems/`` and reach the table through the system interface, so opening
a campaign loads one system's rules.
"""

from __future__ import annotations

from tui.session.scenes.base import end_scene, need_scene, scene_args, start_scene
from tui.session.table.commands import slash
from tui.session.table.entry import Slash
from tui.session.table.table import Feedback, Table

__all__: list[str] = []


@slash("scene", "/scene NAME [active|long] [limit=1..4]",
       "start a scene (the running one goes to the history)", args="TEXT")
def _scene(table: Table, cmd: Slash) -> Feedback:
    name, kind, limit = scene_args(cmd.args)
    before = table.campaign.scene
    new = start_scene(table.campaign, name, kind, limit)
    text = f"scene {name} ({'long-term' if kind == 'long' else 'active'}"
    text += f", round limit {limit})" if table.system.shows_round_limit else ")"
    if before is not None:
        text = f"scene {before.name} ended; {text}"
    return table.change(lambda _c: new, text)


@slash("endscene", "/endscene [SUMMARY]", "end the running scene into the scene history",
       args="TEXT")
def _endscene(table: Table, cmd: Slash) -> Feedback:
    scene = need_scene(table.campaign)
    new = end_scene(table.campaign, cmd.rest)
    summary = new.scene_history[-1].get("summary", "")
    return table.change(lambda _c: new, f"scene {scene.name} ended after {scene.round} "
                        f"round{'s' if scene.round != 1 else ''}"
                        + (f": {summary}" if summary else ""))
