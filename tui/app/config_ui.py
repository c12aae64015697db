"""The config applied to the running app: theme, keymap, problems, and theme changes saved.

Kept out of ``app.py``: the app calls :func:`apply_config` once, on mount.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.theme import Theme

from tui.app.config import Config, ConfigWriteError, write_theme
from tui.language import _

__all__ = ["apply_config"]


def apply_config(app: App[None], config: Config, *, read_only: Callable[[], bool]) -> None:
    """Set the theme and keys, tell the GM what was wrong, and remember palette theme picks
    (not while ``read_only()``: the players' view writes nothing)."""
    if config.theme is not None and config.theme in app.available_themes:
        app.theme = config.theme
    if config.keymap:
        app.set_keymap(dict(config.keymap))
    for problem in config.problem_texts:
        app.notify(problem, title="Config", severity="warning", timeout=15, markup=False)
    if config.path is None:
        return
    path = config.path
    remembered = app.theme

    def changed(theme: Theme) -> None:
        nonlocal remembered
        if theme.name == remembered:
            return  # the theme applied at start, or no change
        if read_only():
            return  # the players' view writes nothing, not even the GM's config
        remembered = theme.name
        try:
            write_theme(path, theme.name)
        except ConfigWriteError as exc:
            from tui.base.bugreport import record

            record("config not written", str(exc))
            app.notify(
                _("Theme not remembered: {exc}").format(exc=exc),
                severity="warning",
                timeout=10,
                markup=False,
            )

    app.theme_changed_signal.subscribe(app, changed)
