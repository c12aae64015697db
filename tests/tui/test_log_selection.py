"""A log line selected and copied (issue 37): ctrl+l highlights the newest entry, Up/Down and
the page keys move it within the kept entries, Enter (or alt+l, or the palette) copies it as
the log shows it, Escape or typing goes back to the roll entry; the highlight stays on its
entry as entries arrive, shows in every theme and under NO_COLOR, and costs a huge log
nothing; the players' view selects and copies only what it shows."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import overload

import pytest
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.color import Color
from textual.filter import Monochrome
from textual.pilot import Pilot
from textual.strip import Strip

from tests.tui.conftest import DEMOS, rng, type_keys, type_line
from tests.tui.test_screen_fit import contrast
from tests.waits import until
from tui import language as i18n
from tui.app.app import TablekeeperApp
from tui.base.textsafe import visible
from tui.screens.help import HelpScreen
from tui.screens.main import MainScreen
from tui.session.campaign.log import LogEntry
from tui.session.campaign.model import Campaign
from tui.store import Store
from tui.store.logformat import format_entry
from tui.store.paths import log_path
from tui.widgets.footer import Footer
from tui.widgets.log_panel import SHOWN, LogPanel
from tui.widgets.roll_entry import RollEntry

NOTES = [f"/note! clue {n}" for n in range(1, 6)]
_STAMP = re.compile(r"^\d\d:\d\d ")


class Recorder:
    """What the app copied (``copy_to_clipboard``) and the notices it showed, in order."""

    def __init__(self, app: App[None], monkeypatch: pytest.MonkeyPatch) -> None:
        self.copied: list[str] = []
        self.said: list[str] = []
        monkeypatch.setattr(app, "copy_to_clipboard", self.copied.append)
        real = app.notify

        def notify(message: str, **kwargs: object) -> None:
            self.said.append(message)
            real(message, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(app, "notify", notify)


async def note_clues(pilot: Pilot[None]) -> None:
    """Five public notes typed into the log ("note: clue 1" … "note: clue 5")."""
    for line in NOTES:
        await type_line(pilot, line)


def main(app: App[None]) -> MainScreen:
    screen = app.screen
    assert isinstance(screen, MainScreen)
    return screen


def palette_offers(app: TablekeeperApp, title: str) -> bool:
    """Whether the command palette is up with ``title`` as its first match."""
    from textual.command import CommandList

    lists = app.screen.query(CommandList)
    if not lists or not lists.first().option_count:
        return False
    return title in str(lists.first().get_option_at_index(0).prompt)


def focused(app: App[None]) -> object:
    """The focused widget (as an object: the checker would keep an earlier narrowing)."""
    return app.focused


def selected_text(app: App[None]) -> str | None:
    entry = main(app).log_panel.selected_entry
    return entry.text if entry is not None else None


def rows(panel: LogPanel) -> list[Strip]:
    return [panel.render_line(y) for y in range(panel.content_size.height)]


def lit(strip: Strip) -> bool:
    """Every cell of the row is reversed: the highlight, edge to edge."""
    return all(seg.style is not None and seg.style.reverse for seg in strip if seg.text)


def lit_rows(panel: LogPanel) -> list[str]:
    return [row.text.rstrip() for row in rows(panel) if lit(row)]


async def test_ctrl_l_highlights_the_newest_and_the_keys_move_within_the_kept_entries(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await note_clues(pilot)
        panel = main(app).log_panel
        assert not panel.selecting and lit_rows(panel) == []
        await type_keys(pilot, "ctrl+l")
        assert focused(app) is panel
        assert selected_text(app) == "note: clue 5"
        assert [r.split(" ", 1)[1] for r in lit_rows(panel)] == ["note: clue 5"]
        await type_keys(pilot, "up", "up")
        assert selected_text(app) == "note: clue 3"
        await type_keys(pilot, "down")
        assert selected_text(app) == "note: clue 4"
        await type_keys(pilot, "end", "down", "down")  # the newest is the last: it stays
        assert selected_text(app) == "note: clue 5"
        await type_keys(pilot, "home")
        oldest = panel.selected_entry
        assert oldest is not None and oldest.seq == app.table.session.log[0].seq  # type: ignore[union-attr]
        await type_keys(pilot, "up", "up")  # the oldest is the first: it stays
        assert panel.selected_entry == oldest
        assert any(oldest.text in row for row in lit_rows(panel))  # brought into view
        await type_keys(pilot, "pagedown")
        after_page = panel.selected_entry
        assert after_page is not None and after_page.seq > oldest.seq + 1  # a page, not a line
        await type_keys(pilot, "pageup")
        assert panel.selected_entry == oldest
        assert focused(app) is panel and main(app).entry.value == ""


async def test_escape_typing_tab_and_ctrl_l_again_go_back_to_the_roll_entry(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "/note! the well is dry")
        screen = main(app)
        panel, entry = screen.log_panel, screen.entry
        for leave in (["escape"], ["ctrl+l"], ["tab"]):
            await type_keys(pilot, "ctrl+l", "up")
            assert focused(app) is panel and panel.selecting
            await type_keys(pilot, *leave)
            assert focused(app) is entry, leave
            assert not panel.selecting and lit_rows(panel) == [], leave
        await type_keys(pilot, "ctrl+l", "b", "o", "r", "i", "s")  # typing: it goes to the entry
        assert focused(app) is entry and entry.value == "boris"
        assert not panel.selecting
        await type_keys(pilot, "ctrl+l")
        await pilot.click("#roll-entry")  # the mouse, too
        assert focused(app) is entry and not panel.selecting
        assert entry.value == "boris"  # kept


async def test_enter_copies_the_highlighted_line_and_alt_l_it_or_else_the_newest(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    seen = Recorder(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "alice spot hidden = 07")
        await type_line(pilot, "/note! the lamp is out")
        await type_keys(pilot, "alt+l")  # nothing selected: the newest, and the notice says so
        assert _STAMP.match(seen.copied[-1]) and seen.copied[-1].endswith(" note: the lamp is out")
        assert seen.said[-1] == f"Copied the newest log line (none selected): {seen.copied[-1]}"
        await type_keys(pilot, "ctrl+l", "up", "enter")
        roll = seen.copied[-1]
        assert _STAMP.match(roll), roll
        assert "Alice Moore · Spot Hidden 60%: 07 → special success" in roll
        assert "⟶" in roll  # its effects too, as the log shows them (the tick)
        assert roll in main(app).log_panel.plain_text.splitlines()
        assert seen.said[-1] == f"Copied the log line: {roll}"
        await type_keys(pilot, "ctrl+c")  # the other copy key in the log
        await type_keys(pilot, "alt+l")  # and alt+l while it is highlighted
        assert seen.copied[-2:] == [roll, roll]
        await type_keys(pilot, "escape", "alt+l")  # back in the entry: the newest again
        assert seen.copied[-1].endswith("note: the lamp is out")
        assert main(app).entry.value == ""  # alt+l typed no "l" into the entry
        palette = {c.title: c for c in app.get_system_commands(app.screen)}
        await type_keys(pilot, "ctrl+l", "up")
        palette["Copy log line"].callback()
        assert seen.copied[-1] == roll


async def test_the_palette_selects_in_the_log(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    seen = Recorder(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "/note! a draft")
        await type_keys(pilot, "ctrl+p", *"select in log")
        await until(pilot, lambda: palette_offers(app, "Select in log"), "the palette's match")
        await type_keys(pilot, "enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen), "the main screen")
        await until(pilot, lambda: focused(app) is main(app).log_panel, "the log focused")
        panel = main(app).log_panel
        assert isinstance(app.screen, MainScreen) and focused(app) is panel
        assert selected_text(app) == "note: a draft"
        await type_keys(pilot, "enter")
        assert seen.copied[-1].endswith("note: a draft")


async def test_an_empty_log_has_nothing_to_select_or_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "new.toml"
    Store.create(path, Campaign(name="Fresh", system="brp")).close()
    app = TablekeeperApp(path, rng=rng())
    seen = Recorder(app, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_keys(pilot, "ctrl+l")
        assert isinstance(focused(app), RollEntry)
        assert seen.said == ["Nothing in the log to select yet."]
        await type_keys(pilot, "alt+l")
        assert seen.copied == [] and seen.said[-1] == "Nothing to copy yet: the log is empty."
        await type_line(pilot, "/note! first")  # the first entry can be selected at once
        await type_keys(pilot, "ctrl+l")
        assert selected_text(app) == "note: first"


async def test_new_entries_leave_the_highlight_on_its_entry_and_in_view(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await note_clues(pilot)
        screen = main(app)
        panel = screen.log_panel
        await type_keys(pilot, "ctrl+l", "up", "up")
        chosen = panel.selected_entry
        assert chosen is not None and chosen.text == "note: clue 3"
        await type_keys(pilot, "ctrl+z")  # a key that logs while the log has the focus
        assert app.table is not None and app.table.session.log[-1].kind == "undo"
        assert panel.selected_entry == chosen and focused(app) is panel
        for n in range(panel.content_size.height * 2):  # enough to push it off the panel
            screen.run_line(f"/note! later {n}")
        await pilot.pause()
        assert panel.selected_entry == chosen
        assert [r.split(" ", 1)[1] for r in lit_rows(panel)] == ["note: clue 3"]
        assert lit(rows(panel)[0])  # at the top: scrolled back no further than it needs
        assert "later 0" in "".join(r.text for r in rows(panel))
        await type_keys(pilot, "down")
        assert selected_text(app) == "note: clue 4"
        await type_keys(pilot, "escape")
        screen.run_line("/note! the newest")
        await pilot.pause()
        assert "note: the newest" in rows(panel)[-1].text  # not selecting: back at the bottom


async def test_a_click_selects_the_line_under_it(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await note_clues(pilot)
        panel = main(app).log_panel
        y = next(i for i, row in enumerate(rows(panel)) if "clue 2" in row.text)
        top = panel.content_region.y - panel.region.y
        left = panel.content_region.x - panel.region.x
        await pilot.click("#log", offset=(left + 3, top + y))
        assert focused(app) is panel and selected_text(app) == "note: clue 2"
        blank = next(i for i, row in enumerate(rows(panel)) if not row.text.strip())
        await pilot.click("#log", offset=(left + 3, top + blank))  # no line there: unchanged
        assert selected_text(app) == "note: clue 2"


async def test_the_copy_is_in_the_gms_language_with_markup_as_typed(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Russian words for what the app says, the GM's own words as typed (markup too)."""
    i18n.set_language("ru")
    try:
        app = TablekeeperApp(demo_copy("brp"), rng=rng())
        seen = Recorder(app, monkeypatch)
        async with app.run_test(size=(100, 30)) as pilot:
            await type_line(pilot, "alice spot hidden = 07")
            await type_line(pilot, "/note! [bold]the[/] bell")
            await type_keys(pilot, "ctrl+l", "enter")
            assert _STAMP.match(seen.copied[-1])
            assert seen.copied[-1].endswith(" заметка: [bold]the[/] bell"), seen.copied[-1]
            await type_keys(pilot, "up", "enter")
            roll = seen.copied[-1]
            assert "особый успех" in roll and "отметка опыта" in roll and "special" not in roll
            assert seen.said[-1] == f"Строка журнала скопирована: {roll}"
            await type_keys(pilot, "escape", "alt+l")
            assert seen.said[-1].startswith("Скопирована последняя строка журнала (ничего не")
            await type_keys(pilot, "alt+c")  # the last result: the same words, without the time
            assert seen.copied[-1] == "заметка: [bold]the[/] bell"
    finally:
        i18n.set_language("en")


async def test_a_control_character_in_the_save_is_never_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log line from a save holding escape sequences: copied (as the log shows it) with
    each control character as its picture, so a paste can never drive a terminal."""
    save = tmp_path / "c.toml"
    Store.create(save, Campaign(name="Odd", system="brp")).close()
    nasty = "bell\x07here \x1b]2;pwned\x07 \x9b31m\u202edone"
    entry = LogEntry(
        seq=1, time="2026-12-01T10:00:00+00:00", kind="roll", text=nasty, effects=(nasty,)
    )
    log_path(save).write_text(format_entry(entry), encoding="utf-8")
    app = TablekeeperApp(save, rng=rng())
    seen = Recorder(app, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await type_keys(pilot, "ctrl+l", "enter", "alt+l", "alt+c")
    assert len(seen.copied) == 3
    shown = visible(Text(nasty).plain)  # what the panel draws (Rich drops a bell itself)
    assert seen.copied[0] == seen.copied[1] == f"10:00 {shown}  ⟶ {shown}"
    assert "␛]2;pwned" in shown
    assert seen.copied[2] == f"{visible(nasty)}  ⟶ {visible(nasty)}"  # alt+c: effects too
    assert "␇" in seen.copied[2] and "␛" in seen.copied[2]
    for text in seen.copied + seen.said:
        assert not any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 or c == "\u202e" for c in text)


async def test_the_highlight_shows_in_every_theme(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "alice spot hidden = 07")
        await type_line(pilot, "/note! under the stairs")
        await type_keys(pilot, "ctrl+l", "up")
        panel = main(app).log_panel
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            shown = rows(panel)
            chosen = [row for row in shown if "Spot Hidden" in row.text]
            others = [row for row in shown if "under the stairs" in row.text]
            assert chosen and all(lit(row) for row in chosen), theme
            assert others and not any(lit(row) for row in others), theme


async def test_the_highlight_is_legible_under_no_color_and_marks_a_fumble_too(
    demo_copy: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through Textual's monochrome filter: the highlighted row reads dark on light, every
    cell of it, and a highlighted fumble (already reversed text) differs from one that is
    not — its time and the rest of its row are reversed too."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await type_line(pilot, "alice spot hidden = 100")
        await type_line(pilot, "/note! after the fumble")
        panel = main(app).log_panel
        plain = next(row for row in rows(panel) if "fumble" in row.text)
        await type_keys(pilot, "ctrl+l", "up")
        row = next(row for row in rows(panel) if "fumble" in row.text)
        assert lit(row) and not lit(plain)
        assert row.text == plain.text
        for seg in Monochrome().apply(list(row), Color(0, 0, 0)):
            style = seg.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            fg, bg = style.color.get_truecolor(), style.bgcolor.get_truecolor()
            if style.reverse:
                fg, bg = bg, fg
            assert contrast((fg[0], fg[1], fg[2]), (bg[0], bg[1], bg[2])) >= 4.5, seg


async def test_the_footer_lists_each_key_once_and_only_working_ones(
    demo_copy: Callable[[str], Path],
) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(100, 24)) as pilot:
        await type_line(pilot, "/note! a")
        footer = app.screen.query_one(Footer)
        await type_keys(pilot, "ctrl+l")
        await until(pilot, lambda: "Copy line" in footer.render_line(0).text, "the log's keys")
        line = footer.render_line(0).text
        assert " ⏎ Copy line " in line and " esc Back " in line, line
        keys = footer.keys
        assert len({k.key for k in keys}) == len(keys), line  # each key once
        active = app.screen.active_bindings
        for key in keys:
            first = key.key.split(",")[0]
            assert first in active and active[first].enabled, key
        await type_keys(pilot, "escape")
        await until(pilot, lambda: "Copy line" not in footer.render_line(0).text, "the keys back")
        line = footer.render_line(0).text
        assert "Copy line" not in line and " esc " not in line, line


async def test_the_help_lists_the_keys_where_they_work(demo_copy: Callable[[str], Path]) -> None:
    app = TablekeeperApp(demo_copy("brp"), rng=rng())
    async with app.run_test(size=(120, 40)) as pilot:
        await type_line(pilot, "/note! a")
        await type_keys(pilot, "f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("Static").render())
        assert re.search(r"ctrl\+l +Select in log +main\.select_log", text), text
        assert re.search(r"alt\+l +Copy log line +main\.copy_log_line", text)
        assert "log.copy" not in text  # the log's own keys work only in the log
        await type_keys(pilot, "escape", "ctrl+l", "f1")
        await pilot.pause()
        text = str(app.screen.query_one("Static").render())
        assert re.search(r"enter/ctrl\+c +Copy line +log\.copy", text), text
        assert re.search(r"escape +Back +log\.leave", text)


async def test_the_players_view_selects_and_copies_only_what_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "brp.toml"
    shutil.copy(DEMOS["brp"], path)
    gm = TablekeeperApp(path, rng=rng())
    async with gm.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "/note! the door opens")
        await type_line(pilot, "/note the cultist hides upstairs")  # the GM's alone
        gm.flush()
    view = TablekeeperApp(path, rng=rng(), read_only=True)
    seen = Recorder(view, monkeypatch)
    async with view.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = {c.title for c in view.get_system_commands(view.screen)}
        assert {"Select in log", "Copy log line"} <= titles
        await type_keys(pilot, "alt+l")
        assert seen.copied[-1].endswith("note: the door opens")
        await type_keys(pilot, "ctrl+l", "home")
        panel = main(view).log_panel
        for _ in range(len(panel.plain_text.splitlines())):
            await type_keys(pilot, "enter", "down")
        assert seen.copied and not any("cultist" in text for text in seen.copied)
        assert "cultist" not in panel.plain_text


# -- the widget alone, on a huge log -------------------------------------------------------
class HugeLog(Sequence[LogEntry]):
    """``size`` entries made when read (a million-entry log without a million objects);
    counts the entries read, to show that showing one reads only the kept ones."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.read = 0

    def __len__(self) -> int:
        return self.size

    def _entry(self, i: int) -> LogEntry:
        self.read += 1
        return LogEntry(seq=i + 1, time="2026-12-03T20:00:00", kind="info", text=f"line {i + 1}")

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[LogEntry]: ...
    def __getitem__(self, index: int | slice) -> LogEntry | Sequence[LogEntry]:
        if isinstance(index, slice):
            return [self._entry(i) for i in range(*index.indices(self.size))]
        return self._entry(index if index >= 0 else self.size + index)

    def __iter__(self) -> Iterator[LogEntry]:
        raise AssertionError("the whole log was walked")


class OneLog(App[None]):
    def __init__(self, log: Sequence[LogEntry]) -> None:
        super().__init__()
        self.log_entries = log

    def compose(self) -> ComposeResult:
        yield LogPanel(id="log", selectable=True)

    def on_mount(self) -> None:
        self.query_one(LogPanel).show(self.log_entries, set())


async def test_a_million_entry_log_selects_among_the_newest_kept_and_follows_new_ones() -> None:
    log = HugeLog(1_000_000)
    app = OneLog(log)
    async with app.run_test(size=(60, 12)) as pilot:
        panel = app.query_one(LogPanel)
        assert log.read == SHOWN
        assert panel.start_selecting()
        await pilot.pause()
        assert focused(app) is panel
        assert panel.selected_entry is not None and panel.selected_entry.seq == 1_000_000
        await pilot.press("home")
        assert panel.selected_entry.seq == 1_000_000 - SHOWN + 1  # the oldest kept
        assert lit_rows(panel) == [f"20:00 line {1_000_000 - SHOWN + 1}"]
        log.size += 5  # five new entries: the highlighted one is no longer kept ...
        panel.show(log, set())
        await pilot.pause()
        assert panel.selected_entry is not None  # ... the oldest kept is highlighted instead
        assert panel.selected_entry.seq == 1_000_005 - SHOWN + 1
        await pilot.press("up")  # and nothing earlier can be reached
        assert panel.selected_entry.seq == 1_000_005 - SHOWN + 1
        assert log.read == 2 * SHOWN


def test_the_highlight_is_an_attribute_not_a_colour() -> None:
    """Reverse video swaps whatever colours the theme gives the panel: no theme can make it
    invisible, and NO_COLOR keeps it (the monochrome filter greys colours, not attributes)."""
    from tui.widgets.log_panel import SELECTED

    assert SELECTED.reverse and SELECTED.color is None and SELECTED.bgcolor is None
    painted = Segment("x", Style.parse("#e0e0e0 on #121212") + SELECTED)
    style = Monochrome().apply([painted], Color(0, 0, 0))[0].style
    assert style is not None and style.reverse
