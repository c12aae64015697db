"""Every command the GM reaches by key, palette or slash command, declared once.

An :class:`Action` says what runs, its default key and binding id, its footer and help
label, its palette entry and whether the players' view has it. The app's and the main
screen's bindings, the footer, the help's key list, the palette and the dispatch of a slash
command's answer (``Feedback.action``) are all made from :data:`APP` and :data:`MAIN`, so a
new screen reached by a command is its own file and one declaration here (and, if it has
one, its slash command answering with the declaration's name).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from textual.binding import Binding, BindingType

from tui.language import N_, tr
from tui.screens.line_dialogs import best, roll_form, whole_preview

if TYPE_CHECKING:
    from tui.app.app import TablekeeperApp
    from tui.screens.main import MainScreen

__all__ = ["APP", "MAIN", "Action", "app_action", "main_action"]

Owner = TypeVar("Owner")


@dataclass(frozen=True)
class Action(Generic[Owner]):
    """One command: ``run(owner, argument)`` does it (the argument a slash command gave,
    else ""); the rest says where it is offered. Texts are English message ids."""

    name: str  # the declaration's name, also what a slash command answers with
    run: Callable[[Owner, str], Awaitable[None] | None]
    key: str = ""  # the default key(s); "" — no binding (palette or slash command only)
    label: str = ""  # the footer's and the help's word for the key
    id: str = ""  # the binding id a config's [keymap] remaps
    footer: bool = False  # the footer shows the key
    priority: bool = False  # the key works even where a widget would take it
    tooltip: str = ""  # the footer's tooltip
    title: str = ""  # the palette's entry ("" — not in the palette)
    about: str = ""  # the palette's line; "{key}" is the key bound now, else it is appended
    about_view: str = ""  # the line in the players' view, when it differs
    gm_only: bool = False  # the players' view lacks it (key, palette and dispatch)
    campaign: bool = False  # only with a campaign open (not on the picker)
    answer: bool = False  # a slash command's answer is shown before it runs (/edit NAME)

    def binding(self) -> Binding:
        """The key binding, running this declaration through its owner's ``action_run``."""
        return Binding(
            self.key,
            f"run({self.name!r})",
            self.label,
            show=self.footer,
            priority=self.priority,
            tooltip=self.tooltip,
            id=self.id,
        )

    def about_text(self, key: str, *, view: bool = False) -> str:
        """The palette's line in the reader's language, naming ``key``."""
        about = tr(self.about_view if view and self.about_view else self.about)
        if "{key}" in about:
            return about.format(key=key)
        return f"{about} ({key})" if key else about


def bindings(actions: tuple[Action[Owner], ...]) -> list[BindingType]:
    """The bindings of the declarations that have a key, in their order."""
    return [action.binding() for action in actions if action.key]


# -- the app's: on every screen ----------------------------------------------------------
def _app(method: str) -> Callable[[TablekeeperApp, str], Awaitable[None] | None]:
    def run(app: TablekeeperApp, _argument: str) -> Awaitable[None] | None:
        result: Awaitable[None] | None = getattr(app, f"action_{method}")()
        return result

    return run


APP: tuple[Action[TablekeeperApp], ...] = (
    Action(
        "undo",
        _app("undo"),
        "ctrl+z",
        N_("Undo"),
        id="app.undo",
        footer=True,
        priority=True,
        title=N_("Undo"),
        about=N_("Take back the last change ({key})"),
        gm_only=True,
        campaign=True,
    ),
    # Redo is in the help and the palette: the footer keeps its room for the roll form
    Action(
        "redo",
        _app("redo"),
        "ctrl+y",
        N_("Redo"),
        id="app.redo",
        priority=True,
        title=N_("Redo"),
        about=N_("Do again what was undone ({key})"),
        gm_only=True,
        campaign=True,
    ),
    Action(
        "help",
        _app("help"),
        "f1",
        N_("Help"),
        id="app.help",
        footer=True,
        title=N_("Help"),
        about=N_("Keys and the roll-entry language"),
        about_view=N_("Keys and what this view shows"),
    ),
    Action(
        "quit",
        _app("quit"),
        "ctrl+q",
        N_("Quit"),
        id="app.quit",
        footer=True,
        priority=True,
        title=N_("Quit"),
        about=N_("Save and leave"),
        about_view=N_("Leave the players' view"),
    ),
    # the clipboard (OSC 52): in the help and the palette, not the footer; priority, so
    # they work over the recap and other modal screens too
    Action(
        "copy_result",
        _app("copy_result"),
        "alt+c",
        N_("Copy result"),
        id="app.copy_result",
        priority=True,
        title=N_("Copy the last result"),
        about=N_("The newest log line to the clipboard ({key})"),
        gm_only=True,
        campaign=True,
    ),
    Action(
        "copy_recap",
        _app("copy_recap"),
        "alt+r",
        N_("Copy recap"),
        id="app.copy_recap",
        priority=True,
        title=N_("Copy the recap"),
        about=N_("The recap on screen, else the players' recap, as Markdown ({key})"),
        gm_only=True,
        campaign=True,
    ),
    # Textual's own palette key (same text, so the footer is unchanged), with an id
    Action(
        "command_palette",
        _app("command_palette"),
        "ctrl+p",
        N_("palette"),
        id="app.command_palette",
        priority=True,
        tooltip=N_("Open the command palette"),
    ),
    # /links and BRP's /end: slash commands only
    Action("links", _app("links"), gm_only=True, campaign=True),
    Action("end_adventure", _app("end_adventure"), gm_only=True, campaign=True),
)


# -- the main screen's: the table in play ------------------------------------------------
def _find(screen: MainScreen, text: str) -> None:
    from tui.screens.log_search import LogSearchScreen
    from tui.session.review.find import LogFilter

    campaign = screen.table.campaign
    screen.app.push_screen(
        LogSearchScreen(
            campaign, screen.review_source(), LogFilter(text=text), finder=screen.review_finder()
        )
    )


def _scenes(screen: MainScreen, _argument: str) -> None:
    from tui.screens.scenes_list import ScenesScreen

    screen.app.push_screen(
        ScenesScreen(screen.table.campaign, screen.review_source(), screen.review_finder())
    )


def _stats(screen: MainScreen, _argument: str) -> None:
    from tui.screens.dice_stats import DiceStatsScreen

    screen.app.push_screen(DiceStatsScreen(screen.table, screen.review_source()))


def _recap(screen: MainScreen, words: str) -> None:
    from tui.screens.recap_view import RecapScreen

    save = screen.files.save_file if screen.files is not None else None
    campaign = screen.table.campaign
    screen.app.push_screen(
        RecapScreen(campaign, screen.review_source(), words, save, screen.review_indexed())
    )


def _scene(screen: MainScreen, _argument: str) -> None:
    from tui.screens.scene import SceneScreen

    screen.app.push_screen(SceneScreen(screen.table.campaign))


def _edit_encounter(screen: MainScreen, name: str) -> None:
    from tui.screens.encounter_editor import EncounterEditorScreen

    screen.app.push_screen(
        EncounterEditorScreen(screen.table, name), lambda _s: screen.refresh_all()
    )


MAIN: tuple[Action[MainScreen], ...] = (
    Action(
        "next_character",
        lambda screen, _: screen.next_character(),
        "f2",
        N_("Next sheet"),
        id="main.next_character",
        footer=True,
        tooltip=N_("Show the next character's sheet"),
        title=N_("Next sheet"),
        about=N_("Show the next character's sheet ({key})"),
    ),
    Action(
        "sheet",
        lambda screen, name: screen.open_character("sheet", name),
        "f4",
        N_("Sheet"),
        id="main.sheet",
        tooltip=N_("The full sheet of the selected character"),
        title=N_("Character sheet"),
        about=N_("Everything about the selected character ({key})"),
        answer=True,
    ),
    Action(
        "clear_entry", lambda s, _: s.clear_entry(), "escape", N_("Clear line"), id="main.clear"
    ),
    # the preview's last row names it when it cuts the preview; the footer has no room
    Action(
        "whole_preview",
        whole_preview,
        "ctrl+o",
        N_("All odds"),
        id="main.whole_preview",
        tooltip=N_("The typed line's whole preview: every outcome on its row, every note"),
    ),
    Action("log_up", lambda s, _: s.scroll_log(-1), "pageup", N_("Log up"), id="main.log_up"),
    Action(
        "log_down", lambda s, _: s.scroll_log(1), "pagedown", N_("Log down"), id="main.log_down"
    ),
    Action(
        "select_log",
        lambda screen, _: screen.log_panel.toggle_selecting(),
        "ctrl+l",
        N_("Select in log"),
        id="main.select_log",
        title=N_("Select in log"),
        about=N_("Highlight a log line: Up/Down move, Enter copies, Escape goes back ({key})"),
    ),
    # priority: in the roll entry alt+l would type an "l" (a terminal sends it as one)
    Action(
        "copy_log_line",
        lambda screen, _: screen.log_panel.copy_line(),
        "alt+l",
        N_("Copy log line"),
        id="main.copy_log_line",
        priority=True,
        title=N_("Copy log line"),
        about=N_("The highlighted log line (else the newest) to the clipboard ({key})"),
    ),
    Action(
        "next_turn",
        lambda s, _: s.slash("/next"),
        "ctrl+n",
        N_("Next turn"),
        id="main.next_turn",
        footer=True,
        gm_only=True,
    ),
    Action(
        "actor_up",
        lambda s, _: s.slash("/up"),
        "alt+up",
        N_("Actor up"),
        id="main.actor_up",
        gm_only=True,
    ),
    Action(
        "actor_down",
        lambda s, _: s.slash("/down"),
        "alt+down",
        N_("Actor down"),
        id="main.actor_down",
        gm_only=True,
    ),
    Action(
        "roll_form",
        roll_form,
        "ctrl+r",
        N_("Roll form"),
        id="main.roll_form",
        footer=True,
        title=N_("Roll form"),
        about=N_("A roll with fields: character, skill, modifiers, dice ({key})"),
        gm_only=True,
    ),
    Action(
        "best",
        best,
        "ctrl+b",
        N_("Who should roll?"),
        id="main.best",
        title=N_("Who should roll this?"),
        about=N_("Every party member's odds for the typed check, best first ({key}; /best SKILL)"),
        gm_only=True,
    ),
    # the panel's last row names f3 when lines are hidden; the footer has no room for it
    Action(
        "scene_details",
        _scene,
        "f3",
        N_("Whole scene"),
        id="main.scene",
        title=N_("Whole scene"),
        about=N_("Every line of the scene panel ({key})"),
    ),
    # looking back over the whole log (the players' view has none of it)
    Action(
        "find_log",
        _find,
        "f6",
        N_("Find"),
        id="main.find",
        title=N_("Find in the log"),
        about=N_("Search the whole log; filter by character, kind, grade ({key}; /find TEXT)"),
        gm_only=True,
    ),
    Action(
        "past_scenes",
        _scenes,
        "f7",
        N_("Scenes"),
        id="main.scenes",
        title=N_("Past scenes"),
        about=N_("Every scene so far; Enter opens its log ({key}; /scenes)"),
        gm_only=True,
    ),
    Action(
        "dice_stats",
        _stats,
        "f8",
        N_("Dice stats"),
        id="main.stats",
        title=N_("Dice statistics"),
        about=N_("Each character's successes against the exact odds, as a chart ({key}; /stats)"),
        gm_only=True,
    ),
    Action("recap", _recap, gm_only=True),
    Action(
        "edit",
        lambda screen, name: screen.open_character("edit", name),
        title=N_("Edit character"),
        about=N_("Open the editor on the selected character (/edit)"),
        gm_only=True,
        answer=True,
    ),
    # /encounter NAME edit: the prepared encounter's editor (the GM's alone)
    Action("edit_encounter", _edit_encounter, gm_only=True, answer=True),
)

_APP_BY_NAME = {action.name: action for action in APP}
_MAIN_BY_NAME = {action.name: action for action in MAIN}


def app_action(name: str) -> Action[TablekeeperApp] | None:
    return _APP_BY_NAME.get(name)


def main_action(name: str) -> Action[MainScreen] | None:
    return _MAIN_BY_NAME.get(name)
