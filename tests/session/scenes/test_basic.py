"""/scene and /endscene: start, replace, end into the history; errors; undo; saves."""

from __future__ import annotations

import tomllib

import pytest
import tomli_w

from tests.session.scene_helpers import (
    brp_campaign,
    ok,
    refused,
    strange_campaign,
    table_for,
    undo_restores,
)
from tui.session.campaign.schema import from_doc, to_doc
from tui.session.systems.registry import TRACKERS


def test_scene_starts_with_name_kind_and_limit() -> None:
    table = table_for(strange_campaign())
    feedback = undo_restores(table, "/scene Wrestling at the feast long limit=2")
    scene = table.campaign.scene
    assert scene is not None
    assert (scene.name, scene.kind, scene.round, scene.round_limit, scene.phase) == (
        "Wrestling at the feast",
        "long",
        1,
        2,
        "planning",
    )
    assert scene.system["strange"]["limit"] == 2
    assert scene.system["strange"]["kind"] == "long_term"
    assert "round limit 2" in feedback.message


def test_non_strange_scene_has_no_phase_and_default_kind() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar")
    scene = table.campaign.scene
    assert scene is not None
    assert (scene.name, scene.kind, scene.phase, dict(scene.system)) == ("Cellar", "active", "", {})


def test_new_scene_ends_the_running_one_into_history() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar", "/scene Attic active")
    assert table.campaign.scene is not None and table.campaign.scene.name == "Attic"
    assert table.campaign.scene_history == (
        {"name": "Cellar", "kind": "active", "rounds": 1, "summary": ""},
    )


def test_endscene_keeps_a_small_history_entry_with_the_summary() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene Cellar")
    feedback = undo_restores(table, "/endscene the cult fled")
    assert table.campaign.scene is None
    assert table.campaign.scene_history[-1] == {
        "name": "Cellar",
        "kind": "active",
        "rounds": 1,
        "summary": "the cult fled",
    }
    assert "Cellar ended after 1 round" in feedback.message


def test_strange_endscene_summarises_the_accumulated_results() -> None:
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Duel",
        "/goal dallah win",
        "/phase",
        "dallah longsword range=2,6 resist=4,6 = 1 6 6 5",
        "/phase",
        "/phase",
        "/compromise both bleed",
        "/endscene",
    )
    entry = table.campaign.scene_history[-1]
    assert entry["name"] == "Duel" and entry["rounds"] == 2
    assert entry["verdicts"] == ["compromise: both bleed"]
    assert entry["summary"] == ""  # the compromise closed the series: nothing new since


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/scene", ["needs a name"]),
        ("/scene limit=2", ["needs a name"]),
        ("/scene Duel limit=5", ["1..4", "'5'"]),
        ("/scene Duel limit=x", ["1..4"]),
        ("/scene " + "x" * 81, ["too long"]),
    ],
)
def test_scene_errors_leave_state_unchanged(line: str, words: list[str]) -> None:
    table = table_for(strange_campaign())
    refused(table, line, *words)


def test_endscene_without_a_scene_is_refused() -> None:
    table = table_for(brp_campaign())
    refused(table, "/endscene", "no scene is running")


def test_scene_state_survives_a_toml_round_trip() -> None:
    table = table_for(strange_campaign())
    ok(
        table,
        "/scene Wrestling limit=2",
        "/goal dallah throw him",
        "/goal balgruf stand",
        "/phase",
        "/act dallah wrestling vs balgruf trip and throw",
        "dallah wrestling range=3,6 = 1 6 5 5",
        "/skip balgruf",
        "/phase",
        "/order dallah balgruf",
    )
    doc = tomllib.loads(tomli_w.dumps(to_doc(table.campaign)))
    assert from_doc(doc, TRACKERS) == table.campaign


def test_only_trailing_words_set_kind_and_limit() -> None:
    table = table_for(brp_campaign())
    ok(table, "/scene The long road limit=3 long")
    scene = table.campaign.scene
    assert scene is not None
    assert (scene.name, scene.kind, scene.round_limit) == ("The long road", "long", 3)
