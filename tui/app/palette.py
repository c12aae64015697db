"""The command palette (ctrl+p): Textual's own system commands beside ours.

:func:`commands` gathers everything; :func:`offers` is the one place that decides whether a
screen shows a command: the players' view (read-only) offers only what works there and
writes nothing — help, the next sheet, quit, and Textual's keys panel, theme (not
remembered there) and maximize — never undo, a slash command or a screenshot (a file).
Where ours and Textual's share a title, ours wins: our "Quit" saves first and says so
(Textual's runs the same ``action_quit``, described as "as soon as possible"). Textual's
"Screenshot" is kept but saves through :func:`take_screenshot`: to ``~/Downloads`` when that
folder exists, else to the per-user state folder's ``screenshots/`` (a fresh or SSH-only
account has no Downloads, where Textual's own only said "Failed to save screenshot"), and the
notice names the file. Copying (:func:`copy_result`, :func:`copy_recap`) goes through
Textual's ``copy_to_clipboard``: an OSC 52 sequence the terminal puts on the clipboard, which
works over SSH and in tmux (with ``set -g set-clipboard on``) where no clipboard tool could.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from tui.language import N_, _, tr

if TYPE_CHECKING:
    from tui.app.app import TablekeeperApp

__all__ = [
    "VIEW_TITLES",
    "commands",
    "copy_recap",
    "copy_result",
    "offers",
    "ours",
    "screenshot_folder",
    "take_screenshot",
]

#: Our palette entries that stand in for the slash commands of the same name.
_AS_ENTRIES = ("undo", "redo", "help", "quit")
#: What the players' view offers (titles; every other command changes or writes something).
VIEW_TITLES = frozenset(
    {
        N_("Help"),
        N_("Next sheet"),
        N_("Quit"),
        N_("Keys"),
        N_("Theme"),
        N_("Maximize"),
        N_("Minimize"),
    }
)


def commands(
    app: TablekeeperApp, screen: Screen[object], textual: Iterable[SystemCommand]
) -> Iterator[SystemCommand]:
    """Every command ``screen`` offers: ours, then Textual's (theme, keys, screenshot …)."""
    mine = list(ours(app))
    titles = {cmd.title for cmd in mine}
    theirs = [
        c._replace(title=tr(c.title), help=tr(c.help))
        if c.title != "Screenshot"
        else c._replace(
            title=tr(c.title),
            help=tr(c.help),
            # after the palette has closed, as Textual's own does it
            callback=lambda: app.set_timer(0.1, lambda: take_screenshot(app)),
        )
        for c in textual
    ]
    for cmd in [*mine, *(c for c in theirs if c.title not in titles)]:
        if offers(app, screen, cmd):
            yield cmd


def offers(app: TablekeeperApp, screen: Screen[object], command: SystemCommand) -> bool:
    """Whether the palette on ``screen`` lists ``command`` (the players' view: few)."""
    if app.read_only:
        return command.title in VIEW_TITLES or command.title in {tr(t) for t in VIEW_TITLES}
    return True


#: Textual's own palette entries, for the catalog (translated in :func:`commands`)
TEXTUAL_WORDS = (
    N_("Bell"),
    N_("Ring the bell"),
    N_("Theme"),
    N_("Change the current theme"),
    N_("Quit the application as soon as possible"),
    N_("Keys"),
    N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"),
    N_("Minimize the widget and restore to normal size"),
    N_("Maximize"),
    N_("Maximize the focused widget"),
    N_("Screenshot"),
    N_("Save an SVG 'screenshot' of the current screen"),
)


def screenshot_folder() -> Path:
    """Where a screenshot goes: the Downloads folder if there is one, else the state folder."""
    import platformdirs

    from tui.base.locations import state_dir

    downloads = platformdirs.user_downloads_path()
    return downloads if downloads.is_dir() else state_dir() / "screenshots"


def take_screenshot(app: TablekeeperApp) -> Path | None:
    """Save an SVG of the screen; the notice names the file (or says why it could not)."""
    from tui.base.locations import shown

    folder = screenshot_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = Path(app.save_screenshot(path=str(folder)))
    except OSError as exc:
        app.say(
            _("Cannot save the screenshot in {folder}: {why}").format(
                folder=shown(folder), why=exc.strerror or exc
            ),
            severity="error",
        )
        return None
    app.say(_("Screenshot saved to {path}").format(path=shown(path)), timeout=15)
    return path


def copy_result(app: TablekeeperApp) -> str | None:
    """Copy the newest log entry (the last result: a roll, a change, an undo); what was copied."""
    if app.table is None or not app.table.session.log:
        app.say(_("Nothing to copy yet: no result in the log."), severity="warning")
        return None
    text = app.table.session.log[-1].text
    app.copy_to_clipboard(text)
    app.say(_("Copied the last result: {text}").format(text=text), timeout=5)
    return text


def copy_recap(app: TablekeeperApp) -> str | None:
    """Copy the recap: the one on screen (``/recap``), else the players' recap of the whole
    campaign; what was copied."""
    from tui.screens.recap_view import RecapScreen

    shown = next((s for s in reversed(app.screen_stack) if isinstance(s, RecapScreen)), None)
    if shown is not None and shown.text:  # under the palette, if it was opened there
        text = shown.text
    elif app.table is not None:
        from tui.screens.review import log_source
        from tui.session.recap import recap
        from tui.session.systems.registry import tracker

        table = app.table
        try:
            text = recap(
                tracker(table.campaign.system),
                table.campaign,
                log_source(table, app.files.log_path),
            )
        except Exception as exc:  # a damaged log: the recap screen says the same
            app.say(_("Cannot make the recap: {why}").format(why=exc), severity="error")
            return None
    else:
        app.say(_("Nothing to copy: no campaign is open."), severity="warning")
        return None
    app.copy_to_clipboard(text)
    app.say(_("Copied the recap (Markdown)"), timeout=5)
    return text


def _literal(text: str) -> str:
    """``text`` as Textual markup that shows it as is: usages are full of ``[CHAR]`` parts.

    Textual reads a command's help as its own markup, where ``[CHAR]`` is a tag (Rich's and
    Textual's ``escape`` only escape lower-case tags); a backslash before ``[`` keeps it.
    """
    return text.replace("[", "\\[")


def _key(app: TablekeeperApp, binding_id: str, default: str) -> str:
    """The key(s) bound to ``binding_id`` now, remapped by the config's keymap or not."""
    keymap = app.config.keymap if app.config is not None else {}
    return keymap.get(binding_id, default).replace(",", "/")


def ours(app: TablekeeperApp) -> Iterator[SystemCommand]:
    undo, redo = _key(app, "app.undo", "ctrl+z"), _key(app, "app.redo", "ctrl+y")
    yield SystemCommand(
        _("Undo"), _("Take back the last change ({key})").format(key=undo), app.action_undo
    )
    yield SystemCommand(
        _("Redo"), _("Do again what was undone ({key})").format(key=redo), app.action_redo
    )
    about = (
        _("Keys and what this view shows")
        if app.read_only
        else _("Keys and the roll-entry language")
    )
    yield SystemCommand(_("Help"), f"{about} ({_key(app, 'app.help', 'f1')})", app.action_help)
    main = app.main_screen()
    if main is not None:
        yield SystemCommand(
            _("Next sheet"),
            _("Show the next character's sheet ({key})").format(
                key=_key(app, "main.next_character", "f2")
            ),
            lambda: main.run_action("next_character"),
        )
        yield SystemCommand(
            _("Roll form"),
            _("A roll with fields: character, skill, modifiers, dice ({key})").format(
                key=_key(app, "main.roll_form", "ctrl+r")
            ),
            lambda: main.run_action("roll_form"),
        )
        yield SystemCommand(
            _("Who should roll this?"),
            _(
                "Every party member's odds for the typed check, best first ({key}; /best SKILL)"
            ).format(key=_key(app, "main.best", "ctrl+b")),
            lambda: main.run_action("best"),
        )
        yield SystemCommand(
            _("Find in the log"),
            _("Search the whole log; filter by character, kind, grade ({key}; /find TEXT)").format(
                key=_key(app, "main.find", "f6")
            ),
            lambda: main.run_action("find_log"),
        )
        yield SystemCommand(
            _("Past scenes"),
            _("Every scene so far; Enter opens its log ({key}; /scenes)").format(
                key=_key(app, "main.scenes", "f7")
            ),
            lambda: main.run_action("past_scenes"),
        )
        yield SystemCommand(
            _("Dice statistics"),
            _(
                "Each character's successes against the exact odds, as a chart ({key}; /stats)"
            ).format(key=_key(app, "main.stats", "f8")),
            lambda: main.run_action("dice_stats"),
        )
        yield SystemCommand(
            _("Whole scene"),
            _("Every line of the scene panel ({key})").format(key=_key(app, "main.scene", "f3")),
            lambda: main.run_action("scene_details"),
        )
        yield SystemCommand(
            _("Character sheet"),
            _("Everything about the selected character ({key})").format(
                key=_key(app, "main.sheet", "f4")
            ),
            lambda: main.run_action("sheet"),
        )
        if not app.read_only:
            yield SystemCommand(
                _("Edit character"),
                _("Open the editor on the selected character (/edit)"),
                lambda: main.open_character("edit", ""),
            )
    if app.table is not None:
        for cmd in app.table.commands():
            if cmd.name in _AS_ENTRIES:
                continue
            yield SystemCommand(
                f"/{cmd.name}",
                _literal(f"{cmd.shown_usage} — {cmd.help}"),
                lambda c=cmd: app.fill_entry(f"/{c.name} "),
            )
    if app.table is not None and not app.read_only:
        yield SystemCommand(
            _("Copy the last result"),
            _("The newest log line to the clipboard ({key})").format(
                key=_key(app, "app.copy_result", "alt+c")
            ),
            lambda: copy_result(app),
        )
        yield SystemCommand(
            _("Copy the recap"),
            _("The recap on screen, else the players' recap, as Markdown ({key})").format(
                key=_key(app, "app.copy_recap", "alt+r")
            ),
            lambda: copy_recap(app),
        )
    leave = _("Leave the players' view") if app.read_only else _("Save and leave")
    yield SystemCommand(_("Quit"), f"{leave} ({_key(app, 'app.quit', 'ctrl+q')})", app.action_quit)
