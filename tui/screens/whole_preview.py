"""The typed line's whole preview (ctrl+o): every outcome on its own row, and every note.

The main screen's preview has three rows; a long split (GURPS shotgun pellets: seven
classes) or an extended check's notes under it do not fit at 80×24, and the preview then
ends in a mark naming this screen's key.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.base.textsafe import visible
from tui.language import _
from tui.session.systems.interface import Chance
from tui.widgets.log_panel import grade_style
from tui.widgets.odds_bar import GLYPHS, odds_bar

__all__ = ["WholePreviewScreen", "whole_text"]


def whole_text(text: str, odds: Sequence[Chance], *, ok: bool = True, mono: bool = False) -> Text:
    """The preview ``text`` laid out to be read: the check with its odds bar, then one row
    per outcome (its glyph in the bar, its label, its chance), then the notes below it.

    The outcomes are found as the preview writes them at the end of its first line
    (``… — critical success 1.9% · 1 hit 12.5% · …``); a text without them (a slash
    command's usage, an error) is shown as it is."""
    if not ok:
        return Text("✗ " + visible(text, newlines=True), style="red")
    first, newline, notes = text.partition("\n")
    shown = [c for c in odds if c.p]
    split = " — " + " · ".join(f"{c.label} {c.percent}" for c in shown)
    out = Text()
    if odds:
        out.append_text(odds_bar(odds, mono=mono))
        out.append(" ")
    if not shown or not first.endswith(split):
        out.append(visible(text, newlines=True))
        return out
    out.append(visible(first[: -len(split)]), style="bold")
    width = max(len(visible(c.label)) for c in shown)
    for chance in shown:
        style = grade_style(chance.grade, mono=mono, default="")
        out.append("\n  ")
        out.append(GLYPHS.get(chance.grade, "?"), style=style or None)
        out.append(f" {visible(chance.label):<{width}}  ", style=style or None)
        out.append(f"{chance.percent:>6}", style="bold")
    if newline:
        out.append("\n")
        out.append(visible(notes, newlines=True))
    return out


class WholePreviewScreen(ModalScreen[bool | str]):
    """Dismissed with True when the GM rolls the line from here (Enter), False when closed,
    or the key typed here: a typed character closes the screen and goes on in the
    line, so nothing typed is lost and the Enter after it commits what was typed, never
    the line shown here.

    A screen, not a notification: a notification holds its text for a while and goes, is
    closed only with the mouse, and crowds a long split into a narrow box; here every
    outcome has its own row, the GM reads as long as it takes, Escape (or ctrl+o again)
    goes back to the line unchanged and Enter rolls it, as Enter in the entry would.
    """

    DEFAULT_CSS = """
    WholePreviewScreen { align: center middle; }
    #whole-box { width: 100%; max-width: 100; height: auto; max-height: 90%;
                 border: round $primary; padding: 0 1; background: $surface; }
    #whole-line { color: $text-muted; }
    """
    BINDINGS = [
        # no letter keys: each typed character belongs to the line (see on_key)
        Binding("escape,ctrl+o", "close", "Close", id="whole.close"),
        Binding("enter", "roll", "Roll it", id="whole.roll"),
        Binding("down", "scroll(1)", "Scroll down", show=False, id="whole.down"),
        Binding("up", "scroll(-1)", "Scroll up", show=False, id="whole.up"),
    ]

    def __init__(self, line: str, body: Text, *, rolls: bool = True) -> None:
        super().__init__()
        self.line = line
        self.body = body
        self.rolls = rolls  # False: a line Enter would not roll (an error, the players' view)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="whole-box") as box:
            box.border_title = _("The whole preview")
            box.border_subtitle = (
                _("Enter rolls the line · Escape goes back to it")
                if self.rolls
                else _("Escape closes")
            )
            yield Static(Text("› " + visible(self.line)), id="whole-line", markup=False)
            yield Static(self.body, id="whole-text", markup=False)

    def on_key(self, event: events.Key) -> None:
        if event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self.dismiss(event.character)

    def action_close(self) -> None:
        self.dismiss(False)

    def action_roll(self) -> None:
        if self.rolls:
            self.dismiss(True)
        else:
            self.app.bell()

    def action_scroll(self, step: int) -> None:
        self.query_one("#whole-box", VerticalScroll).scroll_relative(y=step, animate=False)
