"""The scene in full (f3): every line of the scene panel, wrapped, nothing dropped.

The panel keeps the most important lines when the terminal is small; this view shows all
of them (goals, every action, the pending list, each extended check with its consequence
and status) and scrolls. Escape, f3 or q closes it.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.language import _
from tui.screens.layout_keys import with_other_layout
from tui.session.campaign.model import Campaign
from tui.session.scenes.view import ranked_lines
from tui.session.systems.registry import tracker
from tui.widgets.scene_panel import line_text

__all__ = ["SceneScreen", "full_scene"]

#: the turn order's room here: the whole scene names everyone in full (lines wrap)
WHOLE = 10**6


def full_scene(campaign: Campaign) -> Text:
    """Every scene line as one text (each line wraps on its own)."""
    text = Text()
    for i, (_rank, segments) in enumerate(
        ranked_lines(tracker(campaign.system), campaign, width=WHOLE)
    ):
        if i:
            text.append("\n")
        text.append_text(line_text(segments))
    return text


class SceneScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    SceneScreen { align: center middle; }
    #scene-full { width: 90%; height: 90%; border: round $primary; padding: 0 1;
                  background: $surface; }
    """
    BINDINGS = with_other_layout(
        [
            Binding("escape,f3,q", "dismiss", "Close", id="scene.close"),
            Binding("down,j", "scroll(1)", "Scroll down", show=False, id="scene.down"),
            Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="scene.up"),
        ]
    )

    def __init__(self, campaign: Campaign) -> None:
        super().__init__()
        self.campaign = campaign

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scene-full") as box:
            box.border_title = _("Scene (Escape closes)")
            yield Static(full_scene(self.campaign), id="scene-text")

    def action_scroll(self, step: int) -> None:
        self.query_one("#scene-full", VerticalScroll).scroll_relative(y=step, animate=False)
