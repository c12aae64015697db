"""A dialog closed before its mount ran does nothing in its mount (:func:`closed_before_mount`).

Textual mounts a pushed screen over the next rounds of its message loop. A screen popped in
the meantime — a dialog just opened when the campaign closes under it (its save changed
outside the app, the app leaving), or answered at once — still receives its ``Mount``, with
its widgets half there or gone; a mount that then looks one up with ``query_one`` raises
``NoMatches`` and ends the app. So every dialog's ``on_mount`` starts with this check, and
focus is given by ``AUTO_FOCUS`` where it can be (Textual looks for the widget when the
screen is shown, and finds nothing rather than failing). Imports only Textual's types.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

__all__ = ["closed_before_mount"]


def closed_before_mount(screen: Screen[Any]) -> bool:
    """Whether ``screen`` left the app's stack before its mount ran."""
    return screen not in screen.app.screen_stack
