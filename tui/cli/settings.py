"""``tablekeeper config check|show``: the config file validated; the settings in force.

``check`` reads the config exactly as the app does (its themes, its binding ids) and prints
each problem as the app's notification words it — ``FILE:LINE:COL: …`` for a TOML error,
``config.toml: key: …`` (``keymap."id"``) for a bad value — or ``FILE: ok``; exit status 1
when there is any. ``show`` prints every setting with its value and where it comes from, in
the order the app decides it: an option, then a variable, then the config file, then the
default (the locale for the language; ``XDG_*_HOME`` for the folders).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tui.language import _

if TYPE_CHECKING:
    from tui.app.config import Config

__all__ = ["Setting", "check_config", "config_source", "default_keys", "effective", "load", "show"]


@dataclass(frozen=True)
class Setting:
    """One line of ``config show``: what, its value, and where the value comes from."""

    name: str
    value: str
    source: str


def config_source(option: Path | None, environ: Mapping[str, str]) -> tuple[Path, str]:
    """The config file and what named it: ``--config``, ``TABLEKEEPER_CONFIG`` or the default."""
    from tui.base.locations import config_path

    if option is not None:
        return option.expanduser(), "--config"
    named = environ.get("TABLEKEEPER_CONFIG", "")
    if named:
        return Path(named).expanduser(), "TABLEKEEPER_CONFIG"
    return config_path(), "default"


def default_keys() -> dict[str, str]:
    """Every binding id with its default keys: what ``[keymap]`` may remap, and the keys a
    remap must not take from another binding on the same screen (imports every screen)."""
    from tui.app.bindings import bindings

    return {b.id: b.key for b in bindings() if b.id}


def load(path: Path) -> tuple[Config, list[str]]:
    """The config as the app reads it, and its problems in the current language."""
    from textual.theme import BUILTIN_THEMES

    from tui.app.config import load_config

    config = load_config(path, themes=BUILTIN_THEMES, binding_ids=default_keys)
    problems = list(config.problem_texts)
    if config.saves is not None and config.saves.exists() and not config.saves.is_dir():
        problems.append(
            _("{name}: saves: {saves} is not a folder; using the default").format(
                name=path.name, saves=config.saves
            )
        )
    return config, problems


def check_config(path: Path, *, out: TextIO | None = None) -> int:
    """Print the config's problems (or that it is fine); 1 when there is any."""
    import sys

    from tui.base.locations import shown

    stream = out if out is not None else sys.stdout
    if not path.is_file():
        print(
            _("{path}: no config file; every setting is its default").format(path=shown(path)),
            file=stream,
        )
        return 0
    _config, problems = load(path)
    for problem in problems:
        print(problem, file=stream)
    if not problems:
        print(_("{path}: ok").format(path=shown(path)), file=stream)
    return 1 if problems else 0


def effective(
    path: Path,
    named_by: str,
    *,
    lang: str | None = None,
    saves: Path | None = None,
    seed: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> tuple[list[Setting], list[str]]:
    """Every setting in force with its source, and the config's problems."""
    from tui import language as i18n
    from tui.app.config import Config
    from tui.base import locations
    from tui.store.paths import default_saves_dir

    env = os.environ if environ is None else environ
    home = locations.shown
    default = _("default")
    in_file = home(path)

    def by(variable: str) -> str:
        """The XDG variable that moved a default folder (platformdirs reads it), or default."""
        return variable if env.get(variable, "").strip() else default

    rows = [
        Setting(_("config"), in_file, by("XDG_CONFIG_HOME") if named_by == "default" else named_by)
    ]
    if path.is_file():
        config, problems = load(path)
    else:
        config, problems = Config(path=path), []
        missing = _("no such file")  # not inside the f-string: Babel before 3.12 misses it
        rows[0] = Setting(rows[0].name, rows[0].value, f"{rows[0].source} ({missing})")
    rows.append(
        Setting(_("theme"), config.theme, in_file)
        if config.theme
        else Setting(_("theme"), "textual-dark", default)
    )
    locale = next((n for n in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(n)), None)
    if lang is not None:
        rows.append(Setting(_("language"), lang, "--lang"))
    elif config.language is not None:
        rows.append(Setting(_("language"), config.language, in_file))
    elif locale is not None and i18n.locale_language(env) is not None:
        chosen = i18n.locale_language(env) or i18n.SOURCE
        rows.append(Setting(_("language"), chosen, f"{locale}={env[locale]}"))
    else:
        rows.append(Setting(_("language"), i18n.SOURCE, default))
    if saves is not None:
        rows.append(Setting(_("saves"), home(saves.expanduser()), "--saves"))
    elif env.get("TABLEKEEPER_SAVES"):
        folder = Path(env["TABLEKEEPER_SAVES"]).expanduser()
        rows.append(Setting(_("saves"), home(folder), "TABLEKEEPER_SAVES"))
    elif config.saves is not None and not (config.saves.exists() and not config.saves.is_dir()):
        rows.append(Setting(_("saves"), home(config.saves), in_file))
    else:
        checkout = locations.source_checkout() is not None
        why = _("the source checkout") if checkout else _("per-user data")
        source = default if checkout else by("XDG_DATA_HOME")
        rows.append(Setting(_("saves"), home(default_saves_dir()), f"{source} ({why})"))
    if seed is not None:
        rows.append(Setting(_("seed"), str(seed), "--seed"))
    elif env.get("TABLEKEEPER_SEED"):
        rows.append(Setting(_("seed"), env["TABLEKEEPER_SEED"], "TABLEKEEPER_SEED"))
    else:
        rows.append(Setting(_("seed"), _("random"), default))
    for binding, keys in sorted(config.keymap.items()):
        rows.append(Setting(_("key"), f"{binding} = {keys}", in_file))
    if not config.keymap:
        rows.append(Setting(_("keys"), _("the default keys (f1 lists them)"), default))
    colours = _("none") if env.get("NO_COLOR") else _("the terminal's")
    rows.append(Setting(_("colours"), colours, "NO_COLOR" if env.get("NO_COLOR") else default))
    state = by("XDG_STATE_HOME")
    rows.append(Setting(_("history"), home(locations.history_dir()), state))
    rows.append(Setting(_("bug log"), home(locations.bug_log_path()), state))
    return rows, problems


def show(
    path: Path,
    named_by: str,
    *,
    lang: str | None = None,
    saves: Path | None = None,
    seed: int | None = None,
    out: TextIO | None = None,
) -> int:
    """Print the settings in force, one a line in three columns, then the config's problems."""
    import sys

    stream = out if out is not None else sys.stdout
    rows, problems = effective(path, named_by, lang=lang, saves=saves, seed=seed)
    name_width = max(len(r.name) for r in rows)
    value_width = min(48, max(len(r.value) for r in rows))
    for row in rows:
        print(
            f"{row.name:<{name_width}}  {row.value:<{value_width}}  {row.source}".rstrip(),
            file=stream,
        )
    if problems:
        print("", file=stream)
        print(_("problems (the app uses the defaults for these):"), file=stream)
        for problem in problems:
            print(f"  {problem}", file=stream)
    return 0
