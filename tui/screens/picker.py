"""The campaign picker, the new-campaign form, and the problem screen for bad saves."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.base.locations import shown
from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.layout_keys import with_other_layout
from tui.session.systems import registry
from tui.store.catalog import SaveSummary
from tui.widgets.fit_words import fit_words
from tui.widgets.footer import Footer

__all__ = ["NewCampaignScreen", "PickerScreen", "ProblemScreen"]

#: the box's and the list's heights at 80×24 (as in the stylesheet); taller, both grow
PICKER_ROWS = 22
LIST_ROWS = 14


class PickerScreen(Screen[tuple[str, Path | str]]):
    """Lists saves, demo templates and "new campaign"; dismisses with the GM's choice.

    The result is ``("open", path)``, ``("demo", path)`` or ``("new", "")``. Each row shows
    the campaign's name, system and adventure (names are plain text, never markup); a broken
    save says why on its second line and still opens, to the problem screen. After the list
    is on screen a worker validates every file in full and marks the broken ones it finds.
    In the players' view (``tablekeeper --read-only``) it offers no new campaign: what is
    picked opens read-only.
    """

    BINDINGS = with_other_layout(
        [
            # quits as ctrl+q does; the footer shows ctrl+q's "Quit" only, so each key once
            Binding("q", "app.quit", "Quit", show=False, id="picker.quit"),
            Binding("n", "new", _("New campaign"), id="picker.new"),
        ]
    )
    EXTRA_KEYS = (("enter", N_("Open the highlighted campaign")),)
    # Focus by Textual once the list is there. A screen closed before its mount ran (a
    # problem dialog answered at once, the app leaving) mounts without its widgets: nothing
    # here looks one up with query_one, which would raise NoMatches and end the app.
    AUTO_FOCUS = "#picker-list"

    class Checked(Message):
        """A full check found ``problem`` in the row ``key``."""

        def __init__(self, key: str, problem: str) -> None:
            super().__init__()
            self.key = key
            self.problem = problem

    def __init__(
        self,
        saves: list[SaveSummary],
        demos: list[SaveSummary],
        folder: Path | None = None,
        *,
        read_only: bool = False,
    ) -> None:
        super().__init__()
        self.read_only = read_only  # the players' view: campaigns to watch, none to make
        self.rows: dict[str, tuple[str, SaveSummary]] = {}
        for i, summary in enumerate(saves):
            self.rows[f"open:{i}"] = ("open", summary)
        for i, summary in enumerate(demos):
            self.rows[f"demo:{i}"] = ("demo", summary)
        self.folder = folder

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No new campaign in the players' view (it writes nothing)."""
        return not (action == "new" and self.read_only)

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            title = (
                _("choose a campaign to watch (players' view, read-only)")
                if (self.read_only)
                else _("choose a campaign")
            )
            yield Static(f"Tablekeeper — {title}", id="picker-title")
            if self.folder is not None:
                where = _("Saves in {folder}").format(folder=shown(self.folder))
                yield Static(Text(where), id="picker-folder")
            options: list[Option | None] = (
                [] if self.read_only else [Option(_("＋ New campaign…"), id="new")]
            )
            for kind in ("open", "demo"):
                rows = [(key, s) for key, (k, s) in self.rows.items() if k == kind]
                if rows:
                    if options:
                        options.append(None)
                    options += [Option(_prompt(s, demo=kind == "demo"), id=key) for key, s in rows]
            yield OptionList(*options, id="picker-list")
            hint = (
                _("Enter opens read-only · q quits")
                if self.read_only
                else (_("Enter opens · n new campaign · q quits"))
            )
            yield Static(hint, id="picker-hint")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """The box and its list take the terminal's height (the stylesheet's sizes are those
        of 80×24): a tall terminal shows more campaigns, not a scroll bar."""
        for box in self.query("#picker"):
            box.styles.max_height = max(PICKER_ROWS, event.size.height - 2)
        room = event.size.height - (24 - LIST_ROWS)  # all but the title, hint and frame
        for listing in self.query("#picker-list"):
            listing.styles.max_height = max(LIST_ROWS, room)

    def on_mount(self) -> None:
        self.run_worker(self._check_all, thread=True, exclusive=True, group="picker-check")

    def _check_all(self) -> None:
        """In a thread: validate each save fully; post what is wrong (the list stays usable)."""
        from textual.worker import get_current_worker

        from tui.store.catalog import check

        worker = get_current_worker()
        for key, (_kind, summary) in list(self.rows.items()):
            if worker.is_cancelled:
                return
            if not summary.problem:
                problem = check(summary.path)
                if problem:
                    self.post_message(self.Checked(key, problem))

    @on(Checked)
    def _checked(self, event: Checked) -> None:
        kind, summary = self.rows[event.key]
        summary = replace(summary, problem=event.problem)
        self.rows[event.key] = (kind, summary)
        for listing in self.query("#picker-list").results(OptionList):
            listing.replace_option_prompt(event.key, _prompt(summary, demo=kind == "demo"))

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        key = event.option.id or ""
        if key == "new":
            self.dismiss(("new", ""))
        elif key in self.rows:
            kind, summary = self.rows[key]
            self.dismiss((kind, summary.path))

    def action_new(self) -> None:
        self.dismiss(("new", ""))


#: Characters of a row that fit the picker at 80 columns; longer lines end in "…".
ROW_WIDTH = 62


def _prompt(summary: SaveSummary, *, demo: bool) -> Text:
    """Two lines: the name (plain text), then system · adventure · file, or why it is broken."""
    first, second = Text(), Text("    ")
    if summary.problem:
        first.append("✗ ", style="bold red")
        first.append(summary.name)
        first.append(_("  broken — opens to show the error"), style="red")
        second.append(visible(summary.problem), style="red")
        second.append(f"  {visible(summary.path.name)}", style="dim")
    else:
        first.append((_("Demo: ") if demo else "") + summary.name, style="" if demo else "bold")
        if demo:
            first.append(_("  → starts a new copy"), style="dim")
        second.append(visible(f"{summary.details} · {summary.path.name}"), style="dim")
    return Text("\n").join(fit_words(line, ROW_WIDTH) for line in (first, second))


class NewCampaignScreen(ModalScreen[tuple[str, str] | None]):
    """Pick a system (unless fixed by a demo) and type a name; dismisses (system, name)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="new.cancel")]
    # the systems' list when there is one, else the name (as the picker: no lookup that a
    # screen closed before its mount could leave without a match)
    AUTO_FOCUS = "#new-system, #new-name"

    def __init__(self, *, system: str | None = None, name: str = "") -> None:
        super().__init__()
        self.system = system
        self.default_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="new-campaign"):
            yield Static(_("New campaign"), id="new-title")
            if self.system is None:
                yield OptionList(
                    *[Option(tr(s.name), id=s.key) for s in registry.infos()],
                    id="new-system",
                )
            else:
                yield Static(_("System: {name}").format(name=tr(registry.info(self.system).name)))
            yield Input(self.default_name, placeholder=_("campaign name"), id="new-name")
            yield Static("", id="new-error")
            yield Static(_("Tab moves between fields · Enter creates · Escape cancels"))

    def on_mount(self) -> None:
        for systems in self.query("#new-system").results(OptionList):
            systems.highlighted = 0

    @on(OptionList.OptionSelected, "#new-system")
    def _system(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#new-name", Input).focus()

    @on(Input.Submitted, "#new-name")
    def _submit(self, event: Input.Submitted) -> None:
        name = event.value.strip()
        if not name:
            self.query_one("#new-error", Static).update(_("Type a name for the campaign."))
            return
        system = self.system
        if system is None:
            lst = self.query_one("#new-system", OptionList)
            option = lst.highlighted_option
            system = option.id if option is not None and option.id else registry.system_keys()[0]
        self.dismiss((system, name))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ProblemScreen(ModalScreen[str]):
    """A save that cannot be opened: what is wrong, and what the GM can do about it.

    Dismisses with the chosen action key: ``backup``, ``readonly``, ``back`` or ``quit``.
    """

    BINDINGS = [Binding("escape", "choose('back')", "Back", id="problem.back")]
    # Focus by Textual once the choices are there, never a query that a dismissal racing
    # the mount could leave without a match (``NoMatches`` on a loaded machine).
    AUTO_FOCUS = "#problem-choices"

    def __init__(self, title: str, message: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.message = message
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="problem"):
            yield Static(Text(visible(tr(self.title_text))), id="problem-title")
            yield Static(Text(visible(self.message, newlines=True)), id="problem-message")
            yield OptionList(
                *[Option(Text(visible(tr(label))), id=key) for key, label in self.choices],
                id="problem-choices",
            )

    @on(OptionList.OptionSelected, "#problem-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id or "back")

    def action_choose(self, key: str) -> None:
        self.dismiss(key)
