"""Text fitted to a narrow terminal by words (#45, round four, at 80×24): nothing the GM
reads is cut mid-word or mid-number without a mark, and a number a line is about is kept.

"Who should roll?" (``/best``) with a long skill at 80×24 pushed its grade columns off the
dialog ("fai", "15.1") and cut the reason a member cannot roll at twelve cells ("no skill
of"): the names now take what the bar and the grades leave and wrap at words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.widgets import DataTable, Static

from tests.tui.conftest import rng, type_keys, type_line
from tests.tui.test_adventure_flows import painted
from tui.app.app import TablekeeperApp
from tui.screens.best import BestScreen
from tui.screens.editor import EditorScreen
from tui.screens.main import MainScreen
from tui.session.systems.interface import Chance
from tui.widgets.fit_words import MARK, fit_words
from tui.widgets.header import fit_parts
from tui.widgets.party_list import PartyList
from tui.widgets.preview_rows import result_row, stacked


def words_of(text: str) -> list[str]:
    return re.findall(r"[^\s│╭╮╰╯─▕▏]+", text)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_who_should_roll_fits_every_column_and_every_reason_in_words(
    demo_copy: Callable[[str], Path], size: tuple[int, int]
) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=size) as pilot:
        await type_line(pilot, "/best владение длинным мечом")
        screen = app.screen
        assert isinstance(screen, BestScreen)
        grid = screen.query_one("#best-rows", DataTable)
        # nothing beyond the dialog's edge: no column scrolled out of sight
        assert grid.virtual_size.width <= grid.scrollable_content_region.width, (
            grid.virtual_size,
            grid.scrollable_content_region,
        )
        shown = words_of(painted(app))
        for label in ("crit", "succ", "part", "fail"):
            assert label in shown, label
        for row in screen.rows:
            expected = [row.character, *(row.skill.split() if row.skill else ())]
            expected += words_of(row.problem)
            missing = [w for w in words_of(" ".join(expected)) if w not in shown]
            assert not missing, (row, missing)
            if row.odds:
                for grade in ("critical", "success", "partial", "failure"):
                    p = sum((c.p for c in row.odds if c.grade == grade), Fraction(0))
                    percent = Chance(grade, p, grade).percent
                    assert percent in shown, (grade, percent)


def fitted_by_words(row: str, whole: str) -> bool:
    """``row`` shows ``whole`` whole, or a start of it ending at a word with the mark."""
    row, whole = row.rstrip(), whole.rstrip()
    if row.strip() == whole.strip():
        return True
    if not row.endswith(MARK):
        return False
    kept = row.removesuffix(MARK).rstrip()
    start = whole.find(kept.strip())
    after = start + len(kept.strip())
    ends_a_word = after == len(whole) or whole[after] in " ,›·"
    return start >= 0 and ends_a_word and kept[-1:] not in "›·,"


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_the_party_panel_cuts_a_line_after_a_whole_word_never_inside_a_number(
    demo_copy: Callable[[str], Path], size: tuple[int, int]
) -> None:
    """A wounded, stunned and bleeding Alice: "HP 10/11 ████ stunned 2r, …", never
    "stunned 2…" or "HP 10…"."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=size) as pilot:
        for line in (
            "/hp alice -1",
            "/cond alice stunned 2 rounds",
            "/cond alice bleeding 3 turns",
            "/cond alice poisoned by the cultist",
            "/add Cultist Leader of the Silver Twilight npc",
        ):
            await type_line(pilot, line)
            if not isinstance(app.screen, MainScreen):
                await pilot.press("escape")
                await pilot.pause()
        listing = app.screen.query_one("#party-list", PartyList)
        width = listing.scrollable_content_region.width
        checked = 0
        for index in range(listing.count):
            wholes = listing.prompt(index).plain.split("\n")
            start = listing._starts[index]
            for part, whole in enumerate(wholes):
                row = listing.render_line(start + part - round(listing.scroll_offset.y)).text
                if len(whole.rstrip()) > width:
                    checked += 1
                assert fitted_by_words(row, whole), (row, whole)
                for number in re.findall(r"\d+(?:/\d+)?", row):
                    assert number in re.findall(r"\d+(?:/\d+)?", whole), (number, row, whole)
        assert checked, "no line was too long for the panel: the test proves nothing"


@pytest.mark.parametrize(
    ("line", "width", "shown"),
    [
        (
            "  HP\xa010/11 ████ stunned\xa02r, bleeding\xa03t PP\xa014/14",
            29,
            "  HP 10/11 ████ stunned 2r …",
        ),
        (
            "order: Ninja › Yamabushi › Bushido › Experienced Samurai",
            40,
            "order: Ninja › Yamabushi › Bushido …",
        ),
        ("  HP\xa010/11", 8, "HP 10/11"),
        ("Supercalifragilistic", 10, "Supercali…"),
        ("short enough", 12, "short enough"),
    ],
)
def test_fit_words_cuts_after_a_whole_word_and_drops_a_dangling_separator(
    line: str, width: int, shown: str
) -> None:
    out = fit_words(Text(line), width)
    assert out.plain.replace("\xa0", " ") == shown
    assert out.cell_len <= width


def test_a_row_that_goes_on_ends_in_the_mark_even_when_it_fits() -> None:
    assert fit_words(Text("the first row"), 20, more=True).plain == "the first row …"
    assert fit_words(Text("the first row"), 14, more=True).plain == "the first row…"
    assert fit_words(Text("the first row"), 12, more=True).plain == "the first …"


@pytest.mark.parametrize("typed", ["'quoted'", "lots'"])
async def test_the_editors_refusal_is_shown_whole_with_its_quotes(
    demo_copy: Callable[[str], Path], typed: str
) -> None:
    """A skill value typed wrong is refused "… got 'lots\\''": the message's closing quote
    was taken off as if it were a KeyError's repr (the issue's "got '="), and two rows cut a
    long message short."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/edit alice")
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        while editor.field is None or editor.field.kind != "skill" or editor.field.adds:
            await pilot.press("down")
        await type_keys(pilot, "enter", "ctrl+u", *typed, "enter")
        await pilot.pause()
        status = editor.query_one("#editor-status", Static)
        said = str(status.render())
        assert said.endswith(f"got {typed!r}"), said
        rows = [status.render_line(y).text.rstrip() for y in range(status.size.height)]
        assert " ".join(r.strip() for r in rows if r.strip()).endswith(f"got {typed!r}"), rows


async def test_an_empty_new_name_is_refused_in_plain_words(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/edit alice")
        editor = app.screen
        assert isinstance(editor, EditorScreen)
        while editor.field is None or editor.field.kind != "skill" or editor.field.adds:
            await pilot.press("down")
        await type_keys(pilot, "enter", "ctrl+u", "=", "enter")
        await pilot.pause()
        said = str(editor.query_one("#editor-status", Static).render())
        assert said == "✗ the new name needs a name", said


@pytest.mark.parametrize("width", [80, 78, 60])
def test_the_header_shortens_a_name_by_words(width: int) -> None:
    """80×24 showed "Ambush at the Mou… │ … │ Ambush at the Mou…"."""
    name = "Ambush at the Mountain Pass"
    scene = "Ambush at the Mountain Pass in the night"
    parts = [(name, 1), ("d10 skirmish", 2), ("adventure 1", 0), (scene, 1), ("round 1", 0)]
    shown = fit_parts(parts, width)
    assert len(shown) <= width
    for part, whole in zip(shown.split(" │ "), [p for p, _ in parts], strict=True):
        assert fitted_by_words(part, whole), (part, whole)
    assert "adventure 1" in shown and "round 1" in shown


def test_results_stacked_a_row_each_are_cut_after_a_whole_word() -> None:
    """80×24: "initiative: … Boulder 1d…" and "… /swap withi…" under the panels."""
    whole = (
        "initiative: Alice Moore 1d10 [5] = 5; Boris Ivanov 1d10 [10] = 10; "
        "Boulder 1d10 [3] = 3; turn order: Boris Ivanov › Alice Moore › Boulder"
    )
    other = "GURPS turn order comes from Basic Speed and DX: use /order, and /swap within ties"
    rows = stacked([Text(whole), Text(other)], 78).plain.split("\n")
    assert len(rows) == 2
    for row, text in zip(rows, (whole, other), strict=True):
        assert len(row) <= 78 and fitted_by_words(row, text), row


def test_a_long_result_is_cut_after_a_whole_word_before_its_note() -> None:
    words = " ".join(f"Cultist{n} 1d10 [{n % 10}] = {n}" for n in range(40))
    short = result_row(Text(words), 78, Console(width=78), logged=True)
    assert short is not None
    kept = short.plain.removesuffix(" … (whole text in the log)")
    assert kept != short.plain and words.startswith(kept) and words[len(kept)] == " ", kept
