"""Encounters prepared ahead and started in one step: kept in the save, hidden from every
players' surface until ``/start``, which brings the creatures, the scene, the checks and the
turn order as one undoable change."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tests.session.conftest import Scripted, campaign_of, gurps_campaign, make_table
from tests.session.scene_helpers import ok, refused
from tests.systems import SYSTEMS, demo
from tui.session.campaign.model import Campaign, Character, Condition
from tui.session.campaign.prepared import ENCOUNTERS
from tui.session.campaign.session import Session
from tui.session.campaign.stand_ins import STAND_INS
from tui.session.encounters.plan import encounters
from tui.session.players.view import players
from tui.session.tables import open_table
from tui.store import Store, load


def without_letters(campaign: Campaign) -> Campaign:
    options = {k: v for k, v in campaign.options.items() if k != STAND_INS}
    return replace(campaign, options=options)


def prepared_gurps() -> Campaign:
    table = make_table(gurps_campaign())
    ok(
        table,
        "/bestiary keep guard moss",
        '/encounter Ambush scene="Loading dock" kind=active',
        "/encounter Ambush add guard moss x2",
        "/encounter Ambush add Guard Moss gm",
        "/encounter Ambush note Mordecai watches from the crane",
        "/encounter Ambush ext Escape threshold=5 time=10m",
    )
    return table.campaign


def test_preparing_is_the_gms_alone() -> None:
    table = make_table(gurps_campaign())
    before = len(table.session.log)
    ok(table, '/encounter Ambush scene="Loading dock"', "/encounter Ambush note trap at the door")
    assert all(e.secret for e in table.session.log[before:])
    view, log = players(table.system, table.campaign, table.session.log)
    assert ENCOUNTERS not in view.options
    shown = repr(view) + repr(log)
    assert "Ambush" not in shown and "trap at the door" not in shown and "Loading dock" not in shown


def test_an_encounter_lists_what_it_holds() -> None:
    table = make_table(prepared_gurps())
    said = ok(table, "/encounters")[0].message
    assert "Ambush" in said and "Loading dock" in said
    assert "Guard Moss ×2" in said and "Guard Moss (GM-only)" in said
    assert "Escape" in said and "crane" in said
    shown = ok(table, "/encounter amb show")[0].message
    assert said == f"{shown} │ /encounter NAME edit opens one in the editor"


def test_start_brings_everything_in_one_undoable_step() -> None:
    table = make_table(prepared_gurps())
    before = table.campaign
    steps = len(table.session.log)
    feedback = ok(table, "/start ambush")[0]
    after = table.campaign
    assert len(table.session.log) == steps + 1 and not table.session.log[-1].secret
    assert after.scene is not None and after.scene.name == "Loading dock"
    new = [c.name for c in after.characters if c.name not in {d.name for d in before.characters}]
    assert new == ["Guard Moss 1", "Guard Moss 2", "Guard Moss 3"]
    assert after.character("Guard Moss 3").gm_only
    assert not after.character("Guard Moss 1").gm_only
    assert [c.name for c in after.checks] == ["Escape"]
    # GURPS orders by Basic Speed, then DX: the party (5.75) before the guards (5.5)
    assert after.scene.turn_order[:2] == ("Vic Lockwood", "Ruth Hale")
    assert set(after.scene.turn_order[2:]) == {"Guard Moss 1", "Guard Moss 2", "Guard Moss 3"}
    assert "crane" in feedback.message  # the GM's notes are shown, not logged
    assert "crane" not in table.session.log[-1].text
    # undo takes back everything it brought (the stand-in letter the players met stays:
    # letters never move); the encounter stays prepared
    assert table.submit("/undo").ok
    assert without_letters(table.campaign) == without_letters(before)
    assert encounters(table.campaign)[0].name == "Ambush"


def test_players_see_the_creatures_only_after_start() -> None:
    table = make_table(prepared_gurps())
    view, _log = players(table.system, table.campaign, table.session.log)
    assert not any(c.name.startswith("Guard Moss ") for c in view.characters)
    ok(table, "/start ambush")
    view, log = players(table.system, table.campaign, table.session.log)
    shown = [c.name for c in view.characters]
    assert "Guard Moss 1" in shown and "Guard Moss 2" in shown
    assert "Guard Moss 3" not in shown  # prepared as GM-only
    assert "Guard Moss 3" not in repr(log) and "Guard Moss 3" not in repr(view)
    assert "crane" not in repr(log)


def test_a_prepared_encounter_survives_the_save(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    with Store.create(path, prepared_gurps()) as store:
        store.flush()
    campaign, _log = load(path)
    [enc] = encounters(campaign)
    assert enc.scene == "Loading dock" and [m.count for m in enc.creatures] == [2, 1]
    assert enc.checks == (("Escape", "threshold=5", "time=10m"),)
    table = make_table(campaign)
    ok(table, "/start Ambush")
    assert table.campaign.scene is not None


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_demo_ships_an_encounter_that_starts(system: str, tmp_path: Path) -> None:
    path = tmp_path / f"{system}.toml"
    shutil.copy(demo(system), path)
    campaign, log = load(path)
    [enc] = encounters(campaign)
    table = open_table(Session(campaign, log), rng=Scripted([3] * 400))
    view, _ = players(table.system, campaign, [])
    assert ENCOUNTERS not in view.options and "bestiary" not in view.options
    names_before = {c.name for c in campaign.characters}
    ok(table, f'/start "{enc.name}"')
    after = table.campaign
    arrived = [c.name for c in after.characters if c.name not in names_before]
    assert len(arrived) == sum(m.count for m in enc.creatures)
    assert after.scene is not None and after.scene.name == enc.scene_name
    assert set(arrived) <= set(after.scene.turn_order)
    assert table.submit("/undo").ok
    assert without_letters(table.campaign) == without_letters(campaign)


def test_age_rolls_the_campaigns_initiative_and_skips_whoever_lacks_it() -> None:
    campaign = campaign_of("age")
    drone = Character("Drone", side="npc")  # no Dexterity
    campaign = Campaign(
        campaign.name,
        "age",
        options={"initiative": "3d6 + Dexterity"},
        characters=(*campaign.characters, drone),
    )
    # three dice for each who has Dexterity, in order: Naomi, Amos, Bobbie, then the drone
    faces = [1, 1, 1, 6, 6, 6, 2, 2, 2]
    table = make_table(campaign, faces)
    ok(table, "/encounter Fight add drone", "/start fight")
    scene = table.campaign.scene
    assert scene is not None
    inits = scene.system["init"]
    dex = {c.name: int(c.attributes["Dexterity"]) for c in campaign.characters[:3]}
    names = [c.name for c in campaign.characters[:3]]
    assert inits == {
        names[0]: 3 + dex[names[0]],
        names[1]: 18 + dex[names[1]],
        names[2]: 6 + dex[names[2]],
    }
    assert scene.turn_order[-1] == "Drone"  # no roll: last, and the log says why
    assert "Drone" in " ".join(table.session.log[-1].effects)
    assert scene.turn_order[0] == max(inits, key=lambda n: inits[n])


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("/start", "usage"),
        ("/start nothing", "no encounters prepared"),
        ("/encounter", "usage"),
        ("/encounter X kind=sideways", "kind must be active or long"),
    ],
)
def test_refusals_say_what_is_wrong(line: str, problem: str) -> None:
    refused(make_table(gurps_campaign()), line, problem)


def test_refusals_once_prepared() -> None:
    table = make_table(prepared_gurps())
    refused(table, "/start dragons", "no encounter called 'dragons'", "Ambush")
    refused(table, "/encounter Ambush add Smaug", "Smaug")
    refused(table, "/encounter Ambush add guard moss x99", "1..20")
    refused(table, "/encounter Ambush ext Escape threshold=5 time=10m", "already opens")
    refused(table, "/encounter Ambush ext Climb threshold=5", "time=")


def test_a_damaged_encounter_in_the_save_is_named_not_a_crash() -> None:
    campaign = gurps_campaign()
    bad = Campaign(
        campaign.name,
        "gurps",
        options={
            ENCOUNTERS: [{"name": "Ambush", "creatures": [{"name": "Guard Moss", "count": 0}]}]
        },
        characters=campaign.characters,
    )
    refused(make_table(bad), "/start ambush", "prepared encounter 1", "count")
    refused(make_table(bad), "/encounters", "prepared encounter 1")
    weird = Campaign(
        campaign.name, "gurps", options={ENCOUNTERS: "oops"}, characters=campaign.characters
    )
    refused(make_table(weird), "/start x", "options.encounters must be a list")


def test_drop_forgets_an_encounter() -> None:
    table = make_table(prepared_gurps())
    ok(table, "/encounter drop ambush")
    assert encounters(table.campaign) == []
    assert ENCOUNTERS not in table.campaign.options


def test_a_rest_fills_resources_and_ends_timed_conditions() -> None:
    campaign = gurps_campaign()
    vic = campaign.character("Vic Lockwood")
    hurt = Character(
        vic.name,
        attributes=vic.attributes,
        skills=vic.skills,
        resources={"HP": 2, "FP": 1},
        maxima={"HP": 10, "FP": 10},
        conditions=(Condition("stunned", 2, "rounds"), Condition("cursed")),
    )
    campaign = campaign.with_character(hurt)
    table = make_table(campaign)
    ok(table, "/rest vic hp")
    vic = table.campaign.character("Vic Lockwood")
    assert vic.resources == {"HP": 10, "FP": 1}
    assert [c.name for c in vic.conditions] == ["cursed"]  # a lasting one stays
    assert table.submit("/undo").ok
    ok(table, "/rest")
    vic = table.campaign.character("Vic Lockwood")
    assert vic.resources == {"HP": 10, "FP": 10}
    assert "HP 2 → 10" in table.session.log[-1].text
    refused(table, "/rest", "rested already")


def test_tab_offers_the_prepared_encounters_to_the_gm_alone() -> None:
    from tui.session.table.completion import complete_line

    table = make_table(prepared_gurps())
    ok(table, "/encounter Night watch add guard moss")
    assert complete_line(table, "/start ") == ["/start ambush", "/start night watch"]
    assert complete_line(table, "/start Ni") == ["/start Night watch"]
    assert complete_line(table, "/encounter Ambush e") == [
        "/encounter Ambush edit",
        "/encounter Ambush ext",
    ]
    view = make_table(players(table.system, table.campaign, ())[0])
    assert complete_line(view, "/start ") == []
