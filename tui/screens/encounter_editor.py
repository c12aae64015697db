"""The encounter editor: one prepared encounter, every part of it, keyboard only.

Opened by ``/encounter NAME edit`` (a name no encounter has prepares a new one). It works
like the character editor — Up/Down choose a row, Enter edits it in the line below
(prefilled), Enter there keeps the value and Escape cancels it, Enter on Kind switches it,
Delete removes a creature, note or check — plus alt+up/alt+down to move one within its
list. Unlike the character editor it edits a copy: ctrl+s saves the whole encounter as one
secret, undoable step (:func:`tui.session.encounters.editing.save_encounter`) and closes;
Escape leaves without saving (asking once when something changed). Every value is read
by the checks the ``/encounter`` commands use; a refused one is said on the status line in
their words and changes nothing. The players' view never has it (a GM-only action).
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.editor import LABEL_WIDTH, EditLine
from tui.screens.mount_guard import closed_before_mount
from tui.session.campaign.session import CommandError
from tui.session.encounters.editing import (
    Row,
    apply_row,
    move_row,
    remove_row,
    rows_of,
    save_encounter,
    toggle_row,
)
from tui.session.encounters.plan import Encounter, encounters
from tui.session.entry.names import normal
from tui.session.table.table import Table
from tui.widgets.footer import Footer

__all__ = ["EncounterEditorScreen"]

_ERRORS = (CommandError, ValueError, KeyError)
#: the kinds' words in the GM's language (the save keeps the English ones)
KIND_WORDS = (N_("active"), N_("long"))


def _kind_word(kind: str) -> str:
    return tr(kind) if kind in KIND_WORDS else kind


def row_text(row: Row) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    if row.item:
        text.append("  " + visible(row.value))
        return text
    label = tr(row.label)
    if row.adds:
        text.append("  " + label, style="dim italic")
        return text
    text.append("  " + label.ljust(LABEL_WIDTH), style="bold")
    if row.kind == "kind":
        text.append(_kind_word(row.value))
    elif row.kind == "scene" and not row.value:
        text.append(_("(the encounter's name)"), style="dim")
    else:
        text.append(visible(row.value))
    return text


class EncounterEditorScreen(ModalScreen[str | None]):
    """Dismissed with the encounter's name when saved, ``None`` when left unsaved."""

    DEFAULT_CSS = """
    EncounterEditorScreen { align: center middle; }
    #encounter { width: 78; max-width: 100%; height: 1fr; border: round $primary; padding: 0 1; }
    #encounter-title { height: 1; text-style: bold; }
    #encounter-rows { height: 1fr; border: none; padding: 0; }
    #encounter-hint { height: 1; color: $text-muted; }
    #encounter-input { height: 1; border: none; padding: 0 1; background: $boost; }
    #encounter-status { height: 2; }
    """

    BINDINGS = [
        # priority: Enter is the editor's also while the edit line has focus (as in the
        # character editor; keys typed quickly are handed on in order)
        Binding("enter", "enter", "Edit / keep", id="encounter.enter", priority=True),
        Binding("escape", "leave", "Cancel", id="encounter.leave"),
        Binding("ctrl+s", "save", "Save", id="encounter.save", priority=True),
        Binding("delete", "remove", "Remove row", id="encounter.remove"),
        # named by the hint line of a creature, note or check (the footer has no room)
        Binding("alt+up", "move(-1)", "Move up", id="encounter.up", show=False),
        Binding("alt+down", "move(1)", "Move down", id="encounter.down", show=False),
    ]

    def __init__(self, table: Table, name: str) -> None:
        super().__init__()
        self.table = table
        kept = [e for e in encounters(table.campaign) if normal(e.name) == normal(name)]
        #: the encounter as it was opened (``None``: a new one) and as edited so far
        self.original: Encounter | None = kept[0] if kept else None
        self.draft: Encounter = kept[0] if kept else Encounter(name)
        self.opened = self.draft
        self.rows_shown: list[Row] = []
        self._index: list[int] = []  # option index → row index (-1: a section header)
        self.editing: Row | None = None
        self._warned = False  # Escape said once that leaving drops the changes
        self._before: list[Encounter] = []  # the copy before each change (ctrl+z)
        self._after: list[Encounter] = []  # what ctrl+z took back (ctrl+y)

    @property
    def options(self) -> OptionList:
        return self.query_one("#encounter-rows", OptionList)

    @property
    def line(self) -> Input:
        return self.query_one("#encounter-input", Input)

    @property
    def changed(self) -> bool:
        return self.draft != self.opened

    def compose(self) -> ComposeResult:
        with Vertical(id="encounter"):
            yield Static(id="encounter-title")
            yield OptionList(id="encounter-rows")
            yield Static(id="encounter-hint")
            yield EditLine(id="encounter-input", disabled=True, select_on_focus=False)
            yield Static(id="encounter-status")
        yield Footer()

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.build()
        self.options.focus()
        if self.original is None:
            self._status(_("a new encounter: ctrl+s keeps it"), True)

    # -- rows ------------------------------------------------------------------------------
    def build(self, keep: tuple[str, int] | None = None) -> None:
        """The rows of the draft, the highlight on ``keep`` (else where it was)."""
        old = self.options.highlighted
        here = self.row
        wanted_key = keep or (here.key if here is not None else None)
        self.rows_shown = rows_of(self.draft)
        options: list[Option | None] = []
        index: list[int] = []
        section = ""
        for i, row in enumerate(self.rows_shown):
            if row.section != section:
                section = row.section
                options.append(Option(Text(tr(section).upper(), style="bold cyan"), disabled=True))
                index.append(-1)
            options.append(Option(row_text(row)))
            index.append(i)
        self._index = index
        self.options.clear_options()
        self.options.add_options(options)
        wanted = next(
            (
                j
                for j, i in enumerate(index)
                if i >= 0 and wanted_key is not None and self.rows_shown[i].key == wanted_key
            ),
            None,
        )
        if wanted is None and old is not None:
            wanted = min(old, len(index) - 1)
            while wanted > 0 and index[wanted] < 0:
                wanted -= 1
        self.options.highlighted = wanted if wanted is not None else 0
        title = Text(
            _("Encounter {name}").format(name=visible(self.draft.name))
            + (" *" if self.changed else ""),
            style="bold",
        )
        title.append(_("  Enter edits · ctrl+s saves · Escape cancels"), style="dim")
        self.query_one("#encounter-title", Static).update(title)
        self._hint()

    @property
    def row(self) -> Row | None:
        j = self.options.highlighted if self.rows_shown else None
        if j is None or j >= len(self._index) or self._index[j] < 0:
            return None
        return self.rows_shown[self._index[j]]

    def _hint(self) -> None:
        row = self.editing or self.row
        hint = tr(row.hint) if row is not None else ""
        if row is not None and row.item and self.editing is None:
            hint = _("{hint} · Delete removes · alt+up/down moves").format(hint=hint)
        self.query_one("#encounter-hint", Static).update(Text(visible(hint)))

    def _status(self, message: str, ok: bool) -> None:
        self.query_one("#encounter-status", Static).update(
            Text(
                ("" if ok else "✗ ") + visible(message, newlines=True),
                style="bold" if ok else "bold red",
            )
        )
        if not ok:
            self.app.bell()

    @on(OptionList.OptionHighlighted, "#encounter-rows")
    def _moved(self, _event: OptionList.OptionHighlighted) -> None:
        if self.editing is None:
            self._hint()

    def _changed_to(self, new: Encounter, keep: tuple[str, int] | None) -> None:
        if new != self.draft:
            self._before.append(self.draft)
            self._after.clear()
        self.draft = new
        self._warned = False
        self.build(keep)

    # the app's undo and redo keys (ctrl+z, ctrl+y or as remapped) call these while the
    # editor is on top (tui.app.app.StepsOwnCopy): they step the copy, never the table
    def undo_own(self) -> None:
        self._step(self._before, self._after, _("took back the last change (ctrl+y does it again)"))

    def redo_own(self) -> None:
        self._step(self._after, self._before, _("did the change again"))

    def _step(self, source: list[Encounter], target: list[Encounter], said: str) -> None:
        if self.editing is not None:
            self._stop_editing()
        if not source:
            self._status(
                _("nothing to take back here")
                if source is self._before
                else _("nothing to do again"),
                False,
            )
            return
        target.append(self.draft)
        self.draft = source.pop()
        self._warned = False
        self.build()
        self._status(said, True)

    # -- editing ---------------------------------------------------------------------------
    def action_enter(self) -> None:
        if self.editing is not None:
            self._confirm(self.line.value)
            return
        row = self.row
        if row is None:
            return
        if row.toggles:
            self._changed_to(toggle_row(self.draft, row), row.key)
            self._status(_("kind: {kind}").format(kind=_kind_word(self.draft.kind)), True)
            return
        self.editing = row
        line = self.line
        line.disabled = False
        line.value = "" if row.adds else visible(row.text)
        line.placeholder = visible(tr(row.hint))
        line.cursor_position = len(line.value)
        self.set_focus(line)  # at once: the next key typed is for the line
        self._hint()
        self._status(_("Enter keeps it, Escape cancels"), True)

    def _confirm(self, typed: str) -> None:
        row = self.editing
        if row is None:
            return
        try:
            new = apply_row(self.table, self.draft, row, typed)
        except _ERRORS as exc:
            self._status(str(exc).strip("'\""), False)
            return
        self._stop_editing()
        keep = None if row.adds else row.key
        if row.kind == "member" and len(new.creatures) < len(self.draft.creatures):
            keep = None  # merged into another creature of the same name
        self._changed_to(new, keep)
        self._status(_("changed: ctrl+s saves the encounter"), True)

    def _stop_editing(self) -> None:
        self.editing = None
        self.line.value = ""
        self.line.placeholder = ""
        self.set_focus(self.options)  # before disabling the line, which would move focus on
        self.line.disabled = True
        self._hint()

    def action_remove(self) -> None:
        row = self.row
        if self.editing is not None or row is None:
            return
        try:
            new = remove_row(self.draft, row)
        except _ERRORS as exc:
            self._status(str(exc), False)
            return
        self._changed_to(new, None)
        self._status(_("removed: ctrl+s saves the encounter"), True)

    def action_move(self, step: int) -> None:
        row = self.row
        if self.editing is not None or row is None:
            return
        try:
            new, moved = move_row(self.draft, row, step)
        except _ERRORS as exc:
            self._status(str(exc), False)
            return
        self._changed_to(new, moved.key)

    def action_save(self) -> None:
        if self.editing is not None:  # the value being typed is kept first
            self._confirm(self.line.value)
            if self.editing is not None:
                return
        if not self.changed and self.original is not None:
            self.dismiss(None)
            return
        old = self.original.name if self.original is not None else None
        try:
            change, draft = save_encounter(self.table.campaign, self.draft, old)
        except _ERRORS as exc:
            self._status(str(exc), False)
            return
        feedback = self.table.run_change(change, draft)
        if not feedback.ok:
            self._status(feedback.message, False)
            return
        self.app.notify(visible(feedback.message), markup=False)
        self.dismiss(self.draft.name)

    def action_leave(self) -> None:
        if self.editing is not None:
            self._stop_editing()
            self._status(_("not changed"), True)
            return
        if self.changed and not self._warned:
            self._warned = True
            self._status(
                _("unsaved changes: Escape again leaves without them, ctrl+s saves"), False
            )
            return
        self.dismiss(None)
