"""The end-of-adventure screen: the rolls the campaign's system makes then (BRP: one
experience roll per ticked skill), then apply.

It renders the rows of :mod:`tui.session.adventure.flow` (in a
:class:`~tui.widgets.row_table.RowTable`, which draws only the rows on screen: 200
characters have thousands) and collects keys: ``r`` rolls the selected row, ``a`` rolls
every row not yet rolled, digits type the row's next die (BRP: the d100, then the d6 when it
improved) followed by Enter, and Enter with nothing typed applies everything as one
undoable step. Escape clears typed digits, or leaves. Every die entered,
rolled or cleared is logged and saved as it happens (:func:`tui.session.adventure.flow.record`):
leaving keeps the results, and reopening the screen shows them again.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.errors import RulesError
from tui.base.textsafe import visible
from tui.language import N_, Msg, _, nmsg, tr
from tui.screens.layout_keys import with_other_layout
from tui.screens.mount_guard import closed_before_mount
from tui.session.adventure.flow import (
    Row,
    commit,
    parse_die,
    prepare,
    record,
    rows_of,
    unfinished,
)
from tui.session.entry.entry import EntryError
from tui.session.entry.steps import message_of
from tui.session.table.table import Feedback, Table
from tui.widgets.footer import Footer
from tui.widgets.row_table import RowTable

__all__ = ["AdventureEndScreen"]

_COLUMNS = (
    (N_("Character"), 14),
    (N_("Skill"), 20),
    (N_("Now"), 4),
    (N_("Roll"), 7),
    (N_("Result"), 19),
)
#: a row's status words (its English decides the colour), shown in the GM's language
_STATUS_WORDS = (N_("improves, roll d6"), N_("not improved"), N_("not rolled"), N_("improved"))


def _status(status: str) -> str:
    for word in _STATUS_WORDS:
        if status.startswith(word):
            return tr(word) + status[len(word) :]
    return status


_RESULT_STYLES = {
    "improved": "green",
    "not improved": "",
    "improves": "bold yellow",
    "not rolled": "dim",
}


class AdventureEndScreen(ModalScreen[Feedback | None]):
    """Dismissed with the apply :class:`Feedback`, or ``None`` when the GM leaves."""

    DEFAULT_CSS = """
    AdventureEndScreen { align: center middle; }
    #adventure { width: 80; max-width: 100%; height: 1fr; border: round $primary;
                 padding: 0 1; }
    #adventure-title { text-style: bold; height: 1; }
    #adventure-rows { height: 1fr; }
    #adventure-status { height: 2; }
    #adventure-summary { height: 1; color: $text-muted; }
    """

    BINDINGS = with_other_layout(
        [
            Binding("r", "roll_one", "Roll", id="adventure.roll"),
            Binding("a", "roll_all", "Roll all", id="adventure.roll_all"),
            Binding("enter", "enter", "Apply", id="adventure.apply", priority=True),
            Binding("escape", "leave", "Leave", id="adventure.leave"),
            Binding("x,delete", "clear_row", "Clear row", id="adventure.clear"),
            Binding("backspace", "erase", "Erase digit", show=False, id="adventure.erase"),
        ]
    )

    #: seconds after every roll shows before the end is made ready (the frame showing them,
    #: and whatever the GM does next at once, come first)
    PREPARE_AFTER = 0.05

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self.rows: list[Row] = list(rows_of(table))
        self.digits = ""
        self.typing_row: int | None = None  # the row the pending digits are for
        self.message: Text | None = None
        self._counts = self._count(self.rows)

    @property
    def grid(self) -> RowTable:
        return self.query_one("#adventure-rows", RowTable)

    def compose(self) -> ComposeResult:
        number = self.table.campaign.adventure
        with Vertical(id="adventure"):
            yield Static(
                _("End of adventure {n} — experience rolls").format(n=number), id="adventure-title"
            )
            yield RowTable(
                [(tr(label), width) for label, width in _COLUMNS],
                lambda i: self._cells(self.rows[i]),
                len(self.rows),
                id="adventure-rows",
            )
            yield Static(id="adventure-status")
            yield Static(id="adventure-summary")
        yield Footer()

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.grid.focus()
        self._show()
        self._prepare_when_done()

    # -- rendering -------------------------------------------------------------------------
    @staticmethod
    def _count(rows: list[Row]) -> tuple[int, int]:
        """(rows left to roll, rows improved): counted once per change, not per repaint."""
        return len(unfinished(rows)), sum(1 for r in rows if r.improved)

    @staticmethod
    def _cells(row: Row) -> tuple[Text, ...]:
        status = row.status
        style = next((s for k, s in _RESULT_STYLES.items() if status.startswith(k)), "")
        return (
            Text(visible(row.character)),
            Text(visible(row.skill)),
            Text(str(row.value)),
            Text(row.roll_text),
            Text(visible(_status(status)), style=style),
        )

    @property
    def selected(self) -> int | None:
        return self.grid.cursor_row if self.rows else None

    def _update_row(self, i: int, row: Row) -> None:
        self._record({i: row})

    def _record(self, changed: dict[int, Row], what: str | Msg = "") -> None:
        """Log and save the new dice of ``changed`` rows, then show the campaign's rows."""
        rows = [changed.get(i, r) for i, r in enumerate(self.rows)]
        feedback = record(self.table, rows, sorted(changed), what)
        if not feedback.ok:
            self._say(feedback.message, error=True)
            return
        self.reload()

    def reload(self) -> None:
        """Show the rows as the campaign holds them now (after a change, undo or redo)."""
        rows = list(rows_of(self.table))
        old, self.rows = self.rows, rows
        self._counts = self._count(rows)
        if [(r.character, r.skill) for r in rows] != [(r.character, r.skill) for r in old]:
            self.grid.reset(len(rows))
        else:
            self.grid.refresh_rows(i for i, row in enumerate(rows) if row != old[i])
        self._show()
        self._prepare_when_done()

    def _prepare_when_done(self) -> None:
        """Every row rolled: a moment after the screen shows them (:attr:`PREPARE_AFTER`),
        the end of the adventure is made ready while the GM reads (:func:`prepare`), so
        that Enter only writes it; an Enter sooner makes it all then, as before."""
        if not self._counts[0]:
            rows = self.rows
            self.set_timer(self.PREPARE_AFTER, lambda: self._prepare(rows))

    def _prepare(self, rows: list[Row]) -> None:
        if rows is self.rows and self.is_current:  # still what shows
            prepare(self.table, rows)

    def _show(self) -> None:
        status = self.query_one("#adventure-status", Static)
        i = self.selected
        if self.message is not None:
            status.update(self.message)
        elif i is None:
            status.update(_("No ticked skills. Enter starts the next adventure; Escape leaves."))
        else:
            row = self.rows[i]
            what = visible(f"{row.character} · {row.skill} {row.value}")
            if self.digits:
                status.update(
                    Text(
                        f"{what}: d{row.next_die or 100} {self.digits}▏ "
                        + _("(Enter sets it, Backspace erases)"),
                        style="bold",
                    )
                )
            elif row.wants_gain:
                status.update(
                    Text(
                        _("{what}: {roll} improves, roll d6 — type it, or r").format(
                            what=what, roll=row.roll_text
                        ),
                        style="bold yellow",
                    )
                )
            elif row.done:
                status.update(
                    Text(
                        _("{what}: {status} (x clears the row)").format(
                            what=what, status=visible(_status(row.status))
                        )
                    )
                )
            else:
                status.update(
                    Text(
                        _("{what}: type the d100 (00 = 100) and Enter, or r; a rolls all").format(
                            what=what
                        )
                    )
                )
        left, up = self._counts
        tail = (
            _("{n} to roll").format(n=left)
            if left
            else _("Enter applies → adventure {n}").format(n=self.table.campaign.adventure + 1)
        )
        self.query_one("#adventure-summary", Static).update(
            Text(
                _("{ticked} ticked · {up} improved · {tail}").format(
                    ticked=len(self.rows), up=up, tail=tail
                )
            )
        )

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message = Text(
            ("✗ " if error else "") + visible(text), style="bold red" if error else ""
        )
        if error:
            self.app.bell()
        self._show()

    def _advance(self, i: int) -> None:
        """Keep the cursor on a row still waiting for dice, else on the next unrolled one."""
        if not self.rows[i].done:
            return
        n = len(self.rows)
        for step in range(1, n):
            j = (i + step) % n
            if not self.rows[j].done:
                self.grid.move_cursor(row=j)
                return

    # -- input -----------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character.isdigit() and event.is_printable:
            event.stop()
            event.prevent_default()
            if len(self.digits) < 3:
                self.digits += event.character
            self.typing_row = self.selected
            self.message = None
            self._show()

    def on_row_table_row_highlighted(self, event: RowTable.RowHighlighted) -> None:
        if event.cursor_row != self.typing_row:
            self.digits = ""
        self.message = None
        self._show()

    def action_erase(self) -> None:
        self.digits = self.digits[:-1]
        self.message = None
        self._show()

    def action_roll_one(self) -> None:
        i = self.selected
        if i is None:
            return
        self.digits = ""
        row = self.rows[i]
        if row.done:
            self._say(
                _("{name} · {skill} is already rolled (x clears it)").format(
                    name=row.character, skill=row.skill
                ),
                error=True,
            )
            return
        self._update_row(i, row.rolled(self.table.rng))
        self.message = None
        self._advance(i)
        self._show()

    def action_roll_all(self) -> None:
        self.digits = ""
        changed = {i: row.rolled(self.table.rng) for i, row in enumerate(self.rows) if not row.done}
        self.message = None
        if changed:
            self._record(
                changed,
                nmsg("experience rolls: {n} rolled", "experience rolls: {n} rolled", len(changed)),
            )
        self._show()

    def action_clear_row(self) -> None:
        i = self.selected
        if i is None:
            return
        self.digits = ""
        self._update_row(i, self.rows[i].cleared())
        self.message = None
        self._show()

    def action_enter(self) -> None:
        if self.digits:
            self._enter_digits()
            return
        feedback = commit(self.table, self.rows)
        if not feedback.ok:
            self._say(feedback.message, error=True)
            return
        self.dismiss(feedback)

    def _enter_digits(self) -> None:
        text, self.digits = self.digits, ""
        i = self.selected
        if i is None:
            return
        row = self.rows[i]
        if row.done:
            self._say(
                _("{name} · {skill} is already rolled (x clears it)").format(
                    name=row.character, skill=row.skill
                ),
                error=True,
            )
            return
        try:
            updated = row.entered(parse_die(text, row.next_die), typed=True)
        except (EntryError, RulesError) as exc:
            self._say(message_of(exc), error=True)
            return
        self._update_row(i, updated)
        self.message = None
        self._advance(i)
        self._show()

    def action_leave(self) -> None:
        if self.digits:
            self.digits = ""
            self.message = None
            self._show()
            return
        self.dismiss(None)
