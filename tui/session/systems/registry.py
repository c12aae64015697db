"""The one registry of rule systems: key, display name, rules module, tracker package.

Registering costs nothing (strings only) and nothing is imported until asked:
:func:`tracker` imports the system's tracker package (``tui.session.systems.<key>`` for the
five built in) and returns its ``SYSTEM``, the object shared code asks through the
:class:`~tui.session.systems.interface.System` protocol; :func:`rules_module` imports the
system's rules. A campaign therefore loads its own system only — the tracker package when
its save is read (the schema asks for the skill values), the rules after the first frame.

A system defined elsewhere (a plugin, a test) joins with :func:`register`; the picker, the
new-campaign dialog, the save schema, the header and the help then know it like the five.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from tui.language import N_, _

if TYPE_CHECKING:
    from tui.session.systems.interface import System

__all__ = [
    "SystemInfo",
    "info",
    "infos",
    "register",
    "rules_module",
    "system_keys",
    "tracker",
    "unregister",
]

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass(frozen=True)
class SystemInfo:
    """One registered system. ``rules`` and ``tracker`` are importable module names."""

    key: str  # as stored in a save: system = "brp"
    name: str  # shown to the GM: "Basic Roleplaying"
    rules: str  # "rules.brp"
    tracker: str  # "tui.session.systems.brp" (its SYSTEM answers the System protocol)


_SYSTEMS: dict[str, SystemInfo] = {}
_LOADED: dict[str, System] = {}


def register(system: SystemInfo) -> SystemInfo:
    """Add ``system`` (registering the same entry again is harmless; a clash is an error)."""
    if not _KEY.match(system.key):
        raise ValueError(
            _("system key {key!r}: lower-case letters, digits and '_'").format(key=system.key)
        )
    if not system.name.strip():
        raise ValueError(_("system {key!r} needs a display name").format(key=system.key))
    known = _SYSTEMS.get(system.key)
    if known is not None and known != system:
        raise ValueError(
            _("system {key!r} is already registered as {name!r}").format(
                key=system.key, name=known.name
            )
        )
    _SYSTEMS[system.key] = system
    return system


def unregister(key: str) -> None:
    """Forget ``key`` (for tests and plugins that clean up after themselves)."""
    _SYSTEMS.pop(key, None)
    _LOADED.pop(key, None)


def system_keys() -> tuple[str, ...]:
    """Every registered key, in registration order."""
    return tuple(_SYSTEMS)


def infos() -> tuple[SystemInfo, ...]:
    return tuple(_SYSTEMS.values())


def info(key: str) -> SystemInfo:
    """The entry of ``key``; ``KeyError`` for an unregistered one."""
    return _SYSTEMS[key]


def tracker(key: str) -> System:
    """The tracker side of ``key`` (imported on first use, then kept)."""
    found = _LOADED.get(key)
    if found is None:
        system: System = importlib.import_module(info(key).tracker).SYSTEM
        if system.key != key:
            raise ValueError(
                _("{tracker}.SYSTEM answers to {key!r}, not {key2!r}").format(
                    tracker=info(key).tracker, key=system.key, key2=key
                )
            )
        found = _LOADED[key] = system
    return found


def rules_module(key: str) -> ModuleType:
    """The rules package of ``key`` (imported on first use)."""
    return importlib.import_module(info(key).rules)


for _builtin in (
    # names in English; shown in the GM's language (``tr(info.name)``)
    SystemInfo("brp", N_("Basic Roleplaying"), "rules.brp", "tui.session.systems.brp"),
    SystemInfo("gurps", "GURPS 4e", "rules.gurps", "tui.session.systems.gurps"),
    SystemInfo("age", N_("The Expanse (AGE)"), "rules.age", "tui.session.systems.age"),
    SystemInfo("strange", N_("Strange System"), "rules.strange", "tui.session.systems.strange"),
    SystemInfo("skirmish", N_("d10 skirmish"), "rules.skirmish", "tui.session.systems.skirmish"),
):
    register(_builtin)
