"""The character sheet: everything about one character, and its recent rolls.

The lines are laid out by :func:`tui.session.characters.sheet.sheet_lines` for the box's
width (an item such as ``Spot Hidden 60`` is never split from its value) and repainted
after every change, so an edit or an undo shows at once. Keys: Escape/q close, ``e`` opens
the editor (the GM's view only), Left/Right show the previous/next character, Up/Down and
PageUp/PageDown scroll.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from tui.language import _
from tui.screens.following import Follows
from tui.screens.layout_keys import with_other_layout
from tui.screens.mount_guard import closed_before_mount
from tui.session.characters.sheet import recent_rolls, sheet_lines
from tui.session.table.table import Table
from tui.widgets.footer import Footer
from tui.widgets.text_pane import safe

__all__ = ["SheetScreen", "sheet_text"]


def sheet_text(table: Table, name: str, width: int, *, gm: bool = True) -> Text:
    """The sheet of ``name`` as one styled text, ``width`` cells wide."""
    ch = table.campaign.character(name)
    session = table.session
    rolls = recent_rolls(session.log, ch.name, session.undone())
    text = Text(no_wrap=True, overflow="ellipsis")
    lines = sheet_lines(ch, width, vital=table.system.vital_resources, rolls=rolls, gm=gm)
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        for segment, style in line:
            text.append(segment, style=style or None)
    return safe(text)


class SheetScreen(Follows):
    """Dismissed with the name of the character shown last."""

    DEFAULT_CSS = """
    SheetScreen { align: center middle; }
    #sheet-box { width: 80; max-width: 100%; height: 1fr; border: round $primary;
                 padding: 0 1; }
    #sheet-scroll { height: 1fr; }
    """

    BINDINGS = with_other_layout(
        [
            Binding("escape,q", "leave", "Close", id="sheet.close"),
            Binding("e", "edit", "Edit", id="sheet.edit"),
            Binding("left", "step(-1)", "Previous", id="sheet.previous"),
            Binding("right", "step(1)", "Next", id="sheet.next"),
            Binding("down,j", "scroll(1)", "Scroll down", show=False, id="sheet.down"),
            Binding("up,k", "scroll(-1)", "Scroll up", show=False, id="sheet.up"),
        ]
    )

    def __init__(
        self, table: Table, name: str, *, names: list[str] | None = None, gm: bool = True
    ) -> None:
        super().__init__(table, name)
        self.gm = gm
        self.order = names  # the characters Left/Right step through (the party list's)

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box"), VerticalScroll(id="sheet-scroll"):
            yield Static(id="sheet-body", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # Follows.on_mount subscribes (Textual calls each class's handler; see the editor)
        if closed_before_mount(self):
            return
        self.follow()

    def on_resize(self, _event: events.Resize) -> None:
        if closed_before_mount(self):  # its first layout comes with the mount
            return
        self.follow()

    def _width(self) -> int:
        box = self.query_one("#sheet-box", Vertical)
        width = box.content_size.width or min(80, self.app.size.width) - 4
        return max(20, width - 1)  # room for the scroll bar

    def follow(self) -> None:
        body = self.query_one("#sheet-body", Static)
        body.update(sheet_text(self.table, self.who, self._width(), gm=self.gm))
        box = self.query_one("#sheet-box", Vertical)
        box.border_title = _("Character sheet")
        box.border_subtitle = (
            _("e edit · ←/→ other characters · Esc close")
            if self.gm
            else (_("←/→ other characters · Esc close"))
        )

    def action_leave(self) -> None:
        self.close(self.who)

    def action_scroll(self, step: int) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_step(self, step: int) -> None:
        names = [
            n
            for n in (self.order or [c.name for c in self.table.campaign.characters])
            if any(c.name == n for c in self.table.campaign.characters)
        ]
        if not names:
            return
        i = names.index(self.who) if self.who in names else -step
        self.names = [names[(i + step) % len(names)]]
        self.who = self.names[0]
        self.query_one("#sheet-scroll", VerticalScroll).scroll_home(animate=False)
        self.follow()

    def action_edit(self) -> None:
        from tui.screens.editor import EditorScreen

        if not self.gm:
            return
        self.app.push_screen(EditorScreen(self.table, self.who), self._edited)

    def _edited(self, name: str | None) -> None:
        if name is not None:
            self.renamed(name)
        if self.find() is None:
            self.close(None)
            return
        self.follow()
