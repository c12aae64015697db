"""A character's name inside plain scene data: renamed with it, or dropped with it.

The scene's ``system`` data (initiative values, GURPS maneuvers, Strange System rounds …)
names characters by their name. :func:`renamed_in` changes every mapping key and every
string equal to the old name; :func:`without` drops the mapping keys equal to a name and the
name from lists that hold only names (strings). A record that names the character inside a
larger value (a Strange System goal or action, a streak) is left as it is: it is history,
like the log. These are the :class:`~tui.session.systems.interface.Defaults` answers; a
system whose data needs more says so through ``scene_renamed`` / ``scene_without``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["renamed_in", "without"]


def _renamed(value: Any, old: str, new: str) -> Any:
    if isinstance(value, Mapping):
        return {(new if k == old else k): _renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_renamed(v, old, new) for v in value]
    if isinstance(value, str) and value == old:
        return new
    return value


def renamed_in(data: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """``data`` with the name ``old`` replaced by ``new`` everywhere it stands alone."""
    out: dict[str, Any] = _renamed(data, old, new)
    return out


def _without(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        return {k: _without(v, name) for k, v in value.items() if k != name}
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, str) for v in value):
            return [v for v in value if v != name]
        return [_without(v, name) for v in value]
    return value


def without(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """``data`` without the entries kept for the character ``name``."""
    out: dict[str, Any] = _without(data, name)
    return out
