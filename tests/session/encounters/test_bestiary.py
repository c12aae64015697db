"""Creature templates: the campaign's own and the user's bestiary folder, ``/bestiary`` and
``/add NAME xN`` from a template (each copy with its own resources, one undo step)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.session.conftest import campaign_of, gurps_campaign, make_table
from tests.session.scene_helpers import ok, refused
from tui.base.locations import bestiary_dir
from tui.session.characters import bestiary
from tui.session.systems.registry import tracker

WOLF = """\
name = "Bushwolf"
notes = "Hunts in packs."

[attributes]
ST = 8
DX = 13
HT = 12
"Basic Speed" = 6.25
DR = 1

[skills]
Bite = 13

[resources]
HP = 3

[maxima]
HP = 8
"""


@pytest.fixture
def shelf_dir(user_dirs: Path) -> Path:
    folder = bestiary_dir() / "gurps"
    folder.mkdir(parents=True)
    return folder


def test_a_template_file_is_read_as_an_npc_with_full_resources(shelf_dir: Path) -> None:
    (shelf_dir / "Bushwolf.toml").write_text(WOLF, encoding="utf-8")
    table = make_table(gurps_campaign())
    feedback = ok(table, "/add bushwolf x3")[0]
    made = [c for c in table.campaign.characters if c.name.startswith("Bushwolf")]
    assert [c.name for c in made] == ["Bushwolf 1", "Bushwolf 2", "Bushwolf 3"]
    assert {c.side for c in made} == {"npc"}
    assert [c.resources["HP"] for c in made] == [8, 8, 8]  # the maximum, not the file's 3
    assert made[0].skills == {"Bite": 13} and made[0].attributes["DR"] == 1
    assert "Bushwolf 1, Bushwolf 2, Bushwolf 3" in feedback.message
    # one undo takes all three back
    assert table.submit("/undo").ok
    assert not any(c.name.startswith("Bushwolf") for c in table.campaign.characters)


def test_each_copy_keeps_its_own_resources(shelf_dir: Path) -> None:
    (shelf_dir / "Bushwolf.toml").write_text(WOLF, encoding="utf-8")
    table = make_table(gurps_campaign())
    ok(table, "/add bushwolf x2", "/hp bushwolf 1 -5")
    assert table.campaign.character("Bushwolf 1").resources["HP"] == 3
    assert table.campaign.character("Bushwolf 2").resources["HP"] == 8
    ok(table, "/add bushwolf gm")  # numbering goes on; gm hides the new one
    third = table.campaign.character("Bushwolf 3")
    assert third.gm_only and third.resources["HP"] == 8


def test_one_creature_takes_the_template_name_when_it_is_free(shelf_dir: Path) -> None:
    (shelf_dir / "Bushwolf.toml").write_text(WOLF, encoding="utf-8")
    table = make_table(gurps_campaign())
    ok(table, "/add Bushwolf")
    assert table.campaign.character("Bushwolf").side == "npc"


def test_a_name_without_a_template_adds_a_character_as_before(shelf_dir: Path) -> None:
    table = make_table(gurps_campaign())
    feedback = ok(table, "/add Ogre npc")[0]
    assert feedback.action == "edit"
    refused(table, "/add Troll x3", "no template called 'Troll'")


def test_bad_files_are_skipped_and_named_never_read_blocking(shelf_dir: Path) -> None:
    (shelf_dir / "Bushwolf.toml").write_text(WOLF, encoding="utf-8")
    (shelf_dir / "Broken.toml").write_text("name = [", encoding="utf-8")
    (shelf_dir / "Wrong.toml").write_text('name = "Wrong"\nside = "monster"\n', encoding="utf-8")
    (shelf_dir / "Big.toml").write_bytes(b"#" * (bestiary.MAX_FILE_BYTES + 1))
    os.mkfifo(shelf_dir / "Pipe.toml")  # would hang a blocking open forever
    deep = "a = " + "[" * 5000 + "]" * 5000
    (shelf_dir / "Deep.toml").write_text(deep, encoding="utf-8")
    table = make_table(gurps_campaign())
    said = ok(table, "/bestiary")[0].message
    assert "Bushwolf" in said
    for name in ("Broken.toml", "Wrong.toml", "Big.toml", "Pipe.toml", "Deep.toml"):
        assert name in said, (name, said)
    assert "not a regular file" in said and "too large" in said


def test_a_file_without_a_name_is_named_by_its_file(shelf_dir: Path) -> None:
    (shelf_dir / "Cave Bear.toml").write_text("[skills]\nBite = 12\n", encoding="utf-8")
    shelf = bestiary.templates_of(gurps_campaign(), tracker("gurps"))
    assert [t.name for t in shelf.templates] == ["Cave Bear"]


def test_the_folder_is_read_again_only_when_it_changes(shelf_dir: Path) -> None:
    path = shelf_dir / "Bushwolf.toml"
    path.write_text(WOLF, encoding="utf-8")
    rules = tracker("gurps")
    first = bestiary.read_folder(shelf_dir, rules, "gurps")
    assert bestiary.read_folder(shelf_dir, rules, "gurps") is first  # nothing changed
    path.write_text(WOLF.replace("Bite = 13", "Bite = 14"), encoding="utf-8")
    os.utime(path, ns=(1, 1))
    second = bestiary.read_folder(shelf_dir, rules, "gurps")
    assert second is not first and second.templates[0].character.skills["Bite"] == 14


def test_the_campaigns_template_hides_the_users_of_the_same_name(shelf_dir: Path) -> None:
    (shelf_dir / "Guard Moss.toml").write_text("[skills]\nBrawling = 99\n", encoding="utf-8")
    table = make_table(gurps_campaign())
    ok(table, "/hp moss -3", "/bestiary keep guard moss")
    shelf = bestiary.templates_of(table.campaign, table.system)
    kept = bestiary.find(shelf.templates, "guard moss")
    assert kept is not None and kept.source == ""
    assert kept.character.skills["Brawling"] != 99
    # kept with full resources, no conditions or ticks
    top = kept.character.maxima.get("HP")
    assert top is None or kept.character.resources["HP"] == top


def test_bestiary_search_and_keep_is_the_gms_alone() -> None:
    table = make_table(gurps_campaign())
    entry_count = len(table.session.log)
    ok(table, "/bestiary keep guard moss")
    assert table.session.log[-1].secret
    assert len(table.session.log) == entry_count + 1
    assert "Guard Moss" in ok(table, "/bestiary moss")[0].message
    assert "no template matches" in ok(table, "/bestiary dragon")[0].message


@pytest.mark.parametrize("system", ["age", "brp", "gurps", "skirmish", "strange"])
def test_every_system_brings_its_own_template(system: str, user_dirs: Path) -> None:
    campaign = campaign_of(system)
    npc = next(c for c in reversed(campaign.characters))
    table = make_table(campaign)
    ok(table, f'/bestiary keep "{npc.name}"', f'/add "{npc.name}" x2')
    copies = [c for c in table.campaign.characters if c.name.startswith(f"{npc.name} ")]
    assert len(copies) == 2
    assert all(c.skills == npc.skills for c in copies)
