"""The value types of a save named in the GM's language, for the schema's messages.

``expected(int, "x")`` reads "expected an integer, got a string" (in Russian «ожидалось целое
число, а здесь строка»), never a Python type name.
"""

from __future__ import annotations

import datetime
import functools

from tui.language import N_, _, tr

__all__ = ["expected", "kind_name"]

#: every type TOML reads (a datetime before a date: it is one)
_KINDS: dict[type, str] = {
    int: N_("an integer"),
    str: N_("a string"),
    bool: N_("true/false"),
    float: N_("a number"),
    dict: N_("a table"),
    list: N_("an array"),
    datetime.datetime: N_("a date and time"),
    datetime.date: N_("a date"),
    datetime.time: N_("a time of day"),
}


def kind_name(kind: type | tuple[type, ...]) -> str:
    """``kind`` named in the current language (``an integer or a string``)."""
    names = [
        tr(_KINDS[k]) if k in _KINDS else k.__name__
        for k in (kind if isinstance(kind, tuple) else (kind,))
    ]
    return functools.reduce(lambda a, b: _("{a} or {b}").format(a=a, b=b), names)


def expected(kind: type | tuple[type, ...], value: object) -> str:
    """The problem of a value of the wrong type, both types named in the GM's language."""
    return _("expected {kind}, got {got}").format(
        kind=kind_name(kind), got=kind_name(bool if isinstance(value, bool) else type(value))
    )
