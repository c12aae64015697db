"""The GURPS command set: ``/maneuver``, ``/aim``, ``/evaluate`` (:mod:`.maneuvers`) and
``/damage`` (:mod:`.damage`) register here; the system hands it to the table."""

from __future__ import annotations

from tui.session.protocol.commands import CommandSet

__all__ = ["COMMANDS"]

#: every slash command of GURPS
COMMANDS = CommandSet()
