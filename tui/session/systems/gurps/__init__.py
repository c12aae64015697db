"""GURPS 4e at the table: everything the tracker knows about GURPS.

- ``system`` — :data:`SYSTEM`, GURPS's answers to the system interface: skill values are
  levels (-100..1000 in a save), the turn order is its own, ``/init`` is refused, extended
  checks progress success 1 / critical 2, and the scene panel lists the maneuvers.
- ``adapter`` — success rolls and quick contests on 3d6.
- ``order`` — the turn order by Basic Speed, then DX, then the GM's order; ties.
- ``maneuvers`` — ``/maneuver``, ``/aim``, ``/evaluate``, the Aim/Evaluate bonus hooks and
  the maneuver lines of the scene panel.
- ``maneuver_names`` — the maneuvers' and options' names in the GM's language (the GURPS
  seed's «тотальная атака: точная атака»), shown and typed after ``/maneuver``.
"""

from __future__ import annotations

from tui.session.systems.gurps.system import SYSTEM

__all__ = ["SYSTEM"]
