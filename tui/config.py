"""The GM's ``config.toml``: theme, key bindings, saves folder, language.

::

    theme = "nord"                 # one of Textual's themes; ctrl+p → Theme changes it here
    saves = "~/rpg/saves"          # where campaigns live (TABLEKEEPER_SAVES and --saves win);
                                   # a relative path is taken from this file's folder
    language = "en"                # en | ru

    [keymap]                       # binding id = key(s), comma-separated
    "app.undo" = "ctrl+u"
    "main.next_turn" = "f5,ctrl+n"

A problem never stops the app: a file that does not parse gives every default, a bad value
gives that key's default, an unknown key is ignored, and each is reported as one line naming
the file and the key (``config.toml: theme: no theme 'x' …``) for a notification.

Picking a theme from the palette rewrites only the ``theme = …`` line (or adds one), so the
GM's other keys and comments stay; the file is replaced atomically. Imports no Textual.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import tomllib
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

__all__ = ["LANGUAGES", "Config", "ConfigWriteError", "load_config", "write_theme"]

LANGUAGES = ("en", "ru")
_KEYS = ("theme", "saves", "language", "keymap")
_BINDING_ID = re.compile(r"^[A-Za-z_][\w-]*(\.[\w-]+)+$")
_KEY_LIST = re.compile(r"^[^\s,]+(,[^\s,]+)*$")
_HEADER = re.compile(r"^\s*\[")
_THEME_LINE = re.compile(r"""^(\s*theme\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*')(.*)$""")


@dataclass(frozen=True)
class Config:
    """What the GM configured; ``None`` means "not set: use the default"."""

    path: Path | None = None
    theme: str | None = None
    keymap: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    saves: Path | None = None
    language: str | None = None
    problems: tuple[str, ...] = ()


class ConfigWriteError(Exception):
    """The theme could not be written back (the message says why)."""


def load_config(
    path: Path, *, themes: Collection[str] = (), binding_ids: Callable[[], Collection[str]]
    | None = None, missing_ok: bool = True,
) -> Config:
    """Read ``path``; validate ``theme`` against ``themes`` (when given) and keymap ids.

    ``binding_ids`` is called only when the file has a keymap (finding every binding id means
    importing every screen). A missing file is the defaults when ``missing_ok``.
    """
    name = path.name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if missing_ok:
            return Config(path=path)
        return Config(path=path, problems=(f"{path}: no such file; using the defaults",))
    except (OSError, UnicodeDecodeError) as exc:
        return Config(path=path, problems=(f"{path}: cannot read ({exc}); using the defaults",))
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from tui.store.errors import toml_error

        where = toml_error(path, exc, text)
        return Config(path=path, problems=(f"{where}; using the defaults",))
    problems: list[str] = []
    values: dict[str, object] = {}
    for key, value in doc.items():
        if key not in _KEYS:
            problems.append(f"{name}: {key}: unknown key, ignored (known: {', '.join(_KEYS)})")
            continue
        if key == "keymap":
            values[key] = _keymap(value, binding_ids, problems, name)
            continue
        try:
            values[key] = _CHECKS[key](value, themes)
        except ValueError as exc:
            problems.append(f"{name}: {key}: {exc}; using the default")
    saves = values.get("saves")
    if isinstance(saves, Path) and not saves.is_absolute():
        saves = path.parent / saves  # relative to the config file, not to where one stands
    return Config(
        path=path,
        theme=values.get("theme"),  # type: ignore[arg-type]
        keymap=MappingProxyType(values.get("keymap", {})),  # type: ignore[arg-type]
        saves=saves,  # type: ignore[arg-type]
        language=values.get("language"),  # type: ignore[arg-type]
        problems=tuple(problems),
    )


def _theme(value: object, themes: Collection[str]) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a theme name in quotes, got {_kind(value)}")
    if themes and value not in themes:
        raise ValueError(f"no theme {value!r} (Textual's: {', '.join(sorted(themes))})")
    return value


def _saves(value: object, _themes: object) -> Path:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"expected a folder path in quotes, got {_kind(value)}")
    return Path(value).expanduser()


def _language(value: object, _themes: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise ValueError(f"expected one of {', '.join(LANGUAGES)}, got {value!r}")
    return value


_CHECKS: dict[str, Callable[[object, Collection[str]], object]] = {
    "theme": _theme,
    "saves": _saves,
    "language": _language,
}


def _keymap(
    value: object,
    binding_ids: Callable[[], Collection[str]] | None,
    problems: list[str],
    name: str,
) -> dict[str, str]:
    """The good entries of ``[keymap]``; each bad one is a problem and keeps its default key."""
    if not isinstance(value, dict):
        problems.append(f"{name}: keymap: expected a [keymap] table, got {_kind(value)}; "
                        "using the default keys")
        return {}
    known = binding_ids() if binding_ids is not None and value else ()
    keymap: dict[str, str] = {}
    for binding, keys in value.items():
        where = f'{name}: keymap."{binding}"'
        if not _BINDING_ID.match(binding) or (known and binding not in known):
            problems.append(f"{where}: no such binding id (the README lists them); ignored")
        elif not isinstance(keys, str) or not _KEY_LIST.match(keys):
            problems.append(f'{where}: expected keys like "ctrl+u" or "f5,ctrl+n", '
                            f"got {keys!r}; using the default key")
        else:
            keymap[binding] = keys
    return keymap


def _kind(value: object) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "a string",
            dict: "a table", list: "a list"}.get(type(value), type(value).__name__)


def write_theme(path: Path, theme: str) -> None:
    """Set ``theme = "…"`` in ``path`` keeping everything else; create the file if needed.

    Raises :class:`ConfigWriteError` (and leaves the file alone) when the file does not
    parse, or when the edit would not read back as exactly this theme.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigWriteError(f"{path}: cannot read ({exc})") from None
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigWriteError(f"{path}: {exc}; not changed") from None
    if before.get("theme") == theme:
        return
    new = _with_theme(text, theme)
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        after = {}
    if after.get("theme") != theme or {k: v for k, v in after.items() if k != "theme"} != {
        k: v for k, v in before.items() if k != "theme"
    }:
        raise ConfigWriteError(f"{path}: the theme line is not a simple one; not changed")
    _atomic_write(path, new)


def _with_theme(text: str, theme: str) -> str:
    value = '"' + theme.replace("\\", "\\\\").replace('"', '\\"') + '"'
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if _HEADER.match(line):
            break
        match = _THEME_LINE.match(line.rstrip("\r\n"))
        if match:
            ending = line[len(line.rstrip("\r\n")):] or "\n"
            lines[i] = f"{match[1]}{value}{match[3]}{ending}"
            return "".join(lines)
    at = next((i for i, line in enumerate(lines) if _HEADER.match(line)), len(lines))
    if at and not lines[at - 1].endswith("\n"):
        lines[at - 1] += "\n"
    lines.insert(at, f"theme = {value}\n" + ("\n" if at < len(lines) else ""))
    return "".join(lines)


def _atomic_write(path: Path, text: str) -> None:
    """Temporary file in the same folder, then rename: the config is never half-written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            with contextlib.suppress(OSError):
                os.chmod(tmp, path.stat().st_mode & 0o777)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise ConfigWriteError(f"{path}: cannot write ({exc.strerror or exc})") from None
