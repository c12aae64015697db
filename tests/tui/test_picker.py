"""The campaign picker, new campaigns, demo copies, read-only view and unreadable saves."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from tests.tui.conftest import DEMOS, rng, screen_text, type_keys, type_line
from tests.waits import settled, until
from tui.app.app import TablekeeperApp
from tui.store import Store, load


async def test_demo_starts_a_copy_and_leaves_the_demo_pristine(tmp_path: Path) -> None:
    demo = DEMOS["brp"]
    before = demo.read_bytes()
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        assert type(app.screen).__name__ == "PickerScreen"
        option_list = app.screen.query_one("#picker-list")
        labels = [str(o.prompt) for o in option_list.options]  # type: ignore[attr-defined]
        index = next(i for i, label in enumerate(labels) if "demo-brp.toml" in label)
        option_list.highlighted = index  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "NewCampaignScreen"
        await type_keys(pilot, "ctrl+u", *"Friday game", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        await type_line(pilot, "alice spot hidden = 07")
        app.flush()
    saves = sorted(tmp_path.glob("*.toml"))
    assert [p.name for p in saves if not p.name.endswith(".log.toml")] == ["Friday game.toml"]
    campaign, log = load(tmp_path / "Friday game.toml")
    assert campaign.name == "Friday game" and campaign.system == "brp"
    assert campaign.character("Alice Moore").ticks == ("Spot Hidden",)
    assert len(log) == 1
    assert demo.read_bytes() == before


async def test_new_campaign_with_a_system(tmp_path: Path) -> None:
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        systems = app.screen.query_one("#new-system")
        systems.highlighted = 1  # type: ignore[attr-defined]  # gurps
        await pilot.press("enter")  # choose the system, focus moves to the name
        await type_keys(pilot, *"../../etc/passwd", "enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert app.table is not None and app.table.campaign.system == "gurps"
    made = [p for p in tmp_path.iterdir() if p.suffix == ".toml"]
    assert len(made) == 1 and made[0].parent == tmp_path  # the name could not escape


async def test_picker_lists_existing_saves_and_quits_with_q(tmp_path: Path) -> None:
    shutil.copy(DEMOS["age"], tmp_path / "tycho.toml")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        option_list = app.screen.query_one("#picker-list")
        labels = [str(o.prompt) for o in option_list.options]  # type: ignore[attr-defined]
        assert any("tycho.toml" in label for label in labels)
        await pilot.press("q")
    assert app.return_code == 0


async def test_read_only_view_hides_gm_only_and_changes_nothing(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("strange")
    before = path.read_bytes()
    app = TablekeeperApp(path, rng=rng(), read_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        party = app.screen.query_one("#party")
        assert "Ог'лай" not in party.names  # type: ignore[attr-defined]
        assert "Кирма" in party.names  # type: ignore[attr-defined]
        await type_line(pilot, "kirma bow = 3 3 4 5")
        assert "read-only" in screen_text(pilot, "#preview")
        await pilot.press("ctrl+z")
        assert app.table is not None and app.table.session.log == []
    assert path.read_bytes() == before


async def test_corrupt_save_is_reported_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    shutil.copy(DEMOS["brp"], path)
    text = path.read_text(encoding="utf-8").replace('name = "Alice Moore"', 'name = "Alice Moore')
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    app = TablekeeperApp(path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        assert type(app.screen).__name__ == "ProblemScreen"
        message = screen_text(pilot, "#problem-message")
        line = text.splitlines().index('name = "Alice Moore') + 1
        assert f"broken.toml:{line}:" in message
        await pilot.press("escape")
    assert path.read_bytes() == before


async def test_second_writer_gets_the_lock_message_and_can_read(
    demo_copy: Callable[[str], Path],
) -> None:
    path = demo_copy("gurps")
    holder = Store.open(path)
    try:
        app = TablekeeperApp(path, rng=rng())
        async with app.run_test(size=(80, 24)) as pilot:
            assert type(app.screen).__name__ == "ProblemScreen"
            assert "already open" in screen_text(pilot, "#problem-title")
            await pilot.press("enter")  # the first choice: open read-only
            await pilot.pause()
            assert type(app.screen).__name__ == "MainScreen"
            assert app.read_only
    finally:
        holder.close()


async def test_names_with_brackets_are_shown_as_typed(tmp_path: Path) -> None:
    """Campaign names are text, never markup: '[/b]' must neither crash nor vanish."""
    text = DEMOS["brp"].read_text(encoding="utf-8")
    text = text.replace('name = "The Whispering House"', 'name = "Game [1] [/b] [bold"')
    (tmp_path / "odd.toml").write_text(text, encoding="utf-8")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        option_list = app.screen.query_one("#picker-list")
        labels = [str(o.prompt) for o in option_list.options]  # type: ignore[attr-defined]
        assert any("Game [1] [/b] [bold" in label for label in labels)
        index = next(i for i, label in enumerate(labels) if "odd.toml" in label)
        option_list.highlighted = index  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert "Game [1] [/b] [bold" in screen_text(pilot, "#header")
        await pilot.press("ctrl+p")
        await until(pilot, lambda: type(app.screen).__name__ == "CommandPalette", "the palette")
        await settled(pilot)
        assert app.is_running


async def test_the_picker_grows_with_the_terminal(tmp_path: Path) -> None:
    for i in range(20):
        shutil.copy(DEMOS["age"], tmp_path / f"game {i:02d}.toml")
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        listing = app.screen.query_one("#picker-list")
        hint = app.screen.query_one("#picker-hint")
        assert listing.region.height == 14  # two rows a campaign: seven at 80×24
        assert hint.region.bottom <= 24 - 1  # the hint still shows above the footer
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert listing.region.height == 30  # every row the taller terminal has room for
        assert hint.region.bottom <= 40 - 1


async def test_the_pickers_keys_work_on_the_russian_layout(tmp_path: Path) -> None:
    """«т» (the N key with ЙЦУКЕН on) offers a new campaign, «й» (Q) quits, as n and q do."""
    app = TablekeeperApp(saves_dir=tmp_path, rng=rng())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("т")
        await until(pilot, lambda: type(app.screen).__name__ == "NewCampaignScreen", "new form")
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "PickerScreen", "the picker")
        await pilot.press("й")
    assert app.return_code == 0


def test_every_one_letter_key_has_its_twin_on_the_other_layout() -> None:
    """Each screen's one-letter keys (the picker's, the sheet's, the adventure end's) also
    answer on ЙЦУКЕН; a screen that adds one without the twins fails here."""
    import pkgutil
    from importlib import import_module

    from textual.dom import DOMNode

    import tui.screens
    import tui.widgets

    latin, cyrillic = "qwertyuiop[]asdfghjkl;'zxcvbnm,.", "йцукенгшщзхъфывапролджэячсмитьбю"
    checked = set()
    for package in (tui.screens, tui.widgets):
        for info in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            module = import_module(info.name)
            for owner in vars(module).values():
                if not (isinstance(owner, type) and issubclass(owner, DOMNode)):
                    continue
                own = owner.__dict__.get("BINDINGS", ())
                keys = {k: b.action for b in own for k in b.key.split(",")}
                for key, action in keys.items():
                    if len(key) == 1 and key.isascii() and key.isalpha():
                        twin = cyrillic[latin.index(key.lower())]
                        assert keys.get(twin) == action, (owner.__name__, key)
                        checked.add(owner.__name__)
    assert {"PickerScreen", "SheetScreen", "AdventureEndScreen"} <= checked
