"""The BRP end of an adventure in the real app (Pilot): ticks from play, typed experience
rolls on the end-of-adventure screen, apply, and ctrl+z undoing the whole step."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
import tomli_w
from textual.pilot import Pilot

from tests.tui.conftest import screen_text, type_line
from tui.app.app import TablekeeperApp
from tui.screens.adventure_end import AdventureEndScreen
from tui.screens.main import MainScreen
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.schema import to_doc
from tui.session.systems.brp.experience import Row as BrpRow
from tui.session.table.table import Table
from tui.store import load
from tui.widgets.row_table import RowTable


def brp_row(screen: object, i: int) -> BrpRow:
    """Row ``i`` of the end-of-adventure screen, as BRP's experience row it is."""
    assert isinstance(screen, AdventureEndScreen)
    row = screen.rows[i]
    assert isinstance(row, BrpRow)
    return row


def painted(app: TablekeeperApp) -> str:
    """The whole screen as the terminal gets it."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(s.text for strip in line for s in strip) for line in update.strips)


def save(tmp_path: Path) -> Path:
    alice = Character(
        "Alice Moore",
        attributes={"STR": 13, "INT": 16},
        skills={
            "Spot Hidden": 60,
            "Knowledge (Occult)": 35,
            "Library Use": 105,
            "Stealth": 40,
            "Climb": 50,
            "Listen": 25,
        },
        resources={"HP": 11},
    )
    boris = Character(
        "Boris Ivanov",
        attributes={"STR": 11},
        skills={"Teach": 60, "Spot Hidden": 35, "Knowledge (Occult)": 40},
        resources={"HP": 13},
    )
    campaign = Campaign("Ash Lane", "brp", characters=(alice, boris))
    path = tmp_path / "ash-lane.toml"
    path.write_text(tomli_w.dumps(to_doc(campaign)), encoding="utf-8")
    return path


def app_for(tmp_path: Path) -> TablekeeperApp:
    return TablekeeperApp(save(tmp_path), saves_dir=tmp_path, rng=random.Random(7))


def table_of(app: TablekeeperApp) -> Table:
    assert app.table is not None
    return app.table


def status(pilot: Pilot[None]) -> str:
    return screen_text(pilot, "#adventure-status")


async def enter_line(pilot: Pilot[None], line: str) -> None:
    """Put a whole line into the roll entry and press Enter (faster than key by key)."""
    screen = pilot.app.screen
    assert isinstance(screen, MainScreen)
    screen.entry.value = line
    await pilot.press("enter")
    await pilot.pause()


async def test_ticks_from_play_then_typed_experience_rolls_apply_and_undo(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for line in (
            "alice knowledge occult = 20",
            "alice library use = 50",
            "boris spot hidden = 10",
            "alice spot hidden = 99",
        ):
            await type_line(pilot, line)
        table = table_of(app)
        assert table.campaign.character("Alice Moore").ticks == (
            "Knowledge (Occult)",
            "Library Use",
        )
        assert table.campaign.character("Boris Ivanov").ticks == ("Spot Hidden",)
        before = table.campaign

        await type_line(pilot, "/endadventure")
        screen = app.screen
        assert isinstance(screen, AdventureEndScreen)
        grid = screen.query_one("#adventure-rows", RowTable)
        assert grid.row_count == 3
        assert [[str(c) for c in grid.get_row_at(i)[:3]] for i in range(3)] == [
            ["Alice Moore", "Knowledge (Occult)", "35"],
            ["Alice Moore", "Library Use", "105"],
            ["Boris Ivanov", "Spot Hidden", "35"],
        ]

        # 35% skill, roll 36: improves; then the typed d6.
        await pilot.press("3", "6")
        assert "36" in status(pilot)
        await pilot.press("enter")
        assert "improves, roll d6" in status(pilot)
        assert brp_row(screen, 0).wants_gain and grid.cursor_row == 0
        await pilot.press("4", "enter")
        assert brp_row(screen, 0).new_value == 39 and grid.cursor_row == 1
        assert "improved +4 → 39" in str(grid.get_row_at(0)[4])

        # enter with rows left to roll refuses and stays
        await pilot.press("enter")
        assert app.screen is screen and "not rolled yet" in status(pilot)

        # 105% skill: 00 always improves; r lets the app roll the d6.
        await pilot.press("0", "0", "enter")
        assert brp_row(screen, 1).wants_gain
        await pilot.press("r")
        gain = brp_row(screen, 1).gain
        assert gain is not None and 1 <= gain <= 6 and not brp_row(screen, 1).gain_typed
        assert grid.cursor_row == 2

        # 35% skill, roll 35: no improvement
        await pilot.press("3", "5", "enter")
        assert brp_row(screen, 2).done and brp_row(screen, 2).improved is False
        assert str(grid.get_row_at(2)[4]) == "not improved"

        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        after = table.campaign
        alice, boris = after.character("Alice Moore"), after.character("Boris Ivanov")
        assert alice.skills["Knowledge (Occult)"] == 39
        assert alice.skills["Library Use"] == 105 + gain
        assert alice.skills["Spot Hidden"] == 60 and boris.skills["Spot Hidden"] == 35
        assert alice.ticks == () and boris.ticks == () and after.adventure == 2
        entry = table.session.log[-1]
        assert entry.kind == "change" and "end of adventure 1" in entry.text
        assert len(entry.effects) == 3
        assert "adventure 2" in screen_text(pilot, "#header")

        await pilot.press("ctrl+z")
        await pilot.pause()
        # undo takes back the apply: the dice rolled on the screen stay (each was its own
        # logged step), the skills, ticks and adventure number are as before
        undone = table.campaign
        assert replace(undone, options=before.options) == before
        assert len(undone.options["experience_rolls"]) == 3
        assert "adventure 1" in screen_text(pilot, "#header")
        app.flush()
        on_disk, _log = load(app.save_path)
        assert on_disk.adventure == 1
        assert on_disk.character("Alice Moore").ticks == ("Knowledge (Occult)", "Library Use")
        assert on_disk.character("Alice Moore").skills["Knowledge (Occult)"] == 35


async def test_escape_keeps_rolled_results_and_bad_digits_are_refused(tmp_path: Path) -> None:
    """Regression: Escape threw rolled results away, and they could be rolled again with no
    trace. Every die is now logged and saved as it is rolled, and reopening shows it."""
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_line(pilot, "/tick alice stealth")
        table = table_of(app)
        log_len = len(table.session.log)
        await type_line(pilot, "/endadventure")
        screen = app.screen
        assert isinstance(screen, AdventureEndScreen)
        await pilot.press("1", "0", "1", "enter")
        assert "1..100" in status(pilot) and brp_row(screen, 0).roll is None
        assert len(table.session.log) == log_len  # a refused die changes nothing
        await pilot.press("4", "1", "enter", "7", "enter")
        assert "1..6" in status(pilot) and brp_row(screen, 0).gain is None
        assert brp_row(screen, 0).roll == 41 and len(table.session.log) == log_len + 1
        await pilot.press("x")
        assert brp_row(screen, 0).roll is None and "cleared" in table.session.log[-1].text
        await pilot.press("a")
        assert brp_row(screen, 0).done
        rolled = brp_row(screen, 0)
        assert "experience roll" in table.session.log[-1].text
        await pilot.press("5")
        await pilot.press("escape")  # first escape drops the typed digit
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        app.flush()
        kept = load(app.save_path)[0].options["experience_rolls"]
        assert kept[0]["roll"] == rolled.roll  # on disk, not only in memory
        await type_line(pilot, "/endadventure")  # reopening shows the kept result
        again = app.screen
        assert isinstance(again, AdventureEndScreen)
        assert again.rows[0] == rolled
        await pilot.press("r")  # a rolled row is not rolled again
        assert "already rolled" in status(pilot) and again.rows[0] == rolled


async def test_downtime_and_teach_in_the_app(tmp_path: Path) -> None:
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = table_of(app)
        before = table.campaign
        await enter_line(pilot, "/downtime alice spot hidden, stealth, climb, listen, library use")
        assert table.campaign == before
        assert "0..4" in screen_text(pilot, "#preview")
        await enter_line(pilot, '/downtime alice "spot hidden", stealth')
        assert table.campaign.character("Alice Moore").ticks == ("Spot Hidden", "Stealth")
        # Boris teaches Knowledge (Occult) 40: Teach 60 is capped at 40, so 41 fails
        await enter_line(pilot, "/teach boris alice knowledge occult = 41 10")
        assert "Knowledge (Occult)" not in table.campaign.character("Alice Moore").ticks
        await enter_line(pilot, "/teach boris alice knowledge occult = 40 10")
        assert table.campaign.character("Alice Moore").ticks[-1] == "Knowledge (Occult)"


async def test_many_rows_are_built_only_as_they_are_shown_and_logged_per_character(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    skills = {f"Skill {j:02d}": 10 + j for j in range(10)}
    chars = tuple(
        Character(f"Member {i:02d}", skills=skills, ticks=tuple(skills)) for i in range(30)
    )
    path = tmp_path / "lodge.toml"
    path.write_text(tomli_w.dumps(to_doc(Campaign("Lodge", "brp", characters=chars))), "utf-8")
    built: list[str] = []
    cells = AdventureEndScreen._cells

    def counted(row: BrpRow) -> object:
        built.append(row.character)
        return cells(row)

    monkeypatch.setattr(AdventureEndScreen, "_cells", staticmethod(counted))
    app = TablekeeperApp(path, saves_dir=tmp_path, rng=random.Random(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await enter_line(pilot, "/endadventure")
        screen = app.screen
        assert isinstance(screen, AdventureEndScreen)
        assert 0 < len(built) <= 24, "rows off screen were built"
        grid = screen.query_one("#adventure-rows", RowTable)
        assert grid.row_count == 300
        assert "Member 00" in painted(app)
        built.clear()
        await pilot.press("end")
        await pilot.pause()
        assert grid.cursor_row == 299
        shown = painted(app)
        assert "Member 29" in shown and "Skill 09" in shown and "Member 00" not in shown
        assert 0 < len(built) <= 24
        await pilot.press("pageup")
        await pilot.pause()
        assert 270 < grid.cursor_row < 299 and "Member 29" not in painted(app).split("\n")[3]
        await pilot.press("home")
        await pilot.pause()
        assert grid.cursor_row == 0 and "Member 00" in painted(app)
        await pilot.press("a")
        await pilot.pause()
        assert all(r.done for r in screen.rows)
        assert "improved" in painted(app)
        entry = table_of(app).session.log[-1]
        assert "300 rolled" in entry.text
        assert len(entry.effects) == 30 and entry.effects[0].startswith(
            "experience rolls of Member 00: 10 rolled, "
        )


async def test_the_end_is_made_ready_while_the_gm_reads_and_enter_only_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every row rolled, the screen makes the change and its patch once the rolls show, so
    the Enter applying them only writes; what it writes is what applying it afresh writes
    (the save reopened is the app's campaign, and ctrl+z still takes it all back)."""
    import tui.store.store as store_module
    from tests.waits import until

    skills = {f"Skill {j:02d}": 10 + j for j in range(6)}
    chars = tuple(
        Character(f"Member {i:02d}", skills=skills, ticks=tuple(skills)) for i in range(12)
    )
    path = tmp_path / "lodge.toml"
    path.write_text(tomli_w.dumps(to_doc(Campaign("Lodge", "brp", characters=chars))), "utf-8")
    app = TablekeeperApp(path, saves_dir=tmp_path, rng=random.Random(7))
    made: list[int] = []
    from tui.store.patch import patch_and_back as real

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(store_module, "patch_and_back", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await enter_line(pilot, "/endadventure")
        await pilot.press("a")
        store = app.files.store
        assert store is not None
        await until(pilot, lambda: store._prepared is not None, "the end made ready")
        before = table_of(app).campaign
        made.clear()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, MainScreen), "applied")
        assert made == []  # the patch was made while the rolls were read
        after = table_of(app).campaign
        assert after.adventure == before.adventure + 1 and not any(
            c.ticks for c in after.characters
        )
        assert all(c.skills != skills for c in after.characters[:1])
    reopened, _log = load(path)
    assert reopened == after
    # the change recorded from the prepared patch undoes after a restart like any other
    app = TablekeeperApp(path, saves_dir=tmp_path, rng=random.Random(7))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await until(pilot, lambda: table_of(app).campaign.adventure == before.adventure, "undone")
        assert table_of(app).campaign.characters == before.characters
