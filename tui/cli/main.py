"""The ``tablekeeper`` command: ``tablekeeper [SAVE]``, ``tablekeeper check FILE|DIR...``,
``tablekeeper serve FILE`` (the players' view in a browser, :mod:`tui.cli.serve`),
``tablekeeper recap FILE`` (a Markdown recap, :mod:`tui.cli.recap`), ``tablekeeper import``,
``tablekeeper config check|show`` (:mod:`tui.cli.settings`) and ``tablekeeper completion
SHELL`` (:mod:`tui.cli.completion`).

A sub-command is the first word that is neither an option nor an option's value, so the
global options (``--lang``, ``--config`` …) may stand before it or after it; each
sub-command has its own parser (``tablekeeper check --help`` is its help) which takes the
global options it uses (:mod:`tui.cli.parsers`; what each does with them:
:mod:`tui.cli.commands`). Anything else is the app's command line, where a save may have
any name (``./check`` opens a file called ``check``; so does ``-- check``). Every bad
argument or environment variable is one line on stderr and exit status 2 — never a
traceback; so is starting the app with no terminal to draw on (the sub-commands work
without one).

Language: the command line speaks the GM's language from its first word — ``--lang ru|en``
(anywhere on the line, for every sub-command), else the config's ``language`` (the file of
``--config`` or ``TABLEKEEPER_CONFIG``, else the usual one), else the locale — so
``--help``, the sub-commands' help, ``check``'s report and every usage error are Russian
when the GM's language is. argparse's own words ("usage:", "options", its error messages)
come through the same catalog (:mod:`tui.cli.lang`).

Start-up: this module is what the console script loads, so it imports nothing at the top
but the version's module; ``tablekeeper --version`` prints from it alone, ``--help`` adds
the language, argparse and the app's parser, and a sub-command loads its own parser and
runner (the bench's ``cli_*_vs_bare_python`` lines hold both to twice a bare ``python -c
pass``; ``tests/tui/test_cli_start.py`` checks what they import).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tui.cli.version import installed_version, version_text

__all__ = [
    "COMMANDS",
    "GLOBAL_VALUED",
    "PIPE_CLOSED",
    "installed_version",
    "main",
    "split_command",
    "version_text",
]

#: the sub-commands, each recognised as the first word that is not an option (or its value)
COMMANDS = ("check", "serve", "recap", "import", "config", "completion")
#: the global options that take a value: their value is never taken for a sub-command
GLOBAL_VALUED = ("--lang", "--config", "--saves", "--seed")


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


#: the exit status when the reader of the output went away: a death by SIGPIPE, as shells say
PIPE_CLOSED = 128 + 13


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (else the process's); the exit status. A reader that
    stops reading (``tablekeeper config show | head -1``) ends it quietly, as it does ``cat``:
    no traceback, status :data:`PIPE_CLOSED`."""
    try:
        return _run(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        import os

        # what is still buffered would fail again when Python flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return PIPE_CLOSED


def _run(args: list[str]) -> int:
    if args == ["--version"]:  # what it prints needs no language, config nor parser
        print(version_text())
        return 0
    from tui import language as i18n
    from tui.base.locations import catalog_cache_dir
    from tui.base.regular import read_bounded
    from tui.cli.lang import argparse_words, language
    from tui.cli.parsers import UsageError, env, parser

    i18n.keep_compiled(catalog_cache_dir(), read_bounded)  # a start parses no .po twice
    i18n.set_language(language(args, env("TABLEKEEPER_CONFIG")))
    with argparse_words():
        try:
            command, rest = split_command(args)
            if command is not None:
                from tui.cli.commands import RUNS
                from tui.cli.shellout import safe_output

                with safe_output():  # what a sub-command prints from files drives nothing
                    return RUNS[command](rest)
            ns = parser("").parse_args(args)  # --help prints here, before the app's module
            from tui.cli.commands import run_app

            return run_app(ns)
        except UsageError as exc:
            from tui.cli.shellout import shown

            print(f"tablekeeper: {shown(str(exc))}", file=sys.stderr)
            return 2


if __name__ == "__main__":
    raise SystemExit(main())
