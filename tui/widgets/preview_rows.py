"""What the preview's rows show: the typed line's check and odds, or the results of the lines
committed since, each cut to the rows with a mark saying where the rest is."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from tui.language import _
from tui.session.systems.interface import Chance
from tui.session.table.table import Preview
from tui.widgets.fit_words import fit_words
from tui.widgets.odds_bar import odds_bar
from tui.widgets.text_pane import KEEP, head, to_strips

__all__ = [
    "PREVIEW_ROWS",
    "cut_to_rows",
    "fitted",
    "outcomes_kept",
    "overflow",
    "result_row",
    "stacked",
    "typed_preview",
]

#: rows of the preview (the main screen's CSS gives it 3)
PREVIEW_ROWS = 3


def outcomes_kept(text: str, odds: Sequence[Chance]) -> str:
    """``text`` with each outcome it lists (``critical failure 1.9%``) held together: a row
    never ends between an outcome and its chance."""
    for chance in odds:
        if chance.p:
            said = f"{chance.label} {chance.percent}"
            text = text.replace(said, said.replace(" ", KEEP))
    return text


def typed_preview(preview: Preview, *, mono: bool) -> Text:
    """The whole preview of a typed line: the odds as a bar and the check, or its refusal."""
    if not preview.ok:
        return Text("✗ " + preview.text, style="red")
    shown = Text()
    if preview.odds:
        shown.append_text(odds_bar(preview.odds, mono=mono))
        shown.append(" ")
    shown.append(outcomes_kept(preview.text, preview.odds))
    return shown


def overflow(text: Text, width: int, rows: int, count: Callable[[Text], int]) -> int | None:
    """The length of a start of ``text`` that already takes more than ``rows`` rows of
    ``width`` (``count`` says how many a text takes), or None when all of it fits.

    Only starts are wrapped, four times longer each time: a row break depends only on what
    comes before it, so a start takes at most the rows of the whole text. The result of the
    end of 200 characters' adventure is 30,000 characters (700 rows), for three rows.
    """
    size = max(1, width) * (rows + 1)
    while True:
        start = head(text, size)
        if count(start) > rows:
            return len(start)
        if len(start) == len(text):
            return None
        size *= 4


def result_row(text: Text, width: int, console: Console, *, logged: bool) -> Text | None:
    """A result too long for the rows, cut with a note of where it is whole (the log, or a
    message when it is not logged); ``None`` when it fits."""
    if overflow(text, width, PREVIEW_ROWS, lambda t: len(t.wrap(console, width))) is None:
        return None
    where = _(" (whole text in the log)") if logged else _(" (whole text in the message)")
    size = max(1, width * (PREVIEW_ROWS - 1) - len(where) - 2)
    word = text.plain.rfind(" ", 0, size + 1)  # after a whole word, never "Boulder 1d…"
    short = text[: word if word > 0 else size]
    short.rstrip()
    short.append(f" …{where}", style="dim")
    return short


def stacked(results: Sequence[Text], width: int) -> Text:
    """The results of lines committed one after another, newest last: one alone as it is,
    several a row each."""
    if len(results) == 1:
        return results[0]
    shown = Text()
    for i, result in enumerate(results):
        one = fit_words(result, width)  # a row each, cut after a whole word
        if i:
            shown.append("\n")
        shown.append_text(one)
    return shown


def fitted(shown: Text, width: int, console: Console, key: str) -> Text:
    """``shown`` as :data:`PREVIEW_ROWS` rows of ``width`` hold it: whole, or cut with a mark
    naming ``key``, the key that shows it all."""
    mark = Text(_(" … {key} shows all").format(key=key), style="bold reverse")
    return cut_to_rows(shown, width, PREVIEW_ROWS, console, mark) or shown


def cut_to_rows(text: Text, width: int, rows: int, console: Console, mark: Text) -> Text | None:
    """``text`` cut so that it and ``mark`` (which says it is cut, and how to see the rest)
    fit ``rows`` rows of ``width``; None when the whole text fits.

    Inside a list after a dash (``check — a 10% · b 90%``) the cut is after a whole item,
    elsewhere at a word: never "fail…", and never an outcome without its chance (what
    must stay whole is also held together with no-break spaces, which are not words'
    ends here)."""
    over = overflow(text, width, rows, lambda t: len(to_strips(t, width, console)))
    if over is None:
        return None

    def cut(size: int) -> Text:
        shown = head(text, size)
        shown.rstrip()
        shown.append_text(mark)
        return shown

    low, high = 0, over  # cut(low) fits (an empty start), cut(high) does not
    while high - low > 1:
        middle = (low + high) // 2
        if len(to_strips(cut(middle), width, console)) <= rows:
            low = middle
        else:
            high = middle
    plain = text.plain
    if plain[low : low + 1] in ("", "\n") or plain.startswith(" · ", low):
        return cut(low)  # an item or a line ends right here
    listed = plain.rfind(" — ", 0, low)  # a list after a dash: cut after a whole item
    if listed >= 0 and "\n" not in plain[listed:low]:
        return cut(max(listed, plain.rfind(" · ", 0, low)))
    if plain[low] == " ":
        return cut(low)
    word = plain.rfind(" ", 0, low)
    return cut(word if word > 0 else low)
