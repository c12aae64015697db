"""What a recap tells, collected from the selected entries in one pass (a stream).

Only the few things a recap shows are kept, each with the ``seq`` of its entry, so an entry
whose change was taken back (an undo names it; a redo brings it back) is left out at the end,
as the table left it out. What it reads from an entry is system-neutral (:func:`gather`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tui.session.campaign.hidden import fold
from tui.session.campaign.log import LogEntry, shown_text
from tui.session.stats.dice import DiceStats

__all__ = ["Gain", "Gathered", "Notable", "gather"]

NOTABLE_GRADES = frozenset({"critical", "fumble"})


@dataclass(frozen=True)
class Notable:
    seq: int
    scene: int
    text: str
    grade: str
    stunts: int = 0


@dataclass(frozen=True)
class Gain:
    character: str
    skill: str
    before: int
    gain: int


@dataclass
class Gathered:
    """The recap's material; ``scenes`` in the order their first entry came."""

    scenes: list[int] = field(default_factory=list)
    first_time: str = ""
    last_time: str = ""
    entries: int = 0
    notable: list[Notable] = field(default_factory=list)
    #: (seq, character, resource, from, to), in log order
    resources: list[tuple[int, str, str, int, int]] = field(default_factory=list)
    gains: list[tuple[int, Gain]] = field(default_factory=list)
    mentions: dict[str, set[int]] = field(default_factory=dict)  # folded check name → seqs
    dice: DiceStats = field(default_factory=DiceStats)
    undone: set[int] = field(default_factory=set)

    def kept_notable(self) -> list[Notable]:
        return [n for n in self.notable if n.seq not in self.undone]

    def resource_changes(self) -> list[tuple[str, str, int, int]]:
        """(character, resource, first value, last value) of each that changed."""
        spans: dict[tuple[str, str], list[int]] = {}
        for seq, who, what, old, new in self.resources:
            if seq in self.undone:
                continue
            span = spans.setdefault((who, what), [old, new])
            span[1] = new
        return [(who, what, a, b) for (who, what), (a, b) in spans.items() if a != b]

    def kept_gains(self) -> list[Gain]:
        return [g for seq, g in self.gains if seq not in self.undone and g.gain]

    def mentioned(self, name: str) -> bool:
        return bool(self.mentions.get(fold(name), set()) - self.undone)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _gains(rows: Any) -> list[Gain]:
    out: list[Gain] = []
    if not isinstance(rows, list):
        return out
    for row in rows:
        if not isinstance(row, Mapping):
            continue
        who, skill = row.get("character"), row.get("skill")
        before, gain = _int(row.get("skill_before")), _int(row.get("gain"))
        if (
            isinstance(who, str)
            and isinstance(skill, str)
            and before is not None
            and gain is not None
        ):
            out.append(Gain(who, skill, before, gain))
    return out


def gather(entries: Iterable[LogEntry], checks: Sequence[str]) -> Gathered:
    """Collect from ``entries`` (already selected and filtered); ``checks`` are the names of
    the campaign's extended checks, to note which the entries mention.

    A *notable* roll has the grade ``critical`` or ``fumble`` (each system maps its own:
    a Strange absolute critical, a skirmish Lucky Chance …) or ``inputs.stunts`` > 0 (AGE
    stunt points); a *resource change* has ``inputs`` ``resource``, ``from`` and ``to``
    (``/hp``); *experience* is an entry whose ``inputs.rolls`` rows carry ``character``,
    ``skill``, ``skill_before`` and ``gain`` (the end of a BRP adventure).
    """
    got = Gathered()
    folded = [(fold(name), name) for name in checks]
    seen: set[int] = set()
    for entry in entries:
        got.entries += 1
        got.first_time = got.first_time or entry.time
        got.last_time = entry.time
        got.dice.add(entry)
        if entry.kind == "undo":
            got.undone.add(entry.undoes)
            continue
        if entry.kind == "redo":
            got.undone.discard(entry.undoes)
            continue
        if entry.scene not in seen:
            seen.add(entry.scene)
            got.scenes.append(entry.scene)
        _one(got, entry, folded)
    return got


def _one(got: Gathered, entry: LogEntry, checks: Sequence[tuple[str, str]]) -> None:
    inputs = entry.inputs
    stunts = _int(inputs.get("stunts")) or 0
    if entry.kind == "roll" and (entry.grade in NOTABLE_GRADES or stunts > 0):
        got.notable.append(Notable(entry.seq, entry.scene, shown_text(entry), entry.grade, stunts))
    resource, old, new = inputs.get("resource"), _int(inputs.get("from")), _int(inputs.get("to"))
    if entry.actor and isinstance(resource, str) and old is not None and new is not None:
        got.resources.append((entry.seq, entry.actor, resource, old, new))
    got.gains.extend((entry.seq, g) for g in _gains(inputs.get("rolls")))
    if checks:
        said = fold(" ".join((entry.text, *entry.effects)))
        for key, _name in checks:
            if key and key in said:
                got.mentions.setdefault(key, set()).add(entry.seq)
