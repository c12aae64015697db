"""The whole log, searched and filtered (f6, ``/find TEXT``; ``/scenes`` opens a scene's).

A filter bar on top — words, then a character, a kind and a grade to choose — and below it
the matching entries, newest at the bottom, as the log panel draws them (undone ones struck
through). Every change of the bar searches the whole log again in a thread — by the log's index
(:mod:`tui.store.logindex`: only the blocks shown are read), or streamed while there is none
yet (:mod:`tui.session.review.find`): typing never waits for it, and a newer search replaces
an older one. The title counts the matches; the newest :data:`SHOWN` are shown, PageUp and
PageDown scroll them. Escape closes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Select, Static
from textual.widgets.select import NoSelection
from textual.worker import get_current_worker

from tui.base.textsafe import visible
from tui.language import N_, _, ngettext, tr
from tui.screens.mount_guard import closed_before_mount
from tui.screens.review import Finder, Source
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.review.find import KINDS, Found, LogFilter, search
from tui.widgets.footer import Footer
from tui.widgets.log_panel import GRADE_STYLES, SHOWN, LogPanel

__all__ = ["LogSearchScreen"]

ANYONE, ANY_KIND, ANY_GRADE = N_("anyone"), N_("any kind"), N_("any grade")
NOTHING = N_("No entry matches.")
#: seconds of quiet in the words field before searching
DELAY = 0.2


class LogSearchScreen(Screen[None]):
    DEFAULT_CSS = """
    LogSearchScreen #find-title { height: 1; text-style: bold; padding: 0 1; }
    LogSearchScreen #find-bar { height: 3; }
    LogSearchScreen #find-text { width: 1fr; }
    LogSearchScreen #find-who { width: 20; }
    LogSearchScreen #find-kind { width: 17; }
    LogSearchScreen #find-grade { width: 18; }
    LogSearchScreen #find-log { height: 1fr; border: round $primary; }
    """
    BINDINGS = [
        Binding("escape", "close", "Close", id="find.close"),
        Binding("pageup", "scroll_log(-1)", "Log up", id="find.up"),
        Binding("pagedown", "scroll_log(1)", "Log down", id="find.down"),
    ]

    def __init__(
        self,
        campaign: Campaign,
        source: Source,
        start: LogFilter,
        title: str = "",
        finder: Finder | None = None,
    ) -> None:
        super().__init__()
        self.campaign = campaign
        self.source = source
        self.finder = finder  # the log's index, when it can answer (else the stream does)
        self.filter = start
        self.title_text = title or _("Log")
        self.found: Found | None = None
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="find-title")
        with Horizontal(id="find-bar"):
            yield Input(self.filter.text, placeholder=_("words to find…"), id="find-text")
            names = [(visible(c.name), c.name) for c in self.campaign.characters]
            yield Select(names, prompt=tr(ANYONE), id="find-who")
            yield Select(
                [(tr(label), kind) for kind, label in KINDS.items()],
                prompt=tr(ANY_KIND),
                id="find-kind",
            )
            yield Select([(tr(g), g) for g in GRADE_STYLES], prompt=tr(ANY_GRADE), id="find-grade")
        yield LogPanel(id="find-log", empty=tr(NOTHING))
        yield Footer()

    @property
    def log_panel(self) -> LogPanel:
        return self.query_one("#find-log", LogPanel)

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self._title(_("searching…"))
        self.query_one("#find-text", Input).focus()
        self.run_search()

    def _title(self, status: str) -> None:
        self.query_one("#find-title", Static).update(
            Text(
                _("{title} — {status} · Escape closes").format(
                    title=visible(self.title_text), status=status
                )
            )
        )

    # -- the filter bar --------------------------------------------------------------------
    @on(Input.Changed, "#find-text")
    def _typed(self, event: Input.Changed) -> None:
        self.filter = replace(self.filter, text=event.value)
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DELAY, self.run_search)

    @on(Input.Submitted, "#find-text")
    def _entered(self, _event: Input.Submitted) -> None:
        self.run_search()

    @on(Select.Changed)
    def _chosen(self, event: Select.Changed) -> None:
        value = "" if isinstance(event.value, NoSelection) else str(event.value)
        which = event.select.id
        if which == "find-who":
            self.filter = replace(self.filter, actor=value)
        elif which == "find-kind":
            self.filter = replace(self.filter, kind=value)
        elif which == "find-grade":
            self.filter = replace(self.filter, grade=value)
        else:
            return
        self.run_search()

    # -- searching -------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="find")
    def run_search(self) -> None:
        worker = get_current_worker()
        flt = self.filter

        def entries() -> Iterator[LogEntry]:
            for entry in self.source():
                if worker.is_cancelled:
                    return
                yield entry

        def early(found: Found) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._early, found)

        try:
            found = None
            if self.finder is not None:
                found = self.finder(flt, SHOWN, early)
            if found is None:
                found = search(entries(), flt)
        except Exception as exc:  # a damaged log: say so, never crash the table
            self.app.call_from_thread(
                self._title, _("cannot read the log: {error}").format(error=exc)
            )
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, found)

    def _early(self, found: Found) -> None:
        """The newest matches, before the index has counted them all."""
        self.log_panel.show(found.entries, found.undone)
        self._title(_("searching…"))

    def _show(self, found: Found) -> None:
        self.found = found
        self.log_panel.show(found.entries, found.undone)
        n = found.count
        status = ngettext("{n} entry matches", "{n} entries match", n).format(n=n)
        if n > SHOWN:
            status += _(" (the newest {shown} shown)").format(shown=SHOWN)
        self._title(status)

    def action_scroll_log(self, pages: int) -> None:
        log = self.log_panel
        log.scroll_lines(pages * max(1, log.content_size.height - 1))

    def action_close(self) -> None:
        self.dismiss(None)
