"""The registry of system infos: each system's key, display name, and where its rules and
its tracker package live — names only, no system code.

It sits at the bottom of the session's rooms because it holds nothing but names: a recap
names the campaign's system, the picker lists them. Finding a system's code from its info
is the registry's (:mod:`tui.session.systems.registry`, at the top), which imports the
tracker package named here on first use.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tui.language import N_, _

__all__ = ["SystemInfo", "info", "infos", "register", "system_keys", "unregister"]

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


@dataclass(frozen=True)
class SystemInfo:
    """One registered system. ``rules`` and ``tracker`` are importable module names.

    What the system has is declared here, readable without importing its code: the shared
    per-system tests play what it declares (an opposed roll, rounds by the turn order, the
    end-of-adventure rolls) and check that its tracker answers the same.
    """

    key: str  # as stored in a save: system = "brp"
    name: str  # shown to the GM: "Basic Roleplaying"
    rules: str  # "rules.brp"
    tracker: str  # "tui.session.systems.brp" (its SYSTEM answers the System protocol)
    opposed: bool = True  # opposed rolls, "a skill vs b skill" (its max_sides is 2 or more)
    turn_order: bool = True  # /next walks the turn order and starts the rounds
    experience: bool = False  # end-of-adventure experience rolls (/end)


_SYSTEMS: dict[str, SystemInfo] = {}


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


def system_keys() -> tuple[str, ...]:
    """Every registered key, in registration order."""
    return tuple(_SYSTEMS)


def infos() -> tuple[SystemInfo, ...]:
    return tuple(_SYSTEMS.values())


def info(key: str) -> SystemInfo:
    """The entry of ``key``; ``KeyError`` for an unregistered one."""
    return _SYSTEMS[key]


for _builtin in (
    # names in English; shown in the GM's language (``tr(info.name)``)
    SystemInfo(
        "brp", N_("Basic Roleplaying"), "rules.brp", "tui.session.systems.brp", experience=True
    ),
    SystemInfo("gurps", "GURPS 4e", "rules.gurps", "tui.session.systems.gurps"),
    SystemInfo("age", N_("The Expanse (AGE)"), "rules.age", "tui.session.systems.age"),
    SystemInfo(
        "strange",
        N_("Strange System"),
        "rules.strange",
        "tui.session.systems.strange",
        turn_order=False,  # its rounds are its phases (/phase)
    ),
    SystemInfo("skirmish", N_("d10 skirmish"), "rules.skirmish", "tui.session.systems.skirmish"),
):
    register(_builtin)
