"""The keyword arguments every Textual widget takes, typed for a subclass's ``**kwargs``.

A subclass that hands ``**kwargs: object`` on to Textual needs a ``type: ignore``; with
``**kwargs: Unpack[WidgetOptions]`` the checker sees exactly what Textual accepts.
"""

from __future__ import annotations

from typing import TypedDict

__all__ = ["WidgetOptions"]


class WidgetOptions(TypedDict, total=False):
    """``name``, ``id``, ``classes`` and ``disabled``, as Textual's ``Widget`` has them."""

    name: str | None
    id: str | None
    classes: str | None
    disabled: bool
