r"""Text from a save or the keyboard, made safe to show: it can never drive the terminal.

A name, a skill, a note or a log line may hold anything a text editor lets a GM type,
escape sequences included (``\x1b[2J`` clears the screen, an OSC sequence retitles the
window). :func:`visible` shows each such character as a stand-in *of the same length*, so
styled spans laid over the text stay where they were. Markup is a separate danger: widgets
get :class:`rich.text.Text` or plain strings with ``markup=False``, never markup. Imports
neither Rich nor Textual.
"""

from __future__ import annotations

import re

__all__ = ["visible"]

_PICTURES = {i: chr(0x2400 + i) for i in range(0x20)}
_PICTURES[0x7F] = "␡"
_BAD = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _replace(m: re.Match[str]) -> str:
    return _PICTURES.get(ord(m.group()), "\ufffd")


def visible(text: str, *, newlines: bool = False) -> str:
    r"""``text`` with every control character shown as a visible stand-in (same length).

    C0 controls and DEL become their Unicode control pictures (``\x1b`` → ``␛``, ``\t`` →
    ``␉``, ``\x7f`` → ``␡``), a newline kept where ``newlines`` allows several lines; C1
    controls (``\x80``–``\x9f``, which some terminals read as escapes), bidirectional
    overrides and isolates (which can reorder what is shown) and lone surrogates become
    ``�``."""
    if not _BAD.search(text):
        return text
    if newlines:
        return "\n".join(_BAD.sub(_replace, part) for part in text.split("\n"))
    return _BAD.sub(_replace, text)
