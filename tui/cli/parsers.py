"""The command line's parsers: the app's and one per sub-command, built when asked for.

:func:`parser` builds the one a command line needs (``tablekeeper --help`` builds only the
app's, ``tablekeeper check`` only ``check``'s); :func:`parsers` builds them all, for the
shell completion (:mod:`tui.cli.completion`), which must see every option. A parser raises
:class:`UsageError` instead of printing its usage, and the app's builds its epilog (the
environment variables and the folders in force) only when its help is shown: the folders
come from the config, read only if there is one. Imports no Textual, store or system.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.cli.version import version_text
from tui.language import N_, _, tr

TYPE_CHECKING = False  # typing's, without importing it (see tui.language)
if TYPE_CHECKING:
    from typing import Any, NoReturn

__all__ = ["ENVIRONMENT", "Parser", "UsageError", "env", "parser", "parsers"]

ENVIRONMENT = (
    ("TABLEKEEPER_SAVES", N_("folder of saves (like --saves)")),
    ("TABLEKEEPER_SEED", N_("seed the dice, a whole number (like --seed)")),
    ("TABLEKEEPER_CONFIG", N_("config file (like --config)")),
    ("NO_COLOR", N_("any value: no colours")),
    ("LC_ALL, LC_MESSAGES, LANG", N_("ru_* for Russian (after --lang and the config)")),
    ("XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_STATE_HOME", N_("move the per-user folders")),
)


class UsageError(Exception):
    """A bad argument or environment variable: the message is the whole story."""


def env(name: str) -> str | None:
    """The environment variable ``name``, or ``None`` when unset or empty."""
    value = os.environ.get(name, "")
    return value or None


def _lang_choices() -> dict[str, Any]:
    """``--lang``'s choices: English and each language with a catalog (``ru|en``)."""
    from tui.language import languages

    found = languages()
    return {"choices": found, "metavar": "|".join((*found[1:], found[0]))}


class Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage, and builds its epilog on demand."""

    epilog_factory: Callable[[], str] | None = None

    def error(self, message: str) -> NoReturn:
        raise UsageError(_("{message} (see {prog} --help)").format(message=message, prog=self.prog))

    def format_help(self) -> str:
        if self.epilog_factory is not None:
            self.epilog = self.epilog_factory()
        return super().format_help()


class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=_("show the versions and exit"))

    def __call__(self, parser: argparse.ArgumentParser, *_args: object) -> None:
        print(version_text())
        parser.exit(0)


def _epilog() -> str:
    from tui.base import locations

    home = locations.shown
    variables = "\n".join(
        f"  {name:<19} {tr(what)}" if len(name) < 20 else f"  {name}\n  {'':<19} {tr(what)}"
        for name, what in ENVIRONMENT
    )
    files = [
        (_("saves"), home(_saves_now())),
        (_("config"), home(locations.config_path())),
        (_("history"), home(locations.history_dir())),
        (_("bug log"), home(locations.bug_log_path())),
    ]
    width = max(8, *(len(what) for what, _where in files))
    listed = "\n".join(f"  {what:<{width}} {where}" for what, where in files)
    commands = _(
        "commands:\n"
        "  check FILE...      validate saves (tablekeeper check --help)\n"
        "  serve FILE         the players' view in a browser (tablekeeper serve --help)\n"
        "  recap FILE         a Markdown recap for the players (tablekeeper recap --help)\n"
        "  import SAVE F...   characters from GCS sheets (tablekeeper import --help)\n"
        "  config check|show  validate the config; the settings in force and their sources\n"
        "  completion SHELL   shell completion for bash, zsh or fish (see the README)\n"
        "The options may come before or after the command."
    )
    env_title, files_title = _("environment variables:"), _("files:")
    return f"{commands}\n\n{env_title}\n{variables}\n\n{files_title}\n{listed}\n\n" + _(
        "The saves folder is --saves, else TABLEKEEPER_SAVES, else the config's "
        "'saves',\nelse saves/ of a source checkout, else the per-user data "
        "folder."
    )


def _saves_now() -> Path:
    """The saves folder without flags: the variable, the config's, or the default (the
    config's ``saves`` read at a glance, :mod:`tui.cli.config_glance`)."""
    from tui.base.locations import config_path, default_saves_dir

    variable = env("TABLEKEEPER_SAVES")
    if variable is not None:
        return Path(variable).expanduser()
    named = env("TABLEKEEPER_CONFIG")
    path = Path(named) if named else config_path()
    from tui.cli.config_glance import glance

    saves = glance(path)[1]  # without the config module: most of what --help would import
    return saves if saves is not None else default_saves_dir()


def _global_options(parser: Parser, *, config_help: str | None = None) -> None:
    """``--lang`` and ``--config``, which every sub-command takes (before it or after it)."""
    parser.add_argument(
        "--config",
        type=Path,
        metavar="FILE",
        help=config_help or _("config file whose 'language' to use (else the usual one)"),
    )
    parser.add_argument(
        "--lang",
        **_lang_choices(),
        help=_("the messages' language (else the config's 'language', else the locale)"),
    )


def _app_parser() -> Parser:
    parser = Parser(
        prog="tablekeeper",
        usage=_(
            "%(prog)s [options] [SAVE]\n       %(prog)s check FILE|DIR...\n"
            "       %(prog)s serve FILE [--host HOST] [--port PORT] [--new-links]\n"
            "       %(prog)s recap FILE [--adventure N] [--since DATE] [--scene NAME] "
            "[--gm] [-o FILE.md]\n       %(prog)s import SAVE FILE... [--npc] [--gm-only] [--yes]\n"
            "       %(prog)s config check|show\n       %(prog)s completion bash|zsh|fish"
        ),
        description=_(
            "A keyboard-first table tracker for tabletop RPG game masters:\n"
            "opens the campaign picker, or SAVE."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.epilog_factory = _epilog
    parser.add_argument(
        "save",
        nargs="?",
        type=Path,
        metavar="SAVE",
        help=_("campaign save to open (TOML); edits that file"),
    )
    parser.add_argument("--version", action=_Version)
    parser.add_argument(
        "--read-only",
        action="store_true",
        help=_(
            "open SAVE (or what the picker opens) as the players' view: "
            "follows the GM live, changes nothing, GM-only data hidden"
        ),
    )
    parser.add_argument("--saves", type=Path, metavar="DIR", help=_("folder of saves"))
    parser.add_argument("--config", type=Path, metavar="FILE", help=_("config file to use"))
    parser.add_argument("--seed", type=int, metavar="N", help=_("seed the dice (demos, tests)"))
    parser.add_argument(
        "--lang",
        **_lang_choices(),
        help=_(
            "the interface's language (else the config's 'language', else "
            "the locale: LC_ALL, LC_MESSAGES, LANG = ru_* is Russian; else "
            "English)"
        ),
    )
    return parser


def _check_parser() -> Parser:
    parser = Parser(
        prog="tablekeeper check",
        description=_(
            "Validate saves (and their logs); a folder checks every save in it. Prints "
            "FILE: ok, FILE:LINE:COL: … for a TOML error or FILE: key.path: … for a "
            "schema error; exit status 1 if any file is bad."
        ),
    )
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help=_("a save to check, or a folder of saves")
    )
    _global_options(parser)
    return parser


def _serve_parser() -> Parser:
    parser = Parser(
        prog="tablekeeper serve",
        description=_(
            "Serve the players' view of FILE to a web browser (read-only, GM-only "
            "data hidden, live). Prints the address to open, with a token every "
            "request must carry."
        ),
    )
    parser.add_argument("file", type=Path, metavar="FILE", help=_("the campaign save"))
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=_(
            "address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 for the network)"
        ),
    )
    parser.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    parser.add_argument(
        "--max-viewers",
        type=int,
        default=8,
        metavar="N",
        help=_("browser tabs watching at once, each a process of its own (default 8)"),
    )
    parser.add_argument(
        "--new-links",
        action="store_true",
        help=_("make every character's link anew (the old ones stop working)"),
    )
    _global_options(parser, config_help=_("config file the view uses (theme, keys)"))
    return parser


def _recap_parser() -> Parser:
    parser = Parser(
        prog="tablekeeper recap",
        description=_(
            "Write a Markdown recap of FILE for the players: scenes with their "
            "summaries, notable rolls, extended checks, experience, resources and "
            "dice statistics. GM-only characters, secret rolls and hidden values are "
            "left out unless --gm. Filters combine."
        ),
    )
    parser.add_argument("file", type=Path, metavar="FILE", help=_("the campaign save"))
    parser.add_argument("--adventure", type=int, metavar="N", help=_("only adventure N"))
    parser.add_argument("--since", metavar="DATE", help=_("only entries from DATE (YYYY-MM-DD) on"))
    parser.add_argument("--scene", metavar="NAME", help=_("only the scene(s) called NAME"))
    parser.add_argument("--gm", action="store_true", help=_("the GM's copy: nothing left out"))
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE.md",
        help=_("write to FILE.md instead of standard output"),
    )
    _global_options(parser)
    return parser


def _import_parser() -> Parser:
    from tui.cli.importer import CLASHES

    parser = Parser(
        prog="tablekeeper import",
        description=_(
            "Add the characters of other programs' files to a campaign (GURPS: GCS "
            "sheets, .gcs), as one step /undo takes back. A file already imported "
            "updates its character after showing what changes. A file that cannot be "
            "read is skipped, one line saying why, and the rest imported: exit status 3."
        ),
    )
    parser.add_argument(
        "save",
        metavar="CAMPAIGN",
        help=_("the campaign's save (with --bestiary: the first file)"),
    )
    parser.add_argument(
        "files", nargs="*", metavar="FILE", help=_("a character file, or a folder of them")
    )
    parser.add_argument(
        "--bestiary",
        action="store_true",
        help=_(
            "no campaign: every FILE's creature becomes a template in your bestiary "
            "(bestiary/SYSTEM/NAME.toml in the per-user data folder)"
        ),
    )
    parser.add_argument("--npc", action="store_true", help=_("import as NPCs"))
    parser.add_argument("--gm-only", action="store_true", help=_("hidden from the players' view"))
    parser.add_argument(
        "-y", "--yes", action="store_true", help=_("update characters without asking")
    )
    parser.add_argument(
        "--on-clash",
        choices=CLASHES,
        help=_("a name another character has: update it, rename the new one, or skip"),
    )
    _global_options(parser)
    return parser


def _config_parser() -> Parser:
    parser = Parser(
        prog="tablekeeper config",
        description=_(
            "check: validate the config file (FILE:LINE:COL: … for a TOML error, FILE: "
            "key: … for a bad value; exit status 1 if any). show: every setting in force "
            "and where it comes from (default, the config file, a variable, an option)."
        ),
    )
    parser.add_argument("action", choices=("check", "show"), metavar="check|show")
    _global_options(
        parser, config_help=_("the config file (else TABLEKEEPER_CONFIG, else the usual one)")
    )
    parser.add_argument("--saves", type=Path, metavar="DIR", help=_("folder of saves"))
    parser.add_argument("--seed", type=int, metavar="N", help=_("seed the dice (demos, tests)"))
    return parser


def _completion_parser() -> Parser:
    from tui.cli.completion import SHELLS

    parser = Parser(
        prog="tablekeeper completion",
        description=_(
            "Print the shell completion script for SHELL (sub-commands, options, their "
            "values; saves by the shell's own file completion). The README says where "
            "each shell reads it."
        ),
    )
    parser.add_argument("shell", choices=SHELLS, metavar="|".join(SHELLS))
    _global_options(parser)
    return parser


#: each parser's builder by sub-command (``""``: the app's)
BUILDERS: dict[str, Callable[[], Parser]] = {
    "": _app_parser,
    "check": _check_parser,
    "serve": _serve_parser,
    "recap": _recap_parser,
    "import": _import_parser,
    "config": _config_parser,
    "completion": _completion_parser,
}


def parser(command: str) -> Parser:
    """The parser of ``command`` (``""``: the app's), built now."""
    return BUILDERS[command]()


def parsers() -> dict[str, Parser]:
    """Every parser by sub-command (``""``: the app's), for the help and the completion."""
    return {name: build() for name, build in BUILDERS.items()}
