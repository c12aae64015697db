"""System adapters: how the table turns a typed check into a ``rules`` call, per system."""

from __future__ import annotations

import importlib

from tui.session.systems.base import Adapter

__all__ = ["adapter_for"]

_CLASSES = {
    "brp": ("tui.session.systems.brp.adapter", "BrpAdapter"),
    "gurps": ("tui.session.systems.gurps.adapter", "GurpsAdapter"),
    "age": ("tui.session.systems.age.adapter", "AgeAdapter"),
    "strange": ("tui.session.systems.strange.adapter", "StrangeAdapter"),
    "skirmish": ("tui.session.systems.skirmish.adapter", "SkirmishAdapter"),
}


def adapter_for(system: str) -> Adapter:
    """The adapter of ``system`` (a key of ``rules.SYSTEMS``)."""
    module, cls = _CLASSES[system]
    adapter: Adapter = getattr(importlib.import_module(module), cls)()
    return adapter
