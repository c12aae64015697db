"""Reading a save's tables with the key path of every problem: :class:`SchemaError` and the
readers :mod:`tui.session.campaign.schema` builds on (a key of a kind, a table of values, no
unknown keys). The messages are in the GM's language (``tablekeeper check``, the open
problems dialog); the key paths are the save's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.i18n import _

__all__ = ["SchemaError"]


class SchemaError(ValueError):
    """A save that parses as TOML but does not describe a campaign."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def _key(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    part = key if key.replace("_", "").replace("-", "").isalnum() and key.isascii() else f'"{key}"'
    return f"{path}.{part}" if path else part


def _get(
    doc: Mapping[str, Any], path: str, key: str, kind: type | tuple[type, ...], default: Any = ...
) -> Any:
    if key not in doc:
        if default is ...:
            raise SchemaError(_key(path, key), _("missing"))
        return default
    value = doc[key]
    if (
        isinstance(value, bool)
        and kind is not bool
        and not (isinstance(kind, tuple) and bool in kind)
    ):
        raise SchemaError(_key(path, key), _("expected {kind}, got a boolean").format(
            kind=_kind_name(kind)))
    if not isinstance(value, kind):
        raise SchemaError(_key(path, key), _("expected {kind}, got {got}").format(
            kind=_kind_name(kind), got=type(value).__name__))
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {
        int: _("an integer"),
        str: _("a string"),
        bool: _("true/false"),
        float: _("a number"),
        dict: _("a table"),
        list: _("an array"),
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return _(" or ").join(names.get(k, k.__name__) for k in kinds)


def _table(
    doc: Mapping[str, Any], path: str, key: str, values: type | tuple[type, ...]
) -> dict[str, Any]:
    table = _get(doc, path, key, dict, {})
    here = _key(path, key)
    for name, value in table.items():
        if (
            isinstance(value, bool)
            and values is not bool
            and not (isinstance(values, tuple) and bool in values)
        ):
            raise SchemaError(_key(here, name), _("expected {kind}, got a boolean").format(
                kind=_kind_name(values)))
        if not isinstance(value, values):
            raise SchemaError(_key(here, name), _("expected {kind}, got {got}").format(
                kind=_kind_name(values), got=type(value).__name__))
    return dict(table)


def _no_unknown(doc: Mapping[str, Any], path: str, known: set[str]) -> None:
    for key in doc:
        if key not in known:
            raise SchemaError(_key(path, key), _("unknown key (expected one of {keys})").format(
                keys=", ".join(sorted(known))))
