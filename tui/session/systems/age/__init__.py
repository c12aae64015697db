"""The Expanse (AGE) at the table: everything the tracker knows about AGE.

- ``system`` — :data:`SYSTEM`, AGE's answers to the system interface: a skill value names
  the focus's ability (``Stealth = "Dexterity"``); extended checks are AGE's own advanced
  tests, so a roll goes against the check's TN, its Drama Die is the progress, and the TN is
  shown.
- ``adapter`` — tests, opposed tests of any number of participants (each one's exact chance
  to win), the focus bonus (``bonus_of``), the default TN.
- ``fortune`` — ``/fortune``: spend Fortune to change a die of the last test, either side's
  in an opposed test; the verdict and the extended check it counted toward are re-decided.
"""

from __future__ import annotations

from tui.session.systems.age.system import SYSTEM

__all__ = ["SYSTEM"]
