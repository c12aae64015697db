"""The one registry of rule systems: from a key to the system's code.

The entries are :class:`SystemInfo` names (:mod:`tui.session.protocol.infos`, re-exported
here); nothing is imported until asked: :func:`tracker` imports the system's tracker package
(``tui.session.systems.<key>`` for the five built in) and returns its ``SYSTEM``, the object
shared code asks through the :class:`~tui.session.protocol.system.System` protocol;
:func:`rules_module` imports the system's rules. A campaign therefore loads its own system
only — the tracker package when its save is read (the schema asks :data:`TRACKERS` for the
skill values), the rules after the first frame.

A system defined elsewhere (a plugin, a test) joins with :func:`register`; the picker, the
new-campaign dialog, the save schema, the header and the help then know it like the five.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from tui.language import _
from tui.session.protocol.infos import SystemInfo, info, infos, register, system_keys, unregister
from tui.session.protocol.system import System

__all__ = [
    "TRACKERS",
    "SystemInfo",
    "info",
    "infos",
    "register",
    "rules_module",
    "system_keys",
    "tracker",
    "unregister",
]

#: loaded systems, by the entry they were loaded for (a re-registered key loads afresh)
_LOADED: dict[SystemInfo, System] = {}


def tracker(key: str) -> System:
    """The tracker side of ``key`` (imported on first use, then kept); ``KeyError`` for an
    unregistered key."""
    entry = info(key)
    found = _LOADED.get(entry)
    if found is None:
        system: System = importlib.import_module(entry.tracker).SYSTEM
        if system.key != key:
            raise ValueError(
                _("{tracker}.SYSTEM answers to {key!r}, not {key2!r}").format(
                    tracker=entry.tracker, key=system.key, key2=key
                )
            )
        found = _LOADED[entry] = system
    return found


def rules_module(key: str) -> ModuleType:
    """The rules package of ``key`` (imported on first use)."""
    return importlib.import_module(info(key).rules)


class _Trackers(Mapping[str, System]):
    """Every registered system by key, each loaded when looked up (in registration order)."""

    def __getitem__(self, key: str) -> System:
        return tracker(key)

    def __iter__(self) -> Iterator[str]:
        return iter(system_keys())

    def __len__(self) -> int:
        return len(system_keys())


#: the registered systems as a mapping (what the save schema is handed to read a save)
TRACKERS: Mapping[str, System] = _Trackers()
