"""The command palette (ctrl+p): our declared actions and slash commands beside Textual's.

Ours come from the declarations (:mod:`tui.screens.actions`), offered where their keys are;
of Textual's own the players' view keeps those that write nothing (:func:`offers`), and its
"Screenshot" saves through :func:`take_screenshot` (Downloads, else the state folder, the
notice naming the file). Copying goes through Textual's OSC 52 ``copy_to_clipboard``, which
works over SSH and in tmux where no clipboard tool could.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import SystemCommand
from textual.screen import Screen

from tui.base.textsafe import visible
from tui.language import N_, _, tr
from tui.screens.actions import APP, MAIN, Action, Owner
from tui.session.campaign.log import shown_effects, shown_text

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
#: Textual's commands the players' view offers (its screenshot writes a file).
VIEW_TITLES = frozenset({N_("Keys"), N_("Theme"), N_("Maximize"), N_("Minimize")})


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
    yield from mine
    for cmd in theirs:
        if cmd.title not in titles and offers(app, screen, cmd):
            yield cmd


def offers(app: TablekeeperApp, screen: Screen[object], command: SystemCommand) -> bool:
    """Whether the palette on ``screen`` lists one of Textual's commands (the players'
    view: those that write nothing); ours are offered as their declarations say."""
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
    """Copy the newest log entry (the last result: a roll, a change, an undo) in the GM's
    language with its effects as the log shows them (``… ⟶ Alice Moore: 2 of 3 improved
    …``: who and what, not only the count), control characters made visible; what was
    copied."""
    if app.table is None or not app.table.session.log:
        app.say(_("Nothing to copy yet: no result in the log."), severity="warning")
        return None
    entry = app.table.session.log[-1]
    said = shown_text(entry) + "".join(f"  ⟶ {e}" for e in shown_effects(entry))
    text = visible(said)  # as the log says it, no controls
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


def _key(app: TablekeeperApp, action: Action[Owner]) -> str:
    """The key(s) bound to ``action`` now, remapped by the config's keymap or not."""
    keymap = app.config.keymap if app.config is not None else {}
    return keymap.get(action.id, action.key).replace(",", "/") if action.id else action.key


def _entry(app: TablekeeperApp, action: Action[Owner], run: Callable[[], object]) -> SystemCommand:
    about = action.about_text(_key(app, action), view=app.read_only)
    return SystemCommand(tr(action.title), about, run)


def ours(app: TablekeeperApp) -> Iterator[SystemCommand]:
    """The declared actions with a palette title that are offered now, and the table's slash
    commands (those standing for a declared action left out)."""
    for action in APP:
        if action.title and app.allows(action):
            yield _entry(app, action, partial(app.run_declared, action))
    main = app.main_screen()
    if main is not None:
        for shown in MAIN:
            if shown.title and app.allows(shown):
                yield _entry(app, shown, partial(shown.run, main, ""))
    if app.table is not None and not app.read_only:  # the players' view types none
        for cmd in app.table.commands():
            if cmd.name in _AS_ENTRIES:
                continue
            yield SystemCommand(
                f"/{cmd.name}",
                _literal(f"{cmd.shown_usage} — {cmd.help}"),
                lambda c=cmd: app.fill_entry(f"/{c.name} "),
            )
