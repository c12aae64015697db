"""The open campaign's files, for the app: opening and its problems, autosave, outside changes.

:class:`CampaignFiles` is a plain object the app owns and asks through :class:`FilesHost`
(say, ask, open, leave); it knows no Textual. It turns every problem with a save into a
dialog or a notification (as plain text: file and campaign names never drive the
terminal), reports the autosaver's failures, handles a save or log changed on disk while the
campaign is open (stop writing, keep the app's state beside, let the GM choose), and closes
the campaign cleanly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from tui.language import N_, _
from tui.session.campaign.session import Session
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import (
    ConflictError,
    LockedError,
    ReplayError,
    SaveError,
    Store,
    WriteError,
    backup_loads,
    backup_path,
    log_path,
    restore_backup,
)
from tui.store.autosave import Autosaver

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from tui.app.players_feed import PlayersFeed

__all__ = ["CampaignFiles", "FilesHost"]

#: (key, label) choices of a problem dialog; the key says what to do (see ``_problem``).
Choices = list[tuple[str, str]]


class FilesHost(Protocol):
    """What the files controller asks of the app that owns it."""

    def say(
        self, message: str, *, severity: SeverityLevel = "information", timeout: float = 10
    ) -> None:
        """A notification as plain text."""
        ...

    def clear_notifications(self) -> None: ...

    def ask(
        self, title: str, message: str, choices: Choices, chosen: Callable[[str | None], None]
    ) -> None:
        """Show a problem and the GM's choices; ``chosen`` gets the key picked."""
        ...

    def on_ui_thread(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the app's thread: at once there, posted from any other (never
        waiting: the autosaver's worker must not block on the screen)."""
        ...

    def open_campaign(self, path: Path, *, read_only: bool = False) -> None: ...

    def show_picker(self) -> None: ...

    def saving_changed(self) -> None:
        """Whether changes are only in memory changed (:attr:`CampaignFiles.save_problem`):
        the screen's "NOT SAVED" mark follows it."""
        ...

    def leave_campaign(self) -> None:
        """Close the open campaign (through :meth:`CampaignFiles.close`) and take its screen
        away."""
        ...

    def exit(self) -> None: ...


class CampaignFiles:
    """The open campaign's store, autosaver (or the players' feed) and their problems."""

    def __init__(self, host: FilesHost, *, rng: random.Random) -> None:
        self.host = host
        self.rng = rng
        self.store: Store | None = None
        self.autosaver: Autosaver | None = None
        self.feed: PlayersFeed | None = None  # the players' view's, when read-only
        self.path: Path | None = None  # the save as the GM named it when opening
        self.save_problem: str = ""  # changes only in memory (the log could not be written)
        self.checkpoint_problem: str = ""  # the save file lags behind the log (nothing lost)
        self.quit_warned = False  # the GM was told what quitting now loses
        self._in_conflict = False
        #: How the GM chose to settle a log that did not fit ``path``: (path, renames to
        #: apply it with, or ``None`` to keep the log beside); used by the next open.
        self._settle: tuple[Path, dict[str, str] | None] | None = None

    # -- what the main screen reads --------------------------------------------------------
    @property
    def log_path(self) -> Path | None:
        return self.store.log_path if self.store is not None else None

    @property
    def save_file(self) -> Path | None:
        return self.store.path if self.store is not None else None

    # -- opening ---------------------------------------------------------------------------
    def open(self, path: Path, *, read_only: bool = False) -> Table | None:
        """The table over the campaign saved at ``path`` (autosaved, or following the writer
        when ``read_only``); ``None`` once a dialog says why it cannot be opened."""
        settle, self._settle = self._settle, None
        renames, aside = None, False
        if settle is not None and settle[0] == path and not read_only:
            renames, aside = settle[1], settle[1] is None
        try:
            store = Store.open(path, read_only=read_only, renames=renames, log_aside=aside)
        except LockedError as exc:
            self._problem(
                N_("Campaign already open"),
                f"{exc}\n\n"
                + _(
                    "Another Tablekeeper is writing to it. You can open it read-only "
                    "(the player view)."
                ),
                path,
                _read_only_choices(),
            )
            return None
        except ReplayError as exc:
            self._log_does_not_fit(path, exc)
            return None
        except WriteError as exc:
            self._problem(
                N_("This campaign cannot be written"),
                f"{exc}\n\n" + _("Nothing was changed. It can still be opened read-only."),
                path,
                _read_only_choices(),
            )
            return None
        except SaveError as exc:
            choices = [("back", N_("Back to the campaign list")), ("quit", N_("Quit"))]
            if backup_loads(path):
                choices.insert(
                    0,
                    (
                        "backup",
                        _(
                            "Restore the backup {name} (the broken file is moved aside, the log is "
                            "kept)"
                        ).format(name=backup_path(path).name),
                    ),
                )
            self._problem(
                N_("This save cannot be opened"),
                f"{exc}\n\n"
                + _("The file was not changed. Fix it in a text editor, or restore the backup."),
                path,
                choices,
            )
            return None
        except OSError as exc:
            self._problem(
                N_("This save cannot be opened"),
                str(exc),
                path,
                [("back", N_("Back to the campaign list")), ("quit", N_("Quit"))],
            )
            return None
        self.store, self.path = store, path
        if renames:
            names = ", ".join(f"{old} → {new}" for old, new in renames.items())
            self.host.say(
                _("The log's changes were applied to the renamed characters ({names}).").format(
                    names=names
                )
            )
        elif store.log_set_aside is not None:
            self.host.say(
                _("The log was kept beside as {name}; the save opened as it is.").format(
                    name=store.log_set_aside.name
                ),
                timeout=15,
            )
        if read_only:
            from tui.app.players_feed import PlayersFeed

            self.feed = PlayersFeed(store, rng=self.rng)
            return self.feed.table
        session = Session(
            store.campaign, store.log, last_seq=store.log_count, earlier=store.earlier()
        )
        self.autosaver = Autosaver(store, self._report_from_any_thread)
        session.subscribe(self.autosaver)
        return open_table(session, rng=self.rng)

    def _log_does_not_fit(self, path: Path, exc: ReplayError) -> None:
        """The log holds confirmed changes the save no longer fits: offer to apply them to
        the characters renamed in the save, or to keep the log beside."""
        choices: Choices = []
        if exc.renames:
            names = ", ".join(f"{old} → {new}" for old, new in exc.renames.items())
            choices.append(
                (
                    "reconcile",
                    _("Apply the log to the renamed characters ({names})").format(names=names),
                )
            )
        choices.append(
            (
                "keeplog",
                _("Open the save as it is; keep the log beside ({name}.unapplied-…)").format(
                    name=log_path(path).name
                ),
            )
        )
        # no read-only view: it replays the same log, which does not fit it either (the
        # choice showed this dialog again)
        choices += [("back", N_("Back to the campaign list")), ("quit", N_("Quit"))]
        advice = (
            _("A character was renamed in the save since these changes were logged.")
            if exc.renames
            else _(
                "Nothing was changed. Keep the log beside to open the save as it is, or fix "
                "the save."
            )
        )
        self._problem(
            N_("The log does not fit the save"),
            f"{exc}\n\n" + advice,
            path,
            choices,
            renames=exc.renames,
        )

    def _problem(
        self,
        title: str,
        message: str,
        path: Path,
        choices: Choices,
        beside: Path | None = None,
        renames: dict[str, str] | None = None,
    ) -> None:
        host = self.host

        def chosen(key: str | None) -> None:
            if key == "reconcile" and renames:
                self._settle = (path, dict(renames))
                host.open_campaign(path)
            elif key == "keeplog":
                self._settle = (path, None)
                host.open_campaign(path)
            elif key == "readonly":
                host.open_campaign(path, read_only=True)
            elif key == "backup":
                self._restore_backup(path)
            elif key == "reload":
                host.open_campaign(path)
            elif key == "beside" and beside is not None:
                host.open_campaign(beside)
            elif key == "quit":
                host.exit()
            else:
                host.show_picker()

        host.ask(title, message, choices, chosen)

    def _restore_backup(self, path: Path) -> None:
        """Put the backup in place of the broken file (moved aside) and open the campaign."""
        try:
            restored = restore_backup(path)
        except SaveError as exc:
            self.host.say(
                _("Cannot restore the backup: {exc}").format(exc=exc), severity="error", timeout=15
            )
            self.host.show_picker()
            return
        self.host.say(
            _("Restored {name}; the broken file was moved aside ({name2}.broken-…).").format(
                name=backup_path(path).name, name2=path.name
            ),
            timeout=10,
        )
        self.host.open_campaign(restored)

    # -- saving ----------------------------------------------------------------------------
    def _report_from_any_thread(self, error: SaveError | None, durable: bool) -> None:
        self.host.on_ui_thread(lambda: self.save_report(error, durable))

    def save_report(self, error: SaveError | None, durable: bool) -> None:
        """From the autosaver (on the app's thread): a failed record (``durable=False``: the
        change is only in memory), a failed checkpoint (``durable=True``: the log holds every
        change, the save file lags), or ``None`` once writes work again."""
        host = self.host
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
                host.clear_notifications()
                host.say(_("Saved again: everything is on disk."))
            host.saving_changed()
            return
        from tui.base.bugreport import record

        logged = record("checkpoint failed" if durable else "save failed", str(error))
        where = _(" Logged in {file}.").format(file=logged) if logged else ""
        if durable:
            self.checkpoint_problem = str(error)
        else:
            self.save_problem = str(error)
            host.saving_changed()
        if self.quit_warned:
            return  # the quit warning already says what is unsaved: keep it in view
        host.clear_notifications()
        if durable:
            log = self.store.log_path.name if self.store is not None else _("the log")
            host.say(
                _(
                    "The save file could not be updated: {error}. Every change is safe in {log}; "
                    "the save catches up by itself once it can be written.{where}"
                ).format(error=error, log=log, where=where),
                severity="warning",
                timeout=15,
            )
            return
        host.say(
            _(
                "Not saved: {error}. Your changes are kept in memory and saved with the next "
                "change.{where}"
            ).format(error=error, where=where),
            severity="error",
        )

    def _conflict(self, error: ConflictError) -> None:
        """The files changed on disk: stop, keep the app's state beside them, let the GM pick."""
        if self._in_conflict or self.store is None or self.path is None:
            return
        self._in_conflict = True
        path, store = self.path, self.store
        try:
            saved = store.save_beside()
            beside: Path | None = saved
            kept = _("Your state is saved beside it as {name}.").format(name=saved.name)
        except SaveError as exc:
            beside, kept = (
                None,
                _("Your state could not be saved beside it: {exc}.").format(exc=exc),
            )
        self.host.leave_campaign()
        self._in_conflict = False
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

    def flush(self) -> None:
        """Wait for the background checkpoint (tests call this before reading the save)."""
        if self.autosaver is not None:
            self.autosaver.wait_idle()

    def unsaved_problem(self) -> str:
        """Retry writing what a failed write left in memory; the error if it still fails."""
        store = self.store
        if store is None or store.read_only or store.closed or store.conflict is not None:
            return ""
        try:
            store.flush()
        except SaveError as exc:
            return str(exc) if store.pending else ""
        return ""

    def close(self) -> None:
        """Stop autosaving (writing the last checkpoint) and release the campaign."""
        self.feed = None
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        if self.store is not None:
            self.store.close()
            self.store = None


def _read_only_choices() -> Choices:
    """A campaign that can still be looked at: read-only, back, or quit."""
    return [
        ("readonly", N_("Open read-only (player view)")),
        ("back", N_("Back to the campaign list")),
        ("quit", N_("Quit")),
    ]
