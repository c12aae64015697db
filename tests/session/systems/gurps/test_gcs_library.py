"""GCS files as a library holds them (tests/session/systems/gurps/gcs/, one file per pattern,
written here from GCS 5's public format): every weapon usage at GCS's own level, natural
attacks, a parry and block per weapon, DR, encumbrance, pools, skills at two TLs, files
without a name, ids that libraries share, and whole folders in one import."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tests.session.conftest import make_table
from tui.session.campaign.model import Campaign
from tui.session.characters import importing
from tui.session.entry.entry import EntryError
from tui.session.protocol.lines import Side
from tui.session.systems.gurps.adapter import spec_of
from tui.session.systems.gurps.gcs import GcsError, read
from tui.session.systems.gurps.weapons import weapon
from tui.session.systems.registry import tracker
from tui.store import load

GURPS = tracker("gurps")
HERE = Path(__file__).resolve().parent / "gcs"
DEMO = Path(__file__).resolve().parents[4] / "saves" / "demo-gurps.toml"
JSON_FILES = sorted(p for p in HERE.glob("*.gcs") if p.read_text().lstrip().startswith("{"))


def demo() -> Campaign:
    campaign, _log = load(DEMO)
    return campaign


def imported(*files: str) -> Campaign:
    items = [read(HERE / f) for f in files]
    campaign = demo()
    return importing.apply(GURPS, campaign, importing.plan(campaign, items))


def _rows(items: object) -> Iterator[Mapping[str, Any]]:
    for item in items if isinstance(items, list) else []:
        yield item
        yield from _rows(item.get("children"))


def file_weapons(path: Path) -> list[Mapping[str, Any]]:
    """The weapon usages GCS shows for the file: carried equipment's, traits', skills' and
    spells', not a disabled trait's nor a hidden one (read here, not by the importer)."""
    doc = json.loads(path.read_text())
    return [
        w
        for key in ("equipment", "traits", "skills", "spells")
        for row in _rows(doc.get(key))
        if not row.get("disabled")
        for w in row.get("weapons", [])
        if not w.get("hide")
    ]


# -- the corpus: every weapon at the file's calc.level -------------------------------------
@pytest.mark.parametrize("path", JSON_FILES, ids=lambda p: p.name)
def test_every_weapon_of_the_file_rolls_at_gcs_own_level(path: Path) -> None:
    got = read(path)
    campaign = demo()
    campaign = importing.apply(GURPS, campaign, importing.plan(campaign, [got]))
    ch = campaign.character(got.character.name)
    expected = file_weapons(path)
    names = list(ch.extra.get("weapons", {}))
    assert len(names) == len(expected)  # none dropped, none merged
    rolled: Counter[int] = Counter()
    parries: Counter[int] = Counter()
    for name in names:
        w = weapon(ch, name)
        if w.parry is not None:
            parries[w.parry] += 1
        if w.level is None:
            continue
        # at 1 yd a ranged weapon has no range penalty and a shotgun no RoF bonus
        side = Side(ch.name, name, options={"yd": "1"} if w.kind == "ranged" else {})
        rolled[spec_of(campaign, side).effective] += 1
    assert rolled == Counter(w["calc"]["level"] for w in expected if "level" in w["calc"])
    assert parries == Counter(
        int(w["calc"]["parry"].rstrip("UF")) for w in expected if "parry" in w["calc"]
    )


def test_the_corpus_holds_every_pattern() -> None:
    # the corpus test above is only as good as its files: each pattern is there
    weapons = [w for path in JSON_FILES for w in file_weapons(path)]
    assert len(weapons) >= 25
    levels_differ = [
        w
        for w in weapons
        if any(d.get("modifier") for d in w.get("defaults", []) if d["type"] == "skill")
    ]
    assert levels_differ and any("(" in w["calc"]["damage"] for w in weapons)


# -- names ---------------------------------------------------------------------------------
def test_equipment_weapons_are_named_as_gcs_shows_them() -> None:
    ch = read(HERE / "equipment_weapons.gcs").character
    assert list(ch.extra["weapons"]) == [
        "Axe (Swing)",
        "Axe (Swing - two handed)",
        "Enfield Musket",
        "Fine Broadsword",
        "Torch",
        "Medium Shield",
        "Punch",
        "Kick",
    ]


def test_usages_of_one_name_are_told_apart_by_their_skill() -> None:
    ch = read(HERE / "same_usage.gcs").character
    assert list(ch.extra["weapons"]) == [
        "Naginata (Swung, Polearm)",
        "Naginata (Thrust, Polearm)",
        "Naginata (Swung, Staff)",
        "Naginata (Thrust, Staff)",
        "Naginata (Swung, Two-Handed Sword)",
        "Naginata (Thrust, Two-Handed Sword)",
    ]


def test_natural_attacks_are_named_by_their_usage() -> None:
    got = read(HERE / "natural.gcs")
    weapons = got.character.extra["weapons"]
    # two Kicks (Natural Attacks, Sharp Claws) are told apart by their trait; a disabled
    # trait's Sting and a hidden Grapple are not shown by GCS, so not imported
    assert list(weapons) == [
        "Bite",
        "Kick (Natural Attacks)",
        "Slash",
        "Kick (Sharp Claws)",
        "Innate Attack (Burn)",
    ]
    assert weapons["Bite"] == {
        "damage": "1d-1 cr",
        "type": "melee",
        "skill": "Brawling",
        "level": 14,
        "reach": "C",
    }
    # an armour divisor: kept as GCS writes it, for the damage parser to read
    assert weapons["Innate Attack (Burn)"]["damage"] == "4d(3) burn"
    assert got.character.attributes["DR"] == 2  # Damage Resistance 2 (1 per level)


def test_weapons_on_skills_and_spells_keep_clear_of_the_skill() -> None:
    weapons = read(HERE / "magic.gcs").character.extra["weapons"]
    # a weapon never takes a skill's name (casting Fireball rolls the spell; throwing it,
    # Innate Attack): the weapons of skills and spells say more
    assert list(weapons) == [
        "Lasso (Thrown)",
        "Fireball (Innate Attack (Projectile))",
        "Burning Touch (Punch)",
        "Daze Touch (Touch)",
    ]
    assert weapons["Fireball (Innate Attack (Projectile))"]["level"] == 13
    assert weapons["Daze Touch (Touch)"]["damage"] == "R-HT-2 or KO"


# -- rolling -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("line", "said"),
    [
        # Axe/Mace 12 by the default's -3
        (
            "brask axe (swing - two handed) = 10",
            "Brask Ironhand Axe/Mace 12, Axe (Swing - two handed) -3 (the weapon's level) → 9: "
            "10 → failure (margin -1)",
        ),
        # Guns (Musket) 11, ST 10 against the musket's 12
        (
            "brask enfield = 10",
            "Brask Ironhand Guns (Musket) 11, Enfield Musket -2 (the weapon's level) → 9: 10 → "
            "failure (margin -1), 0 hits [no yd=: no range penalty]",
        ),
        # a fine blade's +1
        (
            "brask fine = 10",
            "Brask Ironhand Broadsword 13, Fine Broadsword +1 (the weapon's level) → 14: 10 → "
            "success (margin +4)",
        ),
        # no skill at all: DX-4
        ("brask torch = 10", "Brask Ironhand Torch 8: 10 → failure (margin -2)"),
        ("ash bite = 14", "Ash Hound Brawling 14, Bite: 14 → success (margin +0)"),
        # the skill named, not the weapon: the skill as it is
        ("brask axe/mace = 10", "Brask Ironhand Axe/Mace 12: 10 → success (margin +2)"),
    ],
)
def test_an_imported_weapon_rolls_at_its_own_level(line: str, said: str) -> None:
    table = make_table(imported("equipment_weapons.gcs", "natural.gcs"))
    fb = table.submit(line)
    assert fb.ok, fb.message
    assert fb.message == said


@pytest.mark.parametrize(
    ("line", "said"),
    [
        # the best parry of all weapons: the fine broadsword's 10 (the torch's is 7)
        ("brask parry = 10", "Brask Ironhand Parry 10: 10 → success (margin +0), defended"),
        ("brask block = 10", "Brask Ironhand Block 10: 10 → success (margin +0), defended"),
        (
            "brask parry torch = 8",
            "Brask Ironhand Parry 7, Torch: 8 → failure (margin -1), not defended",
        ),
        ("sora parry = 11", "Sora Veil Parry 11: 11 → success (margin +0), defended"),
        # words that fit several usages take the best parry among them
        (
            "sora parry naginata = 11",
            "Sora Veil Parry 11, Naginata (Swung, Polearm): 11 → success (margin +0), defended",
        ),
        (
            "sora parry naginata (swung, staff) = 9",
            "Sora Veil Parry 9, Naginata (Swung, Staff): 9 → success (margin +0), defended",
        ),
    ],
)
def test_parry_and_block_are_the_weapons_own(line: str, said: str) -> None:
    table = make_table(imported("equipment_weapons.gcs", "same_usage.gcs"))
    fb = table.submit(line)
    assert fb.ok, fb.message
    assert fb.message == said


def test_a_weapon_that_cannot_parry_says_so() -> None:
    table = make_table(imported("equipment_weapons.gcs"))
    fb = table.submit("brask parry medium shield = 10")
    assert not fb.ok and fb.message == "Brask Ironhand's Medium Shield cannot parry"
    ch = table.campaign.character("Brask Ironhand")
    with pytest.raises(EntryError):
        spec_of(table.campaign, Side(ch.name, "Parry", words=("torch", "-11")))


# -- the rest of the sheet -----------------------------------------------------------------
def test_dr_of_traits_and_worn_armour_and_dodge_and_move_at_encumbrance() -> None:
    ch = read(HERE / "armoured.gcs").character
    # Tough Skin 1 + the mail shirt's 4; the plate in the pack and crushing-only DR do not
    # count; 69 lb carried on a Basic Lift of 29 lb is Medium: Dodge and Move of column 2
    assert {k: ch.attributes[k] for k in ("DR", "Dodge", "Move", "Basic Move")} == {
        "DR": 5,
        "Dodge": 9,
        "Move": 3,
        "Basic Move": 5,
    }


@pytest.mark.parametrize("levels", ["1e308", "NaN", "-4"])
def test_a_trait_of_absurd_levels_gives_no_absurd_dr(tmp_path: Path, levels: str) -> None:
    # JSON allows 1e308 and Python's reader NaN: neither may crash the import
    doc = (HERE / "natural.gcs").read_text().replace('"levels": 2', f'"levels": {levels}')
    path = tmp_path / "odd.gcs"
    path.write_text(doc)
    assert read(path).character.attributes["DR"] == 1


def test_light_encumbrance_lowers_dodge_by_one() -> None:
    ch = read(HERE / "equipment_weapons.gcs").character
    assert (ch.attributes["Dodge"], ch.attributes["Move"]) == (7, 4)  # 33 lb on 20 lb


def test_custom_pools_and_skills_at_two_tech_levels() -> None:
    ch = read(HERE / "magic.gcs").character
    assert (ch.resources["MP"], ch.maxima["MP"]) == (14, 20)
    assert ch.skills["Navigation (Sea) TL3"] == 12 and ch.skills["Navigation (Sea) TL8"] == 14
    assert "Navigation (Sea)" not in ch.skills


@pytest.mark.parametrize(
    ("file", "name"), [("untitled.gcs", "Bandit Chief"), ("nameless_thing.gcs", "nameless_thing")]
)
def test_a_file_without_a_name_takes_its_title_or_file_name(file: str, name: str) -> None:
    got = read(HERE / file)
    assert got.character.name == name
    assert got.warnings == (f"no name in the file: named {name}",)


# -- batches -------------------------------------------------------------------------------
def test_a_shared_id_with_another_name_is_a_new_character() -> None:
    campaign = imported("ash_ghoul.gcs")
    slave = read(HERE / "ash_slave.gcs")
    planned = importing.plan(campaign, [slave])
    assert (planned[0].target, planned[0].clash) == (None, None)
    after = importing.apply(GURPS, campaign, planned)
    assert after.character("Ash Ghoul").attributes["ST"] == 13  # not rewritten
    assert after.character("Ash Slave").attributes["ST"] == 11
    # the same file again is an update of its own character
    again = importing.plan(after, [read(HERE / "ash_ghoul.gcs")])
    assert again[0].target == "Ash Ghoul"


def test_both_creatures_of_a_shared_id_in_one_batch() -> None:
    both = imported("ash_ghoul.gcs", "ash_slave.gcs")
    assert {"Ash Ghoul", "Ash Slave"} <= {c.name for c in both.characters}


def test_same_named_files_in_one_batch_clash_and_rename_numbers_them() -> None:
    first = read(HERE / "ash_ghoul.gcs")
    second = replace(first, source_id="another-ghoul", file="ghoul_copy.gcs")
    campaign = demo()
    planned = importing.plan(campaign, [first, second])
    assert (planned[1].clash, planned[1].clash_file) == ("Ash Ghoul", "ash_ghoul.gcs")
    renamed = importing.resolve_all(campaign, planned, "rename")
    assert [p.name for p in renamed] == ["Ash Ghoul", "Ash Ghoul 2"]
    after = importing.apply(GURPS, campaign, renamed)
    assert {"Ash Ghoul", "Ash Ghoul 2"} <= {c.name for c in after.characters}
    updated = importing.resolve_all(campaign, planned, "update")
    assert updated[1].skipped and updated[1].reason == (
        "Ash Ghoul is also in ash_ghoul.gcs: add rename to import both"
    )


def test_slash_import_of_a_folder_imports_what_it_can_and_says_what_it_skipped(
    tmp_path: Path,
) -> None:
    broken = tmp_path / "broken.gcs"
    broken.write_text("{not json")
    table = make_table(demo())
    before = table.campaign
    fb = table.submit(f"/import {HERE / 'untitled.gcs'} {broken} {HERE / 'natural.gcs'}")
    assert fb.ok, fb.message
    assert fb.message == (
        "imported Bandit Chief, Ash Hound from GCS · skipped broken.gcs: line 1, column 2: "
        "not valid JSON · "
        "Bandit Chief: no name in the file: named Bandit Chief · Ash Hound: taken as given or "
        "left out: Innate Attack (Burn)'s damage"
    )
    entry = table.session.log[-1]
    assert entry.effects[0] == "skipped broken.gcs: line 1, column 2: not valid JSON"
    assert table.submit("/undo").ok and table.campaign == before


def test_a_sheet_of_thousands_of_bites_numbers_them_and_past_the_limit_is_refused(
    tmp_path: Path,
) -> None:
    # each usage keeps a name of its own; past the limit the file is refused in one line
    bite = {"usage": "Bite", "calc": {"level": 10, "damage": "1d cr"}}
    traits: list[dict[str, Any]] = [{"name": "Teeth", "weapons": [bite] * 1999}]
    doc = {"version": 5, "profile": {"name": "Swarm"}, "attributes": [], "traits": traits}
    path = tmp_path / "swarm.gcs"
    path.write_text(json.dumps(doc))
    weapons = read(path).character.extra["weapons"]
    # all share their trait too: "Bite (Teeth)", then numbered
    assert len(weapons) == 1999 and "Bite (Teeth) 1999" in weapons
    traits.append({"name": "More", "weapons": [bite] * 2})
    path.write_text(json.dumps(doc))
    with pytest.raises(GcsError, match="weapons: too many rows"):
        read(path)
