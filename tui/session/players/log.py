"""The log as the players' view shows it.

An entry is left out when it is:

- ``secret`` — a line the GM began with ``!``, a ``/note`` (``/note!`` is for the table), or
  the undo or redo of one;
- a note from a log older than public notes (``kind = "change"``, text ``note: …``, and its
  undo/redo): back then every note was the GM's;
- about a GM-only character — one it recorded as such when it was made (``hidden``) or one
  the save hides now, named in its actor, text, effects or inputs — unless a visible
  character made it. An undo or redo of such an entry is left out too.

An entry a visible character made against a hidden one (an opposed roll, an action aimed at
it) is told anew from scratch — the actor, the hidden one's stand-in name and the grade:
"Кирма rolls against Unknown A: success" — so no number of the hidden side (its dice,
effective hits, required hits, a danger class) and no effect of the roll reaches the
players (nor its ``odds``: the chance against a hidden character tells how good it is).
Everything else is shown as it was logged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tui.language import msg, term
from tui.session.campaign.hidden import strings_in
from tui.session.campaign.log import LogEntry
from tui.session.players.cast import Cast

__all__ = ["filter_entries"]

_UNDO = ("undo", "redo")
_LEGACY_NOTES = ("note: ", "undo: note: ", "redo: note: ")
#: grade words the log panel colours by; only these are repeated in a retold entry
_GRADES = frozenset({"critical", "special", "success", "partial", "failure", "fumble"})


def _legacy_note(entry: LogEntry) -> bool:
    return entry.kind in ("change", *_UNDO) and entry.text.startswith(_LEGACY_NOTES)


def _involved(entry: LogEntry, cast: Cast) -> tuple[str, ...]:
    texts: list[str] = [entry.actor, entry.text, *entry.effects]
    texts.extend(strings_in(dict(entry.inputs)))
    return tuple(dict.fromkeys((*entry.hidden, *cast.hidden.mentioned(texts))))


def _retold(entry: LogEntry, names: Iterable[str], cast: Cast) -> LogEntry:
    against = ", ".join(cast.label(n) for n in names)
    grade = entry.grade if entry.grade in _GRADES else ""
    if entry.kind == "roll" and grade:
        said = msg(
            "{actor} rolls against {against}: {grade}",
            actor=entry.actor,
            against=against,
            grade=term(grade),
        )
    elif entry.kind == "roll":
        said = msg("{actor} rolls against {against}", actor=entry.actor, against=against)
    else:
        said = msg("{actor}: something involving {against}", actor=entry.actor, against=against)
    # where and when stay (a recap sorts by them); the odds go: a chance against a hidden
    # character tells how good it is. Told in the language of whoever reads it.
    return LogEntry(
        seq=entry.seq,
        time=entry.time,
        kind=entry.kind,
        text=said.english(),
        actor=entry.actor,
        grade=grade,
        adventure=entry.adventure,
        scene=entry.scene,
        msg=said,
    )


def filter_entries(entries: Iterable[LogEntry], cast: Cast, visible: set[str]) -> list[LogEntry]:
    """The entries the players may see, in order (``visible``: the party's names)."""
    out: list[LogEntry] = []
    for entry in entries:
        if entry.secret or _legacy_note(entry):
            continue
        names = _involved(entry, cast)
        if not names:
            out.append(replace(entry, hidden=()))
            continue
        if entry.kind in _UNDO or entry.actor not in visible or cast.is_hidden(entry.actor):
            continue
        out.append(_retold(entry, names, cast))
    return out
