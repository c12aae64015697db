"""The save error hierarchy: every problem with a save names its file and where in it."""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping

from tui.language import _

__all__ = [
    "ConflictError",
    "LockedError",
    "ReplayError",
    "SaveError",
    "WriteError",
    "toml_error",
    "utf8_error",
]

_AT = re.compile(r"\(at line (\d+), column (\d+)\)\s*$")
_AT_END = re.compile(r"\s*\(at end of document\)\s*$")


class SaveError(Exception):
    """A save (or its log) that cannot be read or written.

    ``line``/``column`` (1-based) locate a TOML syntax error; ``key_path`` names the offending
    key of a schema error (``characters[0].skills."Spot Hidden"``). ``str()`` gives
    ``FILE:LINE:COL: message``, ``FILE: key.path: message`` or ``FILE: message``.
    """

    def __init__(
        self,
        file: str | os.PathLike[str],
        message: str,
        *,
        line: int | None = None,
        column: int | None = None,
        key_path: str | None = None,
    ) -> None:
        self.file = os.fspath(file)
        self.message = message
        self.line = line
        self.column = column
        self.key_path = key_path
        super().__init__(self.__str__())

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}:{self.column or 1}: {self.message}"
        if self.key_path:
            return f"{self.file}: {self.key_path}: {self.message}"
        return f"{self.file}: {self.message}"


class LockedError(SaveError):
    """Another Tablekeeper already has the save open for writing."""


class WriteError(SaveError):
    """Saving failed (disk full, read-only folder …); the files on disk are unchanged."""


class ConflictError(WriteError):
    """The save or its log changed on disk since the app last wrote it (an editor, a
    deleted or shortened file, a second program): the store stopped writing to it."""


class ReplayError(SaveError):
    """The log's entries after the save's checkpoint cannot all be applied to it.

    ``campaign`` is the state after the last entry that applied (``applied`` its seq).
    ``renames``: characters renamed in the save since the log was written (old name → new),
    when that is what keeps the log from applying and the match is unambiguous; opening
    with them applies the log (:func:`tui.store.recovery.renames_that_fit`).
    """

    def __init__(
        self,
        file: str | os.PathLike[str],
        message: str,
        *,
        campaign: object,
        applied: int,
        renames: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(file, message)
        self.campaign = campaign
        self.applied = applied
        self.renames: dict[str, str] = dict(renames or {})


def toml_error(
    file: str | os.PathLike[str], error: tomllib.TOMLDecodeError, text: str, line_offset: int = 0
) -> SaveError:
    """A :class:`SaveError` for a TOML syntax error, its line shifted by ``line_offset``.

    Python 3.11's ``TOMLDecodeError`` has no ``lineno``/``colno``: they are read from the
    message's "(at line X, column Y)" suffix; "at end of document" points past the last line.
    The parser's own words stay English in any interface language (the standard library has
    no translations); every other message of the store is in the GM's language (``_()``).
    """
    message = str(error)
    match = _AT.search(message)
    if match is not None:
        line, column = int(match[1]), int(match[2])
        message = message[: match.start()].rstrip()
    else:
        lines = text.removesuffix("\n").split("\n")  # the last line an editor shows
        line, column = len(lines), len(lines[-1]) + 1
        message = _AT_END.sub("", message)
    return SaveError(file, message, line=line + line_offset, column=column)


def utf8_error(
    file: str | os.PathLike[str], error: UnicodeDecodeError, data: bytes, line_offset: int = 0
) -> SaveError:
    """A :class:`SaveError` locating the first byte that is not UTF-8."""
    before = data[: error.start]
    line = before.count(b"\n") + 1
    column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8")) + 1
    return SaveError(file, _("not valid UTF-8 text"), line=line + line_offset, column=column)
