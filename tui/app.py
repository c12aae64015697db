"""The Tablekeeper Textual app: owns the session, the store and the screens.

State flows one way: the app holds the :class:`~tui.session.table.table.Table` (and through it the
session); screens render what they are given and report intent with messages; every change
goes through the session, which tells the store to save (on a background thread, in order,
so the UI never waits for the disk).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import Screen

from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Session
from tui.session.table.table import Feedback, Table
from tui.store import (
    LockedError,
    SaveError,
    Store,
    backup_path,
    demo_paths,
    list_saves,
    new_campaign_path,
    saves_dir,
)

if TYPE_CHECKING:
    from tui.catalog import SaveSummary
    from tui.config import Config
    from tui.screens.main import MainScreen

__all__ = ["TablekeeperApp"]


class TablekeeperApp(App[None]):
    """``TablekeeperApp(save_path)`` opens a save; without one, the campaign picker."""

    CSS_PATH = "app.tcss"
    TITLE = "Tablekeeper"
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="app.undo", priority=True),
        Binding("ctrl+y", "redo", "Redo", id="app.redo", priority=True),
        Binding("f1", "help", "Help", id="app.help"),
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
        # Textual's own palette binding (same text, so the footer is unchanged), with an id
        Binding("ctrl+p", "command_palette", "palette", show=False, priority=True,
                tooltip="Open the command palette", id="app.command_palette"),
    ]

    def __init__(
        self,
        save_path: Path | None = None,
        *,
        saves_dir: Path | None = None,
        rng: random.Random | None = None,
        read_only: bool = False,
        config: Config | None = None,
    ) -> None:
        super().__init__()
        self.config = config
        self.listed: list[SaveSummary] = []  # the saves the picker last showed
        self.save_path = Path(save_path) if save_path is not None else None
        self.saves_folder = Path(saves_dir) if saves_dir is not None else None
        self.rng = rng or random.Random()
        self.read_only = read_only
        self.store: Store | None = None
        self.table: Table | None = None
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self.save_problem: str = ""
        self._quit_warned = False
        self._ui_loop: asyncio.AbstractEventLoop | None = None

    # -- start-up --------------------------------------------------------------------------
    @property
    def folder(self) -> Path:
        return self.saves_folder or saves_dir()

    def on_mount(self) -> None:
        self._ui_loop = asyncio.get_running_loop()
        if self.config is not None:
            from tui.config_ui import apply_config

            apply_config(self, self.config)
        if self.save_path is not None:
            self.open_campaign(self.save_path, read_only=self.read_only)
        else:
            self.show_picker()

    def show_picker(self) -> None:
        from tui.catalog import summarize
        from tui.screens.picker import PickerScreen

        self.listed = [summarize(p) for p in list_saves(self.folder)]
        demos = [summarize(p) for p in demo_paths()]
        self.push_screen(PickerScreen(self.listed, demos, self.folder), self._picked)

    def _picked(self, choice: tuple[str, Path | str] | None) -> None:
        from tui.catalog import copy_name
        from tui.screens.picker import NewCampaignScreen

        if choice is None:
            return
        kind, path = choice
        if kind == "open":
            self.open_campaign(Path(path))
        elif kind == "demo":
            try:
                template = Store.open(Path(path), read_only=True)
            except SaveError as exc:
                self.notify(str(exc), severity="error", timeout=10, markup=False)
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
            self.notify(
                f"Cannot create the campaign: {exc}", severity="error", timeout=10, markup=False
            )
            self.show_picker()
            return
        self.open_campaign(path)

    def open_campaign(self, path: Path, *, read_only: bool = False) -> None:
        from tui.screens.main import MainScreen

        try:
            store = Store.open(path, read_only=read_only)
        except LockedError as exc:
            self._problem(
                "Campaign already open",
                f"{exc}\n\nAnother Tablekeeper is "
                "writing to it. You can open it read-only (the player view).",
                path,
                [
                    ("readonly", "Open read-only (player view)"),
                    ("back", "Back to the campaign list"),
                    ("quit", "Quit"),
                ],
            )
            return
        except SaveError as exc:
            choices = [("back", "Back to the campaign list"), ("quit", "Quit")]
            if backup_path(path).exists():
                choices.insert(
                    0,
                    (
                        "backup",
                        f"Open the backup {backup_path(path).name} (the broken file is kept)",
                    ),
                )
            self._problem(
                "This save cannot be opened",
                f"{exc}\n\nThe file was not changed. Fix it in a text editor, or use the backup.",
                path,
                choices,
            )
            return
        except OSError as exc:
            self._problem(
                "This save cannot be opened",
                str(exc),
                path,
                [("back", "Back to the campaign list"), ("quit", "Quit")],
            )
            return
        self.store = store
        self.read_only = read_only
        session = Session(store.campaign, store.log)
        if not read_only:
            session.subscribe(self._autosave)
        self.table = Table(session, rng=self.rng)
        self.save_path = path
        self.sub_title = f"{store.campaign.name} — {path.name}"
        from tui.history import EntryHistory

        history = None if read_only else EntryHistory(path)  # players never see the GM's lines
        self.push_screen(MainScreen(self.table, read_only=read_only, history=history))

    def _problem(
        self, title: str, message: str, path: Path, choices: list[tuple[str, str]]
    ) -> None:
        from tui.screens.picker import ProblemScreen

        def chosen(key: str | None) -> None:
            if key == "readonly":
                self.open_campaign(path, read_only=True)
            elif key == "backup":
                self._open_backup(path)
            elif key == "quit":
                self.exit()
            else:
                self.show_picker()

        self.push_screen(ProblemScreen(title, message, choices), chosen)

    def _open_backup(self, path: Path) -> None:
        """Copy the backup beside the broken file under a new name and open that copy."""
        source = backup_path(path)
        target = path.with_name(f"{path.stem}.restored{path.suffix}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.stem}.restored-{n}{path.suffix}")
        shutil.copy2(source, target)
        self.notify(
            f"Opened a copy of the backup: {target.name}; {path.name} is untouched.",
            markup=False,
        )
        self.open_campaign(target)

    # -- autosave --------------------------------------------------------------------------
    def _autosave(self, campaign: Campaign, entries: Sequence[LogEntry]) -> None:
        store = self.store
        if store is None:
            return
        self._saver.submit(self._save_now, store, campaign, list(entries))

    def _save_now(self, store: Store, campaign: Campaign, entries: list[LogEntry]) -> None:
        try:
            store.listener(campaign, entries)
        except SaveError as exc:
            from tui.bugreport import record

            self.save_problem = str(exc)
            logged = record("save failed", str(exc))
            self._tell(
                f"Not saved: {exc}. Your changes are kept in memory and saved with the next "
                "change." + (f" Logged in {logged}." if logged else ""),
                "error",
            )
            return
        if self.save_problem:
            self.save_problem = ""
            self._tell("Saved again: everything is on disk.", "information")

    def _tell(self, message: str, severity: SeverityLevel) -> None:
        """From the saver thread: show ``message`` in place of earlier notices, without waiting.

        ``call_from_thread`` would deadlock while the UI waits for the saver (quit, flush);
        clearing first keeps repeated failures from stacking up and hiding "Saved again".
        """

        def show() -> None:
            if self._quit_warned and severity == "error":
                return  # the quit warning already says what is unsaved: keep it in view
            self.clear_notifications()
            self.notify(message, severity=severity, timeout=10, markup=False)

        if self._ui_loop is not None:
            with contextlib.suppress(RuntimeError):  # the app has already closed its loop
                self._ui_loop.call_soon_threadsafe(show)

    def flush(self) -> None:
        """Wait for pending saves (tests and quitting call this)."""
        self._saver.submit(lambda: None).result()

    # -- actions ---------------------------------------------------------------------------
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
        self._run_line("/undo")

    def action_redo(self) -> None:
        self._run_line("/redo")

    def action_end_adventure(self) -> None:
        from tui.screens.adventure_end import AdventureEndScreen

        if self.table is not None and not self.read_only:
            self.push_screen(AdventureEndScreen(self.table), self._adventure_ended)

    def _adventure_ended(self, feedback: Feedback | None) -> None:
        from tui.screens.main import MainScreen

        screen = self.main_screen()
        if isinstance(screen, MainScreen) and feedback is not None:
            screen.show_feedback(feedback)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen, key_rows

        self.push_screen(HelpScreen.of(self.table, key_rows(self.screen)))

    async def action_quit(self) -> None:
        problem = self._unsaved_problem()
        if problem and not self._quit_warned:
            self._quit_warned = True
            self.notify(
                f"Not saved: {problem}. Free some space (or fix the folder) and press "
                "ctrl+q again: it tries once more, and what still fails to save is lost.",
                severity="error",
                timeout=20,
                markup=False,
            )
            return
        self._close_store()
        self.exit()

    def _unsaved_problem(self) -> str:
        """Wait for queued saves and retry a failed one; the error if changes are still unsaved."""
        store = self.store
        if store is None or store.read_only or store.closed:
            return ""
        self.flush()
        if not store.pending:
            return ""
        try:
            store.flush()
        except SaveError as exc:
            return str(exc)
        return ""

    def _close_store(self) -> None:
        self._saver.shutdown(wait=True)
        if self.store is not None:
            self.store.close()
            self.store = None

    def on_unmount(self) -> None:
        self._close_store()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from tui.palette import commands

        yield from commands(self, screen, super().get_system_commands(screen))

    def fill_entry(self, text: str) -> None:
        """Put ``text`` in the roll entry (the palette's slash commands)."""
        from tui.screens.main import MainScreen

        screen = self.main_screen()
        if isinstance(screen, MainScreen):
            screen.entry.value = text
            screen.entry.cursor_position = len(text)
            screen.entry.focus()
