"""Where saves live, where the demos are, and how a save's companion files are named.

The saves folder is ``$TABLEKEEPER_SAVES`` when set, else ``saves/`` of a source checkout,
else ``saves/`` in the per-user data folder (see :mod:`tui.base.locations`). The demos are package
data of ``tui.demos``: in a source checkout that package *is* the ``saves/`` folder (mapped by
``package-dir`` in ``pyproject.toml``), in a wheel it is ``tui/demos/`` in ``site-packages``.

A save ``NAME.toml`` has companions in the same folder: ``NAME.log.toml`` (the append-only
log), ``NAME.toml.bak`` (the previous version), ``NAME.toml.lock`` (the writer's lock).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

from tui.base.locations import default_saves_dir
from tui.language import _

__all__ = [
    "DEMO_PACKAGE",
    "REPO_SAVES",
    "backup_path",
    "default_saves_dir",
    "demo_paths",
    "list_saves",
    "lock_path",
    "log_path",
    "new_campaign_path",
    "safe_save_name",
    "saves_dir",
]

#: The source checkout's ``saves/`` folder (the demos' home); absent in a wheel install.
REPO_SAVES = Path(__file__).resolve().parents[2] / "saves"
#: The package whose data files are the demo campaigns.
DEMO_PACKAGE = "tui.demos"
_MAX_NAME = 80
_RESERVED = re.compile(r'[/\\:*?"<>|]')
_RUNS = re.compile(r"[\s-]*-[\s-]*|\s+")
_COMPANION = (".log", ".bak", ".lock", ".toml", ".tmp")


def saves_dir() -> Path:
    """``$TABLEKEEPER_SAVES`` when set, else :func:`default_saves_dir`."""
    env = os.environ.get("TABLEKEEPER_SAVES")
    return Path(env).expanduser() if env else default_saves_dir()


def log_path(path: str | os.PathLike[str]) -> Path:
    """``NAME.log.toml`` for ``NAME.toml``."""
    p = Path(path)
    stem = p.name[: -len(".toml")] if p.name.endswith(".toml") else p.name
    return p.with_name(f"{stem}.log.toml")


def backup_path(path: str | os.PathLike[str]) -> Path:
    """``NAME.toml.bak``: the version before the last save."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


def lock_path(path: str | os.PathLike[str]) -> Path:
    p = Path(path)
    return p.with_name(p.name + ".lock")


def _is_save(p: Path) -> bool:
    return p.is_file() and not p.name.startswith(".") and not p.name.endswith(".log.toml")


def demo_paths() -> list[Path]:
    """The shipped demo campaigns (``demo-*.toml`` of the ``tui.demos`` package), sorted.

    Found with :mod:`importlib.resources`, so they are there after any install (editable,
    wheel, pipx). Installs unpack to real files; a zipped install would have none to list.
    """
    from importlib.resources import files

    try:
        root = files(DEMO_PACKAGE)
    except ModuleNotFoundError:  # run from a bare source tree without installing
        root = REPO_SAVES
    if not isinstance(root, Path):
        return []
    return sorted(p for p in root.glob("demo-*.toml") if _is_save(p))


def list_saves(directory: str | os.PathLike[str] | None = None) -> list[Path]:
    """The GM's saves in ``directory`` (default :func:`saves_dir`): no demos, logs, backups."""
    folder = Path(directory) if directory is not None else saves_dir()
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.glob("*.toml") if _is_save(p) and not p.name.startswith("demo-")
    )


def safe_save_name(text: str) -> str:
    """A file stem for a campaign name typed by the GM; raise ``ValueError`` if none is left.

    Control and format characters are dropped, path separators and characters reserved on
    common file systems become ``-``, leading/trailing dots and spaces go (so no ``..`` and no
    hidden files), letters of any script (Cyrillic included) stay.
    """
    name = unicodedata.normalize("NFC", text)
    name = "".join(c for c in name if unicodedata.category(c)[0] != "C")
    name = _RUNS.sub(lambda m: "-" if "-" in m[0] else " ", _RESERVED.sub("-", name))
    name = name[:_MAX_NAME].strip(" .-")
    while name.lower().endswith(_COMPANION):
        name = name[: name.rindex(".")].rstrip(" .-")
    if not name or not any(c.isalnum() for c in name):
        raise ValueError(_("{text!r} has nothing usable as a file name").format(text=text))
    return name


def new_campaign_path(directory: str | os.PathLike[str], name: str) -> Path:
    """A fresh ``.toml`` path in ``directory`` for campaign ``name``; never an existing file."""
    folder = Path(directory)
    stem = safe_save_name(name)
    if stem.casefold().startswith("demo-"):
        stem = f"my-{stem}"
    taken = {p.name.casefold() for p in folder.iterdir()} if folder.is_dir() else set()
    candidate, n = stem, 1
    while any(f.casefold() in taken for f in _files_of(candidate)):
        n += 1
        candidate = f"{stem}-{n}"
    path = folder / f"{candidate}.toml"
    if path.resolve().parent != folder.resolve():  # belt and braces: never leave the folder
        raise ValueError(
            _("{name!r} does not make a file name inside {folder}").format(name=name, folder=folder)
        )
    return path


def _files_of(stem: str) -> tuple[str, ...]:
    main = f"{stem}.toml"
    return (main, f"{stem}.log.toml", main + ".bak", main + ".lock")
