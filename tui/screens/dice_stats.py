"""Dice statistics (f8, ``/stats``): is anyone's dice cursed?

One row per character who rolled, and one for everyone (the campaign's system): the rolls
counted (each with the exact chance of success it had when it was made, stored in its log
entry), the successes, the successes expected, the exact percentile of the observed count
under the distribution of those rolls (:mod:`tui.session.stats.poisson`) and a luck bar.
Under the table, the distribution of the highlighted row drawn as bars, the observed count
picked out. The whole log is streamed and the exact arithmetic runs in a thread (a long
campaign's thousands of rolls take a second or two), so the screen opens at once.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from tui.base.textsafe import visible
from tui.language import N_, _, ngettext, tr
from tui.screens.layout_keys import with_other_layout
from tui.screens.mount_guard import closed_before_mount
from tui.screens.review import Source
from tui.session.recap.markdown import luck_word, percent
from tui.session.stats.dice import DiceStats, Tally
from tui.session.stats.poisson import Luck
from tui.session.table.table import Table
from tui.widgets.fit_words import fit_words
from tui.widgets.luck_chart import distribution_chart, luck_bar

__all__ = ["DiceStatsScreen", "describe"]

TITLE = N_("Dice statistics")
WORKING = N_("Counting the rolls of the whole log…")
NONE = N_(
    "No rolls with stored odds yet: every roll made from now on counts, with its exact "
    "chance when it was made."
)
HINT = N_("↑↓ picks a row · Escape closes")
ALL = N_("All ({system})")
COLUMNS = (N_("Who"), N_("Rolls"), N_("Succ"), N_("Expected"), N_("Percentile"), N_("Luck"))
NAME_WIDTH = 18


def describe(name: str, luck: Luck) -> str:
    """One sentence about a row's luck."""
    wins = ngettext("{n} success", "{n} successes", luck.observed).format(n=luck.observed)
    rolls = ngettext("{n} roll", "{n} rolls", luck.rolls).format(n=luck.rolls)
    shown = ("" if luck.exact else "≈") + percent(luck.percentile)
    return _(
        "{name}: {wins} in {rolls}, {expected} expected — {shown} of equally likely "
        "tables would have rolled fewer (ties half): {luck}."
    ).format(
        name=name,
        wins=wins,
        rolls=rolls,
        expected=f"{float(luck.expected):.1f}",
        shown=shown,
        luck=luck_word(luck.percentile),
    )


class DiceStatsScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    DiceStatsScreen { align: center middle; }
    #stats { width: 100%; height: 100%; border: round $primary; background: $surface;
             padding: 0 1; }
    #stats-rows { height: auto; max-height: 9; }
    #stats-chart { height: auto; margin-top: 1; }
    #stats-about { height: auto; }
    #stats-hint { color: $text-muted; }
    """
    BINDINGS = with_other_layout([Binding("escape,f8,q", "close", "Close", id="stats.close")])

    def __init__(self, table: Table, source: Source) -> None:
        super().__init__()
        self.table = table
        self.source = source
        self.rows: list[tuple[Tally, Luck]] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="stats") as box:
            box.border_title = tr(TITLE)
            yield DataTable(id="stats-rows", cursor_type="row", zebra_stripes=True)
            yield Static(Text(tr(WORKING)), id="stats-chart")
            yield Static(id="stats-about")
            yield Static(Text(tr(HINT)), id="stats-hint")

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        grid = self.query_one("#stats-rows", DataTable)
        for column in COLUMNS:
            grid.add_column(tr(column), key=column)
        grid.focus()
        self.count()

    @work(thread=True, exclusive=True, group="stats")
    def count(self) -> None:
        try:
            stats = DiceStats().feed(self.source())
            tallies = stats.tallies()
            if len(tallies) > 1:
                tallies.append(stats.total(tr(ALL).format(system=self.table.system_name)))
            rows = [(t, t.luck()) for t in tallies]
        except Exception as exc:  # a damaged log: say so, never crash the table
            self.app.call_from_thread(self._problem, str(exc))
            return
        self.app.call_from_thread(self._show, rows)

    def _problem(self, message: str) -> None:
        self.query_one("#stats-chart", Static).update(
            Text(_("Cannot read the log: {error}").format(error=visible(message)), style="bold red")
        )

    @property
    def mono(self) -> bool:
        return self.app.no_color

    def _show(self, rows: list[tuple[Tally, Luck]]) -> None:
        self.rows = rows
        grid = self.query_one("#stats-rows", DataTable)
        for i, (tally, luck) in enumerate(rows):
            bar = luck_bar(luck.percentile, 7, mono=self.mono)
            bar.append(f" {luck_word(luck.percentile)}")
            name = Text(
                visible(tally.name), style="bold" if i == len(rows) - 1 and len(rows) > 1 else ""
            )
            name = fit_words(name, NAME_WIDTH)  # a long name cut after a whole word
            grid.add_row(
                name,
                Text(str(luck.rolls), justify="right"),
                Text(str(luck.observed), justify="right"),
                Text(f"{float(luck.expected):.1f}", justify="right"),
                Text(("" if luck.exact else "≈") + percent(luck.percentile), justify="right"),
                bar,
                key=str(i),
            )
        if not rows:
            self.query_one("#stats-chart", Static).update(Text(tr(NONE)))
            return
        self._chart(0)

    @on(DataTable.RowHighlighted, "#stats-rows")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        if 0 <= event.cursor_row < len(self.rows):
            self._chart(event.cursor_row)

    def _chart(self, index: int) -> None:
        tally, luck = self.rows[index]
        width = max(20, (self.query_one("#stats", Vertical).content_size.width or 76))
        self.query_one("#stats-chart", Static).update(
            distribution_chart(luck, width, 6, mono=self.mono)
        )
        self.query_one("#stats-about", Static).update(Text(describe(visible(tally.name), luck)))

    def action_close(self) -> None:
        self.dismiss(None)
