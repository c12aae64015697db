"""The main screen: header, party, scene, log, preview line and the roll entry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, OptionList

from tui.session.table.completion import complete_line
from tui.session.table.table import Feedback, Table
from tui.textsafe import visible
from tui.widgets.log_panel import GRADE_STYLES, LogPanel
from tui.widgets.party import PartyPanel
from tui.widgets.roll_entry import RollEntry
from tui.widgets.scene_panel import ScenePanel
from tui.widgets.text_pane import TextPane

if TYPE_CHECKING:
    from tui.history import EntryHistory

__all__ = ["MainScreen"]

#: Seconds of quiet after a committed line before the entry history is written.
HISTORY_DELAY = 0.5
READ_ONLY_COMMANDS = ("/help", "/quit", "/q", "/?", "/exit")


class MainScreen(Screen[None]):
    """Everything the GM sees during play. State comes from the app's :class:`Table`."""

    BINDINGS = [
        Binding("f2", "next_character", "Next sheet", id="main.next_character"),
        Binding("f3", "sheet", "Sheet", show=False, id="main.sheet"),
        Binding("escape", "clear_entry", "Clear line", show=False, id="main.clear"),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False, id="main.log_up"),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False, id="main.log_down"),
        Binding("ctrl+n", "slash('/next')", "Next turn", id="main.next_turn"),
        Binding("alt+up", "slash('/up')", "Actor up", show=False, id="main.actor_up"),
        Binding("alt+down", "slash('/down')", "Actor down", show=False, id="main.actor_down"),
    ]
    #: Keys handled outside bindings, for the help's key list.
    EXTRA_KEYS = (("enter", "Commit the line"),)

    def __init__(
        self, table: Table, *, read_only: bool = False, history: EntryHistory | None = None
    ) -> None:
        super().__init__()
        self.table = table
        self.read_only = read_only
        self.history = history
        self.selected: str | None = None
        self._header = ""
        self._reported = ""
        self._history_loaded = False
        self._history_timer: Timer | None = None
        self._lines: list[str] = []

    # -- typed accessors -------------------------------------------------------------------
    @property
    def entry(self) -> RollEntry:
        return self.query_one("#roll-entry", RollEntry)

    @property
    def log_panel(self) -> LogPanel:
        return self.query_one("#log", LogPanel)

    @property
    def party(self) -> PartyPanel:
        return self.query_one("#party", PartyPanel)

    @property
    def scene_panel(self) -> ScenePanel:
        return self.query_one("#scene", ScenePanel)

    @property
    def preview(self) -> TextPane:
        return self.query_one("#preview", TextPane)

    def compose(self) -> ComposeResult:
        yield TextPane(id="header")
        with Horizontal(id="body"):
            yield PartyPanel(id="party", gm=not self.read_only)
            with Vertical(id="right"):
                yield ScenePanel(id="scene")
                yield LogPanel(id="log")
        yield TextPane(id="preview")
        yield RollEntry(
            id="roll-entry",
            completer=lambda text: complete_line(self.table, text),
            on_commit=self.commit_line,
        )
        yield Footer()

    def on_mount(self) -> None:
        self.party.border_title = "Party"
        self.scene_panel.border_title = "Scene"
        self.log_panel.border_title = "Log"
        self.refresh_all()
        self._lines = self.entry.history  # the entry changes this list in place
        if self.read_only:
            self.entry.placeholder = "read-only player view: /help, /quit"
        else:
            # once the first frame is out; typing earlier loads the same things on demand
            self.call_after_refresh(lambda: self.set_timer(0.02, self._warm_up))
        self.entry.focus()

    def _warm_up(self) -> None:
        """After the first frame: load the system's rules and show a roll line to try."""
        self.table.warm_up()
        self.entry.placeholder = visible(self.table.example_line())
        if self.history is not None and not self._history_loaded:
            self._history_loaded = True
            self.entry.load_history(self.history.load())

    # -- rendering -------------------------------------------------------------------------
    def refresh_all(self) -> None:
        campaign = self.table.campaign
        scene = campaign.scene
        bits = [
            campaign.name,
            self.table.system_name,
            f"adventure {campaign.adventure}",
        ]
        if scene is not None:
            bits.append(f"{scene.name} · round {scene.round}")
            if scene.phase:
                bits.append(scene.phase.upper())
        if self.read_only:
            bits.append("READ-ONLY")
        header = " │ ".join(bits)
        if header != self._header:
            self._header = header
            self.query_one("#header", TextPane).update(Text(header, style="bold"))
        self.party.show(campaign, self.selected)
        self.scene_panel.show(campaign)
        self.log_panel.show(self.table.session.log, self.table.session.undone())

    def show_feedback(self, feedback: Feedback) -> None:
        self._report_internal()
        if feedback.ok:
            out = feedback.outcome
            style = GRADE_STYLES.get(out.draft.grade, "bold") if out else "bold"
            text = Text(feedback.message, style=style)
            if out is not None:
                for effect in out.draft.effects:
                    text.append(f"  ⟶ {effect}", style="bold")
                if out.draft.actor:
                    self.selected = out.draft.actor
            if getattr(self.app, "save_problem", ""):
                text.append("  ✗ NOT SAVED (see the message)", style="bold red")
            self.preview.update(text)
        else:
            self.preview.update(Text(f"✗ {feedback.message}", style="bold red"))
            self.app.bell()
        self.refresh_all()

    # -- events ----------------------------------------------------------------------------
    @on(Input.Changed, "#roll-entry")
    def _changed(self, event: Input.Changed) -> None:
        if self.read_only:
            return
        if not event.value.strip():
            return  # keep showing the last result until the GM types again
        preview = self.table.preview(event.value)
        self._report_internal()
        style = "" if preview.ok else "red"
        self.preview.update(Text(("" if preview.ok else "✗ ") + preview.text, style=style))

    def commit_line(self, value: str) -> None:
        """Run a line the GM committed in the roll entry (Enter)."""
        line = value.strip()
        if not line:
            return
        if self.read_only and line.split()[0].casefold() not in READ_ONLY_COMMANDS:
            self.show_feedback(Feedback(False, "read-only player view: nothing can change"))
            return
        feedback = self.table.submit(line)
        if self.history is not None:
            self._history_soon()
        if feedback.action in ("edit", "sheet"):  # /add, /edit, /sheet: a character screen
            self.show_feedback(feedback)
            self.app.call_later(self.open_character, feedback.action, feedback.argument)
            return
        if feedback.action:
            self.app.call_later(self.app.run_action, feedback.action)
            self.preview.update("")
            return
        self.show_feedback(feedback)

    def _history_soon(self) -> None:
        """Write the history once the GM pauses (and on leaving the screen).

        A callback queued right after the roll would land between the roll and the frame
        that shows it; a short quiet period keeps the disk off the roll's path.
        """
        if self._history_timer is not None:
            self._history_timer.stop()
        self._history_timer = self.set_timer(HISTORY_DELAY, self._save_history)

    def on_unmount(self) -> None:
        if self._history_timer is not None:  # a line not written yet (quitting right away)
            self._save_history()

    def _save_history(self) -> None:
        """The entry's lines to the campaign's history file."""
        self._history_timer = None
        if self.history is not None:
            problem = self.history.save(self._lines)
            if problem:
                from tui.bugreport import record

                record("history not written", problem)

    def _report_internal(self) -> None:
        """An unexpected error in the table: into the bug-report log, and say where it is."""
        trace = self.table.last_internal_error
        if not trace:
            return
        self.table.last_internal_error = ""
        if trace == self._reported:
            return  # the same error again (the preview repeats per keystroke)
        self._reported = trace
        from tui.bugreport import record

        logged = record("internal error", trace)
        where = f"details are in {logged}" if logged else "the log could not be written"
        self.app.notify(f"Internal error: {where}. Please attach it to a bug report.",
                        severity="error", timeout=15, markup=False)

    @on(OptionList.OptionHighlighted, "#party-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        names = self.party.names
        if event.option_index < len(names) and self.selected != names[event.option_index]:
            self.selected = names[event.option_index]
            self.party.show(self.table.campaign, self.selected)

    @on(OptionList.OptionSelected, "#party-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        names = self.party.names
        if event.option_index < len(names):
            self.open_character("sheet", names[event.option_index])

    def action_sheet(self) -> None:
        self.open_character("sheet", "")

    def open_character(self, screen: str, name: str) -> None:
        """The character sheet or editor (``screen``) of ``name`` (default: the selected)."""
        from tui.screens.characters import open_character

        open_character(self, screen, name or self.selected or "")

    def action_next_character(self) -> None:
        names = self.party.names
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.selected = names[i % len(names)]
        self.party.show(self.table.campaign, self.selected)

    def action_slash(self, line: str) -> None:
        """Run a /command from a key (ctrl+n → /next); refused in the read-only view."""
        if self.read_only:
            self.show_feedback(Feedback(False, "read-only player view: nothing can change"))
            return
        self.show_feedback(self.table.submit(line))

    def action_clear_entry(self) -> None:
        self.entry.value = ""

    def action_scroll_log(self, pages: int) -> None:
        log = self.log_panel
        log.scroll_lines(pages * max(1, log.content_size.height - 1))
