r"""What the command line prints is made safe for the terminal: one sanitiser for every line.

A sub-command prints text that comes from files — a character's name from a GCS sheet, a
key of a save, an unknown key of the config, a campaign's recap, a character's link — and
any of it may hold escape sequences (``ESC[31m`` recolours the terminal, an OSC sequence
retitles it, ``ESC[2J`` clears the screen, BEL rings). Rather than trusting each ``print``
to remember, :func:`safe_output` puts a :class:`SafeText` in front of ``sys.stdout`` and
``sys.stderr`` while a sub-command runs, so every character written passes
:func:`tui.base.textsafe.visible` (controls become visible stand-ins; newlines and tabs
stay). The app itself is not wrapped: Textual drives the terminal on purpose.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import TextIO

from tui.base.textsafe import visible

__all__ = ["SafeText", "safe_output", "shown"]


def shown(text: str) -> str:
    """``text`` as the command line prints it: every control character visible, except the
    line breaks and tabs that lay it out."""
    if text.isprintable():
        return text
    return "\t".join(visible(part, newlines=True) for part in text.split("\t"))


class SafeText(io.TextIOBase):
    """A text stream in front of ``stream`` that writes :func:`shown` of every text."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(shown(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def safe_output() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` pass :func:`shown` until the block ends."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeText(out), SafeText(err)
    try:
        yield
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        sys.stdout, sys.stderr = out, err
