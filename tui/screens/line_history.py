"""The roll entry's committed lines kept between runs: loaded once play begins, written once
the GM pauses, so the disk stays off a roll's path."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from textual.timer import Timer

__all__ = ["HISTORY_DELAY", "HistoryKeeper", "LineHistory"]

#: Seconds of quiet after a committed line before the entry history is written.
HISTORY_DELAY = 0.5


class LineHistory(Protocol):
    """Where the lines are kept (the app's :class:`~tui.app.history.EntryHistory`)."""

    def load(self) -> list[str]: ...

    def save(self, lines: Sequence[str]) -> str:
        """Write ``lines``; the problem, or "" when written."""
        ...


class HistoryKeeper:
    """Keeps ``lines`` (the roll entry's own list, changed in place) in ``history``.

    A write queued right after a roll would land between the roll and the frame that shows
    it; a short quiet period (``set_timer``, the screen's) keeps it after the frame.
    """

    def __init__(
        self,
        history: LineHistory,
        lines: list[str],
        set_timer: Callable[[float, Callable[[], None]], Timer],
    ) -> None:
        self.history = history
        self.lines = lines
        self._set_timer = set_timer
        self._loaded = False
        self._timer: Timer | None = None

    def load(self, into: Callable[[Sequence[str]], None]) -> None:
        """Hand the kept lines to ``into`` (the first time only)."""
        if not self._loaded:
            self._loaded = True
            into(self.history.load())

    def soon(self) -> None:
        """Write once the GM pauses (a line committed again waits for the next pause)."""
        if self._timer is not None:
            self._timer.stop()
        self._timer = self._set_timer(HISTORY_DELAY, self._save)

    def flush(self) -> None:
        """Write now what waits (leaving the screen, quitting right away)."""
        if self._timer is not None:
            self._timer.stop()
            self._save()

    def _save(self) -> None:
        self._timer = None
        problem = self.history.save(self.lines)
        if problem:
            from tui.base.bugreport import record

            record("history not written", problem)
