"""The guided roll form (ctrl+r): a roll without typing the language.

Fields: the character, the skill (what that character can roll), the system's own
modifiers (:attr:`~tui.session.systems.interface.System.modifier_fields`: a choice of words
or a value), any other modifiers, and typed dice (empty: the app rolls). The form shows the
roll line it builds and that line's preview with the odds as they change; Enter (or the
Roll key) hands the line to the main screen, which commits it exactly as if it had been
typed (it goes into the entry history too). Escape leaves without rolling.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from tui.base.textsafe import visible
from tui.language import _, tr
from tui.screens.mount_guard import closed_before_mount
from tui.session.systems.interface import ModifierField
from tui.session.table.table import Table
from tui.widgets.odds_bar import odds_bar

__all__ = ["RollFormScreen", "build_line"]


def build_line(character: str, skill: str, words: list[str], dice: str) -> str:
    """The roll line of the form's values (empty parts left out)."""
    line = " ".join(p for p in (character, skill, *words) if p)
    return f"{line} = {dice.strip()}" if dice.strip() else line


class RollFormScreen(ModalScreen[str | None]):
    """Dismissed with the roll line to commit, or None."""

    DEFAULT_CSS = """
    RollFormScreen { align: center middle; }
    #form { width: 76; max-width: 100%; height: auto; max-height: 100%; overflow-y: auto;
            border: round $primary; padding: 0 1; background: $surface; }
    #form Horizontal { height: auto; margin: 0 0 0 0; }
    /* an open list takes rows in the form (the fields below move down) instead of being
       drawn over them; the form shows as many of its entries as there is room for */
    #form Select > SelectOverlay { overlay: none; constrain: none none; max-height: 8; }
    #form Label { width: 18; }
    #form Select, #form Input { width: 1fr; }
    #form-line { margin-top: 1; text-style: bold; }
    #form-preview { height: 4; }
    #form-hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("ctrl+r", "roll", "Roll", id="form.roll"),
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
    ]

    def __init__(self, table: Table, character: str | None = None) -> None:
        super().__init__()
        self.table = table
        self.fields: tuple[ModifierField, ...] = table.system.modifier_fields
        names = [c.name for c in table.campaign.characters]
        self.first = character if character in names else (names[0] if names else None)

    def compose(self) -> ComposeResult:
        chars = [(Text(visible(c.name)), c.name) for c in self.table.campaign.characters]
        with Vertical(id="form") as box:
            box.border_title = _("Roll — {system}").format(system=self.table.system_name)
            with Horizontal():
                yield Label(_("Character"))
                yield Select(
                    chars,
                    id="form-character",
                    allow_blank=False,
                    compact=True,
                    value=self.first if self.first else Select.NULL,
                )
            with Horizontal():
                yield Label(_("Skill"))
                yield Select(
                    self._skills(self.first), id="form-skill", allow_blank=False, compact=True
                )
            for f in self.fields:
                with Horizontal():
                    yield Label(tr(f.label))
                    if f.choices:
                        options = [(Text(c or "—"), c) for c in f.choices]
                        yield Select(options, id=f"form-f-{f.key}", allow_blank=False, compact=True)
                    else:
                        yield Input(
                            placeholder=tr(f.hint) if f.hint else "",
                            id=f"form-f-{f.key}",
                            compact=True,
                        )
            with Horizontal():
                yield Label(_("Other modifiers"))
                yield Input(placeholder=_("as in the roll entry"), id="form-other", compact=True)
            with Horizontal():
                yield Label(_("Dice"))
                yield Input(
                    placeholder=_("empty: the app rolls; or the faces, e.g. 07"),
                    id="form-dice",
                    compact=True,
                )
            yield Static(id="form-line")
            yield Static(id="form-preview")
            yield Static(
                _("Tab next field · Enter or ctrl+r rolls · Escape cancels"), id="form-hint"
            )

    def _skills(self, character: str | None) -> list[tuple[Text, str]]:
        if character is None:
            return [(Text("—"), "")]
        skills = self.table.system.rollables(self.table.campaign.character(character))
        return [(Text(visible(s)), s) for s in skills] or [(Text("—"), "")]

    def on_mount(self) -> None:
        if closed_before_mount(self):
            return
        self.query_one("#form-character", Select).focus()
        self._update()

    # -- the line ---------------------------------------------------------------------------
    def _value(self, selector: str) -> str:
        widget = self.query_one(selector)
        if isinstance(widget, Select):
            value = widget.value
            return value if isinstance(value, str) else ""
        return widget.value if isinstance(widget, Input) else ""

    @property
    def line(self) -> str:
        words = [f.word(self._value(f"#form-f-{f.key}")) for f in self.fields]
        words.append(self._value("#form-other").strip())
        return build_line(
            self._value("#form-character"),
            self._value("#form-skill"),
            [w for w in words if w],
            self._value("#form-dice"),
        )

    def _update(self) -> None:
        line = self.line
        said = _("Roll line: {line}").format(line=visible(line))
        self.query_one("#form-line", Static).update(Text(said))
        preview = self.table.preview(line) if line.strip() else None
        shown = Text()
        if preview is not None and preview.ok:
            mono = self.app.no_color
            if preview.odds:
                shown.append_text(odds_bar(preview.odds, mono=mono))
                shown.append(" ")
            shown.append(visible(preview.text, newlines=True))
        elif preview is not None:
            shown.append(f"✗ {visible(preview.text, newlines=True)}", style="bold red")
        self.query_one("#form-preview", Static).update(shown)

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "form-character" and isinstance(event.value, str):
            skill = self.query_one("#form-skill", Select)
            skill.set_options(self._skills(event.value))
        self._update()

    @on(Input.Changed)
    def _input_changed(self, _event: Input.Changed) -> None:
        self._update()

    @on(Input.Submitted)
    def _submitted(self, _event: Input.Submitted) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        line = self.line
        preview = self.table.preview(line)
        if not preview.ok:
            self.app.bell()
            return
        self.dismiss(line)

    def action_cancel(self) -> None:
        self.dismiss(None)
