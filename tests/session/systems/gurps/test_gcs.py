"""GURPS characters from GCS files (tests/session/systems/gurps/gcs/: a GCS 5 JSON sheet and
an older XML one, written here from the public format): what is read, what is computed, what
is refused, and that an imported character rolls at once."""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import replace
from pathlib import Path

import pytest

from tests.session.conftest import make_table
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError
from tui.session.characters import importing
from tui.session.systems.gurps import gcs
from tui.session.systems.gurps.gcs import GcsError, level_from_points, read, swing, thrust
from tui.session.systems.registry import tracker
from tui.store import load

GURPS = tracker("gurps")

HERE = Path(__file__).resolve().parent / "gcs"
DEMO = Path(__file__).resolve().parents[4] / "saves" / "demo-gurps.toml"


def demo() -> Campaign:
    campaign, _log = load(DEMO)
    return campaign


# -- the tables ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("difficulty", "penalty"), [("E", 0), ("A", 1), ("H", 2), ("VH", 3), ("vh", 3)]
)
def test_skill_levels_follow_the_4e_cost_table(difficulty: str, penalty: int) -> None:
    # Basic Set p. 170: 1 point = attribute - penalty, 2 = +1, 4 = +2, 8 = +3, +1 per 4 more
    by_points = {1: 0, 2: 1, 3: 1, 4: 2, 7: 2, 8: 3, 11: 3, 12: 4, 16: 5, 20: 6, 24: 7}
    for points, step in by_points.items():
        assert level_from_points(12, difficulty, points) == 12 + step - penalty, points
    assert level_from_points(12, difficulty, 0) is None


def test_an_unknown_difficulty_is_not_computed() -> None:
    assert level_from_points(12, "X", 4) is None


def test_thrust_and_swing_by_st() -> None:
    assert (thrust(10), swing(10)) == ((1, -2), (1, 0))
    assert (thrust(13), swing(13)) == ((1, 0), (2, -1))
    assert (thrust(20), swing(20)) == ((2, -1), (3, 2))
    assert thrust(21) is None and swing(0) is None
    # swing grows by one step per ST, never falls
    steps = [swing(st) for st in range(1, 21)]
    assert all(
        a is not None and b is not None and a[0] * 4 + a[1] <= b[0] * 4 + b[1]
        for a, b in itertools.pairwise(steps)
    )


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("2d+1 cut", ("2d6+1", "cut")),
        ("1d-1 cr", ("1d6-1", "cr")),
        ("4d pi", ("4d6", "pi")),
        ("3d6+2 imp", ("3d6+2", "imp")),
        ("6dx3 burn", None),
        ("spray", None),
    ],
)
def test_gcs_damage_becomes_dice(text: str, dice: tuple[str, str] | None) -> None:
    assert gcs.damage_dice(text) == dice


# -- GCS 5 JSON ----------------------------------------------------------------------------
def test_json_takes_gcs_computed_values() -> None:
    got = read(HERE / "moira.gcs")
    ch = got.character
    assert (ch.name, ch.player, got.source_id) == ("Moira Vance", "Sasha", "moira-vance-0001")
    assert dict(ch.attributes) == {
        "ST": 11,
        "DX": 13,
        "IQ": 12,
        "HT": 11,
        "Will": 12,
        "Per": 13,
        "Basic Speed": 6,
        "Basic Move": 6,
        "Dodge": 10,
        "Move": 6,  # unencumbered: she carries nothing of weight
        "DR": 2,
    }
    # calc.level as GCS computed it: Lockpicking 10 although 1 point of IQ/A would give 11
    assert ch.skills["Lockpicking"] == 10
    assert ch.skills["Guns (Pistol)"] == 14 and ch.skills["Guns (Shotgun)"] == 13
    assert ch.skills["Stealth"] == 12 and ch.skills["Observation"] == 13  # inside a container
    assert ch.skills["Disarming"] == 14  # a technique at its computed level
    # parries are the weapons' own, not skills: "moira parry" takes the best of them
    assert not any(k.startswith(("Parry", "Block")) for k in ch.skills)
    assert ch.extra["weapons"]["Broadsword (Swung)"]["parry"] == 9
    assert (dict(ch.resources), dict(ch.maxima)) == ({"FP": 11, "HP": 9}, {"FP": 11, "HP": 11})
    assert ch.notes.splitlines() == [
        "Title: Courier · Age: 31 · Height: 5'7\" · TL: 8",
        "Owes the Syndicate a favour.",
    ]
    assert got.not_computed == ("Forgery", "Plasma Gun's damage")


def test_json_weapons_keep_damage_acc_range_rof_shots_and_recoil() -> None:
    weapons = read(HERE / "moira.gcs").character.extra["weapons"]
    assert weapons["Glock 17"] == {
        "damage": "2d+2 pi",  # as GCS writes it: the damage text rules.gurps reads
        "type": "ranged",
        "skill": "Guns (Pistol)",
        "level": 14,
        "acc": 2,
        "half_damage": 160,
        "max_range": 1800,
        "rof": "3",
        "shots": "17+1(3)",
        "recoil": 2,
    }
    shotgun = weapons["Remington 870"]
    assert (shotgun["rof"], shotgun["recoil"], shotgun["half_damage"]) == ("3x9", 1, 50)
    assert weapons["Broadsword (Swung)"]["damage"] == "2d+2 cut"  # two modes: named by usage
    assert weapons["Broadsword (Thrust)"]["type"] == "melee"
    assert weapons["Plasma Gun"]["damage"] == "6dx3 burn"  # as GCS writes it


# -- the older XML -------------------------------------------------------------------------
def test_xml_levels_are_computed_from_points_and_difficulty() -> None:
    got = read(HERE / "tomas.gcs")
    ch = got.character
    assert (ch.name, ch.player) == ("Tomas Brandt", "Ilya")
    assert dict(ch.attributes) == {
        "ST": 10,
        "DX": 14,
        "IQ": 12,
        "HT": 11,
        "Will": 13,
        "Per": 14,
        "Basic Speed": 6.5,
        "Basic Move": 6,
        "Dodge": 9,
    }
    assert dict(ch.skills) == {
        "Lockpicking": 11,  # IQ/A, 1 point
        "Guns (Pistol)": 15,  # DX/E, 2 points
        "Stealth": 15,  # DX/A, 4 points
        "Knife": 16,  # DX/E, 4 points
        "Acrobatics": 13,  # DX/H, 2 points
        "Climbing": 13,  # DX/A, 1 point (Perfect Balance's +1 is not applied: noted)
        "Alchemy": 12,  # IQ/VH, 8 points
    }
    assert (dict(ch.resources), dict(ch.maxima)) == ({"HP": 11, "FP": 11}, {"HP": 11, "FP": 11})
    weapons = ch.extra["weapons"]
    assert weapons["Large Knife (Swung)"]["damage"] == "1d6-2 cut"  # swing 1d at ST 10, -2
    assert weapons["Large Knife (Swung)"]["parry"] == 10  # 3 + 16 // 2 - 1
    # a natural attack on an advantage, at DX (no Boxing nor Brawling); a disabled one not
    assert weapons["Punch"] == {
        "type": "melee",
        "level": 14,
        "damage": "1d6-3 cr",  # thrust 1d-2 at ST 10, -1
        "parry": 10,  # 3 + 14 // 2
    }
    assert "Sting" not in weapons
    assert weapons["Walther PPK"]["max_range"] == 1900 and weapons["Walther PPK"]["acc"] == 2
    assert got.not_computed == ("Off-Hand Weapon Training", "skill bonuses from traits")


# -- refused files -------------------------------------------------------------------------
def _refused(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(GcsError) as caught:
        read(path)
    text = str(caught.value)
    assert text.startswith(name + ": ") and "\n" not in text
    return text


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"{not json", "not valid JSON"),
        (b'{"name": "x"}', "no profile"),
        (b'{"profile": {"name": "X"}}', "no version"),
        (b'{"version": 5, "profile": {"name": "X"}}', "no attributes"),
        (b"<notes/>", "no <character>"),
        (b"<character><ST>ten</ST></character>", "not a whole number"),
        (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><character/>', "not allowed"),
        (b"\xff\xfe garbage", "not UTF-8"),
        (b"GCS", "neither JSON nor XML"),
        (
            b'{"version": 5, "profile": {"name": "X"}, "attributes": [{"attr_id": "st", "calc":'
            b' {"value": 1e308}}]}',
            "out of range",
        ),
        (b'{"version": ' + b"9" * 5000 + b', "profile": {}}', "not valid JSON"),
        (b'{"a": ' * 100_000 + b"1" + b"}" * 100_000, "not valid JSON"),
    ],
    ids=lambda value: value[:24].decode("latin-1") if isinstance(value, bytes) else None,
)
def test_a_broken_or_foreign_file_is_one_line(tmp_path: Path, data: bytes, says: str) -> None:
    assert says in _refused(tmp_path, "bad.gcs", data)


def test_too_large_a_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.gcs"
    with path.open("wb") as handle:
        handle.truncate(gcs.MAX_BYTES + 1)
    with pytest.raises(GcsError, match="too large"):
        read(path)


def test_a_fifo_or_folder_is_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.gcs"
    os.mkfifo(fifo)
    with pytest.raises(GcsError, match="not a regular file"):
        read(fifo)  # would hang forever if it were opened
    with pytest.raises(GcsError, match="not a regular file"):
        read(tmp_path)


# -- into a campaign -----------------------------------------------------------------------
def test_an_imported_character_rolls_at_once() -> None:
    items = [read(HERE / "moira.gcs"), read(HERE / "tomas.gcs")]
    campaign = demo()
    planned = importing.plan(campaign, items)
    table = make_table(campaign)
    fb = table.run_change(lambda c: importing.apply(GURPS, c, planned), importing.draft(planned))
    assert fb.ok, fb.message
    assert table.campaign.character("Moira Vance").side == "party"
    roll = table.submit("moira lockpicking = 10")
    assert roll.ok, roll.message
    assert roll.message == "Moira Vance Lockpicking 10: 10 → success (margin +0)"
    shot = table.submit("moira pistol yd=20 = 9")
    assert shot.ok, shot.message
    # the pistol skill finds the weapon that GCS fires with it: 14 - 6 at 20 yd = 8 against 9
    assert shot.message == (
        "Moira Vance Guns (Pistol) 14, Glock 17 -6 (20 yd) +0 (RoF 3) → 8: 9 → failure "
        "(margin -1), 0 hits"
    )
    tomas = table.submit("tomas lockpicking = 12")
    assert tomas.ok and "failure" in tomas.message  # 12 against Lockpicking 11
    entry = table.session.log[-4]
    assert entry.inputs["imported"] == ["Moira Vance", "Tomas Brandt"]
    assert entry.text == "imported Moira Vance, Tomas Brandt from GCS"


def test_one_import_is_one_undo_step() -> None:
    campaign = demo()
    table = make_table(campaign)
    planned = importing.plan(campaign, [read(HERE / "moira.gcs"), read(HERE / "tomas.gcs")])
    assert table.run_change(
        lambda c: importing.apply(GURPS, c, planned), importing.draft(planned)
    ).ok
    assert len(table.campaign.characters) == len(campaign.characters) + 2
    assert table.submit("/undo").ok
    assert table.campaign == campaign


def test_npc_and_gm_only_mark_the_side() -> None:
    campaign = demo()
    planned = importing.plan(campaign, [read(HERE / "tomas.gcs")])
    after = importing.apply(GURPS, campaign, planned, side="npc", gm_only=True)
    tomas = after.character("Tomas Brandt")
    assert (tomas.side, tomas.gm_only) == ("npc", True)


def test_reimporting_updates_in_place_and_says_what_changes(tmp_path: Path) -> None:
    campaign = demo()
    first = importing.apply(GURPS, campaign, importing.plan(campaign, [read(HERE / "moira.gcs")]))
    # at the table: Moira takes 4 damage and gets an alias
    moira = first.character("Moira Vance")
    played = first.with_character(
        replace(
            moira,
            resources={**moira.resources, "HP": 5},
            extra={**moira.extra, "aliases": ["Courier"]},
        )
    )
    doc = json.loads((HERE / "moira.gcs").read_text())
    doc["attributes"][1]["calc"]["value"] = 14  # DX 13 → 14
    doc["attributes"][-1]["calc"]["value"] = 12  # HP max 11 → 12
    doc["skills"][0]["calc"]["level"] = 11  # Lockpicking 10 → 11
    doc["skills"].pop(3)  # Broadsword forgotten
    newer = tmp_path / "moira.gcs"
    newer.write_text(json.dumps(doc))
    planned = importing.plan(played, [read(newer)])
    assert planned[0].target == "Moira Vance" and planned[0].clash is None
    assert "DX 13 → 14" in planned[0].changes
    assert "Lockpicking 10 → 11" in planned[0].changes
    assert "− Broadsword" in planned[0].changes
    assert "max HP 11 → 12" in planned[0].changes
    after = importing.apply(GURPS, played, planned)
    assert len(after.characters) == len(played.characters)  # never duplicated
    updated = after.character("Moira Vance")
    assert updated.attributes["DX"] == 14 and "Broadsword" not in updated.skills
    assert updated.resources["HP"] == 6  # 6 damage taken at the table, from the new max 12
    assert updated.extra["aliases"] == ["Courier"]  # what the table added stays
    assert importing.draft(planned).text == "updated Moira Vance from GCS"


def test_a_name_that_clashes_is_resolved_by_the_caller() -> None:
    campaign = demo()
    vic = campaign.characters[0]
    doc = json.loads((HERE / "moira.gcs").read_text())
    doc["profile"]["name"] = vic.name
    item = gcs.parse(json.dumps(doc).encode(), "vic.gcs")
    planned = importing.plan(campaign, [item])
    assert planned[0].clash == vic.name and planned[0].target is None
    with pytest.raises(CommandError, match="already in the campaign"):
        importing.apply(GURPS, campaign, planned)
    renamed = importing.resolve(campaign, planned[0], "rename")
    after = importing.apply(GURPS, campaign, [renamed])
    assert after.character(f"{vic.name} 2").skills["Lockpicking"] == 10
    assert after.character(vic.name) == vic
    updated = importing.resolve(campaign, planned[0], "update")
    assert updated.target == vic.name and updated.changes
    assert (
        importing.apply(GURPS, campaign, [updated]).character(vic.name).skills["Lockpicking"] == 10
    )
    skipped = importing.resolve(campaign, planned[0], "skip")
    assert importing.apply(GURPS, campaign, [skipped]) == campaign


def test_the_same_character_twice_in_one_import_is_a_clash_with_the_earlier_file() -> None:
    # libraries keep variants of one sheet (tamed, wild) under one id and name
    item = read(HERE / "moira.gcs")
    campaign = demo()
    planned = importing.plan(campaign, [item, replace(item, file="copy.gcs")])
    assert [(p.clash, p.clash_file) for p in planned] == [
        (None, ""),
        ("Moira Vance", "moira.gcs"),
    ]
    skipped = importing.resolve_all(campaign, planned, "skip")
    after = importing.apply(GURPS, campaign, skipped)
    assert [c.name for c in after.characters].count("Moira Vance") == 1
    renamed = importing.apply(GURPS, campaign, importing.resolve_all(campaign, planned, "rename"))
    assert {"Moira Vance", "Moira Vance 2"} <= {c.name for c in renamed.characters}


# -- /import in the app --------------------------------------------------------------------
def test_slash_import_adds_in_one_step_and_rolls() -> None:
    table = make_table(demo())
    before = table.campaign
    fb = table.submit(f"/import {HERE / 'moira.gcs'} {HERE / 'tomas.gcs'} npc")
    assert fb.ok, fb.message
    # what was taken as given is said in the app as on the shell, and kept in the log
    assert fb.message == (
        "imported Moira Vance, Tomas Brandt from GCS · Moira Vance: taken as given or left "
        "out: Forgery, Plasma Gun's damage · Tomas Brandt: taken as given or left out: "
        "Off-Hand Weapon Training, skill bonuses from traits"
    )
    assert table.session.log[-1].effects == (
        "Moira Vance: taken as given or left out: Forgery, Plasma Gun's damage",
        "Tomas Brandt: taken as given or left out: Off-Hand Weapon Training, skill bonuses "
        "from traits",
    )
    assert table.campaign.character("Tomas Brandt").side == "npc"
    assert table.submit("tomas stealth = 15").ok
    assert table.submit("/undo").ok and table.submit("/undo").ok
    assert table.campaign == before


def test_slash_import_shows_an_update_before_it_applies(tmp_path: Path) -> None:
    table = make_table(demo())
    assert table.submit(f"/import {HERE / 'moira.gcs'}").ok
    doc = json.loads((HERE / "moira.gcs").read_text())
    doc["attributes"][1]["calc"]["value"] = 14
    newer = tmp_path / "moira.gcs"
    newer.write_text(json.dumps(doc))
    shown = table.submit(f"/import {newer}")
    assert not shown.ok
    assert shown.message == "Moira Vance: DX 13 → 14 — add update to apply"
    assert table.campaign.character("Moira Vance").attributes["DX"] == 13
    assert table.submit(f"/import {newer} update").ok
    assert table.campaign.character("Moira Vance").attributes["DX"] == 14


def test_slash_import_asks_about_a_clash(tmp_path: Path) -> None:
    table = make_table(demo())
    doc = json.loads((HERE / "moira.gcs").read_text())
    doc["profile"]["name"] = "Guard Moss"
    moss = tmp_path / "moss.gcs"
    moss.write_text(json.dumps(doc))
    refused = table.submit(f"/import {moss}")
    assert not refused.ok
    assert refused.message == "Guard Moss already in the campaign: add update, rename or skip"
    assert table.submit(f"/import {moss} rename").ok
    assert table.campaign.character("Guard Moss 2").skills["Lockpicking"] == 10


def test_slash_import_refuses_a_broken_file_and_another_system(tmp_path: Path) -> None:
    table = make_table(demo())
    bad = tmp_path / "bad.gcs"
    bad.write_text("{")
    before = table.campaign
    fb = table.submit(f"/import {bad}")
    assert not fb.ok and fb.message == "bad.gcs: line 1, column 2: not valid JSON"
    assert table.campaign == before
    brp, _log = load(DEMO.with_name("demo-brp.toml"))
    fb = make_table(brp).submit(f"/import {HERE / 'moira.gcs'}")
    assert not fb.ok and fb.message == "Basic Roleplaying campaigns import no character files"


def test_tab_completes_the_path_of_a_gcs_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui.session.table.completion import complete_line

    (tmp_path / "party").mkdir()
    (tmp_path / "party" / "moira.gcs").write_text("{}")
    (tmp_path / "party" / "mortimer.gcs").write_text("{}")
    (tmp_path / "party" / ".hidden.gcs").write_text("{}")
    monkeypatch.chdir(tmp_path)
    table = make_table(demo())
    assert complete_line(table, "/import pa") == ["/import party/"]
    assert complete_line(table, "/import party/mo") == [
        "/import party/moira.gcs",
        "/import party/mortimer.gcs",
    ]
    assert complete_line(table, "/import nowhere/x") == []
