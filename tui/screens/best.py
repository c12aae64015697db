""" "Who should roll this?" (``/best SKILL``, ctrl+b on a typed check): the party side by side.

One row per party member, best first (see :mod:`tui.session.table.best`): the skill each
would use, the odds as a bar and each grade's exact chance (the chances of one grade
added up; the preview of a row's line names them one by one). Enter on a row rolls it through
the roll entry's own path (the line goes into the history too); Escape closes.
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.mount_guard import closed_before_mount
from tui.session.entry.entry import split_words
from tui.session.systems.interface import Chance
from tui.session.table.best import Candidate, best_rolls
from tui.session.table.table import Table
from tui.widgets.odds_bar import ORDER, legend, odds_bar

__all__ = ["BestScreen"]

BAR = 10
#: the dialog's widest (its ``max-width``) and the names' narrowest column
MAX_WIDTH = 100
MIN_WHO = 12
#: column headings of the grades (the legend under the table names them in full)
SHORT = {
    "critical": N_("crit"),
    "special": N_("spec"),
    "success": N_("succ"),
    "partial": N_("part"),
    "failure": N_("fail"),
    "fumble": N_("fumb"),
}


class BestScreen(ModalScreen[str | None]):
    """Dismissed with the roll line of the chosen row, or None."""

    DEFAULT_CSS = """
    BestScreen { align: center middle; }
    #best { width: 100%; max-width: 100; height: auto; max-height: 90%;
            border: round $primary; padding: 0 1;
            background: $surface; }
    #best-title { text-style: bold; }
    #best-rows { height: auto; max-height: 16; }
    #best-legend { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "roll", "Roll this row", id="best.roll"),
        Binding("escape", "close", "Close", id="best.close"),
    ]

    def __init__(self, table: Table, check: str) -> None:
        super().__init__()
        self.table = table
        self.check = check
        self.rows: list[Candidate] = best_rolls(table, split_words(check))

    def compose(self) -> ComposeResult:
        with Vertical(id="best"):
            title = _("Who should roll {check}?").format(check=visible(self.check))
            yield Static(Text(title), id="best-title")
            yield DataTable(id="best-rows", cursor_type="row", zebra_stripes=True)
            yield Static(id="best-legend")

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        grid = self.query_one("#best-rows", DataTable)
        mono = self.app.no_color
        grades = sorted(
            {c.grade for row in self.rows for c in row.odds if c.p > 0},
            key=lambda g: ORDER.index(g) if g in ORDER else len(ORDER),
        )
        shown = [
            [self._percent(row, grade) for grade in grades] if row.odds else [""] * len(grades)
            for row in self.rows
        ]
        heads = [tr(SHORT.get(grade, grade[:4])) for grade in grades]
        sizes = [
            max([len(head), *(len(cells[i]) for cells in shown)]) for i, head in enumerate(heads)
        ]
        # the grades and the bar keep their width; the names take what is left and wrap at
        # words (a row grows a line), so no column is pushed off the dialog or cut mid-word
        who = self._who_width(BAR + 2, sizes)
        grid.add_column(_("Who · skill"), key="who", width=who)
        grid.add_column(_("Odds"), key="bar", width=BAR + 2)
        for grade, head, size in zip(grades, heads, sizes, strict=True):
            grid.add_column(Text(head, justify="right"), key=grade, width=size)
        for i, (row, percents) in enumerate(zip(self.rows, shown, strict=True)):
            name = Text(visible(row.character), style="bold" if i == 0 and row.odds else "")
            if row.skill:
                name.append(f" · {visible(row.skill)}")
            cells: list[Text] = [name]
            if row.odds:
                cells.append(odds_bar(row.odds, BAR, mono=mono))
            else:  # why this one cannot roll it, under the name, in words
                name.append("\n" + visible(row.problem), style="dim")
                cells.append(Text(""))
            cells += [Text(p, justify="right") for p in percents]
            grid.add_row(*cells, key=str(i), height=None)
        odds = [c for row in self.rows for c in row.odds]
        self.query_one("#best-legend", Static).update(
            Text(legend(odds) + "\n" + _("Enter rolls the row · Escape closes"))
        )
        grid.focus()

    @staticmethod
    def _percent(row: Candidate, grade: str) -> str:
        p = sum((c.p for c in row.odds if c.grade == grade), Fraction(0))
        return Chance(grade, p, grade).percent if p else "—"

    def _who_width(self, bar: int, sizes: list[int]) -> int:
        """What the dialog leaves the names once the bar and the grades have theirs (each
        column has a cell of padding either side); never below :data:`MIN_WHO`, never more
        than the longest name (or reason it cannot roll) needs."""
        inner = min(self.app.size.width, MAX_WIDTH) - 4 - 1  # border, padding, scrollbar
        left = inner - sum(size + 2 for size in (bar, *sizes)) - 2
        longest = max(
            (
                max(len(r.character) + (len(r.skill) + 3 if r.skill else 0), len(r.problem))
                for r in self.rows
            ),
            default=MIN_WHO,
        )
        return max(MIN_WHO, min(left, max(longest, MIN_WHO)))

    @on(DataTable.RowSelected)
    def _selected(self, _event: DataTable.RowSelected) -> None:
        self.action_roll()  # Enter on the table (which takes Enter before the screen does)

    def action_roll(self) -> None:
        grid = self.query_one("#best-rows", DataTable)
        row = self.rows[grid.cursor_row] if 0 <= grid.cursor_row < len(self.rows) else None
        if row is None or not row.odds:
            self.app.bell()
            return
        self.dismiss(row.line)

    def action_close(self) -> None:
        self.dismiss(None)
