"""The open campaign's files, for the app: problems on opening, autosave, outside changes.

:class:`CampaignFiles` is mixed into :class:`~tui.app.app.TablekeeperApp`. It turns every
problem with a save into a dialog or a notification (as plain text: file and campaign names
never drive the terminal), reports the autosaver's failures, handles a save or log changed
on disk while the campaign is open (stop writing, keep the app's state beside, let the GM
choose), and closes the campaign cleanly on quit, SIGHUP and SIGTERM.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

from tui.language import N_, _
from tui.store import ConflictError, SaveError, backup_path, restore_backup

if TYPE_CHECKING:
    from tui.app.app import TablekeeperApp

    _Base = TablekeeperApp
else:
    _Base = object

__all__ = ["CampaignFiles"]


class CampaignFiles(_Base):
    """Save handling of the app (see the module docstring)."""

    def _problem(
        self,
        title: str,
        message: str,
        path: Path,
        choices: list[tuple[str, str]],
        beside: Path | None = None,
    ) -> None:
        from tui.screens.picker import ProblemScreen

        def chosen(key: str | None) -> None:
            if key == "readonly":
                self.open_campaign(path, read_only=True)
            elif key == "backup":
                self._restore_backup(path)
            elif key == "reload":
                self.open_campaign(path)
            elif key == "beside" and beside is not None:
                self.open_campaign(beside)
            elif key == "quit":
                self.exit()
            else:
                self.show_picker()

        self.push_screen(ProblemScreen(title, message, choices), chosen)

    def _restore_backup(self, path: Path) -> None:
        """Put the backup in place of the broken file (moved aside) and open the campaign."""
        try:
            restored = restore_backup(path)
        except SaveError as exc:
            self.say(
                _("Cannot restore the backup: {exc}").format(exc=exc), severity="error", timeout=15
            )
            self.show_picker()
            return
        self.say(
            _("Restored {name}; the broken file was moved aside ({name2}.broken-…).").format(
                name=backup_path(path).name, name2=path.name
            ),
            timeout=10,
        )
        self.open_campaign(restored)

    # -- saving --------------------------------------------------------------------------
    class SaveReport(Message):
        """A write problem (or its end) reported by the autosaver's worker thread."""

        def __init__(self, error: SaveError | None, durable: bool) -> None:
            super().__init__()
            self.error = error
            self.durable = durable

    def on_campaign_files_save_report(self, message: CampaignFiles.SaveReport) -> None:
        self._save_report(message.error, message.durable)

    def _save_report(self, error: SaveError | None, durable: bool) -> None:
        """From the autosaver (any thread): a failed record (``durable=False``: the change
        is only in memory), a failed checkpoint (``durable=True``: the log holds every
        change, the save file lags), or ``None`` once writes work again."""
        if threading.get_ident() != self._ui_thread:
            self.post_message(CampaignFiles.SaveReport(error, durable))  # thread-safe
            return
        if isinstance(error, ConflictError):
            self._conflict(error)
            return
        if error is None:
            had = bool(self.save_problem or self.checkpoint_problem)
            if durable:
                self.checkpoint_problem = ""
            else:
                self.save_problem = ""
            if had and not (self.save_problem or self.checkpoint_problem):
                self.clear_notifications()
                self.say(_("Saved again: everything is on disk."))
            return
        from tui.base.bugreport import record

        logged = record("checkpoint failed" if durable else "save failed", str(error))
        where = _(" Logged in {file}.").format(file=logged) if logged else ""
        if durable:
            self.checkpoint_problem = str(error)
        else:
            self.save_problem = str(error)
        if self._quit_warned:
            return  # the quit warning already says what is unsaved: keep it in view
        self.clear_notifications()
        if durable:
            log = self.store.log_path.name if self.store is not None else _("the log")
            self.say(
                _(
                    "The save file could not be updated: {error}. Every change is safe in {log}; "
                    "the save catches up by itself once it can be written.{where}"
                ).format(error=error, log=log, where=where),
                severity="warning",
                timeout=15,
            )
            return
        self.say(
            _(
                "Not saved: {error}. Your changes are kept in memory and saved with the next "
                "change.{where}"
            ).format(error=error, where=where),
            severity="error",
        )

    def _conflict(self, error: ConflictError) -> None:
        """The files changed on disk: stop, keep the app's state beside them, let the GM pick."""
        if self._in_conflict or self.store is None or self.save_path is None:
            return
        self._in_conflict = True
        path, store = self.save_path, self.store
        try:
            beside: Path | None = store.save_beside()
            kept = _("Your state is saved beside it as {name}.").format(name=beside.name)
        except SaveError as exc:
            beside, kept = (
                None,
                _("Your state could not be saved beside it: {exc}.").format(exc=exc),
            )
        self._leave_campaign()
        choices = [("reload", _("Reload {name} as it is on disk now").format(name=path.name))]
        if beside is not None:
            choices.append(
                ("beside", _("Continue with your state ({name})").format(name=beside.name))
            )
        choices.append(("quit", N_("Quit")))
        self._problem(
            N_("The save changed outside Tablekeeper"),
            f"{error}\n\n"
            + _("Tablekeeper stopped writing to it and changed nothing there.")
            + f" {kept}",
            path,
            choices,
            beside=beside,
        )

    def _leave_campaign(self) -> None:
        """Close the open campaign (its writes stop here) and take its screen away."""
        from tui.screens.main import MainScreen

        self._close_store()
        self._in_conflict = False
        self.table = None
        while isinstance(self.screen, MainScreen) or (
            len(self.screen_stack) > 1 and any(isinstance(s, MainScreen) for s in self.screen_stack)
        ):
            self.pop_screen()

    def _on_signal(self) -> None:
        """SIGHUP or SIGTERM: write what is due, release the lock, leave (even without a
        terminal to restore: a watchdog ends the process if leaving hangs)."""
        self._close_store()
        watchdog = threading.Timer(3.0, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.exit()

    def flush(self) -> None:
        """Wait for the background checkpoint (tests call this before reading the save)."""
        if self.autosaver is not None:
            self.autosaver.wait_idle()

    def _unsaved_problem(self) -> str:
        """Retry writing what a failed write left in memory; the error if it still fails."""
        store = self.store
        if store is None or store.read_only or store.closed or store.conflict is not None:
            return ""
        try:
            store.flush()
        except SaveError as exc:
            return str(exc) if store.pending else ""
        return ""

    def _close_store(self) -> None:
        """Stop autosaving (writing the last checkpoint) and release the campaign."""
        if self._follow_timer is not None:  # the players' view stops following
            self._follow_timer.stop()
            self._follow_timer = None
        self.feed = None
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        if self.store is not None:
            self.store.close()
            self.store = None
