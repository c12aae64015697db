"""The log as the players' view shows it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from tui.language import GM_HINT, Msg, msg, term
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


#: where a sentence of the log turns to another fact ("round 2: X's turn", "A › B", "a; b")
_PARTS = re.compile(r"[;:,›⟶()\[\]]")
_MARK = "\x00"


def _redacted_msg(said: Msg, cast: Cast) -> Msg:
    args = tuple(
        (
            k,
            _redacted_msg(v, cast)
            if isinstance(v, Msg)
            else cast.redact(v)
            if isinstance(v, str)
            else v,
        )
        for k, v in said.args
    )
    return replace(said, args=args)


def _text_is_safe(text: str, cast: Cast) -> bool:
    """Whether no part of ``text`` naming a hidden character holds a number."""
    marked = cast.hidden.replace(text, lambda _name: _MARK)
    return not any(
        _MARK in part and any(ch.isdigit() for ch in part) for part in _PARTS.split(marked)
    )


def _without_gm_hints(entry: LogEntry) -> LogEntry:
    """The entry without its effects of the GM-hint kind (the next command to type): the
    players get the facts of play, not the GM's suggestions. Found by the stored message's
    kind, never by its words (an older entry without messages keeps its effects)."""
    facts = entry.effect_msgs
    if len(facts) != len(entry.effects) or not any(m.kind == GM_HINT for m in facts):
        return entry
    keep = [i for i, m in enumerate(facts) if m.kind != GM_HINT]
    return replace(
        entry,
        effects=tuple(entry.effects[i] for i in keep),
        effect_msgs=tuple(facts[i] for i in keep),
    )


def _public_part(entry: LogEntry, cast: Cast) -> LogEntry | None:
    """The entry no character made, with what names a hidden character taken out."""
    keep = [i for i, e in enumerate(entry.effects) if not cast.hidden.mentioned((e,))]
    effects = tuple(entry.effects[i] for i in keep)
    facts = entry.effect_msgs
    if len(facts) == len(entry.effects):
        facts = tuple(_redacted_msg(facts[i], cast) for i in keep)
    else:
        facts = ()
    if _text_is_safe(entry.text, cast):
        text = cast.redact(entry.text)
        said = None if entry.msg is None else _redacted_msg(entry.msg, cast)
    elif effects:
        text, said = "", None
    else:
        return None
    return LogEntry(
        seq=entry.seq,
        time=entry.time,
        kind=entry.kind,
        text=text,
        grade=entry.grade if entry.grade in _GRADES else "",
        effects=effects,
        adventure=entry.adventure,
        scene=entry.scene,
        msg=said,
        effect_msgs=facts,
    )


def filter_entries(entries: Iterable[LogEntry], cast: Cast, visible: set[str]) -> list[LogEntry]:
    """The entries the players may see, in order (``visible``: the party's names).

    An entry is left out when it is:

    - ``secret`` — a line the GM began with ``!``, a ``/note`` (``/note!`` is for the table), or
      the undo or redo of one;
    - a note from a log older than public notes (``kind = "change"``, text ``note: …``, and its
      undo/redo): back then every note was the GM's;
    - about a GM-only character — one it recorded as such when it was made (``hidden``) or one
      the save hides now, named in its actor, text, effects or inputs — when that character
      made it. An undo or redo of such an entry is left out too.

    A character hidden when an entry was made stays hidden in that entry after the GM shows
    it (:meth:`Cast.past`); in later entries, and in the state, it has its name back.

    An entry no character made (the turn passing, a new round, the turn order) keeps its public
    part: a hidden character's name in its text becomes the stand-in ("round 2: Unknown A's
    turn"), its effects naming a hidden character go and the others stay ("Alice Moore: bleeding
    ends"), its inputs and odds go. A text whose part naming a hidden character holds a number
    (an initiative, a score) goes whole — the stand-in must not carry a value — and the entry
    with it, unless a public effect is left.

    An entry a visible character made against a hidden one (an opposed roll, an action aimed at
    it) is told anew from scratch — the actor, the hidden one's stand-in name and the grade:
    "Кирма rolls against Unknown A: success" — so no number of the hidden side (its dice,
    effective hits, required hits, a danger class) and no effect of the roll reaches the players
    (nor its ``odds``: the chance against a hidden character tells how good it is). Everything
    else is shown as it was logged.
    """
    out: list[LogEntry] = []
    everyone = cast
    for entry in entries:
        if entry.secret or _legacy_note(entry):
            continue
        cast = everyone.past(entry.hidden)  # who was hidden when it was made stays hidden in it
        entry = _without_gm_hints(entry)
        names = _involved(entry, cast)
        if not names:
            out.append(replace(entry, hidden=()))
            continue
        if entry.kind in _UNDO or cast.is_hidden(entry.actor) or entry.actor in entry.hidden:
            continue
        if not entry.actor and entry.kind != "roll":
            part = _public_part(entry, cast)
            if part is not None:
                out.append(part)
            continue
        if entry.actor not in visible:
            continue
        out.append(_retold(entry, names, cast))
    return out
