"""The Strange System at the table: everything the tracker knows about it.

- ``system`` — :data:`SYSTEM`, the Strange System's answers to the system interface: a skill
  value is a level name of the ladder, scenes carry round state and a round limit, ``/next``
  does not start rounds (``/phase`` does), extended checks progress partial 1 / full 2 /
  critical 3.
- ``adapter`` — checks against the GM's ranges, resistance, synergy, duels; the ladder.
- ``rounds`` — the rules' round state machine inside ``Scene.system``: phases, actions,
  reactions, summing up.
- ``codec`` — the round state ⇄ plain TOML values.
- ``commands`` — ``/phase`` ``/goal`` ``/act`` ``/skip`` ``/resolve`` ``/compromise``
  ``/sumup`` ``/radical`` ``/summary``, and the hooks that make typed rolls actions and
  reactions.
- ``view`` — the scene panel's round lines (repeat count, goals, actions, pending).
"""

from __future__ import annotations

from tui.session.systems.strange.system import SYSTEM

__all__ = ["SYSTEM"]
