"""The help text (f1 and /help): the roll-entry language, the system's modifiers, the
commands, the keys — laid out for the width of the screen, examples from the open campaign.

Nothing here is pre-wrapped: :func:`layout` sets two-column rows (a key or a syntax on the
left, what it does on the right) for a given width, wrapping the right column under itself,
or, when the left part is too wide, putting it on a line of its own. The examples use the
open campaign's characters, skills and its system's modifiers (:func:`examples_of`); without
a campaign (the picker) they use neutral names.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from tui.language import _
from tui.language.help import help_page
from tui.session.campaign.model import Campaign
from tui.session.systems.interface import System

__all__ = [
    "Examples",
    "Section",
    "examples_of",
    "grammar",
    "layout",
    "modifiers",
    "players_view",
]

Row = tuple[str, str]


@dataclass(frozen=True)
class Section:
    """A titled block: paragraphs (wrapped, indented two) and rows (two columns)."""

    title: str
    rows: tuple[Row, ...] = ()
    paragraphs: tuple[str, ...] = ()
    left: int = 30  # the widest left column kept on the row's line


@dataclass(frozen=True)
class Examples:
    char: str = "alice"
    skill: str = "spot hidden"
    other: str = "boris"
    modifier: str = "+10"
    prefix: str = "al sp"
    full: str = "Alice, Spot Hidden"


def _word(name: str) -> str:
    return name.split()[0].casefold() if name.split() else name.casefold()


def examples_of(campaign: Campaign, system: System) -> Examples:
    """Examples with the campaign's first visible party member, a skill of theirs, an
    opponent and one of the system's modifiers."""
    people = [c for c in campaign.characters if not c.gm_only]
    me = next((c for c in people if c.side == "party" and system.rollables(c)), None)
    if me is None:
        return Examples()
    skill = system.rollables(me)[0]
    other = next((c for c in people if c is not me), me)
    words = [w for f in system.modifier_fields for w in f.choices if w]
    modifier = words[0] if words else next((f.word("1") for f in system.modifier_fields), "+1")
    prefix = f"{me.name.casefold()[:2]} {skill.casefold()[:2]}"
    return Examples(
        _word(me.name), skill.casefold(), _word(other.name), modifier, prefix, f"{me.name}, {skill}"
    )


def grammar(ex: Examples) -> list[Section]:
    """The roll-entry language, with ``ex``'s names."""
    rows = (
        (
            _("CHAR SKILL [modifiers] [= dice]"),
            _("a check; without '= dice' the app rolls (e.g. {char} {skill} {modifier})").format(
                char=ex.char, skill=ex.skill, modifier=ex.modifier
            ),
        ),
        (
            _("CHAR SKILL … vs CHAR [SKILL] …"),
            _(
                "an opposed roll; a later side's skill defaults to the first side's when it has "
                "it (e.g. {char} {skill} vs {other}); AGE and BRP take more sides: … vs CHAR "
                "SKILL …; 'против' is 'vs'"
            ).format(char=ex.char, skill=ex.skill, other=ex.other),
        ),
        ("3d6+2  d100  2d6-1  d%", _("free dice (add '= 4 5' to type the faces)")),
        (_("/command [args]"), _("every action (see COMMANDS and ctrl+p)")),
        (_("… ext=NAME [clear]"), _("the roll counts toward an extended check")),
        (_("/best SKILL [modifiers]"), _("who should roll this? (ctrl+b on a typed check)")),
        (
            _("!LINE"),
            _(
                "a secret line: its log entry is the GM's only (!{char} {skill}); /note "
                "is the GM's, /note! a note the players' view shows too"
            ).format(char=ex.char, skill=ex.skill),
        ),
        (
            _("/ask CHAR SKILL [modifiers]"),
            _(
                "the player rolls on their own device (/ask {char} {skill}): checked like the "
                "roll line; /ask all, /ask! (secret), /ask cancel; /links shows their pages "
                "(tablekeeper serve FILE)"
            ).format(char=ex.char, skill=ex.skill),
        ),
    )
    return [
        Section(
            _("ROLL ENTRY — type a line, Enter commits, Tab completes, Up/Down recall history"),
            rows=rows,
            left=32,
            paragraphs=(
                _(
                    "While typing, the line above shows the check, its exact odds and a bar of "
                    "them; with every die typed it also shows what Enter will record. A refused "
                    "line stays in the entry, the cursor where the problem is; nothing changes."
                ),
                _(
                    "Names match by prefix, fuzzily or with one typo, Cyrillic and transliteration "
                    "included: '{prefix}' = {full}. Tab completes the word being typed and "
                    "cycles through every candidate (shift+Tab back); after a space it offers the "
                    "next word. ctrl+r opens a form that builds the line for you."
                ).format(prefix=ex.prefix, full=ex.full),
                _(
                    "Dice after '=' are separated by spaces, commas or dashes: = 07   = 4 3 5   "
                    "= 1-6-6-5"
                ),
            ),
        )
    ]


def players_view() -> Section:
    """What the read-only players' view is, in place of the roll-entry language."""
    return Section(
        _("PLAYERS' VIEW — read-only: follows the GM's table live"),
        paragraphs=(
            _(
                "It shows what the players may see. GM-only characters, their rolls, the GM's "
                'notes and secret rolls are left out; "Unknown A" stands for a hidden character '
                "the table knows is there."
            ),
            _(
                "f2 shows the next sheet; PageUp/PageDown scroll the log; ctrl+l selects a log "
                "line, alt+l copies it. Nothing typed here changes the table: /help, /quit."
            ),
        ),
    )


def modifiers(system_name: str = "", entry_help: str = "", systems: Sequence[str] = ()) -> Section:
    """The MODIFIERS section for one system, or the list of systems to pick from."""
    if system_name:
        text = " ".join(line.strip() for line in help_page(entry_help).splitlines() if line.strip())
        return Section(
            _("MODIFIERS — {system}").format(system=system_name), paragraphs=(text,) if text else ()
        )
    return Section(
        _("MODIFIERS — each campaign's help lists its system's"),
        paragraphs=(_("systems: ") + ", ".join(systems),),
    )


def _rows(rows: Sequence[Row], width: int, left: int) -> list[str]:
    lines: list[str] = []
    left = min(left, max(8, width // 2))
    for key, what in rows:
        room = max(10, width - 2 - left - 1)
        body = textwrap.wrap(what, room) or [""]
        if len(key) <= left:
            lines.append(f"  {key:<{left}} {body[0]}".rstrip())
            lines += [f"  {'':<{left}} {b}" for b in body[1:]]
        else:
            lines += textwrap.wrap(
                key, max(10, width - 2), initial_indent="  ", subsequent_indent="    "
            )
            lines += textwrap.wrap(
                what, max(10, width - 6), initial_indent="      ", subsequent_indent="      "
            )
    return lines


def layout(sections: Sequence[Section], width: int) -> str:
    """Every section set for ``width`` columns."""
    out: list[str] = []
    for section in sections:
        if out:
            out.append("")
        out += textwrap.wrap(section.title, max(10, width)) or [section.title]
        out += _rows(section.rows, width, section.left)
        for paragraph in section.paragraphs:
            out += textwrap.wrap(
                paragraph, max(10, width - 2), initial_indent="  ", subsequent_indent="  "
            )
    return "\n".join(out)
