"""The text pane paints exactly the rows of the whole text, from only what shows."""

from __future__ import annotations

import random
from functools import partial

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip

from tui.widgets.text_pane import KEEP, TextPane, head


class _One(App[None]):
    def compose(self) -> ComposeResult:
        yield TextPane(id="pane")


def _texts() -> list[Text]:
    rng = random.Random(5)
    words = [
        "a",
        "lodge",
        "crossing",
        "Даллах",
        "x" * 70,
        "APP" + KEEP + "10",
        "日本語",
        "e\u0301",
        "\n",
        "\n\n",
        "  ",
    ]
    out = [Text(""), Text("one line"), Text("\n" * 40)]
    for n in (5, 60, 400, 3000):
        text = Text()
        for _ in range(n):
            text.append(
                rng.choice(words) + rng.choice([" ", "", "\n"]),
                style=rng.choice(["", "bold", "italic dim", "red"]),
            )
        out.append(text)
    return out


@pytest.mark.parametrize("size", [(30, 5), (80, 24), (7, 40)])
async def test_the_rows_shown_are_those_of_the_whole_text(size: tuple[int, int]) -> None:
    app = _One()
    async with app.run_test(size=size) as pilot:
        pane = app.query_one("#pane", TextPane)
        width, height = pane.content_size
        for text in _texts():
            pane.update(text)
            await pilot.pause()
            whole = pane.strips(text, width)[:height]
            assert [s.text for s in pane._strips()] == [s.text for s in whole]
            assert pane._strips() == [pane.painted(s) for s in whole]


async def test_ten_megabytes_of_text_show_their_first_screenful() -> None:
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one("#pane", TextPane)
        notes = (
            "The cellar door, a letter in the stove; Boris kept the lamp. " * 20 + "\n\n"
        ) * 8200
        assert len(notes) > 10_000_000
        pane.update(Text("Alice Moore\n") + Text(notes, style="italic dim"))
        await pilot.pause()
        rows = [s.text for s in pane._strips()]
        assert rows[0].startswith("Alice Moore") and rows[1].startswith("The cellar door")
        assert len(rows) == pane.content_size.height


def test_the_head_of_a_text_is_its_slice() -> None:
    for text in _texts():
        text.stylize("underline", 3, 9)  # a span across the cut too
        for size in (0, 1, 7, 50, 999, len(text), len(text) + 5):
            cut = head(text, size)
            whole = text[:size]
            assert cut.plain == whole.plain
            assert sorted(cut.spans) == sorted(whole.spans)


async def test_a_screenful_of_two_megabytes_reads_only_a_screenful(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rich's ``text[:n]`` cleans the whole text of control codes on every cut: 2 MB of
    notes once per repaint. The pane's cut reads only what it wraps."""
    import rich.text

    read: list[int] = []
    clean = rich.text.strip_control_codes  # type: ignore[attr-defined]  # imported there, not exported

    def counted(text: str, *args: object) -> str:
        read.append(len(text))
        return clean(text, *args)  # type: ignore[arg-type]

    notes = ("The cellar door, a letter in the stove; Boris kept the lamp. " * 20 + "\n\n") * 1640
    shown = Text("Alice Moore\n") + Text(notes, style="italic dim")
    app = _One()
    async with app.run_test(size=(80, 24)) as pilot:
        pane = app.query_one("#pane", TextPane)
        monkeypatch.setattr(rich.text, "strip_control_codes", counted)
        pane.update(shown)
        await pilot.pause()
        rows = [s.text for s in pane._strips()]
        monkeypatch.undo()
    assert rows[1].startswith("The cellar door")
    assert sum(read) < 100_000, f"{sum(read):,} characters read for one screenful"


def test_a_sheet_holds_of_megabytes_of_notes_only_what_a_pane_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression (issue 31: "50 MB of notes make every change take 4 s"): every change to
    the character made its compact sheet anew with all its notes, copied and cleaned of
    control codes whole (160 ms of a /hp at 50 MB). The pane is not scrolled: the sheet
    holds the notes' start, more than any pane shows."""
    import rich.text

    from tui.session.campaign.model import Character
    from tui.widgets.party import SHEET_NOTES, sheet_text

    read: list[int] = []
    clean = rich.text.strip_control_codes  # type: ignore[attr-defined]  # imported there, not exported

    def counted(text: str, *args: object) -> str:
        read.append(len(text))
        return clean(text, *args)  # type: ignore[arg-type]

    notes = ("The cellar door, a letter in the stove; Boris kept the lamp. " * 20 + "\n\n") * 8200
    alice = Character(name="Alice Moore", resources={"HP": 11}, notes=notes)
    monkeypatch.setattr(rich.text, "strip_control_codes", counted)
    sheet = sheet_text(alice)
    monkeypatch.undo()
    assert sum(read) < SHEET_NOTES + 10_000, f"{sum(read):,} characters read for one sheet"
    assert notes[:SHEET_NOTES] in sheet.plain
    assert SHEET_NOTES > 400 * 200  # more than the widest, tallest pane shows of them


def _kept(seen: list[Strip], strip: Strip) -> Strip:
    seen.append(strip)
    return strip


def _rows_of(console: Console, width: int, text: Text) -> int:
    return len(text.wrap(console, width))


def test_rows_are_the_whole_texts_strips_and_paint_only_those_asked_for() -> None:
    """:class:`Rows` wraps at once and paints a row when it is asked for: the rows asked
    are those :func:`to_strips` makes, painted once each (the log panel asks a long entry
    for the few rows it shows)."""
    from tui.widgets.text_pane import Rows, to_strips

    console = Console(width=200)
    for text in _texts():
        for width in (7, 40):
            whole = to_strips(text, width, console)
            painted: list[Strip] = []
            rows = Rows(text, width, console, paint=partial(_kept, painted))
            assert len(rows) == len(whole)
            tail = rows[-3:]
            assert tail == whole[-3:] and len(painted) == len(tail)
            assert rows[-1] == whole[-1] and len(painted) == len(tail)  # kept, not again
            if whole:
                assert rows[0] == whole[0] and rows[len(rows) - 1] == whole[-1]
            assert list(rows) == whole and len(painted) == len(whole)
            with pytest.raises(IndexError):
                rows[len(rows)]


def test_whether_a_text_overflows_its_rows_is_told_from_its_start() -> None:
    """:func:`overflow` wraps only starts of a long text: it says a text overflows exactly
    when the whole text takes more rows, and the start it names does too."""
    from tui.widgets.preview_rows import overflow

    console = Console(width=200)
    wrapped: list[int] = []

    def count(text: Text, width: int) -> int:
        wrapped.append(len(text))
        return _rows_of(console, width, text)

    long = Text("Alice Moore · Spot Hidden +2 → 62 ⟶ " * 900)
    for text in [*_texts(), long]:
        for width in (7, 40, 80):
            for rows in (1, 3):
                over = overflow(text, width, rows, partial(_rows_of, console, width))
                assert (over is None) == (count(text, width) <= rows)
                if over is not None:
                    assert count(head(text, over), width) > rows
    wrapped.clear()
    assert overflow(long, 80, 3, lambda t: count(t, 80)) is not None
    assert max(wrapped) < 2_000 < len(long)  # a start, not 30,000 characters


def _rich_strips(text: Text, width: int, console: Console) -> list[Strip]:
    """The rows as Rich's own ``Text.wrap`` makes them, rendered as the pane renders a row:
    what :class:`Rows` must give, which makes each row only when asked for."""
    from tui.widgets.text_pane import _HELD, legible, safe

    text = legible(safe(text))
    held = KEEP in text.plain
    if held:
        text = text.copy()
        text.plain = text.plain.replace(KEEP, _HELD)
    out = []
    for line in text.wrap(console, max(1, width), overflow="fold"):
        if held:
            line.plain = line.plain.replace(_HELD, " ")
        strip = Strip(list(line.render(console, end="")))
        out.append(strip.extend_cell_length(width).crop(0, width))
    return out


def test_rows_made_one_by_one_are_richs_wrap() -> None:
    """A row is cut out of its line when asked for, the breaks found by Rich's divide_line:
    every row equals the row of Rich's whole wrap (texts of every kind: styles across
    breaks, words longer than the width, wide and combining letters, tabs, blank lines, a
    justified or unwrapped text)."""
    from tui.widgets.text_pane import Rows

    console = Console(width=200)
    extra = [
        Text("a\tb\t\tlong tab\tline " * 9, style="bold"),
        Text("left " * 60, justify="left"),
        Text("no wrap " * 30, no_wrap=True),
        Text("\n\nend\n"),
    ]
    styled = Text()
    for n in range(200):
        styled.append(f"Cultist {n:03d}: 8 of 13 improved", style="bold")
        styled.append(f"  ⟶ Skill {n % 10} +{n % 7} → {n % 50}", style="red" if n % 3 else "")
    for text in [*_texts(), *extra, styled]:
        for width in (1, 2, 7, 40, 80):
            assert list(Rows(text, width, console)) == _rich_strips(text, width, console), (
                text.plain[:40],
                width,
            )


def test_the_breaks_are_richs_for_every_line() -> None:
    """The breaks looked up a row at a time are Rich's ``divide_line`` breaks, for lines of
    every shape: spaces first, last, many together; words longer than a row, exactly a row,
    one letter; every width from one cell; and lines Rich measures itself (wide letters)."""
    from rich._wrap import divide_line

    from tui.widgets.text_pane import _breaks

    rng = random.Random(11)
    pieces = ["a", "bc", "defgh", "ijklmnopqrstu", " ", "  ", "   ", "→", "\u00e9", "日", "\t"]
    for _ in range(3000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 40)))
        for width in (1, 2, 3, 5, 8, 13, 40):
            assert _breaks(line, width) == divide_line(line, width, fold=True), (line, width)
