"""What the table answers: the preview under the entry, the feedback after Enter, and the
mark of a secret line (:mod:`tui.session.table.table` re-exports them; they live down here
because every slash handler returns a :class:`Feedback`)."""

from __future__ import annotations

from dataclasses import dataclass

from tui.session.campaign.session import Outcome
from tui.session.protocol.plans import Chance

__all__ = ["SECRET", "Feedback", "Preview", "secret_line"]

#: The prefix that makes a line secret (its log entries are for the GM only).
SECRET = "!"


@dataclass(frozen=True)
class Preview:
    """The line under the entry while typing; ``at`` is where a problem is (or None)."""

    text: str
    ok: bool
    odds: tuple[Chance, ...] = ()
    at: int | None = None


@dataclass(frozen=True)
class Feedback:
    """What happened after Enter: a message, and an app action to take (help, quit …)."""

    ok: bool
    message: str
    action: str = ""
    outcome: Outcome | None = None
    argument: str = ""
    #: where in the line the problem is (the entry keeps a refused line, cursor there)
    at: int | None = None
    #: a message worth keeping: logged (no undo step) as well as shown (``/summary``)
    record: bool = False


def secret_line(line: str) -> tuple[bool, str]:
    """``(True, the line without its "!")`` for a secret line, else ``(False, line)``."""
    text = line.lstrip()
    if text.startswith(SECRET):
        return True, text[len(SECRET) :].lstrip()
    return False, line
