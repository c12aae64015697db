"""The roll entry driven as a GM would: Tab cycling, the grey suggestion, typos, a refused
line kept, type-ahead in one burst, pastes, and keys pressed right after Enter."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.style import Style
from textual import events
from textual.color import Color
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.conftest import burst, keys_handled, log_text, rng, screen_text, type_keys, type_line
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.session.table.completion import complete_line
from tui.widgets.party_list import PartyList
from tui.widgets.roll_entry import REPLACES, RollEntry


def entry(pilot: Pilot[None]) -> RollEntry:
    return pilot.app.screen.query_one("#roll-entry", RollEntry)


async def suggested(pilot: Pilot[None]) -> str:
    """The grey suggestion once the entry's suggester (a worker) has answered for what is
    typed now, and its answer has been shown."""
    typed = entry(pilot)

    def answered() -> bool:
        return not [w for w in pilot.app.workers if w.node is typed and not w.is_finished]

    await until(pilot, answered, "the suggester's answer")
    await settled(pilot)
    return typed._suggestion


async def ready(pilot: Pilot[None]) -> None:
    pilot.app.screen._warm_up()  # type: ignore[attr-defined]
    await pilot.pause()


async def test_tab_cycles_every_candidate_and_wraps(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_keys(pilot, *"alice ")
        assert app.table is not None
        expected = complete_line(app.table, "alice ")
        assert len(expected) == 11  # 4 skills and 7 characteristics, none left out
        seen = []
        for _ in expected:
            await pilot.press("tab")
            seen.append(entry(pilot).value)
        assert seen == expected
        await pilot.press("tab")
        assert entry(pilot).value == expected[0]  # wraps
        await pilot.press("shift+tab")
        assert entry(pilot).value == expected[-1]  # and goes back


async def test_shift_tab_on_an_empty_line_reaches_the_party_list(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("shift+tab")
        listing = app.screen.query_one("#party-list", PartyList)
        assert app.focused is listing
        before = listing.highlighted or 0
        await pilot.press("down")
        assert listing.highlighted == before + 1
        await pilot.press("tab")
        assert app.screen.focused is entry(pilot)
        await type_keys(pilot, *"bo", "shift+tab")  # a line: shift+Tab completes backwards
        assert app.screen.focused is entry(pilot) and entry(pilot).value != "bo"


async def test_a_completed_name_gets_no_word_appended(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("b", "o", "tab")
        assert entry(pilot).value == "boris ivanov "
        assert await suggested(pilot) == ""  # nothing grey after the space
        await pilot.press("tab")
        assert entry(pilot).value == "boulder "


async def test_the_grey_suggestion_is_exactly_the_completed_line(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_keys(pilot, *"alice spot h")
        assert await suggested(pilot) == "alice spot hidden"  # continues what is typed
        entry(pilot).value = ""
        await type_keys(pilot, *"alice spot hiden")
        # not "alice spot hidenn": the corrected line is shown whole after the mark
        assert await suggested(pilot) == f"alice spot hiden{REPLACES}alice spot hidden"
        await pilot.press("right")
        assert entry(pilot).value == "alice spot hidden"
        entry(pilot).value = ""
        await type_keys(pilot, *"alice spot hidden vs bor")
        assert await suggested(pilot) == "alice spot hidden vs boris ivanov "


async def test_an_opponents_suggestion_is_never_doubled(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_keys(pilot, *"vic stealth vs moss")
        # not "vic stealth vs mossd moss"
        assert await suggested(pilot) == f"vic stealth vs moss{REPLACES}vic stealth vs guard moss "
        await pilot.press("tab")
        assert entry(pilot).value == "vic stealth vs guard moss "


async def test_cyrillic_stays_cyrillic_and_latin_stays_latin(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_keys(pilot, *"даллах ", "tab")
        assert entry(pilot).value == "даллах владение длинным мечом"
        await pilot.press("tab")
        assert entry(pilot).value == "даллах рукопашный бой"
        entry(pilot).value = ""
        await type_keys(pilot, *"dallah ", "tab")
        assert entry(pilot).value == "dallah longsword"
        await pilot.press("tab")
        assert entry(pilot).value == "dallah wrestling"


async def test_commands_complete_their_arguments(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_keys(pilot, *"/hp kir", "tab")
        assert entry(pilot).value == "/hp kirma "
        await pilot.press("tab")
        assert entry(pilot).value == "/hp kirma legkie rany"  # its resource, in Latin
        entry(pilot).value = ""
        await type_keys(pilot, *"/act da", "tab")
        first = entry(pilot).value
        await pilot.press("tab")
        assert {first, entry(pilot).value} == {"/act daimitry ", "/act dallah "}


async def test_typos_are_forgiven_in_the_app(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("strange"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alise spot")  # not this campaign's: the error says so
        assert "no character matches 'alise'" in screen_text(pilot, "#preview")
        entry(pilot).value = ""
        await type_line(pilot, "даймитрии взлом range=4,5 = 3 3 4 5")
        await type_line(pilot, "kirma verkhovaya range=4,5 = 3 3 4 5")
        text = log_text(pilot)
        assert "Даймитрий Взлом замков" in text and "Кирма Верховая езда" in text


async def test_alise_spot_rolls_for_alice(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alise spot = 07")
        assert "Alice Moore · Spot Hidden 60%: 07" in log_text(pilot)


async def test_a_refused_line_stays_with_its_problem_word_selected(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice spot hidden hardd = 07")
        await settled(pilot)
        assert entry(pilot).value == "alice spot hidden hardd = 07"
        start = len("alice spot hidden ")
        assert entry(pilot).selection == (start, start + len("hardd"))  # the problem word
        assert "unknown modifier 'hardd'" in screen_text(pilot, "#preview")
        await type_keys(pilot, "backspace", *"hard")  # an edit key first: fixing the word…
        assert entry(pilot).value == "alice spot hidden hard = 07"
        await type_keys(pilot, "enter")  # …and commit
        await pilot.pause()
        assert entry(pilot).value == ""
        assert "Spot Hidden 60 hard" in log_text(pilot)


async def test_a_refused_line_never_swallows_the_next_one_typed_ahead(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        burst(app, "alice flyng\rboris listen = 10\r")
        await keys_handled(pilot)
        assert entry(pilot).value == ""
        assert "Boris Ivanov · Listen 50%: 10" in log_text(pilot)
        preview = screen_text(pilot, "#preview")
        assert "no skill of Alice Moore matches 'flyng'" in preview  # each its own result
        assert "Listen 50%: 10" in preview


async def test_a_line_and_enter_in_one_burst_show_the_result(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("gurps"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        burst(app, "/scene Warehouse\r/order\r/next\r")
        await keys_handled(pilot)
        preview = screen_text(pilot, "#preview").splitlines()
        assert len(preview) == 3, preview
        assert "scene Warehouse" in preview[0]
        assert "order" in preview[1]
        assert "turn" in preview[2]
        assert not any("—" in line and "/next" in line for line in preview)  # no usage help


async def test_priority_keys_wait_for_the_line_typed_before_them(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("brp")
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        burst(app, [*"alice spot hidden = 07", "\r", "ctrl+z"])
        await keys_handled(pilot)
        assert app.table is not None
        kinds = [e.kind for e in app.table.session.log]
        assert kinds == ["roll", "undo"], kinds  # the line first, then its undo
        burst(app, [*"boris listen = 10", "\r", "ctrl+q"])
        await until(pilot, lambda: app.return_code is not None, "the app to quit")
    assert app.return_code == 0
    saved = path.with_name(path.stem + ".log.toml").read_text(encoding="utf-8")
    assert "Listen 50%: 10" in saved  # committed before the app quit


async def test_a_paste_of_several_lines_asks_then_runs_each(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        app.post_message(events.Paste("alice spot hidden = 07\nboris listen = 10\n"))
        await pilot.pause()
        assert type(app.screen).__name__ == "PasteScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert app.table is not None and app.table.session.log == []  # none ran
        assert entry(pilot).value == ""  # and nothing was pasted
        app.post_message(events.Paste("alice spot hidden = 07\r\nboris listen = 10"))
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        texts = [e.text for e in app.table.session.log]
        assert len(texts) == 2 and "Spot Hidden" in texts[0] and "Listen" in texts[1]
        entry(pilot).value = ""
        app.post_message(events.Paste("alice stealth\n"))  # one line: just inserted
        await pilot.pause()
        assert entry(pilot).value == "alice stealth" and len(app.table.session.log) == 2


async def test_escape_takes_the_odds_away_with_the_line(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice stealth hard", enter=False)
        assert "Stealth" in screen_text(pilot, "#preview")
        await type_keys(pilot, "escape")
        assert entry(pilot).value == ""
        assert screen_text(pilot, "#preview").strip() == ""


async def test_a_line_backspaced_away_takes_its_odds_but_a_result_stays(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice spot hidden = 07")  # a result: stays on the empty line
        assert "Spot Hidden 60%: 07" in screen_text(pilot, "#preview")
        await type_line(pilot, "boris", enter=False)
        assert "Spot Hidden" not in screen_text(pilot, "#preview")
        await type_keys(pilot, *["backspace"] * len("boris"))
        assert entry(pilot).value == ""
        assert "Boris" not in screen_text(pilot, "#preview")
        assert screen_text(pilot, "#preview").strip() == ""


async def test_escape_clears_a_refused_line_and_its_error(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice flyng")
        await settled(pilot)
        assert entry(pilot).value == "alice flyng"
        assert entry(pilot).selection == (len("alice "), len("alice flyng"))
        await type_keys(pilot, "escape")
        assert entry(pilot).value == ""
        assert screen_text(pilot, "#preview").strip() == ""
        await type_line(pilot, "boris listen = 10")  # a new line, nothing of the old one
        assert "Boris Ivanov · Listen 50%: 10" in log_text(pilot)


async def test_a_missing_word_leaves_the_cursor_at_the_end(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice")
        await settled(pilot)
        assert entry(pilot).value == "alice"
        assert entry(pilot).selection == (5, 5)  # nothing selected: the GM goes on typing


def _apart(one: Style, other: Style) -> bool:
    """Whether two cells' backgrounds tell apart at a glance (or one is drawn reversed)."""
    if one.reverse != other.reverse:
        return True
    a, b = one.bgcolor, other.bgcolor
    if a is None or b is None or a.triplet is None or b.triplet is None:
        return a != b  # ANSI colours: the terminal's palette, distinct by number
    return abs(Color.from_rich_color(a).brightness - Color.from_rich_color(b).brightness) > 0.25


async def test_the_problem_word_and_the_cursor_show_in_every_theme(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "alice flyng")
        await settled(pilot)
        assert entry(pilot).selection == (len("alice "), len("alice flyng"))
        entry(pilot).cursor_blink = False  # the colours are under test, not the blinking
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            cells = [(seg.text, seg.style or Style()) for seg in entry(pilot).render_line(0)]
            plain = cells[0][1]  # "alice ": the entry's own background
            selected = [style for text, style in cells if text == "flyng"]
            cursor = [style for text, style in cells if text == " "]
            assert selected and selected[0].underline, (theme, cells)
            assert cursor and _apart(cursor[0], plain), (theme, cells)


async def test_a_mistyped_command_is_answered_with_the_nearest(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "/hpp alice -1", enter=False)
        assert "did you mean /hp?" in screen_text(pilot, "#preview")  # before Enter
        await type_keys(pilot, "enter")
        await settled(pilot)
        assert "did you mean /hp?" in screen_text(pilot, "#preview")
        assert entry(pilot).selection == (1, len("/hpp"))  # Backspace, then "hp", fixes it
        await type_keys(pilot, "backspace")  # (a character first would start a new line)
        await type_line(pilot, "hp")
        assert app.table is not None
        assert "HP 11 → 10" in app.table.session.log[-1].text, app.table.session.log[-1].text


async def test_numbered_names_as_typed_tab_and_the_roll_form(
    demo_copy: Callable[[str], Path],
) -> None:
    """Issue 33: "Cultist 012" beside "Cultist 1" and "Cultist 12" — Tab from "cultist 01",
    a roll typed by its number, and the roll form's choice all reach exactly that one."""
    from textual.widgets import Select

    from tui.screens.roll_form import RollFormScreen

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        for name in ("Cultist 001", "Cultist 012", "Cultist 1", "Cultist 12"):
            await type_line(pilot, f"/add {name} npc")
            await pilot.press("escape")  # the editor /add opens
            await pilot.pause()
            await type_line(pilot, f"/skill {name.lower()} Dodge 40")
        await ready(pilot)
        await type_keys(pilot, *"cultist 01", "tab")
        assert entry(pilot).value == "cultist 012 "  # was left as typed: nothing offered
        await type_keys(pilot, *"dodge = 10", "enter")
        assert app.table is not None
        assert app.table.session.log[-1].actor == "Cultist 012"
        await type_line(pilot, "cultist 1 dodge = 10")
        assert app.table.session.log[-1].actor == "Cultist 1"
        await pilot.press("ctrl+r")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, RollFormScreen)
        form.query_one("#form-character", Select).value = "Cultist 12"
        await pilot.pause()
        form.query_one("#form-skill", Select).value = "Dodge"
        form.query_one("#form-dice", Input).value = "10"
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert app.table.session.log[-1].actor == "Cultist 12"


async def _refused(pilot: Pilot[None], line: str) -> None:
    """Type ``line`` and Enter; wait until the refused line is back in the entry."""
    await type_line(pilot, line)
    for _ in range(1000):  # a state, not a time: the line is put back after the keys settle
        if entry(pilot).value == line:
            return
        await pilot.pause()
    raise AssertionError(f"the refused line did not come back: {entry(pilot).value!r}")


async def test_the_first_character_after_a_refusal_starts_a_new_line(
    demo_copy: Callable[[str], Path],
) -> None:
    """Issue 45: "/phase" refused, then "/summary" typed read "/phase/summary"; a name typed
    after a refused roll line was glued to it. A character starts over; an edit key (an
    arrow, Backspace) keeps the line for fixing, and so does every key after it."""
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await _refused(pilot, "/phase")  # BRP has no rounds: an unknown command
        await type_keys(pilot, *"/scene Cellar")
        assert entry(pilot).value == "/scene Cellar"
        await type_keys(pilot, "enter")
        await _refused(pilot, "alice flyng")  # the problem at the end: the cursor after it
        await type_keys(pilot, *"boris listen = 10", "enter")
        assert "Boris Ivanov · Listen 50%: 10" in log_text(pilot)
        await _refused(pilot, "alice flyng")
        await type_keys(pilot, "end", *"x")  # an edit key: the line stays, typing goes on
        assert entry(pilot).value == "alice flyngx"
        assert app.table is not None
        assert [e.kind for e in app.table.session.log].count("roll") == 1


async def test_a_screen_opened_and_closed_after_a_refusal_leaves_the_line_to_be_replaced(
    demo_copy: Callable[[str], Path],
) -> None:
    """Driving the AGE demo: "/next" refused, f4 (the sheet) and Escape, then "/edit naomi"
    typed read "/next/edit naomi": f4 counted as an edit key. Only a key that edits the line
    keeps it; a screen's key leaves the first character to start a new line."""
    from tui.screens.sheet import SheetScreen

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await _refused(pilot, "/phase")
        await type_keys(pilot, "f4")
        assert isinstance(app.screen, SheetScreen)
        await type_keys(pilot, "escape")
        assert type(app.screen).__name__ == "MainScreen"
        await type_keys(pilot, *"/scene Cellar")
        assert entry(pilot).value == "/scene Cellar"


async def test_keys_typed_on_the_whole_preview_go_on_in_the_line(
    demo_copy: Callable[[str], Path],
) -> None:
    """Issue 45: with ctrl+o's screen open, "/endscene" was swallowed and the Enter after it
    rolled the line shown. Now the first character closes the screen and goes to the entry
    (a "/" starts a command line), so the Enter commits what was typed."""
    from tui.screens.whole_preview import WholePreviewScreen

    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await type_line(pilot, "/scene Cellar")
        await type_line(pilot, "alice spot hidden", enter=False)
        await type_keys(pilot, "ctrl+o")
        assert isinstance(app.screen, WholePreviewScreen)
        await type_keys(pilot, *"/endscene", "enter")
        assert type(app.screen).__name__ == "MainScreen"
        assert app.table is not None
        kinds = [e.kind for e in app.table.session.log]
        assert "roll" not in kinds and app.table.campaign.scene is None, kinds
        await type_line(pilot, "alice spot hidden", enter=False)
        await type_keys(pilot, "ctrl+o", *" hard")  # any other key: the line goes on
        assert entry(pilot).value == "alice spot hidden hard"
