"""Tablekeeper's rules engine: tabletop systems as pure functions over explicit dice.

``rules`` imports nothing from ``tui``, Textual or Rich. Each system is one sub-package
(``rules.brp``, ``rules.gurps``, ``rules.age``, ``rules.strange``, ``rules.skirmish``) whose
``__init__`` is its public face and says which module holds what; each exposes ``resolve``
(dice already rolled → frozen result), ``roll`` (draws from an injected ``random.Random`` and
calls ``resolve``) and exact ``odds``, and declares its display name (``NAME``) and, if it
has one, its place in lists (``ORDER``). Shared ground are the plain modules here: ``dice``
(free dice expressions), ``exact`` (exact enumeration helpers), ``errors``.

The registry :data:`SYSTEMS` is found, not listed: every sub-package is a system, its key
the package's name. A new system is its package alone; nothing here names it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from functools import cache
from types import ModuleType

from rules.errors import RulesError

__all__ = ["SYSTEMS", "SYSTEM_NAMES", "RulesError"]

#: where a system that declares no ``ORDER`` stands: after those that do, by key
_UNORDERED = 1_000_000


@cache
def _found() -> frozenset[str]:
    """Every system's key: the sub-packages' names (nothing imported)."""
    return frozenset(module.name for module in pkgutil.iter_modules(__path__) if module.ispkg)


@cache
def _keys() -> tuple[str, ...]:
    """Every system's key, by declared ``ORDER`` and then by key (each imported to ask)."""
    order = sorted(_found(), key=lambda key: (getattr(_system(key), "ORDER", _UNORDERED), key))
    return tuple(order)


def _system(key: str) -> ModuleType:
    return importlib.import_module(f"{__name__}.{key}")


class _Systems(Mapping[str, ModuleType]):
    """``{"brp": rules.brp, ...}``; a module is imported when first looked up (listing the
    keys imports each, to read its place)."""

    def __getitem__(self, key: str) -> ModuleType:
        if key not in _found():
            raise KeyError(key)
        return _system(key)

    def __iter__(self) -> Iterator[str]:
        return iter(_keys())

    def __len__(self) -> int:
        return len(_keys())

    def __repr__(self) -> str:
        return f"SYSTEMS({', '.join(_keys())})"


class _Names(Mapping[str, str]):
    """``{"brp": "Basic Roleplaying", ...}``: each system's own ``NAME``."""

    def __getitem__(self, key: str) -> str:
        name: str = SYSTEMS[key].NAME
        return name

    def __iter__(self) -> Iterator[str]:
        return iter(SYSTEMS)

    def __len__(self) -> int:
        return len(SYSTEMS)

    def __repr__(self) -> str:
        return repr(dict(self))


#: Registry used by the app to pick a system by the key stored in a save.
SYSTEMS: Mapping[str, ModuleType] = _Systems()
#: System key (as stored in a save) → human name, as each system declares it.
SYSTEM_NAMES: Mapping[str, str] = _Names()
