"""Where Tablekeeper keeps its files: per-user folders (platformdirs) and the source checkout.

The folders follow the XDG base directories on Linux (the README's *Files* table lists them);
a source checkout keeps its saves in its own ``saves/`` (:func:`source_checkout`). Nothing
here touches the disk beyond ``stat`` calls; folders are created by their writers. Imports
no Textual or Rich.
"""

from __future__ import annotations

from pathlib import Path

__all__ = [
    "APP_NAME",
    "bestiary_dir",
    "bug_log_path",
    "catalog_cache_dir",
    "config_path",
    "default_saves_dir",
    "history_dir",
    "shown",
    "source_checkout",
    "state_dir",
    "user_saves_dir",
]

APP_NAME = "tablekeeper"


def source_checkout() -> Path | None:
    """The root of the source checkout this code runs from, or ``None`` when installed.

    Recognised by where the ``tui`` package was imported from: its parent holds
    ``pyproject.toml`` and ``saves/`` (a git clone or an unpacked source archive, installed
    editable or run in place); an installed wheel sits in ``site-packages``, which has
    neither, so it uses the per-user folders."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "saves").is_dir():
        return root
    return None


def user_saves_dir() -> Path:
    """``saves/`` in the per-user data folder: where an installed app keeps campaigns."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "saves"


def default_saves_dir() -> Path:
    """``saves/`` of the source checkout this runs from, else the per-user data folder's
    (the store's default, :mod:`tui.store.paths`; here so that ``tablekeeper --help`` can
    name it without loading the store)."""
    root = source_checkout()
    return root / "saves" if root is not None else user_saves_dir()


def bestiary_dir() -> Path:
    """``bestiary/`` in the per-user data folder: creature templates, one folder a system
    (``bestiary/gurps/Bushwolf.toml``), shared by every campaign of that system."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "bestiary"


def config_path() -> Path:
    """``config.toml`` in the per-user config folder."""
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False) / "config.toml"


def catalog_cache_dir() -> Path:
    """``catalogs/`` in the per-user cache folder: each translation catalog compiled once
    (:mod:`tui.language.compiled`); deleting it costs only the next start's time."""
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME, appauthor=False) / "catalogs"


def state_dir() -> Path:
    """The per-user state folder (history and the bug-report log live under it)."""
    import platformdirs

    return platformdirs.user_state_path(APP_NAME, appauthor=False)


def history_dir() -> Path:
    """One file of roll-entry lines per campaign."""
    return state_dir() / "history"


def bug_log_path() -> Path:
    """The rotating log of internal errors and failed saves."""
    return state_dir() / "log" / f"{APP_NAME}.log"


def shown(path: Path) -> str:
    """``path`` for a person: the home folder as ``~``."""
    text, home = str(path), str(Path.home()).rstrip("/")
    if home and (text == home or text.startswith(home + "/")):
        return "~" + text[len(home) :]
    return text
