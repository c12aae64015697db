"""What ``tablekeeper --version`` prints: our version, Textual's and Python's.

The entry point (:mod:`tui.cli.main`) answers ``--version`` with this module alone, before
the language, the config or any parser is loaded: the line it prints needs none of them.
"""

from __future__ import annotations

import os
import sys

__all__ = ["installed_version", "version_text"]


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
                from tui.language import _

                return _("not installed")
        return found

    python = ".".join(str(n) for n in sys.version_info[:3])
    return f"tablekeeper {of('tablekeeper')} (Textual {of('textual')}, Python {python})"
