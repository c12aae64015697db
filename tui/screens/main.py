"""The main screen: the table in play — header, party, scene, log, preview and roll entry.

It routes: a committed line goes to the table and its answer to the widgets, a declared
action (:mod:`tui.screens.actions`) runs whether asked by key, palette or command. The parts
keep their own state (:class:`~tui.widgets.preview_pane.PreviewPane`, the log panel's
selection, :mod:`tui.screens.line_history`); the dialogs that build a line are
:mod:`tui.screens.line_dialogs`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input

from tui.base import gcpause
from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.actions import MAIN, bindings, main_action
from tui.screens.error_notice import ErrorNotice
from tui.screens.line_history import HistoryKeeper, LineHistory
from tui.screens.review import Finder, Source, log_finder, log_indexed, log_source
from tui.session.asks.offers import open_offers
from tui.session.table.table import Feedback, Table
from tui.widgets.footer import Footer
from tui.widgets.header import HeaderBar
from tui.widgets.key_order import after_typed_keys
from tui.widgets.log_panel import LogPanel, grade_style
from tui.widgets.party import PartyList, PartyPanel
from tui.widgets.preview_pane import PreviewPane
from tui.widgets.roll_entry import RollEntry
from tui.widgets.scene_panel import ScenePanel

if TYPE_CHECKING:
    from tui.session.recap.build import Indexed
    from tui.store.store import Store

__all__ = ["CampaignOnDisk", "LineHistory", "MainScreen"]  # LineHistory: line_history's

#: Seconds after the screen is interactive before the log's index is brought up to date.
INDEX_AFTER = 1.0
#: the characters of a logged result's effects the preview's rows are given: more than its
#: three rows hold at any width (it cuts them, "whole text in the log"), not the 35,000 of
#: the end of 200 characters' adventure
SHOWN_RESULT = 4000
READ_ONLY_COMMANDS = ("/help", "/quit", "/q", "/?", "/exit")


class CampaignOnDisk(Protocol):
    """What the screen reads of the open campaign's files (the app's files controller)."""

    @property
    def save_problem(self) -> str:
        """Why the last change is only in memory ("" when it is on disk)."""
        ...

    @property
    def log_path(self) -> Path | None:
        """The campaign's log file, which the review screens read whole."""
        ...

    @property
    def save_file(self) -> Path | None:
        """The save, beside which ``/recap`` writes its file."""
        ...

    @property
    def store(self) -> Store | None:
        """The open store, whose log index answers ``/find`` (None: no files)."""
        ...


class MainScreen(Screen[None]):
    """Everything the GM sees during play. State comes from the app's :class:`Table`."""

    BINDINGS = bindings(MAIN)
    #: Keys handled outside bindings, for the help's key list.
    EXTRA_KEYS = (("enter", N_("Commit the line")),)

    def __init__(
        self,
        table: Table,
        *,
        read_only: bool = False,
        history: LineHistory | None = None,
        files: CampaignOnDisk | None = None,
    ) -> None:
        super().__init__()
        self.table = table
        self.read_only = read_only
        self.history = history
        self.files = files  # None: a campaign without files (a test)
        self.selected: str | None = None
        self._header = ""
        self._laid_out_at: object = None  # the size of the last resize (on_resize)
        self._errors = ErrorNotice()
        self._kept: HistoryKeeper | None = None  # the entry's lines, once mounted

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
    def preview(self) -> PreviewPane:
        return self.query_one("#preview", PreviewPane)

    def compose(self) -> ComposeResult:
        yield HeaderBar(id="header")
        with Horizontal(id="body"):
            yield PartyPanel(id="party", gm=not self.read_only)
            with Vertical(id="right"):
                yield ScenePanel(id="scene", gm=not self.read_only)
                yield LogPanel(id="log", selectable=True)
        yield PreviewPane(id="preview")
        yield RollEntry(
            id="roll-entry",
            completer=self._complete,
            on_commit=self.commit_line,
            on_paste_lines=self._pasted,
        )
        yield Footer()

    def on_mount(self) -> None:
        self.party.border_title = _("Party")
        self.scene_panel.border_title = _("Scene")
        self.log_panel.border_title = _("Log")
        self.refresh_all()
        if self.history is not None:  # the entry changes its list in place
            self._kept = HistoryKeeper(self.history, self.entry.history, self.set_timer)
        if self.read_only:
            self.entry.placeholder = _("players' view (read-only, follows the GM): /help, /quit")
            self.call_after_refresh(gcpause.resume)
        else:
            # once the first frame is out; typing earlier loads the same things on demand
            self.call_after_refresh(lambda: self.call_later(self._warm_up))
        self.entry.focus()

    def _warm_up(self) -> None:
        """After the first frame: load the system's rules and show a roll line to try."""
        self.scene_panel.load_checks()
        self.table.warm_up()
        importlib.import_module("tui.widgets.odds_bar")  # the preview's, for the first roll
        self.entry.placeholder = visible(self.table.example_line())
        if self._kept is not None:
            self._kept.load(self.entry.load_history)
        self.call_after_refresh(gcpause.resume)  # interactive: the collector on again
        self.set_timer(INDEX_AFTER, self._index_log)

    def _index_log(self) -> None:
        """The log's index for /find and the recap, brought up to date in a thread once the
        screen is interactive (a build of years of play never competes with opening)."""
        if self.files is not None and self.files.store is not None:
            self.files.store.index_log()

    # -- rendering -------------------------------------------------------------------------
    def refresh_all(self) -> None:
        campaign = self.table.campaign
        scene = campaign.scene
        # (text, when it may shorten: 1 first, 2 later, 0 never) — see HeaderBar
        parts: list[tuple[str, int]] = [
            (campaign.name, 1),
            (self.table.system_name, 2),
            (_("adventure {n}").format(n=campaign.adventure), 0),
        ]
        if scene is not None:
            parts += [(scene.name, 1), (_("round {n}").format(n=scene.round), 0)]
            if scene.phase:
                parts.append((tr(scene.phase).upper(), 0))
        if self.read_only:  # first, and never shortened: players must know what this is
            parts.insert(0, (_("PLAYERS' VIEW"), 0))
        if self.files is not None and self.files.save_problem:  # as long as it lasts
            parts.insert(0, (_("✗ NOT SAVED"), 0))
        self.query_one("#header", HeaderBar).show([(visible(t), s) for t, s in parts])
        self.party.show(campaign, self.selected)
        self.scene_panel.show(campaign)
        self.log_panel.show(self.table.session.log, self.table.session.undone())

    @property
    def mono(self) -> bool:
        return self.app.no_color

    def show_feedback(self, feedback: Feedback) -> None:
        self._report_internal()
        if feedback.ok:
            out = feedback.outcome
            style = grade_style(out.draft.grade, mono=self.mono, default="bold") if out else "bold"
            text = Text(feedback.message, style=style)
            if out is not None:
                for effect in out.draft.shown_effects:
                    if len(text) > SHOWN_RESULT:  # the preview cuts it: the log has it whole
                        text.append(" …")
                        break
                    text.append(f"  ⟶ {effect}", style="bold")
                if out.draft.actor:
                    self.selected = out.draft.actor
                if out.next and not self.read_only:
                    self.preview.offered_shown = None
                    self.entry.offer(out.next)
            if self.files is not None and self.files.save_problem:
                text.append(_("  ✗ NOT SAVED (see the message)"), style="bold red")
        else:
            text = Text(f"✗ {feedback.message}", style="bold red")
            self.app.bell()
        self.preview.show_result(text, logged=feedback.record or feedback.outcome is not None)
        self.refresh_all()

    # -- events ----------------------------------------------------------------------------
    @on(Input.Changed, "#roll-entry")
    def _changed(self, event: Input.Changed) -> None:
        if self.read_only or event.value != self.entry.value:
            return  # a keystroke of a line committed since (type-ahead): its result stays
        if after_typed_keys(self.app, self._preview_entry):
            return  # more keys of this burst wait (type-ahead): the preview when they are in
        self._preview_entry()

    def _preview_entry(self) -> None:
        value = self.entry.value
        if value == self.entry.restored:
            return  # the refused line put back: its error stays until the GM edits it
        preview = self.preview
        if not value.strip():  # the results of committed lines stay until the GM types again
            preview.typed = None
            return
        if value == self.entry.offered and preview.results:
            if preview.offered_shown != value:  # the result stays, the step's odds under it
                preview.show_offered(value, self.table.preview(value))
                self._report_internal()
            return
        preview.cut_key = self._key_of("main.whole_preview") or "ctrl+o"
        preview.typed = self.table.preview(value)
        self._report_internal()

    def _key_of(self, binding_id: str) -> str:
        """The key (as the footer shows it) bound by ``binding_id`` here, keymap applied."""
        for binding in self.active_bindings.values():
            if binding.binding.id == binding_id:
                return self.app.get_key_display(binding.binding)
        return ""

    def commit_line(self, value: str) -> None:
        """Run a line the GM committed in the roll entry (Enter)."""
        line = value.strip()
        if not line and not self.read_only and open_offers(self.table.campaign):
            line = "/take"  # Enter on an empty entry: the oldest roll a player sent
        if not line:
            return
        if self.read_only and line.split()[0].casefold() not in READ_ONLY_COMMANDS:
            self.show_feedback(Feedback(False, _("read-only player view: nothing can change")))
            return
        feedback = self.table.submit(line)
        if self._kept is not None:
            self._kept.soon()
        if feedback.action and self._dispatch(feedback):
            return
        self.show_feedback(feedback)
        if not feedback.ok and feedback.at is not None:
            # the GM fixes the line instead of retyping it (unless already typing the next)
            self.entry.restore(line, feedback.at)

    def run_line(self, line: str) -> None:
        """Commit ``line`` as if typed (the roll form, "who rolls?", a paste): remembered in
        the entry history, run by :meth:`commit_line`."""
        self.entry.remember(line.strip())
        self.commit_line(line)

    def _pasted(self, lines: list[str]) -> None:
        """A paste of several lines: asked about, then each run in order."""
        from tui.screens.paste import ask_then_run

        ask_then_run(self.app, lines, self.entry, self.run_line)

    def on_resize(self, event: events.Resize) -> None:
        """A resize to the size the screen is already laid out at is not laid out again.

        Textual sends the screen a second resize of the same size just after the first frame
        (the driver reporting the terminal); a full layout of a big party costs ~50 ms and
        changes nothing. A real change of size, and every other layout request, go on as
        usual."""
        if event.size == self._laid_out_at:
            event.prevent_default()  # Screen's own handler would lay everything out again
        self._laid_out_at = event.size

    def on_unmount(self) -> None:
        if self._kept is not None:  # a line not written yet (quitting right away)
            self._kept.flush()

    def _report_internal(self) -> None:
        self._errors.check(self.table, self.app)

    @on(PartyList.Highlighted)
    def _highlighted(self, event: PartyList.Highlighted) -> None:
        names = self.party.names
        if event.index < len(names) and self.selected != names[event.index]:
            self.selected = names[event.index]
            self.party.show(self.table.campaign, self.selected)

    @on(PartyList.Selected)
    def _party_chosen(self, event: PartyList.Selected) -> None:
        names = self.party.names
        if event.index < len(names):
            self.open_character("sheet", names[event.index])

    def _dispatch(self, feedback: Feedback) -> bool:
        """Run the declared action a command answered with (``/find`` → the log search);
        False when it names none. The app's (``/help``, ``/quit``) run on the app."""
        mine = main_action(feedback.action)
        if mine is None:
            if feedback.ok:
                self.app.call_later(self.app.run_action, f"run({feedback.action!r})")
                self.preview.update("")
                return True
            return False
        if mine.gm_only and self.refuse_read_only():
            return True
        if mine.answer:
            self.show_feedback(feedback)
        elif not feedback.ok:
            return False
        else:
            self.preview.update("")
        self.app.call_later(mine.run, self, feedback.argument)
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The players' view lacks the declared actions that are the GM's alone (those that
        change the table, build a roll or read the GM's whole log)."""
        if action == "run" and parameters:
            declared = main_action(str(parameters[0]))
            return not (self.read_only and declared is not None and declared.gm_only)
        return True

    def action_run(self, name: str, argument: str = "") -> None:
        """A key of a declared action (:data:`tui.screens.actions.MAIN`)."""
        declared = main_action(name)
        if declared is not None:
            declared.run(self, argument)

    def slash(self, line: str) -> None:
        """Run a /command from a declared key (``/next``); refused in the read-only view."""
        if not self.refuse_read_only():
            self.show_feedback(self.table.submit(line))

    def clear_entry(self) -> None:
        """The line gone, with whatever the preview says about it (its odds, its error)."""
        self.entry.value = ""
        self.entry.restored = None
        self.preview.clear()

    def scroll_log(self, pages: int) -> None:
        log = self.log_panel
        log.scroll_lines(pages * max(1, log.content_size.height - 1))

    # -- back from the log -----------------------------------------------------------------
    @on(LogPanel.Leave)
    def _left_log(self) -> None:
        self.entry.resume()

    @on(LogPanel.Typed)
    def _typed_in_log(self, event: LogPanel.Typed) -> None:
        """Typing while a log line is highlighted: the roll entry takes it, key included."""
        self.entry.resume(event.character)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The focus going anywhere but the log ends selecting there (a click on the entry,
        Tab); the terminal losing the focus does not (nothing else takes it)."""
        if event.widget is not self.log_panel:
            self.log_panel.stop_selecting()

    # -- completion and the sheets ---------------------------------------------------------
    def _complete(self, text: str, count: int | None = None) -> list[str]:
        """The entry's completions, the first ``count`` (all: None); the module loads when
        first asked or by the warm-up, not to open."""
        from tui.session.table.completion import complete_line

        return complete_line(self.table, text, count)

    def open_character(self, screen: str, name: str) -> None:
        """The character sheet or editor (``screen``) of ``name`` (default: the selected);
        the players' view gets only the sheet (without GM notes), and only of the characters
        it shows."""
        from tui.screens.editor import EditorScreen
        from tui.screens.sheet import SheetScreen

        name = name or self.selected or ""
        names = self.party.names
        if name not in names:
            if not names:
                self.app.notify(_("No characters yet: /add NAME adds one"), markup=False)
                return
            name = names[0]

        def closed(result: str | None) -> None:
            if result is not None:
                self.selected = result
            self.refresh_all()

        if screen == "edit" and not self.read_only:
            self.app.push_screen(EditorScreen(self.table, name), closed)
        else:
            self.app.push_screen(
                SheetScreen(self.table, name, names=names, gm=not self.read_only), closed
            )

    def next_character(self) -> None:
        names = self.party.names
        if not names:
            return
        i = names.index(self.selected) + 1 if self.selected in names else 0
        self.selected = names[i % len(names)]
        self.party.show(self.table.campaign, self.selected)

    def refuse_read_only(self) -> bool:
        """True in the players' view, after saying it cannot change anything."""
        if self.read_only:
            self.show_feedback(Feedback(False, _("read-only player view: nothing can change")))
        return self.read_only

    def run_chosen(self, line: str | None) -> None:
        """A line a dialog built (the roll form, "who rolls?", the whole preview): committed
        as if typed, the focus back in the entry."""
        self.entry.focus()
        if line:
            self.entry.value = ""
            self.run_line(line)

    # -- looking back over the whole log ---------------------------------------------------
    def review_source(self) -> Source:
        """The whole log, for the screens that look back over it."""
        return log_source(self.table, self.files.log_path if self.files is not None else None)

    def review_finder(self) -> Finder:
        """The log's index, for the screens that search it (None: they stream the log)."""
        return log_finder(self.table, self.files.store if self.files is not None else None)

    def review_indexed(self) -> Callable[[], Indexed | None]:
        """The log's index as the recap reads it (see :func:`tui.screens.review.log_indexed`)."""
        return log_indexed(self.table, self.files.store if self.files is not None else None)
