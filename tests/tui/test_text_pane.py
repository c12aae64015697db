"""The text pane paints exactly the rows of the whole text, from only what shows."""

from __future__ import annotations

import random

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets.text_pane import KEEP, TextPane


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
