"""The scene panel: scene and round, turn order, extended checks with pool bars."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.session.model import Campaign, ExtendedCheck

__all__ = ["ScenePanel", "pool_bar", "scene_text"]


def pool_bar(pool: int, threshold: int, width: int = 12) -> str:
    filled = min(width, (pool * width) // max(1, threshold))
    return "█" * filled + "░" * (width - filled)


def _check_line(chk: ExtendedCheck) -> Text:
    line = Text()
    style = {"done": "green", "failed": "red"}.get(chk.status, "bold")
    line.append(f"{chk.name}: ", style=style)
    line.append(f"{pool_bar(chk.pool, chk.threshold)} {chk.pool}/{chk.threshold}")
    left = max(0, chk.time_budget - chk.elapsed)
    line.append(f"  TN {chk.tn}  {chk.elapsed}/{chk.time_budget} min ({left} left)", style="dim")
    level = str(chk.consequences.get("level", ""))
    if level and level != "none":
        line.append(f"  consequence: {level}", style="yellow")
    if chk.status != "running":
        line.append(f"  [{chk.status}]", style=style)
    return line


def scene_text(campaign: Campaign) -> Text:
    text = Text()
    scene = campaign.scene
    if scene is None:
        text.append("No scene running", style="dim")
    else:
        text.append(f"{scene.name}", style="bold")
        text.append(f"  ({scene.kind})  round {scene.round}", style="dim")
        if scene.phase:
            text.append(f"  phase: {scene.phase.upper()}", style="bold cyan")
        if scene.turn_order:
            text.append("\n")
            for i, name in enumerate(scene.turn_order):
                if i:
                    text.append(" › ")
                text.append(name, style="reverse bold" if i == scene.current else "")
    for chk in campaign.checks:
        text.append("\n")
        text.append_text(_check_line(chk))
    return text


class ScenePanel(Static):
    """Renders :func:`scene_text` for the campaign it is given."""

    def show(self, campaign: Campaign) -> None:
        self.update(scene_text(campaign))
