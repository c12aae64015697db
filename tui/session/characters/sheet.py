"""The character sheet as lines of styled segments (no Textual, no Rich), and recent rolls.

:func:`sheet_lines` lays one character out for a given width, never splitting an item
(``Spot Hidden 60``) over two lines; styles are Rich style words, turned into text by the
screen. :func:`recent_rolls` follows the character back through renames in the log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui.language import N_, _, tr
from tui.session.campaign.log import LogEntry, shown_text
from tui.session.campaign.model import Character
from tui.session.characters.conditions import shown_label
from tui.session.characters.resources import bar, is_down, resource_text
from tui.session.protocol.plans import Segment

__all__ = ["BAR_STYLES", "GRADE_STYLES", "pack", "recent_rolls", "sheet_lines"]

Line = list[Segment]
BAR_STYLES = {"good": "green", "hurt": "yellow", "low": "bold red"}
GRADE_STYLES = {
    "critical": "bold magenta",
    "special": "bold cyan",
    "success": "green",
    "partial": "yellow",
    "failure": "red",
    "fumble": "bold red",
}
RECENT = 6


def recent_rolls(
    log: Sequence[LogEntry], name: str, undone: Iterable[int] = (), limit: int = RECENT
) -> list[LogEntry]:
    """The newest ``limit`` rolls of ``name`` (oldest first), following renames back.

    Read newest first: the roll entries the character made or was the opponent in
    (``… vs NAME …``); a rename entry (its ``inputs`` name both names) carries the search on
    under the old name, and the entry that added or copied the character ends it, so a new
    "Guard" does not inherit a removed one's rolls. Undone entries are left out: those of the
    redo stack (``undone``) and those the log itself says were undone and never redone (an
    undo after which a new change cleared the redo stack)."""
    skip = set(undone) | _undone_in(log)
    names = {name}
    found: list[LogEntry] = []
    for entry in reversed(log):
        if not names or len(found) >= limit:
            break
        if entry.seq in skip or entry.kind in ("undo", "redo"):
            continue
        inputs = entry.inputs
        if entry.kind == "roll" and (
            entry.actor in names or any(f"vs {n} " in entry.text for n in names)
        ):
            found.append(entry)
        renamed_to = inputs.get("to")
        if (
            isinstance(renamed_to, str)
            and renamed_to in names
            and isinstance(inputs.get("renamed"), str)
        ):
            names.discard(renamed_to)
            names.add(str(inputs["renamed"]))
        started = [inputs.get("added"), *(inputs.get("copies") or [])]
        names.difference_update(n for n in started if isinstance(n, str))
    return found[::-1]


def _undone_in(log: Sequence[LogEntry]) -> set[int]:
    """``seq`` of the entries the log's undo entries took back and no redo brought back."""
    out: set[int] = set()
    for entry in log:
        if entry.kind == "undo" and entry.undoes:
            out.add(entry.undoes)
        elif entry.kind == "redo" and entry.undoes:
            out.discard(entry.undoes)
    return out


def _fit(name: str, value: str, width: int) -> str:
    """``name value`` within ``width``: the name shortened with … when it must be."""
    text = f"{name} {value}".rstrip()
    if len(text) <= width:
        return text
    room = max(1, width - len(value) - 2)
    return f"{name[:room]}… {value}".rstrip()[:width]


def pack(items: Sequence[tuple[str, str]], width: int, *, style: str = "") -> list[Line]:
    """``(name, value)`` items in as many columns as fit, none split over two lines; an
    item wider than half the width takes a line of its own. Columns are as wide as the
    widest item, and a name too long for the whole width is shortened with ``…`` before its
    value, so the value always shows."""
    texts = [_fit(n, v, width) for n, v in items]
    short = [len(t) for t in texts if len(t) <= width // 2 - 2]
    column = max(short, default=width) + 2
    per_line = max(1, width // column)
    lines: list[Line] = []
    row: list[str] = []

    def flush() -> None:
        if row:
            cells = [t.ljust(column) for t in row[:-1]] + [row[-1]]
            lines.append([(c, style) for c in cells])
            row.clear()

    for text in texts:
        if len(text) > column - 2:
            flush()
            lines.append([(text, style)])
            continue
        row.append(text)
        if len(row) == per_line:
            flush()
    flush()
    return lines


def _title(ch: Character, vital: Sequence[str]) -> Line:
    line: Line = [(ch.name, "bold underline")]
    bits = [
        _("player {name}").format(name=ch.player) if ch.player else "",
        _("npc") if ch.side == "npc" else _("party"),
        _("GM-only") if ch.gm_only else "",
    ]
    line.append(("  " + " · ".join(b for b in bits if b), "dim"))
    if is_down(ch, vital):
        line.append((_("  ✗ DOWN"), "bold red"))
    return line


def _resources(ch: Character) -> list[Line]:
    lines: list[Line] = []
    for name in ch.resources:
        top = ch.maxima.get(name)
        line: Line = [(resource_text(ch, name), "bold")]
        if top:
            shape, grade = bar(ch.resources[name], top, 10)
            line.append(("  " + shape, BAR_STYLES[grade]))
        lines.append(line)
    return lines


#: the sheet's headings (translated where shown)
HEADINGS = (N_("attributes"), N_("skills"), N_("weapons"), N_("recent rolls"))


def _heading(text: str) -> Line:
    return [(tr(text).upper(), "bold cyan")]


def _wrapped(text: str, width: int, style: str, indent: str = "") -> list[Line]:
    """Words of ``text`` filled into lines of ``width`` (a long word is cut, not lost)."""
    lines: list[Line] = []
    for paragraph in text.split("\n"):
        current = indent
        for word in paragraph.split() or [""]:
            while len(word) > width - len(indent):
                if current.strip():
                    lines.append([(current, style)])
                lines.append([(indent + word[: width - len(indent)], style)])
                word, current = word[width - len(indent) :], indent
            if len(current) + len(word) + (1 if current.strip() else 0) > width:
                lines.append([(current, style)])
                current = indent
            current += (" " if current.strip() else "") + word
        lines.append([(current, style)])
    return lines


def sheet_lines(
    ch: Character,
    width: int,
    *,
    vital: Sequence[str] = ("HP",),
    rolls: Sequence[LogEntry] = (),
    gm: bool = True,
) -> list[Line]:
    """The whole sheet of ``ch`` laid out for ``width`` cells (GM notes only for the GM)."""
    width = max(20, width)
    lines: list[Line] = [_title(ch, vital)]
    lines += _resources(ch)
    if ch.conditions:
        listed = ", ".join(shown_label(c) for c in ch.conditions)
        lines += _wrapped(_("conditions: ") + listed, width, "bold yellow")
    if ch.attributes:
        lines += [[("", "")], _heading("attributes")]
        lines += pack([(k, str(v)) for k, v in ch.attributes.items()], width)
    if ch.skills:
        lines += [[("", "")], _heading("skills")]
        lines += pack(
            [(k, f"{v}{' ✓' if k in ch.ticks else ''}") for k, v in ch.skills.items()], width
        )
    weapons = ch.extra.get("weapons")
    if isinstance(weapons, dict) and weapons:
        lines += [[("", "")], _heading("weapons")]
        for name, stats in weapons.items():
            shown = (
                " ".join(f"{k}={v}" for k, v in stats.items())
                if isinstance(stats, dict)
                else str(stats)
            )
            lines += _wrapped(f"{name}: {shown}", width, "")
    aliases = ch.extra.get("aliases")
    if isinstance(aliases, list) and aliases:
        lines += _wrapped(_("also: ") + ", ".join(str(a) for a in aliases), width, "dim")
    if ch.notes and gm:
        lines += [[("", "")], *_wrapped(ch.notes, width, "italic")]
    lines += [[("", "")], _heading("recent rolls")]
    if not rolls:
        lines.append([(_("none yet"), "dim")])
    for entry in rolls:
        stamp = entry.time[11:16] if len(entry.time) >= 16 else entry.time
        secret = _("secret ") if entry.secret else ""  # as the GM's log marks it
        body = _wrapped(
            f"{stamp} {secret}{shown_text(entry)}",
            width,
            GRADE_STYLES.get(entry.grade, ""),
            indent="",
        )
        lines += body
    return lines
