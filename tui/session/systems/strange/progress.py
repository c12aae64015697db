"""How far a Strange System roll moves an extended check: its grade's points.

Apart from the system's answers and the adapter, which both need it (the adapter for the
``ext=`` preview's chance to complete), so that neither imports the other.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["PROGRESS"]

#: extended-check progress by grade (the grade's name, so no rules import is needed)
PROGRESS: Mapping[str, int] = {
    "PARTIAL_SUCCESS": 1,
    "FULL_SUCCESS": 2,
    "CRITICAL_SUCCESS": 3,
    "ABSOLUTE_CRITICAL": 3,
}
