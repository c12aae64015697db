"""Everything the tracker knows about each rule system, and the registry that finds it.

- ``registry`` — from a key to the system's code (its tracker package, its rules), loaded
  lazily; :func:`register` adds a system defined elsewhere (the entries themselves are
  names, in :mod:`tui.session.protocol.infos`); ``TRACKERS`` for reading a save.
- ``interface`` — the :class:`Defaults` of a system without optional capabilities, and the
  names of the System protocol and its values (:mod:`tui.session.protocol`) in one place.
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
