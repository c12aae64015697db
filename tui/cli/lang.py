"""The command line's language (:mod:`tui.cli.main`): which one, and argparse's own words in it.

The language is ``--lang LANG`` (``en`` or a language with a catalog) anywhere on the line
(read before any parser runs, so the help is already in it), else the config's ``language``
(the file of ``--config`` or ``TABLEKEEPER_CONFIG``, else the usual one; a config that cannot
be read leaves it to the locale; only its ``language`` is read, by
:mod:`tui.cli.config_glance`), else the locale. argparse looks its texts up through the
module-level function ``argparse._`` (its gettext domain): :func:`argparse_words` points it
at the catalog while the command line runs and restores it afterwards; the texts a
Tablekeeper command line can show are listed in :data:`ARGPARSE_WORDS` for the catalog.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tui.language import N_, tr

__all__ = ["ARGPARSE_WORDS", "argparse_words", "flag", "language"]

#: argparse's own texts a Tablekeeper command line can show, translated through the catalog
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected at least one argument"),
    N_("ignored explicit argument %r"),
)


def flag(args: Sequence[str], name: str) -> str | None:
    """The value of ``--name VALUE`` / ``--name=VALUE`` on the line (the last one wins),
    read before the parsers run so their help is already in the right language."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == name and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith(name + "="):
            found = arg.partition("=")[2]
    return found


def language(args: Sequence[str], config_env: str | None) -> str:
    """The command line's language: ``--lang``, the config's ``language``, the locale."""
    from tui import language as i18n

    chosen = flag(args, "--lang")
    configured = None
    if chosen not in i18n.languages():
        explicit = flag(args, "--config") or config_env
        from tui.base.locations import config_path
        from tui.cli.config_glance import glance

        # its two keys alone, without the config module (a broken file: the locale's)
        configured = glance(Path(explicit) if explicit else config_path())[0]
    return i18n.choose(chosen, configured, os.environ)


@contextmanager
def argparse_words() -> Iterator[None]:
    """argparse's own texts through the catalog while the command line runs; the standard
    library's function is back afterwards."""
    # argparse's gettext alias is private: the stubs do not declare it (hence attr-defined)
    own = argparse._  # type: ignore[attr-defined]
    argparse._ = tr  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = own  # type: ignore[attr-defined]
