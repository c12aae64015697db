"""The range check a system's tracker makes of a save's skill values.

Apart from :mod:`tui.session.systems.kit` (the adapters' building blocks, which need the
roll-entry language) so that validating a save at opening loads nothing for rolling.
"""

from __future__ import annotations

from tui.language import _

__all__ = ["within"]


def within(value: object, low: int, high: int) -> str:
    """A save's skill value check: "" when ``value`` lies in ``low..high``, else the problem."""
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        return _("must be within {low}..{high}, got {value}").format(
            low=low, high=high, value=value
        )
    return ""
