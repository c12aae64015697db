"""The scene panel: scene and round, Strange System phases, turn order, maneuvers, checks.

What to show is decided in :mod:`tui.session.scenes.view` (plain styled segments); this
widget only turns them into Rich text, one line each, cut with an ellipsis rather than
wrapped so the compact box (six lines at 80×24) never overflows.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tui.session.campaign.model import Campaign
from tui.session.scenes.view import MAX_LINES, scene_lines
from tui.widgets.text_pane import safe

__all__ = ["ScenePanel", "scene_text"]


def scene_text(campaign: Campaign, limit: int = MAX_LINES) -> Text:
    """The panel's content for ``campaign``."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, line in enumerate(scene_lines(campaign, limit)):
        if i:
            text.append("\n")
        for segment, style in line:
            text.append(segment, style=style or None)
    return safe(text)


class ScenePanel(Static):
    """Renders :func:`scene_text` for the campaign it is given."""

    DEFAULT_CSS = """
    ScenePanel {
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def show(self, campaign: Campaign) -> None:
        key = (campaign.scene, campaign.checks, campaign.system, campaign.options)
        if key == getattr(self, "_shown", None):
            return  # nothing the panel shows has changed
        self._shown = key
        self.update(scene_text(campaign))
