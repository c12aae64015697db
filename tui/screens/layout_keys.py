"""A screen's one-letter keys on the other keyboard layout: ``q`` is also ``й``.

A GM who switches between QWERTY and ЙЦУКЕН presses the key marked Q with the Russian
layout on, and the terminal sends «й». :func:`with_other_layout` gives a screen's bindings
a twin of each one-letter binding on the same key of the other layout (the mapping of
:func:`~tui.session.entry.spelling.other_layouts`), running the same action.

Decision: a twin is hidden and has no id. The footer and the help show the key once; the
config's ``[keymap]`` remaps the binding by its id and leaves the twin on the key the
default sits on, where the other layout puts it.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding, BindingType

from tui.session.entry.spelling import other_layouts

__all__ = ["with_other_layout"]


def with_other_layout(bindings: Sequence[Binding]) -> list[BindingType]:
    """``bindings`` and, after them, a hidden twin of each one-letter key on the other
    layout (``n`` → ``т``, ``escape,q`` → ``й`` too); a key some binding already has is
    left alone."""
    twins: list[BindingType] = []
    taken = {key for b in bindings for key in b.key.split(",")}
    for binding in bindings:
        for key in binding.key.split(","):
            other = other_layouts(key) if len(key) == 1 and key.isalpha() else []
            if other and len(other[0]) == 1 and other[0] not in taken:
                taken.add(other[0])
                twins.append(Binding(other[0], binding.action, binding.description, show=False))
    return [*bindings, *twins]
