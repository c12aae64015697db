"""The players' filter, per system: what a GM-only character leaves in the players' state."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tui.session.campaign.model import Campaign
from tui.session.campaign.session import Session
from tui.session.players import players, players_log, players_view
from tui.session.systems.registry import tracker
from tui.session.table.table import Table
from tui.session.tables import open_table
from tui.store import demo_paths, read_campaign

DEMOS = {p.stem.removeprefix("demo-"): p for p in demo_paths()}


def demo(system: str, hide: str) -> Campaign:
    """The demo of ``system`` with the character ``hide`` made GM-only."""
    campaign = read_campaign(DEMOS[system])
    return campaign.with_character(replace(campaign.character(hide), gm_only=True))


def table(campaign: Campaign, *lines: str) -> Table:
    t = open_table(Session(campaign), rng=random.Random(7))
    for line in lines:
        fb = t.submit(line)
        assert fb.ok, (line, fb.message)
    return t


def test_strange_hides_goals_actions_and_required_hits() -> None:
    t = table(
        demo("strange", "Ог'лай"),
        "/scene Засада у моста",
        "/order",
        "/goal orc убить Кирму",
        "/goal kirma уйти от погони",
        "/phase",
        "/act kirma bow vs orc",
        "kirma bow = 3 3 4 5 range=4,5",
        "orc danger = 1 2 3 4 range=2,5",
    )
    gm, log = t.campaign, t.session.log
    assert "убить Кирму" in repr(gm.scene) and "'required': 2" in repr(gm.scene)
    view, shown = players(tracker(gm.system), gm, log)
    everything = repr(view) + repr(shown)
    assert "Ог'лай" not in everything and "Orc" not in everything
    assert "убить Кирму" not in everything  # the hidden goal
    assert "уйти от погони" in everything  # a visible one stays
    rounds = view.scene.system["strange"]  # type: ignore[union-attr]
    assert [a["character"] for a in rounds["actions"]] == ["Кирма"]
    assert rounds["actions"][0]["target"] == "Unknown A"
    assert "Unknown A" in view.scene.turn_order  # type: ignore[union-attr]
    assert all(
        a["result"]["required"] != 2 or a["character"] == "Кирма" for a in rounds["actions"]
    )  # Kirma's own level, never the danger class
    danger = [e for e in log if e.actor == "Ог'лай"]
    assert danger and all(e.seq not in {s.seq for s in shown} for e in danger)


def test_strange_reaction_of_a_hidden_character_is_left_out() -> None:
    t = table(
        demo("strange", "Ог'лай"),
        "/scene Мост",
        "/goal kirma пройти",
        "/phase",
        "/act kirma bow vs orc",
        "/skip orc",
        "kirma bow = 3 3 4 5 range=4,5",
        "/phase",
        "orc danger = 1 2 3 4",
    )
    gm = t.campaign
    assert gm.scene is not None and gm.scene.system["strange"]["reactions"]
    view = players_view(tracker(gm.system), gm)
    rounds = view.scene.system["strange"]  # type: ignore[union-attr]
    assert rounds["reactions"] == [] and rounds["skipped"] == []
    assert "Ог'лай" not in repr(view)


def test_gurps_hides_maneuvers_and_anonymises_the_order() -> None:
    t = table(
        demo("gurps", "Guard Pike"),
        "/scene Warehouse",
        "/order",
        "/maneuver pike all-out-attack",
        "/maneuver vic attack",
    )
    gm = t.campaign
    assert "Guard Pike" in gm.scene.system["maneuvers"]  # type: ignore[union-attr]
    view = players_view(tracker(gm.system), gm)
    assert set(view.scene.system["maneuvers"]) == {"Vic Lockwood"}  # type: ignore[union-attr]
    assert "Unknown A" in view.scene.turn_order  # type: ignore[union-attr]
    assert "Pike" not in repr(view) and "Guard Pike" not in repr(
        players_log(tracker(gm.system), t.session.log, gm)
    )


@pytest.mark.parametrize(
    ("system", "hide", "visible", "roll"),
    [
        ("brp", "Boulder", "Alice Moore", "alice spot hidden = 50"),
        ("age", "Bobbie", "Naomi", "naomi stealth tn=11 = 3 4 5"),
        ("skirmish", "Ninja", "Experienced Samurai", "samurai fighting = 5"),
    ],
)
def test_initiative_extended_rolls_and_resources_of_the_hidden(
    system: str, hide: str, visible: str, roll: str
) -> None:
    first = hide.split()[0].casefold()
    t = table(
        demo(system, hide),
        "/scene Fight",
        f"/init {first} 17",
        f"/init {visible.split()[0].casefold()} 9",
        "/ext lock threshold=5 time=30m",
        f"/hp {first} HP =9",
        roll,
    )
    gm = t.campaign
    gm_rolls = t.submit(f"{first} {next(iter(gm.character(hide).skills or {'x': 0}))} ext=lock")
    gm = t.campaign
    view, shown = players(tracker(gm.system), gm, t.session.log)
    everything = repr(view) + repr(shown)
    assert hide not in everything
    assert view.scene is not None and set(view.scene.system["init"]) == {visible}
    assert hide not in [c.name for c in view.characters]
    assert all(c.get("who") != hide for chk in view.checks for c in chk.contributions)
    if gm_rolls.ok:  # the hidden character's extended-check roll was made and is gone
        assert any(c.get("who") == hide for c in gm.checks[0].contributions)
    assert not any("=9" in e.text or "→ 9" in e.text for e in shown)


def test_unknown_system_data_is_not_shared_by_default() -> None:
    campaign = read_campaign(DEMOS["brp"])
    t = table(campaign, "/scene Somewhere")
    assert t.campaign.scene is not None
    scene = replace(t.campaign.scene, system={"secret_plans": {"Boulder": 3}})
    view = players_view(t.system, replace(t.campaign, scene=scene))
    assert view.scene is not None and view.scene.system == {}


def test_notes_history_and_names_in_free_text() -> None:
    gm = demo("strange", "Ог'лай")
    gm = table(
        gm, "/scene Засада Ог'лая у моста", "/endscene Ог'лай ушёл", "/scene Погоня"
    ).campaign
    assert gm.scene_history
    view = players_view(tracker(gm.system), gm)
    assert view.scene_history == ()
    assert all(c.notes == "" for c in view.characters)
    # a declined form of the name (Russian genitive) is a mention too
    assert "Ог'ла" not in repr(
        players_view(
            tracker("strange"),
            table(demo("strange", "Ог'лай"), "/scene Засада Ог'лая").campaign,
        )
    )


def test_stand_in_letters_follow_the_turn_order() -> None:
    gm = demo("gurps", "Guard Pike")
    gm = gm.with_character(replace(gm.character("Guard Moss"), gm_only=True))
    gm = table(gm, "/scene Warehouse", "/order pike vic moss").campaign
    view = players_view(tracker(gm.system), gm)
    assert gm.scene is not None and view.scene is not None
    hidden = [n for n in gm.scene.turn_order if n in ("Guard Pike", "Guard Moss")]
    expected = {hidden[0]: "Unknown A", hidden[1]: "Unknown B"}
    assert view.scene.turn_order == tuple(expected.get(n, n) for n in gm.scene.turn_order)
    # the same state gives the same letters every time (the view repaints without shuffling)
    assert players_view(tracker(gm.system), gm) == view
