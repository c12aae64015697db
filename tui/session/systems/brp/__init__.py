"""Basic Roleplaying at the table: everything the tracker knows about BRP.

- ``system`` — :data:`SYSTEM`, BRP's answers to the system interface: skill values are
  percentages (-100..1000 in a save), extended checks progress success 1 / special 2 /
  critical 3, and it has end-of-adventure experience rolls.
- ``adapter`` — skill checks (impossible ones without a roll), characteristic rolls (×5),
  opposed and resistance rolls (either side may roll), and the experience tick of a skill's
  first eligible success.
- ``commands`` — ``/tick``, ``/untick``, ``/teach``, ``/downtime``, ``/endadventure``.
- ``experience`` — the end of an adventure: one d100 per ticked skill, then the d6 gain.
- ``downtime`` — the free ticks already granted in the current downtime (four, once).
"""

from __future__ import annotations

from tui.session.systems.brp.system import SYSTEM

__all__ = ["SYSTEM"]
