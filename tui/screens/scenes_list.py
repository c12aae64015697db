"""The past scenes (f7, ``/scenes``): one row each, newest first; Enter opens its log.

A row shows the scene's number, name, kind, rounds and summary (the running scene is marked
so). Enter opens :class:`~tui.screens.log_search.LogSearchScreen` on the entries made while
that scene ran (``LogEntry.scene``; entries older than that field are in no scene). The
history is parsed when this screen opens, not before (it is lazy).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.base.textsafe import visible
from tui.language import N_, _, ngettext, tr
from tui.screens.mount_guard import closed_before_mount
from tui.screens.review import Finder, Source
from tui.session.campaign.model import Campaign
from tui.session.review.find import LogFilter
from tui.session.review.scenes import PastScene, past_scenes

__all__ = ["ScenesScreen", "scene_row"]

NONE_YET = N_("No scenes yet: /scene NAME starts one.")
HINT = N_("Enter opens the scene's log · Escape closes")


def scene_row(scene: PastScene) -> Text:
    text = Text(f"{scene.number:>3}. ", style="dim")
    text.append(visible(scene.name), style="bold")
    about = [ngettext("{n} round", "{n} rounds", scene.rounds).format(n=scene.rounds)]
    if scene.kind == "long":
        about.insert(0, _("long-term"))
    if scene.running:
        about.append(_("running"))
    text.append(f"  ({', '.join(about)})", style="dim")
    if scene.summary:
        text.append(f"  {visible(scene.summary)}")
    return text


class ScenesScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ScenesScreen { align: center middle; }
    #scenes { width: 100%; max-width: 100; height: 90%; border: round $primary;
              background: $surface; padding: 0 1; }
    #scenes-list { height: 1fr; }
    #scenes-hint { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,f7", "close", "Close", id="scenes.close")]

    def __init__(self, campaign: Campaign, source: Source, finder: Finder | None = None) -> None:
        super().__init__()
        self.campaign = campaign
        self.source = source
        self.finder = finder
        self.scenes = list(reversed(past_scenes(campaign)))

    def compose(self) -> ComposeResult:
        with Vertical(id="scenes") as box:
            box.border_title = _("Scenes ({n})").format(n=len(self.scenes))
            rows = [Option(scene_row(s), id=str(s.number)) for s in self.scenes]
            yield OptionList(*rows, id="scenes-list")
            yield Static(Text(tr(HINT) if self.scenes else tr(NONE_YET)), id="scenes-hint")

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.query_one("#scenes-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#scenes-list")
    def _open(self, event: OptionList.OptionSelected) -> None:
        from tui.screens.log_search import LogSearchScreen

        scene = self.scenes[event.option_index]
        title = _("Scene {number}: {name}").format(number=scene.number, name=scene.name)
        self.app.push_screen(
            LogSearchScreen(
                self.campaign, self.source, LogFilter(scene=scene.number), title, self.finder
            )
        )

    def action_close(self) -> None:
        self.dismiss(None)
