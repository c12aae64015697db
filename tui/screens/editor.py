"""The character editor: every field of one character, keyboard only.

Up/Down choose a row; Enter edits it in the line below (prefilled with its value), Enter
there confirms, Escape cancels the edit; Enter on Side or GM-only switches it; Delete removes
a row of a table (attribute, skill, resource, condition, weapon); Escape leaves. Each
confirmed field is one undoable, logged command (ctrl+z takes back the last one, here or on
the main screen) — see :mod:`tui.session.characters.form`. The rows and the hints come from
there; everything shown passes through :func:`tui.base.textsafe.visible` as plain
:class:`~rich.text.Text`.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.following import Follows
from tui.screens.mount_guard import closed_before_mount
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Draft
from tui.session.characters.form import (
    Field,
    apply_field,
    fields_of,
    remove_field,
    toggle_field,
)
from tui.session.table.table import Feedback, Table
from tui.widgets.footer import Footer

__all__ = ["EditorScreen"]

LABEL_WIDTH = 18
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_ERRORS = (ValueError, KeyError)


def refusal(exc: Exception) -> str:
    """What a refused edit says: the message itself. A ``KeyError`` prints its message as a
    repr (quoted), so its argument is taken; any other message is kept whole — stripping
    quotes off its ends cut "got '='" down to "got '="."""
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    return str(exc)


#: the values of the side and GM-only rows, shown in the GM's language
VALUE_WORDS = (N_("party"), N_("npc"), N_("yes"), N_("no"))


def row_text(field: Field) -> Text:
    """``Label             value`` on one line (a long label is followed by its value)."""
    label = visible(field.label if field.item else tr(field.label))
    label = label.ljust(LABEL_WIDTH) if len(label) < LABEL_WIDTH else label + "  "
    style = "dim italic" if field.adds else "bold" if not field.item else ""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("  " + label, style=style)
    value = tr(field.value) if field.kind in ("side", "gm") else field.value
    text.append(visible(value.replace("\n", " ")))
    return text


class EditLine(Input):
    """The edit line: pasted text loses its control characters (and its other lines)."""

    def _on_paste(self, event: events.Paste) -> None:
        event.text = _CONTROL.sub("", event.text.split("\n")[0].split("\r")[0])
        super()._on_paste(event)


class EditorScreen(Follows):
    """Dismissed with the character's name as it is when the GM leaves."""

    DEFAULT_CSS = """
    EditorScreen { align: center middle; }
    #editor { width: 78; max-width: 100%; height: 1fr; border: round $primary; padding: 0 1; }
    #editor-title { height: 1; text-style: bold; }
    #editor-rows { height: 1fr; border: none; padding: 0; }
    #editor-hint { height: 1; color: $text-muted; }
    #editor-input { height: 1; border: none; padding: 0 1; background: $boost; }
    #editor-status { height: auto; min-height: 2; max-height: 4; }
    """

    BINDINGS = [
        # priority: Enter is the editor's also while the edit line (an Input) has focus; the
        # app hands keys on in the order typed (tui/widgets/key_order.py), so Down Enter edits
        # the row below
        Binding("enter", "enter", "Edit / keep", id="editor.enter", priority=True),
        Binding("escape", "leave", "Done / cancel", id="editor.leave"),
        Binding("delete", "remove", "Remove row", id="editor.remove"),
    ]

    def __init__(self, table: Table, name: str) -> None:
        super().__init__(table, name)
        self.fields: list[Field] = []
        self._index: list[int] = []  # option index → field index (-1: a section header)
        self._built: object = None  # the campaign the rows show
        self.editing: Field | None = None

    @property
    def rows(self) -> OptionList:
        return self.query_one("#editor-rows", OptionList)

    @property
    def line(self) -> Input:
        return self.query_one("#editor-input", Input)

    def compose(self) -> ComposeResult:
        with Vertical(id="editor"):
            yield Static(id="editor-title")
            yield OptionList(id="editor-rows")
            yield Static(id="editor-hint")
            yield EditLine(id="editor-input", disabled=True, select_on_focus=False)
            yield Static(id="editor-status")
        yield Footer()

    def on_mount(self) -> None:
        # Follows.on_mount subscribes to the session: Textual calls it too (each class's
        # handler in turn); calling it here as well subscribed twice, and one was left behind
        if closed_before_mount(self):
            return
        self.build()
        self.rows.focus()

    # -- rows ------------------------------------------------------------------------------
    def build(self, keep: tuple[str, str] | None = None) -> None:
        """Rows for the character as it is now, the highlight kept on ``keep`` if given."""
        ch = self.table.campaign.character(self.who)
        old = self.rows.highlighted
        here = self.field if self.fields else None
        current = keep or (self._key(here) if here is not None else None)
        fields = fields_of(ch, self.table.system)
        self._built = self.table.campaign
        same = [self._key(f) for f in fields] == [self._key(f) for f in self.fields]
        self.fields = fields
        if same:  # the same rows: new values in place, the highlight untouched
            for j, i in enumerate(self._index):
                if i >= 0:
                    self.rows.replace_option_prompt_at_index(j, row_text(fields[i]))
            self._title(ch.name)
            return
        options: list[Option | None] = []
        section = ""
        index: list[int] = []
        for i, field in enumerate(self.fields):
            if field.section != section:
                section = field.section
                options.append(Option(Text(tr(section).upper(), style="bold cyan"), disabled=True))
                index.append(-1)
            options.append(Option(row_text(field)))
            index.append(i)
        self._index = index
        self.rows.clear_options()
        self.rows.add_options(options)
        wanted = next(
            (
                j
                for j, i in enumerate(index)
                if i >= 0 and current is not None and self._key(self.fields[i]) == current
            ),
            None,
        )
        if wanted is None and old is not None:
            wanted = min(old, len(index) - 1)
        self.rows.highlighted = wanted if wanted is not None else 0
        self._title(ch.name)

    def _title(self, name: str) -> None:
        title = Text(_("Edit {name}").format(name=visible(name)), style="bold")
        title.append(_("  Enter edits · Delete removes a row · Escape closes"), style="dim")
        self.query_one("#editor-title", Static).update(title)
        self._hint()

    @staticmethod
    def _key(field: Field) -> tuple[str, str]:
        return field.kind, field.item

    @property
    def field(self) -> Field | None:
        j = self.rows.highlighted
        if j is None or j >= len(self._index) or self._index[j] < 0:
            return None
        return self.fields[self._index[j]]

    def _hint(self) -> None:
        field = self.editing or self.field
        hint = visible(tr(field.hint)) if field is not None else ""
        self.query_one("#editor-hint", Static).update(Text(hint))

    def _status(self, message: str, ok: bool) -> None:
        style = "bold" if ok else "bold red"
        self.query_one("#editor-status", Static).update(
            Text(("" if ok else "✗ ") + visible(message, newlines=True), style=style)
        )
        if not ok:
            self.app.bell()

    @on(OptionList.OptionHighlighted, "#editor-rows")
    def _moved(self, _event: OptionList.OptionHighlighted) -> None:
        if self.editing is None:
            self._hint()

    # -- editing ---------------------------------------------------------------------------
    def action_enter(self) -> None:
        if self.editing is not None:
            self._confirm(self.line.value)
        else:
            self._choose()

    def _choose(self) -> None:
        field = self.field
        if field is None:
            return
        if field.toggles:
            new, text = toggle_field(self.table.campaign, self.who, field)
            self._run(new, Draft.of("change", text, self.who), self._key(field))
            return
        self.editing = field
        line = self.line
        line.disabled = False
        # a control character from a save is shown (and kept, if confirmed) as its symbol
        line.value = "" if field.adds else visible(field.value.removesuffix(" ✓"))
        line.placeholder = visible(tr(field.hint))
        line.cursor_position = len(line.value)
        self.set_focus(line)  # at once, not after the queue: the next key is for the line
        self._hint()
        label = field.label if field.item else tr(field.label)
        self._status(
            _("{field}: Enter keeps it, Escape cancels").format(field=label.removeprefix("+ ")),
            True,
        )

    def _confirm(self, value: str) -> None:
        field = self.editing
        if field is None:
            return
        try:
            new, draft = apply_field(self.table.campaign, self.who, field, value, self.table.system)
        except _ERRORS as exc:
            self._status(refusal(exc), False)
            return
        self._stop_editing()
        self.renamed(draft.actor)
        key = self._key(field)
        if field.kind in ("attr", "skill", "res") and "=" in value:
            key = (field.kind, value.partition("=")[0].strip())
        self._run(new, draft, None if field.adds else key)

    def _run(self, new: Campaign, draft: Draft, keep: tuple[str, str] | None) -> None:
        feedback: Feedback = self.table.run_change(lambda _c: new, draft)
        effects = (
            "".join(f"  ⟶ {e}" for e in feedback.outcome.draft.effects)
            if (feedback.ok and feedback.outcome is not None)
            else ""
        )
        self._status(feedback.message + effects, feedback.ok)
        if feedback.ok:
            self.build(keep)

    def _stop_editing(self) -> None:
        self.editing = None
        self.line.value = ""
        self.line.placeholder = ""
        self.set_focus(self.rows)  # before disabling the line, which would move focus on
        self.line.disabled = True
        self._hint()

    def action_leave(self) -> None:
        if self.editing is not None:
            self._stop_editing()
            self._status(_("not changed"), True)
            return
        self.close(self.who)

    def action_remove(self) -> None:
        field = self.field
        if self.editing is not None or field is None:
            return
        if not field.removable:
            self._status(
                _("{field} cannot be removed (Enter edits it)").format(field=tr(field.label)), False
            )
            return
        try:
            new, text = remove_field(self.table.campaign, self.who, field)
        except _ERRORS as exc:
            self._status(str(exc), False)
            return
        self._run(new, Draft.of("change", text, self.who), None)

    def follow(self) -> None:
        if self.editing is None and self.table.campaign is not self._built:
            self.build()
