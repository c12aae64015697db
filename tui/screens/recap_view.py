"""``/recap``: the players' recap written next to the save, and shown.

The words are those of :func:`tui.session.recap.select.parse_words` (``gm``,
``adventure=N``, ``since=YYYY-MM-DD``, ``scene=NAME``). The recap is written to
``NAME.recap.md`` beside the save ``NAME.toml`` (a GM copy to ``NAME.recap-gm.md``), whole
or not at all (a temporary file renamed), and shown here as the Markdown text; a campaign
without a file (a test) only shows it. The log is streamed in a thread. Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.layout_keys import with_other_layout
from tui.screens.mount_guard import closed_before_mount
from tui.screens.review import Source
from tui.session.campaign.model import Campaign
from tui.session.entry.entry import split_words
from tui.session.recap import recap
from tui.session.recap.build import Indexed
from tui.session.recap.select import parse_words
from tui.session.systems.registry import tracker
from tui.store.errors import SaveError
from tui.store.files import write_text

__all__ = ["RecapScreen", "recap_path"]

WORKING = N_("Writing the recap…")


def recap_path(save: Path, *, gm: bool) -> Path:
    """Where ``/recap`` writes: beside the save."""
    stem = save.name.removesuffix(".toml")
    return save.with_name(f"{stem}.recap{'-gm' if gm else ''}.md")


class RecapScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    RecapScreen { align: center middle; }
    #recap { width: 100%; max-width: 110; height: 100%; border: round $primary;
             background: $surface; padding: 0 1; }
    """
    BINDINGS = with_other_layout(
        [
            Binding("escape,q", "close", "Close", id="recap.close"),
            Binding("down,j", "scroll(1)", "Scroll down", show=False, id="recap.down"),
            Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="recap.up"),
        ]
    )

    def __init__(
        self,
        campaign: Campaign,
        source: Source,
        words: str,
        save: Path | None,
        indexed: Callable[[], Indexed | None] | None = None,
    ) -> None:
        super().__init__()
        self.campaign = campaign
        self.source = source
        self.indexed = indexed  # the log's index, when it is up to date (asked in the thread)
        self.words = words
        self.save = save
        self.text = ""
        self.written: Path | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="recap") as box:
            box.border_title = _("Recap (Escape closes)")
            yield Static(Text(tr(WORKING)), id="recap-text")

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.query_one("#recap", VerticalScroll).focus()
        self.build()

    @work(thread=True, exclusive=True, group="recap")
    def build(self) -> None:
        try:
            options = parse_words(split_words(self.words))
            system = tracker(self.campaign.system)
            index = self.indexed() if self.indexed is not None else None
            text = recap(system, self.campaign, self.source, options, index=index)
            target = recap_path(self.save, gm=options.gm) if self.save is not None else None
            if target is not None:
                write_text(target, text + "\n")
        except (OSError, ValueError, SaveError) as exc:
            self.app.call_from_thread(
                self._show, "", _("No recap: {error}").format(error=exc), None
            )
            return
        self.app.call_from_thread(self._show, text, "", target)

    def _show(self, text: str, problem: str, target: Path | None) -> None:
        self.text, self.written = text, target
        box = self.query_one("#recap", VerticalScroll)
        if problem:
            self.query_one("#recap-text", Static).update(Text(visible(problem), style="bold red"))
            return
        box.border_title = (
            _("Recap written to {file} (Escape closes)").format(file=visible(target.name))
            if target is not None
            else _("Recap (Escape closes)")
        )
        self.query_one("#recap-text", Static).update(Text(visible(text, newlines=True)))

    def action_scroll(self, step: int) -> None:
        self.query_one("#recap", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
