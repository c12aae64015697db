"""The Tablekeeper Textual app: owns the session, the campaign's files and the screens.

State flows one way: the app holds the :class:`~tui.session.table.table.Table` (and through it
the session); screens render what they are given and report intent with messages; every
change goes through the session, whose listener (:class:`~tui.store.autosave.Autosaver`)
makes it durable in the log before the screen shows it and checkpoints the save in the
background. The campaign's files — opening and its problems, the autosaver's reports,
outside edits — are an object the app owns (:class:`~tui.app.files.CampaignFiles`), asking
the app only for what :class:`~tui.app.files.FilesHost` lists.

Read-only (``--read-only``, the "already open" choice, ``tablekeeper serve``) the app is the
players' view: its table is a :class:`~tui.app.players_feed.PlayersFeed`'s, over what the players
may see, and a timer follows the writer (:data:`FOLLOW_EVERY`); the keys, the palette and the
help offer only what works there.

The GM's app also follows the campaign's inbox of the players' answers to ``/ask``
(:mod:`tui.app.answers`): each is run as the GM's own roll line would be.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import threading
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.app import SystemCommand
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tui.app.files import CampaignFiles
from tui.app.terminal import lenient_input
from tui.base import gcpause
from tui.base.textsafe import visible
from tui.language import _
from tui.screens.actions import APP, Action, app_action, bindings
from tui.session.campaign.model import Campaign
from tui.session.table.table import Feedback, Table
from tui.store import (
    SaveError,
    Store,
    demo_paths,
    list_saves,
    new_campaign_path,
    saves_dir,
)
from tui.widgets.key_order import OrderedKeysApp

if TYPE_CHECKING:
    from textual.timer import Timer

    from tui.app.answers import Answers
    from tui.app.config import Config
    from tui.screens.main import MainScreen
    from tui.store.catalog import SaveSummary

__all__ = ["FOLLOW_EVERY", "GC_RESUME_AT_THE_LATEST", "TablekeeperApp"]

#: Seconds between two looks at the files in the players' view (two ``stat`` calls each).
FOLLOW_EVERY = 0.2
#: Seconds after start-up by which the garbage collector is back on, whatever is shown.
GC_RESUME_AT_THE_LATEST = 3.0


async def _awaited(done: Awaitable[None]) -> None:
    await done


@runtime_checkable
class StepsOwnCopy(Protocol):
    """A screen that edits a copy of something (the encounter editor): while it is on top,
    the undo and redo keys step that copy, never the table under it."""

    def undo_own(self) -> None: ...

    def redo_own(self) -> None: ...


class UiCall(Message):
    """A call posted from a worker thread, run on the app's (the autosaver's reports)."""

    def __init__(self, call: Callable[[], None]) -> None:
        super().__init__()
        self.call = call


class TablekeeperApp(OrderedKeysApp[None]):
    """``TablekeeperApp(save_path)`` opens a save; without one, the campaign picker."""

    CSS_PATH = "app.tcss"
    TITLE = "Tablekeeper"
    BINDINGS = bindings(APP)

    def __init__(
        self,
        save_path: Path | None = None,
        *,
        saves_dir: Path | None = None,
        rng: random.Random | None = None,
        read_only: bool = False,
        config: Config | None = None,
    ) -> None:
        gcpause.pause()  # while the campaign opens (see tui.base.gcpause); resumed once interactive
        super().__init__()
        lenient_input()
        self.config = config
        self.listed: list[SaveSummary] = []  # the saves the picker last showed
        self.save_path = Path(save_path) if save_path is not None else None
        self.saves_folder = Path(saves_dir) if saves_dir is not None else None
        self.rng = rng or random.Random()
        self.read_only = read_only
        self.files = CampaignFiles(self, rng=self.rng)
        self.table: Table | None = None
        self._ui_loop: asyncio.AbstractEventLoop | None = None
        self._ui_thread = threading.get_ident()
        self._follow_timer: Timer | None = None
        self.answers: Answers | None = None  # the players' answers, while a campaign is open
        self._answers_timer: Timer | None = None

    def say(
        self, message: str, *, severity: SeverityLevel = "information", timeout: float = 10
    ) -> None:
        """A notification as plain text: file and campaign names can never drive the screen."""
        self.notify(
            visible(message, newlines=True), severity=severity, timeout=timeout, markup=False
        )

    # -- start-up --------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return self.saves_folder or saves_dir()

    def on_mount(self) -> None:
        self.set_timer(GC_RESUME_AT_THE_LATEST, gcpause.resume)  # whatever screen is open
        self._ui_loop = asyncio.get_running_loop()
        self._ui_thread = threading.get_ident()
        for sig in (signal.SIGHUP, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                self._ui_loop.add_signal_handler(sig, self._on_signal)
        if self.config is not None:
            from tui.app.config_ui import apply_config

            apply_config(self, self.config, read_only=lambda: self.read_only)
        if self.save_path is not None:
            self.open_campaign(self.save_path, read_only=self.read_only)
        else:
            self.show_picker()

    def show_picker(self) -> None:
        from tui.screens.picker import PickerScreen
        from tui.store.catalog import summarize

        self.listed = [summarize(p) for p in list_saves(self.folder)]
        demos = [summarize(p) for p in demo_paths()]
        self.push_screen(
            PickerScreen(self.listed, demos, self.folder, read_only=self.read_only), self._picked
        )

    def _picked(self, choice: tuple[str, Path | str] | None) -> None:
        from tui.screens.picker import NewCampaignScreen
        from tui.store.catalog import copy_name

        if choice is None:
            return
        kind, path = choice
        if self.read_only:  # the players' view opens what is picked read-only, makes nothing
            if kind in ("open", "demo"):
                self.open_campaign(Path(path), read_only=True)
            else:
                self.say(
                    _(
                        "The players' view only looks: start Tablekeeper without --read-only to "
                        "make a campaign."
                    ),
                    severity="warning",
                )
                self.show_picker()
            return
        if kind == "open":
            self.open_campaign(Path(path))
        elif kind == "demo":
            try:
                template = Store.open(Path(path), read_only=True)
            except SaveError as exc:
                self.say(str(exc), severity="error")
                self.show_picker()
                return
            campaign = template.campaign
            template.close()

            def made(result: tuple[str, str] | None) -> None:
                if result is None:
                    self.show_picker()
                    return
                self.create_campaign(campaign, result[1])

            name = copy_name(campaign.name, [s.name for s in self.listed])
            self.push_screen(NewCampaignScreen(system=campaign.system, name=name), made)
        else:

            def made_new(result: tuple[str, str] | None) -> None:
                if result is None:
                    self.show_picker()
                    return
                self.create_campaign(Campaign(name=result[1], system=result[0]), result[1])

            self.push_screen(NewCampaignScreen(), made_new)

    def create_campaign(self, template: Campaign, name: str) -> None:
        """Start a new save (a copy of ``template`` renamed) in the saves folder."""
        from dataclasses import replace

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = new_campaign_path(self.folder, name)
            Store.create(path, replace(template, name=name)).close()
        except (SaveError, ValueError, OSError) as exc:
            self.say(_("Cannot create the campaign: {exc}").format(exc=exc), severity="error")
            self.show_picker()
            return
        self.open_campaign(path)

    def open_campaign(self, path: Path, *, read_only: bool = False) -> None:
        from tui.screens.main import MainScreen

        table = self.files.open(path, read_only=read_only)
        if table is None:
            return  # a dialog says why, with the GM's choices
        self.table = table
        self.read_only = read_only
        if read_only:
            self._follow_timer = self.set_interval(FOLLOW_EVERY, self._follow)
        self.save_path = path
        self.sub_title = visible(f"{self.table.campaign.name} — {path.name}")
        from tui.app.history import EntryHistory

        history = None if read_only else EntryHistory(path)  # players never see the GM's lines
        self.push_screen(
            MainScreen(self.table, read_only=read_only, history=history, files=self.files)
        )
        if not read_only:
            self._follow_answers()
        store = self.files.store
        if store is not None and store.set_aside is not None:
            self.say(
                _(
                    "The log ended with an incomplete entry (a crash while writing?); it was moved "
                    "to {name}."
                ).format(name=store.set_aside.name),
                timeout=15,
            )

    def _follow_answers(self) -> None:
        """The GM's app: follow the campaign's inbox of the players' answers (``/ask``)."""
        from tui.app.answers import EVERY, Answers
        from tui.store.inbox import Inbox

        store = self.files.store
        if store is None or store.campaign_id is None or self.table is None:
            return
        self.answers = Answers(Inbox.of(store.campaign_id), self.table, store)
        self._answers_timer = self.set_interval(EVERY, self._take_answers)

    def _take_answers(self) -> None:
        """Run the answers that came in, each shown as the GM's own roll would be."""
        answers = self.answers
        if answers is None:
            return
        try:
            taken = answers.poll()
        except OSError as exc:  # the state folder cannot be read right now: the next look
            from tui.base.bugreport import record

            record("the players' answers cannot be read", str(exc))
            return
        screen = self.main_screen()
        for one in taken:
            if screen is not None:
                screen.show_feedback(one.feedback)
            if one.answer.line is not None:  # a roll the player started: the GM hears of it
                self.say(
                    one.feedback.message, severity="information" if one.feedback.ok else "warning"
                )
            elif not one.feedback.ok:
                self.say(
                    _("{who}'s answer to request {id} was not taken: {why}").format(
                        who=one.answer.who, id=one.answer.request, why=one.feedback.message
                    ),
                    severity="warning",
                )

    def _follow(self) -> None:
        """The players' view: take in what the writer committed; repaint only on a change."""
        feed = self.files.feed
        if feed is None or not feed.poll():
            return
        screen = self.main_screen()
        if screen is not None:
            screen.refresh_all()
        if feed.problem:  # its words may quote the GM's file: the players get none of them
            from tui.base.bugreport import record

            record("players' view cannot read the campaign", feed.problem)
            self.say(
                _(
                    "The campaign cannot be read right now (is it being changed?). Showing the "
                    "last state; trying again."
                ),
                severity="warning",
                timeout=5,
            )

    # -- actions ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A declared action the GM alone has is not offered in the players' view (keys,
        footer), nor one on the open campaign without one (the picker: nothing to undo)."""
        declared = app_action(str(parameters[0]) if action == "run" and parameters else action)
        return declared is None or self.allows(declared)

    def allows(self, action: Action[TablekeeperApp] | Action[MainScreen]) -> bool:
        """Whether ``action`` is offered now (its key, its palette entry)."""
        if action.campaign and self.table is None:
            return False
        return not (self.read_only and action.gm_only)

    async def action_run(self, name: str, argument: str = "") -> None:
        """A key of a declared action, or a command's answer naming one
        (:data:`tui.screens.actions.APP`)."""
        declared = app_action(name)
        if declared is not None and self.allows(declared):
            done = declared.run(self, argument)
            if done is not None:
                await done

    def run_declared(self, action: Action[TablekeeperApp]) -> None:
        """Run ``action`` now (the palette's entries); what it awaits, as soon as it can."""
        if self.allows(action):
            done = action.run(self, "")
            if done is not None:
                self.call_later(_awaited, done)

    def main_screen(self) -> MainScreen | None:
        """The main screen when a campaign is open (it may be under a dialog)."""
        from tui.screens.main import MainScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainScreen):
                return screen
        return None

    def _run_line(self, line: str) -> None:
        """Run a roll-entry line as if typed (undo/redo keys and the palette use this)."""
        from tui.screens.main import MainScreen

        screen = self.main_screen()
        if isinstance(screen, MainScreen) and self.table is not None and not self.read_only:
            screen.show_feedback(self.table.submit(line))

    def action_undo(self) -> None:
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(top, StepsOwnCopy):  # the encounter editor: its copy, not the table
            top.undo_own()
            return
        self._run_line("/undo")
        self._reload_screen()

    def action_redo(self) -> None:
        top = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(top, StepsOwnCopy):
            top.redo_own()
            return
        self._run_line("/redo")
        self._reload_screen()

    def _reload_screen(self) -> None:
        """The end of adventure shows campaign state of its own: after undo or redo, anew."""
        from tui.screens.adventure_end import AdventureEndScreen

        if isinstance(self.screen, AdventureEndScreen):
            self.screen.reload()

    def action_copy_result(self) -> None:
        from tui.app.palette import copy_result

        copy_result(self)

    def action_copy_recap(self) -> None:
        from tui.app.palette import copy_recap

        copy_recap(self)

    def action_links(self) -> None:
        """``/links``: every party character's page, from the running server's file."""
        from tui.screens.links import LinksScreen
        from tui.session.asks.requests import askable
        from tui.store.links import Links

        store = self.files.store
        if self.table is None or store is None or store.campaign_id is None or self.read_only:
            return
        links = Links(store.campaign_id)
        kept = links.read()
        party = [c.name for c in self.table.campaign.characters if askable(c)]
        name = self.save_path.name if self.save_path is not None else "FILE"
        if not links.serving() or not kept.base:
            self.push_screen(
                LinksScreen(
                    [],
                    _(
                        "No server runs for this campaign. Start `tablekeeper serve {name}` "
                        "(add --host 0.0.0.0 for phones on the network): it prints the links, "
                        "and they show here."
                    ).format(name=name),
                )
            )
            return
        rows = [(n, f"{kept.base}/p/{kept.tokens[n]}" if n in kept.tokens else "") for n in party]
        note = _(
            "Each link opens that character's page: their sheet, the GM's requests (/ask) and a "
            "field for their dice. Anyone with a link can answer for that character; "
            "`tablekeeper serve {name} --new-links` replaces them all."
        ).format(name=name)
        self.push_screen(LinksScreen(rows, note))

    def action_end_adventure(self) -> None:
        from tui.screens.adventure_end import AdventureEndScreen

        if self.table is not None and not self.read_only:
            self.push_screen(AdventureEndScreen(self.table), self._adventure_ended)

    def _adventure_ended(self, feedback: Feedback | None) -> None:
        from tui.screens.main import MainScreen

        screen = self.main_screen()
        if isinstance(screen, MainScreen) and feedback is not None:
            screen.show_feedback(feedback)

    def action_command_palette(self) -> None:
        """Textual's palette, its search prompt in the GM's language."""
        from textual.command import CommandPalette

        # Textual types is_open's app as App[object]; App is invariant in its result type
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(
                CommandPalette(id="--command-palette", placeholder=_("Search for commands…"))
            )

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen, key_rows

        self.push_screen(HelpScreen.of(self.table, key_rows(self.screen), read_only=self.read_only))

    async def action_quit(self) -> None:
        problem = self.files.unsaved_problem()
        if problem and not self.files.quit_warned:
            self.files.quit_warned = True
            self.say(
                _(
                    "Not saved: {problem}. Free some space (or fix the folder) and press ctrl+q "
                    "again: it tries once more, and what still fails to save is lost."
                ).format(problem=problem),
                severity="error",
                timeout=20,
            )
            return
        self._close_campaign()
        self.exit()

    def on_unmount(self) -> None:
        gcpause.resume()
        self._close_campaign()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from tui.app.palette import commands

        yield from commands(self, screen, super().get_system_commands(screen))

    def fill_entry(self, text: str) -> None:
        """Put ``text`` in the roll entry (the palette's slash commands)."""
        from tui.screens.main import MainScreen

        screen = self.main_screen()
        if isinstance(screen, MainScreen):
            screen.entry.value = text
            screen.entry.cursor_position = len(text)
            screen.entry.focus()

    # -- the campaign's files (what CampaignFiles asks of the app) -------------------------
    def ask(
        self,
        title: str,
        message: str,
        choices: list[tuple[str, str]],
        chosen: Callable[[str | None], None],
    ) -> None:
        """A problem with a save and what the GM can do about it (a dialog).

        The app pushes the dialog from its own queue, so the app, not the widget whose handler
        met the problem, receives the GM's choice: Textual hands a dialog's result to whatever
        was running when it was pushed, and a conflict found while the roll entry handles a
        line closes the entry's screen first — its result went nowhere, and the GM was left
        on a blank screen whatever they chose.
        """
        from tui.screens.picker import ProblemScreen

        self.call_later(self.push_screen, ProblemScreen(title, message, choices), chosen)

    def on_ui_thread(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the app's thread: at once there, posted from any other."""
        if threading.get_ident() != self._ui_thread:
            self.post_message(UiCall(call))  # thread-safe, and never waits for the screen
            return
        call()

    def saving_changed(self) -> None:
        """The header's "NOT SAVED" mark follows the files' state at once."""
        from tui.screens.main import MainScreen

        for screen in self.screen_stack:
            if isinstance(screen, MainScreen):
                screen.refresh_all()

    def on_ui_call(self, message: UiCall) -> None:
        message.call()

    def leave_campaign(self) -> None:
        """Close the open campaign (its writes stop here) and take its screen away."""
        from tui.screens.main import MainScreen

        self._close_campaign()
        self.table = None
        while isinstance(self.screen, MainScreen) or (
            len(self.screen_stack) > 1 and any(isinstance(s, MainScreen) for s in self.screen_stack)
        ):
            self.pop_screen()

    def flush(self) -> None:
        """Wait for the background checkpoint (tests call this before reading the save)."""
        self.files.flush()

    def _on_signal(self) -> None:
        """SIGHUP or SIGTERM: write what is due, release the lock, leave (even without a
        terminal to restore: a watchdog ends the process if leaving hangs)."""
        self._close_campaign()
        watchdog = threading.Timer(3.0, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.exit()

    def _close_campaign(self) -> None:
        """Stop following or autosaving (writing the last checkpoint), release the campaign."""
        if self._follow_timer is not None:  # the players' view stops following
            self._follow_timer.stop()
            self._follow_timer = None
        if self._answers_timer is not None:  # the GM's app stops taking answers
            self._answers_timer.stop()
            self._answers_timer = None
        if self.answers is not None:
            self.answers.close()
            self.answers = None
        self.files.close()
