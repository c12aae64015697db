"""A sixth system, defined entirely in ``tests/d6pool/``, joins through the public registry.

Nothing outside ``tests/`` names it: registering its :class:`SystemInfo` is all it takes for
the save schema to accept its campaigns (and its skill values), for the picker and the
new-campaign dialog to list it, and for the app to play it — typed and rolled dice, undo, the
log, saving and reading it back, its demo's round trip, its help, and its own Russian words.
"""

from __future__ import annotations

import math
import random
import shutil
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from rules.errors import RulesError
from tests.d6pool import DEMO, INFO
from tests.d6pool import rules as pool_rules
from tests.tui.conftest import log_text, screen_text, type_keys, type_line
from tests.tui.test_russian import english_left, screen_rows
from tui import language as i18n
from tui.app.app import TablekeeperApp
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.schema import SchemaError, from_doc, to_doc
from tui.session.campaign.session import Session
from tui.session.systems import registry
from tui.session.systems.registry import TRACKERS
from tui.session.tables import open_table
from tui.store import Store, load

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def d6pool() -> Iterator[None]:
    registry.register(INFO)
    try:
        yield
    finally:
        registry.unregister(INFO.key)


def campaign() -> Campaign:
    ann = Character("Ann Vale", skills={"Climb": 3, "Search": 5}, resources={"Momentum": 0})
    bo = Character("Bo Quill", side="npc", skills={"Climb": 1})
    return Campaign("Cliffside", INFO.key, characters=(ann, bo))


# -- the rules -----------------------------------------------------------------------------
@pytest.mark.parametrize("pool", range(1, pool_rules.MAX_DICE + 1))
def test_odds_are_exact_and_match_the_binomial(pool: int) -> None:
    dist = pool_rules.odds(pool)
    assert sum(dist.values()) == 1 and all(isinstance(p, Fraction) for p in dist.values())
    hit = Fraction(1, 3)  # 5 or 6 on a d6
    by_hits = [
        Fraction(math.comb(pool, k)) * hit**k * (1 - hit) ** (pool - k) for k in range(pool + 1)
    ]
    assert dist[pool_rules.Level.FAILURE] == by_hits[0]
    assert dist[pool_rules.Level.SUCCESS] == sum(by_hits[1:3])
    assert dist[pool_rules.Level.CRITICAL] == sum(by_hits[3:])


def test_resolve_counts_fives_and_sixes_and_refuses_bad_dice() -> None:
    assert pool_rules.resolve([5, 6, 2]).hits == 2
    assert pool_rules.resolve([5, 6, 2]).level is pool_rules.Level.SUCCESS
    assert pool_rules.resolve([1, 2, 4]).level is pool_rules.Level.FAILURE
    assert pool_rules.resolve([6, 5, 6, 1]).level is pool_rules.Level.CRITICAL
    for bad in ([], [7], [0, 5], [1] * 7, "56", None):
        with pytest.raises(RulesError):
            pool_rules.resolve(bad)  # type: ignore[arg-type]
    rolled = pool_rules.roll(4, rng=random.Random(3))
    assert len(rolled.dice) == 4 and rolled == pool_rules.resolve(rolled.dice)


# -- registration ----------------------------------------------------------------------------
def test_the_save_schema_knows_it_only_once_registered(d6pool: None) -> None:
    doc = to_doc(campaign())
    assert from_doc(doc, TRACKERS) == campaign()
    bad_type = to_doc(campaign())
    bad_type["characters"][0]["skills"]["Climb"] = "three"
    with pytest.raises(SchemaError, match="expected an integer"):
        from_doc(bad_type, TRACKERS)
    too_many = to_doc(campaign())
    too_many["characters"][0]["skills"]["Climb"] = 9
    with pytest.raises(SchemaError, match=r"within 1\.\.6, got 9"):
        from_doc(too_many, TRACKERS)
    registry.unregister(INFO.key)
    with pytest.raises(SchemaError, match="unknown system 'd6pool'"):
        from_doc(to_doc(campaign()), TRACKERS)


async def test_the_new_campaign_dialog_lists_it(d6pool: None, tmp_path: Path) -> None:
    app = TablekeeperApp(saves_dir=tmp_path, rng=random.Random(1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        options = app.screen.query_one("#new-system").options  # type: ignore[attr-defined]
        names = [str(o.prompt) for o in options]
        assert names[-1] == INFO.name and len(names) == len(registry.system_keys())
        app.screen.query_one("#new-system").highlighted = len(names) - 1  # type: ignore[attr-defined]
        await type_keys(pilot, "enter", *"Ridge", "enter")
        await pilot.pause()
        assert app.table is not None and app.table.campaign.system == INFO.key
        assert INFO.name in screen_text(pilot, "#header")


# -- play ------------------------------------------------------------------------------------
async def test_play_undo_save_and_reload(d6pool: None, tmp_path: Path) -> None:
    path = tmp_path / "cliffside.toml"
    Store.create(path, campaign()).close()
    app = TablekeeperApp(path, rng=random.Random(20261130))
    async with app.run_test(size=(80, 24)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        assert INFO.name in screen_text(pilot, "#header")
        await type_line(pilot, "ann climb = 5 6 2", enter=False)
        assert "Ann Vale Climb 3d6" in screen_text(pilot, "#preview")
        assert "success" in screen_text(pilot, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert "Ann Vale Climb 3d6: [5 6 2] → 2 hits: success" in log_text(pilot)
        table = app.table
        assert table is not None
        assert table.campaign.character("Ann Vale").resources["Momentum"] == 2
        after_typed = table.campaign

        await type_line(pilot, "ann climb")
        rolled = table.session.log[-1]
        dice = list(rolled.inputs["dice"])
        assert rolled.inputs["source"] == "rolled" and len(dice) == 3
        hits = sum(d >= 5 for d in dice)
        assert table.campaign.character("Ann Vale").resources["Momentum"] == 2 + hits
        assert rolled.text in log_text(pilot)

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert table.campaign == after_typed
        assert rolled.seq in table.session.undone()
        assert "undo: " + rolled.text in log_text(pilot)
        await pilot.press("ctrl+q")
    saved, log = load(path)
    assert saved == after_typed
    assert [e.kind for e in log] == ["roll", "roll", "undo"]
    typed, again, undo = log
    assert typed.text == "Ann Vale Climb 3d6: [5 6 2] → 2 hits: success"
    assert typed.inputs == {"skill": "Climb", "pool": 3, "dice": [5, 6, 2], "source": "typed"}
    assert typed.effects == ("Ann Vale Momentum 0 → 2",) and typed.grade == "success"
    assert again.inputs["dice"] == dice and again.inputs["source"] == "rolled"
    assert undo.undoes == again.seq
    reopened = Store.open(path, read_only=True)
    try:
        assert reopened.campaign.system == INFO.key
        assert [e.text for e in reopened.log] == [e.text for e in log]
    finally:
        reopened.close()


def test_nothing_outside_tests_names_it() -> None:
    places = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in ("rules", "tui", "saves"):
        places += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".toml", ".tcss")]
    assert len(places) > 50  # the walk found the tree
    named = [p for p in places if INFO.key in p.read_text(encoding="utf-8")]
    assert named == []


# -- shipped like the five: a demo, the picker, the help, Russian ----------------------------
def test_its_demo_round_trips_and_checks_clean(
    d6pool: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.store.test_roundtrip import assert_round_trips
    from tui.cli.check import check_main

    assert load(DEMO)[0] == campaign()
    assert_round_trips(DEMO, tmp_path)
    assert check_main([str(DEMO)]) == 0
    assert capsys.readouterr().out == f"{DEMO}: ok\n"


async def test_the_picker_lists_its_campaign_and_opens_it(d6pool: None, tmp_path: Path) -> None:
    shutil.copy(DEMO, tmp_path / "cliffside.toml")
    app = TablekeeperApp(saves_dir=tmp_path, rng=random.Random(1))
    async with app.run_test(size=(100, 30)) as pilot:
        assert type(app.screen).__name__ == "PickerScreen"
        listing = app.screen.query_one("#picker-list")
        labels = [str(o.prompt) for o in listing.options]  # type: ignore[attr-defined]
        index = next(i for i, label in enumerate(labels) if "cliffside.toml" in label)
        assert INFO.name in labels[index], labels[index]
        listing.highlighted = index  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainScreen"
        assert app.table is not None and app.table.campaign == campaign()


async def _help_text(path: Path) -> str:
    app = TablekeeperApp(path, rng=random.Random(1))
    async with app.run_test(size=(120, 80)) as pilot:
        app.screen._warm_up()  # type: ignore[attr-defined]
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen", type(app.screen).__name__
        return " ".join(" ".join(row.strip(" │\n") for row in screen_rows(app)).split())


async def test_its_help_shows_its_own_lines(d6pool: None, tmp_path: Path) -> None:
    path = tmp_path / "cliffside.toml"
    shutil.copy(DEMO, path)
    shown = await _help_text(path)
    assert "a skill is a pool of d6, each 5 or 6 a hit: ann climb = 5 6 2" in shown
    assert "easy: one die more (at most six)." in shown
    i18n.set_language("ru")
    try:
        shown = await _help_text(path)
    finally:
        i18n.set_language("en")
    assert "навык — это пул d6, каждая 5 или 6 — попадание" in shown
    assert "easy: one die more" not in shown


def test_it_plays_in_russian_with_its_own_words(d6pool: None) -> None:
    i18n.set_language("ru")
    try:
        table = open_table(Session(load(DEMO)[0]), rng=random.Random(4))
        preview = table.preview("ann climb легко = 5 6 2 1")
        assert preview.ok and "Ann Vale Climb 4d6" in preview.text, preview.text
        assert "успех" in preview.text and "критический успех" in preview.text
        feedback = table.submit("ann climb легко = 5 6 2 1")
        assert feedback.ok, feedback.message
        one = table.submit("ann climb = 5 1 1")
        none = table.submit("ann climb = 1 1 1")
        shown = [e.text for e in table.session.log]
        refused = table.submit("ann climb трудно = 5 6 2")
    finally:
        i18n.set_language("en")
    assert one.ok and none.ok and not refused.ok
    assert shown == [
        "Ann Vale Climb 4d6: [5 6 2 1] → 2 попадания: успех",
        "Ann Vale Climb 3d6: [5 1 1] → 1 попадание: успех",
        "Ann Vale Climb 3d6: [1 1 1] → 0 попаданий: провал",
    ]
    assert table.campaign.character("Ann Vale").resources["Momentum"] == 3
    left = english_left(shown, {"ann", "vale", "climb"})
    assert left == [], left


def test_the_lines_the_per_system_tests_derive_play_on_its_demo(d6pool: None) -> None:
    """What the snapshots and the Russian sweep type for a system without written lines."""
    from tests.systems import extended_lines, own_commands, roll_line

    demo_campaign = load(DEMO)[0]
    assert roll_line(demo_campaign) == "ann climb"
    table = open_table(Session(demo_campaign), rng=random.Random(8))
    for line in [*extended_lines(demo_campaign), *own_commands(INFO.key)]:
        assert table.submit(line).ok, line
    assert [e.kind for e in table.session.log] == ["change", "roll", "roll"]
    assert table.campaign.check("search") is not None
