"""Terminal input that cannot end the app: bytes that are not UTF-8 become ``�``.

Textual's Linux driver decodes the keyboard with a strict UTF-8 decoder, so one byte from a
Latin-1 terminal (or line noise over SSH) raised ``UnicodeDecodeError`` in its input thread
and ended the app with a traceback. :func:`lenient_input` gives the driver a decoder that
replaces such bytes instead. Textual is held to one minor series (see pyproject), and a
test sends an invalid byte through a real terminal, so a change on Textual's side is caught.
"""

from __future__ import annotations

import codecs
import functools
from collections.abc import Callable
from typing import Any

__all__ = ["lenient_input"]


def _replacing(encoding: str) -> Callable[..., Any]:
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def lenient_input() -> None:
    """Make the Linux driver replace undecodable input bytes (idempotent)."""
    try:
        from textual.drivers import linux_driver
    except ImportError:  # not on a POSIX terminal: another driver, nothing to do
        return
    if getattr(linux_driver, "getincrementaldecoder", None) is not _replacing:
        # the driver's module imports the name from codecs; Textual does not export it
        linux_driver.getincrementaldecoder = _replacing  # type: ignore[attr-defined]
