"""The ``tablekeeper`` command: ``tablekeeper [SAVE]``, ``tablekeeper check FILE|DIR...``,
``tablekeeper serve FILE`` (the players' view in a browser, :mod:`tui.cli.serve`),
``tablekeeper recap FILE`` (a Markdown recap, :mod:`tui.cli.recap`), ``tablekeeper import``,
``tablekeeper config check|show`` (:mod:`tui.cli.settings`) and ``tablekeeper completion
SHELL`` (:mod:`tui.cli.completion`).

A sub-command is the first word that is neither an option nor an option's value, so the
global options (``--lang``, ``--config`` …) may stand before it or after it; each
sub-command has its own parser (``tablekeeper check --help`` is its help) which takes the
global options it uses. Anything else is the app's command line, where a save may have any
name (``./check`` opens a file called ``check``; so does ``-- check``). Every bad argument or
environment variable is one line on stderr and exit status 2 — never a traceback; so is
starting the app with no terminal to draw on (the sub-commands work without one).

Language: the command line speaks the GM's language from its first word — ``--lang ru|en``
(anywhere on the line, for every sub-command), else the config's ``language`` (the file of
``--config`` or ``TABLEKEEPER_CONFIG``, else the usual one), else the locale — so
``--help``, the sub-commands' help, ``check``'s report and every usage error are Russian
when the GM's language is. argparse's own words ("usage:", "options", its error messages)
come through the same catalog (:mod:`tui.cli.lang`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from tui.cli.shellout import safe_output, shown
from tui.language import N_, _, msg, tr

__all__ = ["COMMANDS", "UsageError", "main", "parsers", "split_command", "version_text"]

#: the sub-commands, each recognised as the first word that is not an option (or its value)
COMMANDS = ("check", "serve", "recap", "import", "config", "completion")
#: the global options that take a value: their value is never taken for a sub-command
GLOBAL_VALUED = ("--lang", "--config", "--saves", "--seed")

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


def _lang_choices() -> dict[str, Any]:
    """``--lang``'s choices: English and each language with a catalog (``ru|en``)."""
    from tui.language import languages

    found = languages()
    return {"choices": found, "metavar": "|".join((*found[1:], found[0]))}


class _Parser(argparse.ArgumentParser):
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


def installed_version(name: str) -> str | None:
    """The version of the distribution ``name`` as its ``NAME-VERSION.dist-info`` folder on
    ``sys.path`` says, or ``None``. Read from the folder's name, as pip writes it: the
    standard ``importlib.metadata`` reads every distribution's metadata to find one, which
    tripled the time of ``tablekeeper --version``."""
    prefix = name.replace("-", "_") + "-"
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in entries:
            if entry.startswith(prefix) and entry.endswith(".dist-info"):
                return entry[len(prefix) : -len(".dist-info")]
    return None


def version_text() -> str:
    """``tablekeeper 0.1.0 (Textual 8.2.8, Python 3.11.7)`` — without importing Textual."""

    def of(name: str) -> str:
        found = installed_version(name)
        if found is None:  # an unusual install (an egg, a zip): the standard way
            from importlib.metadata import PackageNotFoundError, version

            try:
                found = version(name)
            except PackageNotFoundError:
                return _("not installed")
        return found

    python = ".".join(str(n) for n in sys.version_info[:3])
    return f"tablekeeper {of('tablekeeper')} (Textual {of('textual')}, Python {python})"


def _epilog() -> str:
    from tui.base import locations

    home = locations.shown
    env = "\n".join(
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
    return f"{commands}\n\n{env_title}\n{env}\n\n{files_title}\n{listed}\n\n" + _(
        "The saves folder is --saves, else TABLEKEEPER_SAVES, else the config's "
        "'saves',\nelse saves/ of a source checkout, else the per-user data "
        "folder."
    )


def _saves_now() -> Path:
    """The saves folder without flags: the variable, the config's, or the default."""
    from tui.app.config import load_config
    from tui.base.locations import config_path
    from tui.store.paths import default_saves_dir

    env = _env("TABLEKEEPER_SAVES")
    if env is not None:
        return Path(env).expanduser()
    config = _env("TABLEKEEPER_CONFIG")
    saves = load_config(Path(config) if config else config_path()).saves
    return saves if saves is not None else default_saves_dir()


def split_command(args: Sequence[str]) -> tuple[str | None, list[str]]:
    """The sub-command on the line (or ``None``: the app) and the rest of the line.

    The sub-command is the first word that is not an option or a global option's value,
    so ``--lang ru check x`` and ``check x --lang ru`` are the same; after ``--`` or a
    first word that is no sub-command (a save), nothing is one.
    """
    i = 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        if word in GLOBAL_VALUED:
            i += 2
            continue
        if word.startswith("-"):
            i += 1
            continue
        if word in COMMANDS:
            return word, [*args[:i], *args[i + 1 :]]
        break
    return None, list(args)


def _global_options(parser: _Parser, *, config_help: str | None = None) -> None:
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


def _main_parser() -> _Parser:
    parser = _Parser(
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


def _check_parser() -> _Parser:
    parser = _Parser(
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


def _serve_parser() -> _Parser:
    parser = _Parser(
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


def _recap_parser() -> _Parser:
    parser = _Parser(
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


def _recap(args: Sequence[str]) -> int:
    ns = _recap_parser().parse_args(args)
    save = _existing_file(ns.file, "FILE")
    from tui.session.recap import RecapOptions
    from tui.session.recap.select import parse_date

    if ns.adventure is not None and ns.adventure < 1:
        raise UsageError(_("--adventure: expected 1 or more, got {n}").format(n=ns.adventure))
    try:
        since = parse_date(ns.since) if ns.since is not None else None
    except ValueError as exc:
        raise UsageError(f"--since: {exc}") from None
    output = ns.output.expanduser() if ns.output is not None else None
    if output is not None:
        from tui.store.paths import log_path

        if output.is_dir():
            raise UsageError(_("-o: {output} is a folder").format(output=output))
        if output.resolve() in {save.resolve(), log_path(save.resolve())}:
            raise UsageError(
                _("-o: {output} is the campaign itself; name a .md file").format(output=output)
            )
    from tui.cli.recap import recap_main

    return recap_main(save, RecapOptions(ns.adventure, since, ns.scene, ns.gm), output)


def _serve(args: Sequence[str]) -> int:
    ns = _serve_parser().parse_args(args)
    save = _existing_file(ns.file, "FILE")
    if not 0 < ns.port < 65536:
        raise UsageError(_("--port: expected 1..65535, got {port}").format(port=ns.port))
    config = _existing_file(ns.config, "--config") if ns.config is not None else None
    if ns.max_viewers < 1:
        raise UsageError(_("--max-viewers: expected 1 or more, got {n}").format(n=ns.max_viewers))
    from tui.cli.serve import serve_main

    return serve_main(
        save,
        host=ns.host,
        port=ns.port,
        config=config,
        max_viewers=ns.max_viewers,
        new_links=ns.new_links,
    )


def _import_parser() -> _Parser:
    from tui.cli.importer import CLASHES

    parser = _Parser(
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


def _import(args: Sequence[str]) -> int:
    ns = _import_parser().parse_args(args)
    if ns.bestiary:
        from tui.cli.bestiary_import import bestiary_main

        return bestiary_main([Path(ns.save), *(Path(f) for f in ns.files)])
    if not ns.files:
        raise UsageError(_("give the character files to import after CAMPAIGN"))
    save = _existing_file(Path(ns.save), "CAMPAIGN")
    from tui.cli.importer import import_main

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    return import_main(
        save,
        [Path(f) for f in ns.files],
        side="npc" if ns.npc else "party",
        gm_only=ns.gm_only,
        yes=ns.yes,
        on_clash=ns.on_clash,
        ask=input if interactive else None,
    )


def _config_parser() -> _Parser:
    parser = _Parser(
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


def _config(args: Sequence[str]) -> int:
    ns = _config_parser().parse_args(args)
    from tui.cli import settings

    path, named_by = settings.config_source(ns.config, os.environ)
    if named_by != "default":
        path = _existing_file(path, named_by)
    if ns.action == "check":
        return settings.check_config(path)
    saves = _folder(ns.saves, "--saves") if ns.saves is not None else None
    return settings.show(path, named_by, lang=ns.lang, saves=saves, seed=ns.seed)


def _completion_parser() -> _Parser:
    from tui.cli.completion import SHELLS

    parser = _Parser(
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


def parsers() -> dict[str, _Parser]:
    """Every parser by sub-command (``""``: the app's), for the help and the completion."""
    return {
        "": _main_parser(),
        "check": _check_parser(),
        "serve": _serve_parser(),
        "recap": _recap_parser(),
        "import": _import_parser(),
        "config": _config_parser(),
        "completion": _completion_parser(),
    }


def _completion(args: Sequence[str]) -> int:
    ns = _completion_parser().parse_args(args)
    from tui.cli.completion import script

    sys.stdout.write(script(ns.shell, parsers()))
    return 0


def _check(args: Sequence[str]) -> int:
    files = _check_parser().parse_args(args).files
    from tui.cli.check import check_main

    return check_main(files)


_RUNS: dict[str, Callable[[Sequence[str]], int]] = {
    "check": _check,
    "serve": _serve,
    "recap": _recap,
    "import": _import,
    "config": _config,
    "completion": _completion,
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:  # what it prints needs no language, config nor parser
        print(version_text())
        return 0
    from tui import language as i18n
    from tui.cli.lang import argparse_words, language

    i18n.set_language(language(args, _env("TABLEKEEPER_CONFIG")))
    with argparse_words():
        try:
            command, rest = split_command(args)
            if command is not None:
                with safe_output():  # what a sub-command prints from files drives nothing
                    return _RUNS[command](rest)
            return _run(_main_parser().parse_args(args))
        except UsageError as exc:
            print(f"tablekeeper: {shown(str(exc))}", file=sys.stderr)
            return 2


def _env(name: str) -> str | None:
    value = os.environ.get(name, "")
    return value or None


def _seed(ns: argparse.Namespace) -> int | None:
    if ns.seed is not None:
        return int(ns.seed)
    text = _env("TABLEKEEPER_SEED")
    if text is None:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(
            _("TABLEKEEPER_SEED: expected a whole number, got {text!r}").format(text=text)
        ) from None


def _folder(path: Path, source: str) -> Path:
    path = path.expanduser()
    if path.exists() and not path.is_dir():
        raise UsageError(_("{source}: {path} is not a folder").format(source=source, path=path))
    return path


def _existing_file(path: Path, source: str) -> Path:
    path = path.expanduser()
    if path.is_dir():
        hint = _(" (--saves DIR opens the picker on a folder)") if source == "SAVE" else ""
        raise UsageError(
            _("{source}: {path} is a folder, not a file{hint}").format(
                source=source, path=path, hint=hint
            )
        )
    from tui.store.regular import why_not_regular  # here: the store loads with a campaign

    why = why_not_regular(path)
    if why is None:
        return path
    if not os.path.lexists(path):
        raise UsageError(_("{source}: no such file: {path}").format(source=source, path=path))
    raise UsageError(_("{source}: {path}: {why}").format(source=source, path=path, why=why))


def _run(ns: argparse.Namespace) -> int:
    from dataclasses import replace

    from tui.app.config import load_config
    from tui.base.locations import config_path

    seed = _seed(ns)
    save = _existing_file(ns.save, "SAVE") if ns.save is not None else None
    explicit = ns.config if ns.config is not None else _env("TABLEKEEPER_CONFIG")
    source = "--config" if ns.config is not None else "TABLEKEEPER_CONFIG"
    path = _existing_file(Path(explicit), source) if explicit is not None else config_path()
    saves_env = _env("TABLEKEEPER_SAVES")
    if ns.saves is not None:
        saves: Path | None = _folder(ns.saves, "--saves")
    elif saves_env is not None:
        saves = _folder(Path(saves_env), "TABLEKEEPER_SAVES")
    else:
        saves = None

    from textual.theme import BUILTIN_THEMES

    from tui.cli.settings import default_keys

    config = load_config(path, themes=BUILTIN_THEMES, binding_ids=default_keys)
    if config.saves is not None and config.saves.exists() and not config.saves.is_dir():
        # a message, shown in the language chosen by the time the app shows it (as the
        # config's own problems are)
        problem = msg(
            "{name}: saves: {saves} is not a folder; using the default",
            name=path.name,
            saves=str(config.saves),
        )
        config = replace(config, saves=None, problems=(*config.problems, problem))
    if saves is None:
        saves = config.saves

    from tui import language as i18n

    i18n.set_language(i18n.choose(ns.lang, config.language, os.environ))  # as the app's
    no_terminal = terminal_problem()
    if no_terminal is not None:
        raise UsageError(no_terminal)
    import random

    from tui.app.app import TablekeeperApp
    from tui.cli.crash import guard

    rng = random.Random(seed) if seed is not None else random.Random()
    app = TablekeeperApp(save, saves_dir=saves, rng=rng, read_only=ns.read_only, config=config)
    crash = guard(app)
    app.run()
    with safe_output():  # the app has let the terminal go; an error's text may quote a save
        return crash.report()


def terminal_problem() -> str | None:
    """Why the app cannot be drawn here, or ``None``: it needs a terminal on stdin and stdout,
    one that moves the cursor (not ``TERM=dumb``). Under another driver (``tablekeeper
    serve`` sets ``TEXTUAL_DRIVER``) the terminal is not ours to check."""
    if _env("TEXTUAL_DRIVER") is not None:
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _(
            "no terminal: the app needs one on stdin and stdout (for scripts: "
            "tablekeeper check, recap, import, config)"
        )
    if os.environ.get("TERM") == "dumb":
        return _(
            "TERM=dumb cannot show the app: it needs a terminal that moves the cursor "
            "(e.g. TERM=xterm-256color); check, recap, import and config work here"
        )
    return None


if __name__ == "__main__":
    raise SystemExit(main())
