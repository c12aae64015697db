"""Every key binding of the app by id: what ``[keymap]`` in the config may remap.

The declared actions' (:mod:`tui.screens.actions`) and every binding a screen or widget
class of ``tui.screens`` and ``tui.widgets`` holds, found by walking those packages, so a
new screen's keys need no list kept here. Importing the screens costs start-up time, so
this runs only when a config has a keymap (and for the README's key table and its test).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding
from textual.dom import DOMNode

__all__ = ["binding_ids", "bindings"]


def bindings() -> list[Binding]:
    """Our bindings (each carries an id): the app's, then each screen's and widget's."""
    import tui.screens
    import tui.widgets
    from tui.app.app import TablekeeperApp

    owners: list[type[DOMNode]] = [TablekeeperApp]
    for package in (tui.screens, tui.widgets):
        for module_info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            module = importlib.import_module(module_info.name)
            owners += [
                owner
                for _name, owner in inspect.getmembers(module, inspect.isclass)
                if issubclass(owner, DOMNode) and owner.__module__ == module.__name__
            ]
    found: dict[str, Binding] = {}
    for owner in owners:
        for binding in owner.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id:
                found.setdefault(f"{binding.id} {binding.key}", binding)
    return list(found.values())


def binding_ids() -> frozenset[str]:
    return frozenset(b.id for b in bindings() if b.id)
