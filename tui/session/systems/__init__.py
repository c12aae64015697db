"""Everything the tracker knows about each rule system, and the registry that finds it.

- ``registry`` — the one list of systems (key, display name, rules module, tracker package),
  loaded lazily; :func:`register` adds a system defined elsewhere.
- ``interface`` — the :class:`System` protocol shared code asks a system through, the
  :class:`Defaults` of a system without optional capabilities, and the plan/odds values.
- ``kit`` — building blocks of the adapters (typed or rolled dice, modifier words, contests).
- ``brp/``, ``gurps/``, ``age/``, ``strange/``, ``skirmish/`` — one package per system: its
  ``SYSTEM`` (the protocol's answers) and the modules behind it (adapter, commands, scene
  behaviour, view fragments …); each package's docstring lists its modules.
"""

from __future__ import annotations

from tui.session.systems.registry import (
    SystemInfo,
    info,
    infos,
    register,
    rules_module,
    system_keys,
    tracker,
    unregister,
)

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
