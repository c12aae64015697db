"""One line of text fitted to a width by words: whole when it fits, else cut after its last
whole word with a mark that says so.

What a narrow terminal (80×24) cut at a cell count read wrong: "HP 10…" (a wound count
without its maximum), "Experienced ›" (a turn order ending in its arrow), a name or a
number halved. Here a line breaks only at a plain space: what must stay whole ("HP 7/11",
"stunned 2r") is joined with no-break spaces (``tui.widgets.text_pane.KEEP``), and a
separator left dangling at the cut (``›``, ``·``, ``,``) goes with the words after it. A
first word wider than the line loses the line's indent first; only a single word wider than
the whole width is cut inside (there is nothing else to show).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

__all__ = ["MARK", "fit_words"]

#: what ends a line that was cut
MARK = "…"
#: separators a cut line must not end with (the words they lead to are gone)
_DANGLING = "›·—–-,;:/|+&"


def fit_words(
    text: Text, width: int, mark: str = MARK, mark_style: str = "", *, more: bool = False
) -> Text:
    """``text`` (one line) in ``width`` cells: itself when it fits, else its longest run of
    whole words that leaves room for ``mark``, then ``mark``. With ``more`` the text goes
    on past this line (the rows after it are not shown): it ends in ``mark`` either way."""
    if width <= 0:
        return Text("")
    if text.cell_len <= width and not more:
        return text
    plain = text.plain
    room = width - cell_len(mark)
    end = 0
    total = solid = 0  # cells of plain[:at], and of it without its trailing spaces
    for at, char in enumerate(plain):
        if char == " " and solid <= room:
            end = at
        total += cell_len(char)
        if char != " ":
            solid = total
    if more and solid <= room:
        end = len(plain)  # the whole row and its mark fit: the cut is at its end
    kept = plain[:end].rstrip(" ")
    while kept and kept[-1] in _DANGLING:  # "Bushido ›" → "Bushido"
        kept = kept[:-1].rstrip(" ")
    if not kept.strip() or room <= 0:  # one word wider than the line
        indent = len(plain) - len(plain.lstrip(" "))
        if indent:  # "  HP 10/11" in 8 cells: the indent goes before the number does
            return fit_words(text[indent:], width, mark, mark_style, more=more)
        cut = text.copy()
        cut.no_wrap = True
        cut.truncate(width, overflow="ellipsis")
        return cut
    shown = text[: len(kept)]
    shown.append(" " + mark if cell_len(kept) + 1 + cell_len(mark) <= width else mark, mark_style)
    return shown
