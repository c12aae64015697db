"""A pane's framed rows are Textual's own, and an unchanged row is framed once."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widget import Widget

from tui.widgets.framed_rows import FramedRows
from tui.widgets.text_pane import TextPane

#: styles a pane may be given, each framed differently by Textual
LOOKS = {
    "plain": "",
    "border": "border: round red;",
    "padded": "border: heavy blue; padding: 1 2;",
    "outline": "outline: solid green; padding: 0 1;",
    "tinted": "border: round $secondary; tint: red 30%; padding: 0 1;",
    "faded": "opacity: 0.6; border-left: thick yellow;",
    "hatched": "hatch: cross $primary 40%; padding: 1;",
    "dim text": "text-opacity: 50%; border-bottom: wide white;",
}

TEXT = "\n".join(f"row {n}: " + "a word " * (n % 7) for n in range(30))


class _Fixed(Widget):
    """Hands back the same row objects whatever its look (a pane keeping its rows)."""

    def __init__(self, *, classes: str) -> None:
        super().__init__(classes=classes)
        self._styles_cache = FramedRows()
        self.rows = [Strip.blank(60, Style())]

    def render_line(self, y: int) -> Strip:
        return self.rows[y % len(self.rows)]


class _Panes(App[None]):
    CSS = (
        "\n".join(f".l{n} {{ height: 9; {css} }}" for n, css in enumerate(LOOKS.values()))
        + """
    .l0.other { tint: magenta 25%; }
    .l1.other { border: round magenta; }
    .l2.other { border: heavy magenta; }
    .l3.other { outline: solid magenta; }
    .l4.other { tint: magenta 30%; }
    .l5.other { opacity: 0.3; }
    .l6.other { hatch: right $primary 40%; }
    .l7.other { text-opacity: 80%; }
    """
    )

    def compose(self) -> ComposeResult:
        for n in range(len(LOOKS)):
            yield _Fixed(classes=f"l{n}")
            yield TextPane(TEXT, classes=f"l{n}")


def _textual_rows(widget: Widget) -> list[Strip]:
    """The rows Textual itself frames for ``widget`` (a fresh styles cache of its own)."""
    return StylesCache().render_widget(widget, widget.outer_size.region)


def _rows(widget: Widget) -> list[Strip]:
    return widget.render_lines(widget.outer_size.region)


async def test_framed_rows_are_textuals_for_every_look() -> None:
    app = _Panes()
    async with app.run_test(size=(50, 150)) as pilot:
        panes = [*app.query(_Fixed), *app.query(TextPane)]
        assert all(isinstance(p._styles_cache, FramedRows) for p in panes)
        for pane in app.query(_Fixed):
            pane.rows = [
                Strip(line.render(app.console, end=""))
                .extend_cell_length(60)
                .apply_style(Style(bold=True, color="#c0a0ff", bgcolor="#202040"))
                for line in Text(TEXT).split()
            ]
            pane.refresh()
        await pilot.pause()
        for look, pane in zip([*LOOKS, *LOOKS], panes, strict=True):
            first = _rows(pane)
            assert first == _textual_rows(pane), look
            pane.refresh()  # the styles cache forgets, the framed rows are kept
            again = _rows(pane)
            assert again == first, look
        for pane in panes:  # one thing of each look changes, not the size
            pane.add_class("other")
        await pilot.pause()
        for look, pane in zip([*LOOKS, *LOOKS], panes, strict=True):
            pane.refresh()  # (Textual keeps a padding row drawn in the old hatch otherwise)
            assert _rows(pane) == _textual_rows(pane), look
        text_pane = app.query(TextPane).first()
        text_pane.update("one new line\n" + TEXT)
        await pilot.pause()
        assert _rows(text_pane) == _textual_rows(text_pane)


async def test_a_row_drawn_before_comes_back_framed_as_before() -> None:
    app = _Panes()
    async with app.run_test(size=(50, 150)) as pilot:
        pane = next(p for p in app.query(TextPane) if p.has_class("l1"))
        await pilot.pause()
        before = _rows(pane)
        lines = pane._strips()
        # the same rows one place lower (as the log moves its rows when an entry comes)
        pane._lines = [Strip.blank(lines[0].cell_length, Style()), *lines[:-1]]
        pane.refresh()
        after = _rows(pane)
        assert after == _textual_rows(pane)
        top, end = pane.styles.gutter.top, pane.outer_size.height - pane.styles.gutter.bottom
        assert top == 1 and end - top == 7  # a border round seven rows
        moved = zip(after[top + 1 : end], before[top : end - 1], strict=True)
        assert all(new is old for new, old in moved)
        pane.styles.tint = "red 20%"  # a new look (the same size) frames them anew
        await pilot.pause()
        pane._lines = [Strip.blank(lines[0].cell_length, Style()), *lines[:-1]]
        pane.refresh()
        again = _rows(pane)
        assert not any(new is old for new, old in zip(again[top:end], after[top:end], strict=True))
        assert again == _textual_rows(pane)
