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
import tomllib
import unicodedata
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from tui.language import N_, Msg, languages, msg, verbatim
from tui.store import tomlread
from tui.store.regular import TEXT_LIMIT, read_regular

__all__ = ["Config", "ConfigWriteError", "load_config", "write_theme"]

_KEYS = ("theme", "saves", "language", "keymap")
_BINDING_ID = re.compile(r"^[A-Za-z_][\w-]*(\.[\w-]+)+$")
_KEY_LIST = re.compile(r"^[^\s,]+(,[^\s,]+)*$")
_HEADER = re.compile(r"^\s*\[")
_MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
_NAMED_KEYS = frozenset(
    {
        *("escape", "enter", "tab", "backspace", "delete", "insert", "home", "end"),
        *("pageup", "pagedown", "up", "down", "left", "right", "space"),
        *(f"f{n}" for n in range(1, 25)),
    }
)
#: binding-id scopes that are active together with another's, besides the app's (active on
#: every screen): the main screen's own keys with the roll entry's or the log's
_TOGETHER = {"main": {"entry", "log"}, "entry": {"main"}, "log": {"main"}}
_THEME_LINE = re.compile(r"""^(\s*theme\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*')(.*)$""")


@dataclass(frozen=True)
class Config:
    """What the GM configured; ``None`` means "not set: use the default"."""

    path: Path | None = None
    theme: str | None = None
    keymap: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    saves: Path | None = None
    language: str | None = None
    #: what was wrong, as messages: the file is read before the language is known, so each
    #: is rendered when shown (:attr:`problem_texts`), in the language chosen by then
    problems: tuple[Msg | str, ...] = ()

    @property
    def problem_texts(self) -> tuple[str, ...]:
        return tuple(p.render() if isinstance(p, Msg) else p for p in self.problems)


class _Bad(ValueError):
    """A config value that is wrong, with the message that says why."""

    def __init__(self, said: Msg) -> None:
        super().__init__(said.english())
        self.said = said


class ConfigWriteError(Exception):
    """The theme could not be written back (the message says why)."""


def load_config(
    path: Path,
    *,
    themes: Collection[str] = (),
    binding_ids: Callable[[], Collection[str]] | None = None,
    missing_ok: bool = True,
) -> Config:
    """Read ``path``; validate ``theme`` against ``themes`` (when given) and keymap ids.

    ``binding_ids`` is called only when the file has a keymap (finding every binding id means
    importing every screen); when it gives each id's default keys (a mapping), a remapped key
    that another binding on the same screen has is refused too. A missing file is the
    defaults when ``missing_ok``.
    """
    name = path.name
    try:
        text = read_regular(path, limit=TEXT_LIMIT).decode("utf-8")
    except FileNotFoundError:
        if missing_ok:
            return Config(path=path)
        return Config(
            path=path, problems=(msg("{path}: no such file; using the defaults", path=str(path)),)
        )
    except (OSError, UnicodeDecodeError) as exc:
        return Config(
            path=path,
            problems=(
                msg(
                    "{path}: cannot read ({why}); using the defaults",
                    path=str(path),
                    why=exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc),
                ),
            ),
        )
    try:
        doc = tomlread.loads(text)
    except tomllib.TOMLDecodeError as exc:
        from tui.store.errors import toml_error

        where = toml_error(path, exc, text)
        return Config(path=path, problems=(msg("{where}; using the defaults", where=str(where)),))
    problems: list[Msg | str] = []
    theme: str | None = None
    saves: Path | None = None
    language: str | None = None
    keymap: dict[str, str] = {}
    for key, value in doc.items():
        if key not in _KEYS:
            problems.append(
                msg(
                    "{name}: {key}: unknown key, ignored (known: {known})",
                    name=name,
                    key=key,
                    known=", ".join(_KEYS),
                )
            )
            continue
        if key == "keymap":
            keymap = _keymap(value, binding_ids, problems, name)
            continue
        try:
            if key == "theme":
                theme = _theme(value, themes)
            elif key == "saves":
                saves = _saves(value)
            else:
                language = _language(value)
        except _Bad as exc:
            problems.append(
                msg("{name}: {key}: {why}; using the default", name=name, key=key, why=exc.said)
            )
    if saves is not None and not saves.is_absolute():
        saves = path.parent / saves  # relative to the config file, not to where one stands
    return Config(
        path=path,
        theme=theme,
        keymap=MappingProxyType(keymap),
        saves=saves,
        language=language,
        problems=tuple(problems),
    )


def _theme(value: object, themes: Collection[str]) -> str:
    if not isinstance(value, str):
        raise _Bad(msg("expected a theme name in quotes, got {kind}", kind=_kind(value)))
    if themes and value not in themes:
        raise _Bad(
            msg(
                "no theme {name} (Textual's: {themes})",
                name=repr(value),
                themes=", ".join(sorted(themes)),
            )
        )
    return value


def _saves(value: object) -> Path:
    if not isinstance(value, str) or not value.strip():
        raise _Bad(msg("expected a folder path in quotes, got {kind}", kind=_kind(value)))
    try:
        return Path(value).expanduser()
    except RuntimeError:  # ~name of no user: pathlib cannot tell its home folder
        raise _Bad(msg("{path}: no user with that name", path=repr(value))) from None


def _language(value: object) -> str:
    if not isinstance(value, str) or value not in languages():
        raise _Bad(
            msg(
                "expected one of {choices}, got {value}",
                choices=", ".join(languages()),
                value=repr(value),
            )
        )
    return value


def _keymap(
    value: object,
    binding_ids: Callable[[], Collection[str]] | None,
    problems: list[Msg | str],
    name: str,
) -> dict[str, str]:
    """The good entries of ``[keymap]``; each bad one is a problem and keeps its default key."""
    if not isinstance(value, dict):
        problems.append(
            msg(
                "{name}: keymap: expected a [keymap] table, got {kind}; using the default keys",
                name=name,
                kind=_kind(value),
            )
        )
        return {}
    known = binding_ids() if binding_ids is not None and value else ()
    keymap: dict[str, str] = {}
    for binding, keys in value.items():
        where = f'{name}: keymap."{binding}"'
        if not _BINDING_ID.match(binding) or (known and binding not in known):
            problems.append(
                msg("{where}: no such binding id (the README lists them); ignored", where=where)
            )
        elif not isinstance(keys, str) or not _KEY_LIST.match(keys):
            problems.append(
                msg(
                    '{where}: expected keys like "ctrl+u" or "f5,ctrl+n", got '
                    "{keys}; using the default key",
                    where=where,
                    keys=repr(keys),
                )
            )
        elif bad := [key for key in keys.split(",") if not is_key(key)]:
            problems.append(
                msg(
                    '{where}: {key} is not a key (keys are like "ctrl+u", "f5", "q", '
                    '"shift+tab"); using the default key',
                    where=where,
                    key=repr(bad[0]),
                )
            )
        else:
            keymap[binding] = keys
    if isinstance(known, Mapping):
        _drop_clashes(keymap, known, problems, name)
    return keymap


def is_key(key: str) -> bool:
    """Whether ``key`` names a key as Textual's bindings do: modifiers (``ctrl+``, ``shift+``,
    ``alt+`` …, each once), then a named key (``f5``, ``escape``, ``pageup``), one printable
    character, or a character's Unicode name (``question_mark``, ``full_stop``)."""
    *modifiers, base = key.split("+")
    if len(set(modifiers)) != len(modifiers) or not _MODIFIERS.issuperset(modifiers):
        return False
    if base in _NAMED_KEYS or (len(base) == 1 and base.isprintable() and not base.isspace()):
        return True
    try:
        char = unicodedata.lookup(base.replace("_", " "))
    except KeyError:
        return False
    return len(char) == 1 and char.isprintable()


def _split(keys: str) -> frozenset[str]:
    return frozenset(keys.split(",")) if keys else frozenset()


def _together(binding: str, other: str) -> bool:
    """Whether two bindings can be active on one screen (their ids' scopes say)."""
    mine, theirs = binding.split(".", 1)[0], other.split(".", 1)[0]
    return "app" in (mine, theirs) or mine == theirs or theirs in _TOGETHER.get(mine, ())


def _drop_clashes(
    keymap: dict[str, str], defaults: Mapping[str, str], problems: list[Msg | str], name: str
) -> None:
    """Remove each remapped binding whose key another binding active on the same screen
    also has (the app's keys are active on every screen): one of the two could never be
    pressed. The other bindings keep the keys in force; a dropped one its default."""
    while True:
        keys = {b: frozenset(k.split(",")) for b, k in {**defaults, **keymap}.items()}
        clash = next(
            (
                (binding, other, key)
                for binding in keymap
                for other, others in sorted(keys.items())  # the same clash named every time
                if other != binding and _together(binding, other)
                # only the keys the remap adds: defaults that share a key do so by design
                for key in sorted(keys[binding] - _split(defaults.get(binding, "")) & others)
            ),
            None,
        )
        if clash is None:
            return
        binding, other, key = clash
        del keymap[binding]
        problems.append(
            msg(
                '{where}: "{key}" is already {other} on the same screen; using the default key',
                where=f'{name}: keymap."{binding}"',
                key=key,
                other=other,
            )
        )


def _kind(value: object) -> Msg:
    said = {
        bool: N_("true/false"),
        int: N_("a number"),
        float: N_("a number"),
        str: N_("a string"),
        dict: N_("a table"),
        list: N_("a list"),
    }.get(type(value))
    return Msg(said) if said is not None else verbatim(type(value).__name__)


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
        before = tomlread.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigWriteError(f"{path}: {exc}; not changed") from None
    if before.get("theme") == theme:
        return
    new = _with_theme(text, theme)
    try:
        after = tomlread.loads(new)
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
            ending = line[len(line.rstrip("\r\n")) :] or "\n"
            lines[i] = f"{match[1]}{value}{match[3]}{ending}"
            return "".join(lines)
    at = next((i for i, line in enumerate(lines) if _HEADER.match(line)), len(lines))
    if at and not lines[at - 1].endswith("\n"):
        lines[at - 1] += "\n"
    lines.insert(at, f"theme = {value}\n" + ("\n" if at < len(lines) else ""))
    return "".join(lines)


def _atomic_write(path: Path, text: str) -> None:
    """Temporary file in the same folder, then rename: the config is never half-written."""
    import tempfile  # here: it costs `tablekeeper --help`, which reads the config, 10 ms

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
