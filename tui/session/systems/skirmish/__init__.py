"""The d10 skirmish system at the table: everything the tracker knows about it.

- ``system`` — :data:`SYSTEM`, the skirmish system's answers to the system interface: a
  skill value is a characteristic; extended checks progress success 1 / lucky chance 2.
- ``adapter`` — characteristic tests (d10, d12, d20; modifiers; several dice) and
  competitive tests.
"""

from __future__ import annotations

from tui.session.systems.skirmish.system import SYSTEM

__all__ = ["SYSTEM"]
