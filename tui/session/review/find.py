"""Finding entries in the whole log: ``/find TEXT`` and the log screen's filter bar.

A :class:`LogFilter` holds what the GM asked for; every part given must hold. Words match
case-insensitively ("ё" as "е") anywhere in the entry's text, effects or actor, each word
on its own, in any order (``/find spot crit`` finds "Spot Hidden … critical success"). The
character, kind and grade are exact choices (the bar offers the ones there are); ``scene``
is a scene's place in the history (``/scenes`` opens one's log).

:func:`search` streams the log once and keeps only the newest ``limit`` matches (and counts
them all), so a search over a long log holds a screenful, not the log.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

from tui.language import N_
from tui.session.campaign.hidden import fold
from tui.session.campaign.log import LogEntry

__all__ = ["KINDS", "LIMIT", "Found", "LogFilter", "search"]

#: The entry kinds the filter bar offers, with the words it shows for them.
KINDS = {
    "roll": N_("rolls"),
    "change": N_("changes"),
    "info": N_("summaries"),
    "note": N_("notes"),
    "undo": N_("undos"),
    "redo": N_("redos"),
}
#: The most matches kept (the newest); the count says how many there were.
LIMIT = 1000


@dataclass(frozen=True)
class LogFilter:
    text: str = ""
    actor: str = ""
    kind: str = ""
    grade: str = ""
    scene: int | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(fold(w) for w in self.text.split())

    def matches(self, entry: LogEntry) -> bool:
        if self.scene is not None and entry.scene != self.scene:
            return False
        if self.kind and entry.kind != self.kind:
            return False
        if self.grade and entry.grade != self.grade:
            return False
        if self.actor and fold(entry.actor) != fold(self.actor):
            return False
        words = self.words
        if not words:
            return True
        said = fold(" ".join((entry.text, entry.actor, *entry.effects)))
        return all(w in said for w in words)


@dataclass
class Found:
    """The newest matches (oldest first), how many matched, and what the log holds: the
    characters, kinds and grades met, for the filter bar's choices."""

    entries: list[LogEntry] = field(default_factory=list)
    count: int = 0
    undone: set[int] = field(default_factory=set)
    actors: set[str] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)
    grades: set[str] = field(default_factory=set)


def search(entries: Iterable[LogEntry], flt: LogFilter, *, limit: int = LIMIT) -> Found:
    """One pass over ``entries`` (oldest first)."""
    found = Found()
    kept: deque[LogEntry] = deque(maxlen=limit)
    for entry in entries:
        if entry.kind == "undo":
            found.undone.add(entry.undoes)
        elif entry.kind == "redo":
            found.undone.discard(entry.undoes)
        if entry.actor:
            found.actors.add(entry.actor)
        found.kinds.add(entry.kind)
        if entry.grade:
            found.grades.add(entry.grade)
        if flt.matches(entry):
            found.count += 1
            kept.append(entry)
    found.entries = list(kept)
    return found
