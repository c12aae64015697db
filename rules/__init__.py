"""Tablekeeper's rules engine: five tabletop systems as pure functions over explicit dice.

``rules`` imports nothing from ``tui``, Textual or Rich. Each system is one package
(``rules.brp``, ``rules.gurps``, ``rules.age``, ``rules.strange``, ``rules.skirmish``) whose
``__init__`` is its public face and says which module holds what; each exposes ``resolve``
(dice already rolled → frozen result), ``roll`` (draws from an injected ``random.Random`` and
calls ``resolve``) and exact ``odds``. Shared ground stays here: ``dice`` (free dice
expressions), ``exact`` (exact enumeration helpers), ``errors`` and the registry
:data:`SYSTEMS`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from rules.errors import RulesError

__all__ = ["SYSTEMS", "SYSTEM_NAMES", "RulesError"]

#: System key (as stored in a save) → human name.
SYSTEM_NAMES: dict[str, str] = {
    "brp": "Basic Roleplaying",
    "gurps": "GURPS 4e",
    "age": "The Expanse (AGE)",
    "strange": "Strange System",
    "skirmish": "d10 skirmish",
}


class _Systems(Mapping[str, ModuleType]):
    """``{"brp": rules.brp, ...}``; each module is imported on first access."""

    def __getitem__(self, key: str) -> ModuleType:
        if key not in SYSTEM_NAMES:
            raise KeyError(key)
        return importlib.import_module(f"rules.{key}")

    def __iter__(self) -> Iterator[str]:
        return iter(SYSTEM_NAMES)

    def __len__(self) -> int:
        return len(SYSTEM_NAMES)

    def __repr__(self) -> str:
        return f"SYSTEMS({', '.join(SYSTEM_NAMES)})"


#: Registry used by the app to pick a system by the key stored in a save.
SYSTEMS: Mapping[str, ModuleType] = _Systems()
