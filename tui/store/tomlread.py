"""TOML read the one way every file of a campaign is read: whatever the text, a
:class:`tomllib.TOMLDecodeError` with a line and column, never another exception.

:mod:`tomllib` lets one thing escape as a bare ``ValueError``: an integer longer than
Python's limit on converting digits (4,300; the limit guards against quadratic time), which
a save or a log may hold if hand-edited or damaged. It is turned into a decoding error at
the number's place, so ``check`` and the app refuse it in one line like any syntax error.

Values nested so deep that :mod:`tomllib` runs out of recursion (``a = [[[[…`` thousands
deep) are the same: a decoding error where the nesting goes too deep
(:func:`~tui.store.nesting.deep_line`), never a ``RecursionError`` out of the config, the
catalog or ``config check``.
"""

from __future__ import annotations

import re
import sys
import tomllib
from typing import Any

from tui.language import _
from tui.store.nesting import deep_line

__all__ = ["loads"]

_DIGITS = re.compile(r"[0-9][0-9_]*")


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads``, with a number too long to convert reported where it stands."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:
        raise tomllib.TOMLDecodeError(_too_long(text)) from None
    except RecursionError:
        line, column = deep_line(text)
        said = _("values nested too deeply")
        raise tomllib.TOMLDecodeError(f"{said} (at line {line}, column {column})") from None


def _too_long(text: str) -> str:
    limit = sys.get_int_max_str_digits() or 4300
    for m in _DIGITS.finditer(text):
        digits = m.group().replace("_", "")
        if len(digits) > limit:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
            said = _("a number of {n} digits (at most {limit})").format(
                n=f"{len(digits):,}", limit=f"{limit:,}"
            )
            return f"{said} (at line {line}, column {column})"
    return _("a value that cannot be read")
