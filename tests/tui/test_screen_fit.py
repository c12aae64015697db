"""80×24 and beyond: nothing the GM needs is cut off, every grade is legible in NO_COLOR and
in 16 colours, the roll form and "who should roll this?" commit through the entry's path."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import Monochrome
from textual.widgets import Input, Static

from tests.systems import SYSTEMS
from tests.tui.conftest import DEMOS, log_text, rng, screen_text, type_keys, type_line
from tui.app.app import TablekeeperApp
from tui.screens.best import BestScreen
from tui.screens.help_text import examples_of
from tui.screens.roll_form import RollFormScreen
from tui.screens.whole_preview import WholePreviewScreen
from tui.session.systems.interface import Chance
from tui.store import Store
from tui.widgets.log_panel import GRADE_STYLES, MONO_GRADE_STYLES
from tui.widgets.odds_bar import GLYPHS, cells
from tui.widgets.text_pane import to_strips

# the 16 colours of xterm's default palette (what a 16-colour terminal shows ANSI names as)
XTERM = {
    "black": (0, 0, 0),
    "red": (205, 0, 0),
    "green": (0, 205, 0),
    "yellow": (205, 205, 0),
    "blue": (0, 0, 238),
    "magenta": (205, 0, 205),
    "cyan": (0, 205, 205),
    "white": (229, 229, 229),
    "bright_black": (127, 127, 127),
    "bright_red": (255, 0, 0),
    "bright_green": (0, 255, 0),
    "bright_yellow": (255, 255, 0),
    "bright_blue": (92, 92, 255),
    "bright_magenta": (255, 0, 255),
    "bright_cyan": (0, 255, 255),
    "bright_white": (255, 255, 255),
}


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("grade", sorted(GRADE_STYLES))
def test_every_grade_is_legible_in_16_colours(grade: str) -> None:
    style = Style.parse(GRADE_STYLES[grade])
    fg = XTERM[style.color.name] if style.color is not None else XTERM["white"]
    bg = XTERM[style.bgcolor.name] if style.bgcolor is not None else XTERM["black"]
    if style.reverse:
        fg, bg = bg, fg
    assert contrast(fg, bg) >= 4.5, (grade, GRADE_STYLES[grade])


@pytest.mark.parametrize("grade", sorted(MONO_GRADE_STYLES))
def test_every_grade_is_legible_under_no_color(grade: str) -> None:
    """Through the app's own NO_COLOR path: the pane drops colours, Textual's monochrome
    filter greys what is left (the panel's #e0e0e0 on #121212)."""
    from rich.console import Console
    from rich.text import Text

    base = Style.parse("#e0e0e0 on #121212")
    for text_style in (MONO_GRADE_STYLES[grade], GRADE_STYLES[grade]):
        strips = to_strips(Text("x", style=text_style), 1, Console(), mono=True)
        segment = next(iter(strips[0]))
        painted = [Segment(segment.text, base + (segment.style or Style()))]
        style = Monochrome().apply(painted, Color(0, 0, 0))[0].style
        assert style is not None and style.color is not None and style.bgcolor is not None
        fg, bg = style.color.get_truecolor(), style.bgcolor.get_truecolor()
        if style.reverse:
            fg, bg = bg, fg
        assert contrast((fg[0], fg[1], fg[2]), (bg[0], bg[1], bg[2])) >= 4.5, (grade, text_style)
    assert MONO_GRADE_STYLES["fumble"] == "bold reverse"


async def test_a_fumble_under_no_color_is_dark_on_light(
    demo_copy: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "alice spot hidden = 100")
        panel = app.screen.query_one("#log")
        rows = [panel.render_line(y) for y in range(panel.content_size.height)]
        row = next(r for r in rows if "fumble" in r.text)
        styled = next(s for s in row if "Spot Hidden" in s.text).style
        assert styled is not None and styled.reverse and styled.bold


def test_the_odds_bar_shares_every_cell_and_shows_rare_grades() -> None:
    from fractions import Fraction

    from tui.session.systems.interface import Chance

    odds = (
        Chance("critical", Fraction(1, 100), "critical"),
        Chance("success", Fraction(59, 100), "success"),
        Chance("failure", Fraction(39, 100), "failure"),
        Chance("fumble", Fraction(1, 100), "fumble"),
    )
    got = cells(odds, 20)
    assert sum(n for _, n in got) == 20
    assert [g for g, _ in got] == ["critical", "success", "failure", "fumble"]
    assert dict(got)["critical"] == 1 and dict(got)["fumble"] == 1  # rare, yet visible
    assert dict(got)["success"] in (11, 12) and dict(got)["failure"] in (7, 8)
    assert len(set(GLYPHS.values())) == len(GLYPHS)  # a glyph per grade: NO_COLOR reads it
    assert cells((), 20) == []


async def test_the_preview_draws_the_odds(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "alice spot hidden", enter=False)
        preview = screen_text(pilot, "#preview")
        bar = preview[preview.index("▕") + 1 : preview.index("▏")]
        assert len(bar) == 20 and set(bar) <= set(GLYPHS.values())
        assert bar[0] == GLYPHS["critical"] and bar[-1] == GLYPHS["fumble"]


async def test_read_only_tag_never_falls_off_the_header(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    shutil.copy(DEMOS["strange"], path)
    store = Store.open(path)
    store.close()
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/rename A campaign with a very long name indeed, longer still")
        await type_line(pilot, "/scene The longest scene name anybody ever typed at a table")
        await type_line(pilot, "/quit")
    viewer = TablekeeperApp(path, rng=rng(), read_only=True)
    async with viewer.run_test(size=(80, 24)) as pilot:
        header = screen_text(pilot, "#header")
        assert header.startswith("PLAYERS' VIEW") and "PLANNING" in header and "round 1" in header
        assert len(header) <= 78


async def test_the_party_panel_grows_with_the_terminal(
    demo_copy: Callable[[str], Path],
) -> None:
    widths = []
    for size in ((80, 24), (160, 48)):
        app = TablekeeperApp(demo_copy("brp"), rng=rng())
        async with app.run_test(size=size):
            widths.append(app.screen.query_one("#party").size.width)
    assert widths[0] >= 26 and widths[1] > widths[0] + 10


async def test_a_sheet_never_breaks_a_name_from_its_value(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sheet = app.screen.query_one("#sheet")
        rows = [sheet.render_line(y).text.rstrip() for y in range(sheet.content_size.height)]
        names = {"STR", "CON", "SIZ", "INT", "POW", "DEX", "APP", "HP", "PP"}
        for row in rows:
            last = row.split()[-1] if row.split() else ""
            assert last not in names, rows  # a value always follows its name on its row
        assert any(r.startswith("APP 11") or " APP 11" in r for r in rows), rows


@pytest.mark.parametrize("system", sorted(DEMOS))
async def test_the_help_wraps_and_speaks_of_this_campaign(system: str, tmp_path: Path) -> None:
    path = tmp_path / f"{system}.toml"
    shutil.copy(DEMOS[system], path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        await pilot.press("f1")
        await pilot.pause()
        body = app.screen.query_one("HelpBody")
        text = str(body.render())
        assert max(len(line) for line in text.splitlines()) <= body.content_size.width
        assert app.table is not None
        ex = examples_of(app.table.campaign, app.table.system)
        assert f"e.g. {ex.char} {ex.skill}" in " ".join(text.split())
        if system != "brp":
            assert "alice" not in text  # not BRP's examples in every campaign
        assert app.table.system_name in text


async def test_the_scene_panel_keeps_an_extended_checks_level_and_status(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("age"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(
            pilot,
            "/ext Infiltration threshold=15 time=60m every=1 "
            'minor="guards alerted" major="the door jams"',
        )
        await type_line(pilot, "amos technology ext=infiltration = 1 1 1")
        panel = " ".join(screen_text(pilot, "#scene").split())
        assert "minor: guards alerted" in panel
        for _ in range(3):
            await type_line(pilot, "naomi stealth ext=infiltration = 6 6 6")
        panel = " ".join(screen_text(pilot, "#scene").split())
        assert "✓ complete" in panel or "✗ failed" in panel


async def test_a_long_strange_round_is_all_in_the_scene_view(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        for line in (
            "/scene Bridge at dawn limit=2",
            "/goal dallah throw Balgruf to the ground before the gate closes",
            "/goal kirma shoot the orc from horseback while riding past",
            "/goal npc hold the bridge",
            "/phase",
            "/act dallah wrestling vs balgruf trip him",
            "/act kirma bow vs balgruf",
            "dallah wrestling range=3,6 = 1 6 5 5",
        ):
            await type_line(pilot, line)
        panel = app.screen.query_one("#scene")
        assert panel.size.height <= 8  # 6 rows and the border at 80×24
        await pilot.press("f3")
        await pilot.pause()
        assert type(app.screen).__name__ == "SceneScreen"
        shown = " ".join(str(app.screen.query_one("#scene-text").render()).split())
        for part in (
            "throw Balgruf to the ground before the gate closes",
            "shoot the orc from horseback while riding past",
            "hold the bridge",
            "#1 pending",
            "#2 ",
            "pending: #1",
        ):
            assert part in shown, part
        await pilot.press("escape")
        await type_line(pilot, "/summary")
        assert app.table is not None
        last = app.table.session.log[-1]
        said = " ".join((last.text, *last.effects))
        assert last.kind == "info" and "Сир Даллах" in said  # logged, whole
        assert "1 action," in said  # "1 action", not "1 actions"
        assert not app.table.session.can_undo or app.table.session._undo[-1].text != last.text


async def test_the_roll_form_builds_the_line_and_commits_it(
    demo_copy: Callable[[str], Path],
) -> None:
    from textual.widgets import Select

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        form.query_one("#form-character", Select).value = "Boris Ivanov"
        await pilot.pause()
        form.query_one("#form-skill", Select).value = "Listen"
        form.query_one("#form-f-difficulty", Select).value = "hard"
        form.query_one("#form-dice", Input).value = "10"
        await pilot.pause()
        assert "Boris Ivanov Listen hard = 10" in str(form.query_one("#form-line").render())
        assert "Listen 50 hard" in str(form.query_one("#form-preview").render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert "Boris Ivanov · Listen 50 hard → 25%: 10" in log_text(pilot)
        await pilot.press("up")  # the form's line is in the history like a typed one
        assert app.screen.query_one("#roll-entry", Input).value == "Boris Ivanov Listen hard = 10"


async def test_who_should_roll_lists_the_party_best_first_and_rolls_a_row(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "boris spot hidden hard", enter=False)
        await pilot.press("ctrl+b")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BestScreen)
        assert [r.character for r in screen.rows] == ["Alice Moore", "Boris Ivanov"]
        assert [r.success for r in screen.rows] == sorted(
            (r.success for r in screen.rows), reverse=True
        )
        assert screen.rows[0].line == "Alice Moore Spot Hidden hard"
        await pilot.press("down", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert app.table is not None
        assert app.table.session.log[-1].actor == "Boris Ivanov"
        assert "Spot Hidden 45 hard" in app.table.session.log[-1].text


async def test_best_names_who_cannot_roll(tmp_path: Path) -> None:
    path = tmp_path / "age.toml"
    shutil.copy(DEMOS["age"], path)
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "/best stealth")
        screen = app.screen
        assert isinstance(screen, BestScreen)
        assert screen.rows[0].character == "Naomi" and screen.rows[0].odds
        assert all(r.problem for r in screen.rows[1:])
        await pilot.press("escape")
        await type_line(pilot, "/best flying")
        assert "no party member can roll 'flying'" in screen_text(pilot, "#preview")


@pytest.mark.parametrize("system", ["brp", "age"])  # the demos whose systems ask a difficulty
async def test_an_open_list_in_the_roll_form_never_covers_a_field(
    system: str, demo_copy: Callable[[str], Path]
) -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = TablekeeperApp(demo_copy(system), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        difficulty = form.query_one("#form-f-difficulty", Select)
        difficulty.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert difficulty.expanded
        overlay = difficulty.query_one(SelectOverlay)
        assert overlay.region.height >= 3 and overlay.region.bottom <= 24
        fields = [w for w in form.query("Select, Input") if w is not difficulty]
        assert fields
        for field in fields:
            if field.region.height:  # shown (the form scrolls what has no room)
                assert not overlay.region.overlaps(field.region), (field.id, overlay.region)


def longest_preview_line(system: str) -> tuple[str, list[str]]:
    """The roll line of ``system``'s demo with the longest preview, and its outcomes as the
    preview writes them (``failure 35.6%``).

    Built from what the registry offers: every character's every rollable skill with every
    combination of the system's choice modifiers, each toward an extended check (a note
    under the odds)."""
    import itertools

    from tests.systems import demo_campaign, extended_lines
    from tui.session.campaign.session import Session
    from tui.session.tables import open_table

    campaign = demo_campaign(system)
    table = open_table(Session(campaign), rng=rng())
    assert table.submit(extended_lines(campaign)[0]).ok
    fields = [f for f in table.system.modifier_fields if f.choices]
    sides = [
        " ".join([ch.name, skill, *(w for w in words if w)])
        for ch in campaign.characters
        for skill in table.system.rollables(ch)
        for words in itertools.product(*([f.word(c) for c in f.choices] for f in fields))
    ]
    lines = [f"{side} ext=search" for side in sides]
    previews = [(table.preview(line), line) for line in lines]
    preview, line = max(
        ((p, line) for p, line in previews if p.ok and p.odds), key=lambda pl: len(pl[0].text)
    )
    return line, outcomes(preview.odds)


def outcomes(odds: Sequence[Chance]) -> list[str]:
    """Each outcome with a chance, as the preview and the whole view write it."""
    return [f"{c.label} {c.percent}" for c in odds if c.p]


def preview_rows(app: TablekeeperApp) -> list[str]:
    pane = app.screen.query_one("#preview")
    return [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]


def whole_rows(app: TablekeeperApp) -> list[str]:
    assert isinstance(app.screen, WholePreviewScreen)
    body = app.screen.query_one("#whole-text", Static)
    return str(body.render()).splitlines()


def cut_or_whole(rows: list[str], wanted: list[str], mark: str) -> list[str]:
    """The outcomes the preview's ``rows`` leave out; when some, the last row ends in the
    mark (and the cut is after an outcome: none is shown without its chance)."""
    shown = " ".join(rows)
    missing = [o for o in wanted if o not in shown]
    if missing:
        assert rows[-1].endswith(mark), rows
        before = rows[-1].removesuffix(mark).rstrip()
        assert before.endswith("%") or not any(o.split()[0] in before for o in wanted), rows
    return missing


@pytest.mark.parametrize("system", SYSTEMS)
async def test_the_longest_preview_shows_every_outcome_or_says_how_to_see_it(
    system: str, demo_copy: Callable[[str], Path]
) -> None:
    from tests.systems import demo_campaign, extended_lines

    line, wanted = longest_preview_line(system)
    app = TablekeeperApp(demo_copy(system), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, extended_lines(demo_campaign(system))[0])
        await type_line(pilot, line, enter=False)
        rows = preview_rows(app)
        assert len(rows) == 3 and rows[0].startswith("▕"), rows  # the split starts there
        if cut_or_whole(rows, wanted, "… ^o shows all"):
            await type_keys(pilot, "ctrl+o")
            whole = whole_rows(app)
            for outcome in wanted:  # each on a row of its own, the notes below
                assert any(" ".join(r.split()).endswith(outcome) for r in whole), (outcome, whole)
            assert any("Search:" in r for r in whole), whole
            await pilot.press("escape")
            assert type(app.screen).__name__ == "MainScreen"
            assert app.screen.query_one("#roll-entry", Input).value == line  # left as it was


RUTH = "ruth shotgun yd=30 shots=2"


async def test_the_issues_shotgun_preview_is_marked_and_ctrl_o_shows_and_rolls_it(
    demo_copy: Callable[[str], Path],
) -> None:
    """Issue 33: at 80×24 it ended at '… 2 hits 12.5%', failure and critical failure never
    shown before Enter. Now: marked at 80 columns, whole at 120, marked again at 80."""
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, RUTH, enter=False)
        assert app.table is not None
        wanted = outcomes(app.table.preview(RUTH).odds)
        assert "critical failure 1.9%" in wanted
        assert cut_or_whole(preview_rows(app), wanted, "… ^o shows all")
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert not cut_or_whole(preview_rows(app), wanted, "… ^o shows all")
        assert "shows all" not in " ".join(preview_rows(app))
        # no row begins with a chance its outcome left on the row above ('critical failure'
        # ended the second row at 120 columns, '1.9%' began the third)
        assert not any(row[:1].isdigit() for row in preview_rows(app)[1:]), preview_rows(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert cut_or_whole(preview_rows(app), wanted, "… ^o shows all")
        await type_keys(pilot, "ctrl+o")
        whole = whole_rows(app)
        assert [" ".join(r.split())[2:] for r in whole[1 : len(wanted) + 1]] == wanted
        await pilot.press("enter")  # rolls the line, as Enter in the entry would
        assert type(app.screen).__name__ == "MainScreen"
        assert app.table.session.log[-1].actor == "Ruth Hale"
        # the rolled line is gone; a hit leaves the damage line it asks for (#44)
        offered = [e.split(": ", 1)[1].split(" (")[0] for e in app.table.session.log[-1].effects]
        assert app.screen.query_one("#roll-entry", Input).value in ("", *offered)


async def test_the_mark_names_the_key_as_remapped_and_nothing_typed_rings(
    demo_copy: Callable[[str], Path], tmp_path: Path
) -> None:
    from textual.theme import BUILTIN_THEMES

    from tui.app.bindings import binding_ids
    from tui.app.config import load_config

    path = tmp_path / "config.toml"
    path.write_text('[keymap]\n"main.whole_preview" = "f9"\n', encoding="utf-8")
    config = load_config(path, themes=BUILTIN_THEMES, binding_ids=binding_ids)
    app = TablekeeperApp(demo_copy("gurps"), rng=rng(), config=config)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")  # nothing typed: nothing to show
        assert type(app.screen).__name__ == "MainScreen"
        await type_line(pilot, RUTH, enter=False)
        assert preview_rows(app)[-1].endswith("… f9 shows all")
        await pilot.press("f9")
        await pilot.pause()
        assert isinstance(app.screen, WholePreviewScreen)
        await pilot.press("ctrl+o")  # closes again
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        await pilot.press("f1")  # the help's key list names it, with the key as remapped
        await pilot.pause()
        helped = " ".join(str(app.screen.query_one("HelpBody").render()).split())
        assert "f9 All odds main.whole_preview" in helped, helped


def test_the_cut_is_after_an_outcome_and_a_short_text_is_not_cut() -> None:
    from rich.console import Console
    from rich.text import Text

    from tui.widgets.preview_rows import cut_to_rows

    text = Text(
        "Ruth — critical success 1.9% · 1 hit 12.5% · 2 hits 12.5% · 3 hits 11.6% · failure 35.6%"
    )
    mark = Text(" … ^o shows all")
    console = Console()
    assert cut_to_rows(text, 100, 1, console, mark) is None
    cut = cut_to_rows(text, 40, 2, console, mark)
    assert cut is not None and cut.plain.endswith("% … ^o shows all"), cut
    assert len(cut.wrap(console, 40)) <= 2
    words = Text("a failure of everything anyone tried tonight at the gate")
    cut = cut_to_rows(words, 20, 2, console, mark)
    assert cut is not None and cut.plain.endswith(mark.plain)
    shown = cut.plain.removesuffix(mark.plain).split()
    assert shown == words.plain.split()[: len(shown)] and shown, cut  # whole words only
    # a long check before its list: cut at a word there, not back at its own early "·"
    # (the GURPS aim note was cut to "→ 12 … ^o shows all", two rows left empty)
    check = Text("Ruth → 12 · close range: " + "a long note on aiming " * 6 + "— hit 50%")
    cut = cut_to_rows(check, 40, 3, console, mark)
    assert cut is not None and "a long note on aiming a long" in cut.plain, cut
    assert len(cut.wrap(console, 40)) == 3
