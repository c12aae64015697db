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

from rich.markup import escape
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
    ]

    def __init__(
        self,
        save_path: Path | None = None,
        *,
        saves_dir: Path | None = None,
        rng: random.Random | None = None,
        read_only: bool = False,
    ) -> None:
        super().__init__()
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
        if self.save_path is not None:
            self.open_campaign(self.save_path, read_only=self.read_only)
        else:
            self.show_picker()

    def show_picker(self) -> None:
        from tui.screens.picker import PickerScreen, save_label

        saves = [(save_label(p), p) for p in list_saves(self.folder)]
        demos = [(save_label(p), p) for p in demo_paths()]
        self.push_screen(PickerScreen(saves, demos), self._picked)

    def _picked(self, choice: tuple[str, Path | str] | None) -> None:
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

            self.push_screen(
                NewCampaignScreen(system=campaign.system, name=f"{campaign.name} (copy)"), made
            )
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
        self.push_screen(MainScreen(self.table, read_only=read_only))

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
            self.save_problem = str(exc)
            self._tell(
                f"Not saved: {exc}. Your changes are kept in "
                "memory and saved with the next change.",
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
    def _main(self) -> Screen[None] | None:
        from tui.screens.main import MainScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainScreen):
                return screen
        return None

    def _run_line(self, line: str) -> None:
        """Run a roll-entry line as if typed (undo/redo keys and the palette use this)."""
        from tui.screens.main import MainScreen

        screen = self._main()
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

        screen = self._main()
        if isinstance(screen, MainScreen) and feedback is not None:
            screen.show_feedback(feedback)

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.push_screen(HelpScreen.of(self.table))

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
        yield SystemCommand("Undo", "Take back the last change (ctrl+z)", self.action_undo)
        yield SystemCommand("Redo", "Do again what was undone (ctrl+y)", self.action_redo)
        yield SystemCommand("Help", "Keys and the roll-entry language (f1)", self.action_help)
        main = self._main()
        if main is not None:
            yield SystemCommand(
                "Next sheet",
                "Show the next character's sheet (f2)",
                lambda: main.run_action("next_character"),
            )
        if self.table is not None:
            for cmd in self.table.commands():
                if cmd.name in ("undo", "redo", "help", "quit"):
                    continue
                yield SystemCommand(
                    f"/{cmd.name}",
                    # the palette reads help as markup: usages are full of [optional] parts
                    escape(f"{cmd.usage} — {cmd.help}"),
                    lambda c=cmd: self._fill(f"/{c.name} "),
                )
        yield SystemCommand("Quit", "Save and leave (ctrl+q)", self.action_quit)

    def _fill(self, text: str) -> None:
        from tui.screens.main import MainScreen

        screen = self._main()
        if isinstance(screen, MainScreen):
            screen.entry.value = text
            screen.entry.cursor_position = len(text)
            screen.entry.focus()

