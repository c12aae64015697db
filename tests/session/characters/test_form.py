"""The character editor's fields as pure functions: rows for every part of a character,
one confirmed field → one change with its log line (a rename names both names)."""

from __future__ import annotations

import pytest

from tests.session.conftest import brp_campaign, gurps_campaign
from tui.session.campaign.model import Campaign, Condition
from tui.session.campaign.session import CommandError
from tui.session.characters.form import (
    Field,
    apply_field,
    fields_of,
    remove_field,
    toggle_field,
)
from tui.session.systems.registry import tracker


def row(campaign: Campaign, name: str, kind: str, item: str = "") -> Field:
    found = [
        f
        for f in fields_of(campaign.character(name), tracker(campaign.system))
        if f.kind == kind and f.item == item
    ]
    assert len(found) == 1, (kind, item)
    return found[0]


def put(campaign: Campaign, name: str, kind: str, text: str, item: str = "") -> Campaign:
    new, _draft = apply_field(
        campaign, name, row(campaign, name, kind, item), text, tracker(campaign.system)
    )
    return new


def test_rows_cover_every_part_and_weapons_only_where_the_system_has_them() -> None:
    brp = brp_campaign()
    kinds = [f.kind for f in fields_of(brp.characters[0], tracker("brp"))]
    assert kinds[:4] == ["name", "player", "side", "gm"]
    for kind in (
        "attr",
        "attr+",
        "skill",
        "skill+",
        "res",
        "res+",
        "cond+",
        "notes",
        "aliases",
        "skill_aliases",
    ):
        assert kind in kinds
    assert "weapon+" not in kinds
    gurps = gurps_campaign()
    assert "weapon+" in [f.kind for f in fields_of(gurps.characters[0], tracker("gurps"))]


def test_each_field_applies_and_says_what_changed() -> None:
    c = brp_campaign()
    system = tracker("brp")
    new, draft = apply_field(
        c, "Alice Moore", row(c, "Alice Moore", "skill", "Stealth"), "45", system
    )
    assert draft.text == "Alice Moore Stealth 40 → 45" and draft.actor == "Alice Moore"
    assert new.character("Alice Moore").skills["Stealth"] == 45
    new = put(new, "Alice Moore", "res", "7/11", "HP")
    alice = new.character("Alice Moore")
    assert (alice.resources["HP"], alice.maxima["HP"]) == (7, 11)
    new = put(new, "Alice Moore", "skill+", "Listen = 30")
    new = put(new, "Alice Moore", "cond+", "stunned 2 rounds")
    new = put(new, "Alice Moore", "notes", "line one\\nline two")
    new = put(new, "Alice Moore", "aliases", "Al, Moore")
    new = put(new, "Alice Moore", "skill_aliases", "look = Spot Hidden")
    alice = new.character("Alice Moore")
    assert alice.skills["Listen"] == 30
    assert alice.conditions == (Condition("stunned", 2, "rounds"),)
    assert alice.notes == "line one\nline two"
    assert alice.extra["aliases"] == ["Al", "Moore"]
    assert alice.extra["skill_aliases"] == {"look": "Spot Hidden"}


def test_renaming_a_row_keeps_its_place_its_tick_and_its_maximum() -> None:
    c = brp_campaign()
    c = c.with_character(c.character("Alice Moore").with_ticks(("Stealth",)))
    c = put(c, "Alice Moore", "skill", "Sneak = 42", "Stealth")
    alice = c.character("Alice Moore")
    assert list(alice.skills)[-1] == "Sneak" and alice.ticks == ("Sneak",)
    c = put(c, "Alice Moore", "res", "9/11", "HP")
    c = put(c, "Alice Moore", "res", "Hit Points = 9/11", "HP")
    alice = c.character("Alice Moore")
    assert alice.resources == {"Hit Points": 9, "PP": 14} and alice.maxima == {"Hit Points": 11}


def test_a_rename_is_recorded_with_both_names() -> None:
    c = brp_campaign()
    new, draft = apply_field(c, "Boulder", row(c, "Boulder", "name"), "The Door", tracker("brp"))
    assert draft.inputs == {"renamed": "Boulder", "to": "The Door"}
    assert draft.text == "Boulder renamed The Door"
    assert [ch.name for ch in new.characters][-1] == "The Door"


@pytest.mark.parametrize(
    ("kind", "item", "text", "problem"),
    [
        ("name", "", "Boris Ivanov", "already a character"),
        ("skill", "Stealth", "lots", "a whole number"),
        ("skill+", "", "Listen", "NAME = VALUE"),
        ("skill+", "", "Stealth = 3", "already has Stealth"),
        ("res", "HP", "x/11", "must be a whole number"),
        ("cond+", "", "stunned 0 rounds", "1..999"),
        ("skill_aliases", "", "x = Flying", "no skill 'Flying'"),
        ("skill", "Stealth", "40", "nothing changed"),
        ("notes", "", "bad \x1b[2J", "control characters"),
    ],
)
def test_bad_fields_are_refused(kind: str, item: str, text: str, problem: str) -> None:
    c = brp_campaign()
    with pytest.raises(CommandError, match=problem.replace("(", r"\(")):
        apply_field(c, "Alice Moore", row(c, "Alice Moore", kind, item), text, tracker("brp"))


def test_toggles_and_removal() -> None:
    c = brp_campaign()
    c, text = toggle_field(c, "Alice Moore", row(c, "Alice Moore", "side"))
    assert c.character("Alice Moore").side == "npc" and "npc" in text.render()
    c, _ = toggle_field(c, "Alice Moore", row(c, "Alice Moore", "gm"))
    assert c.character("Alice Moore").gm_only
    c = put(c, "Alice Moore", "res", "11/11", "HP")
    c, _ = remove_field(c, "Alice Moore", row(c, "Alice Moore", "res", "HP"))
    assert "HP" not in c.character("Alice Moore").resources
    assert "HP" not in c.character("Alice Moore").maxima
    with pytest.raises(CommandError):
        remove_field(c, "Alice Moore", row(c, "Alice Moore", "name"))


def test_gurps_weapons() -> None:
    c = gurps_campaign()
    c = put(c, "Ruth Hale", "weapon+", "Stevenson damage=2d6-1 acc=3 rof=2x13")
    weapons = c.character("Ruth Hale").extra["weapons"]
    assert weapons == {"Stevenson": {"damage": "2d6-1", "acc": 3, "rof": "2x13"}}
    c = put(c, "Ruth Hale", "weapon", "damage=2d6 acc=2", "Stevenson")
    assert c.character("Ruth Hale").extra["weapons"]["Stevenson"] == {"damage": "2d6", "acc": 2}


def test_a_weapon_skill_with_a_space_is_kept_and_edited_as_shown() -> None:
    """Issue 45: the editor refused ``skill=Guns (Pistol)``, so imported weapons (GCS names a
    skill with its specialty) could not be kept or edited. A word without ``=`` goes on the
    value before it; the row's own text reads back to the same weapon."""
    c = gurps_campaign()
    c = put(c, "Guard Moss", "weapon+", "Colt Python skill=Guns (Pistol) damage=2d6 acc=2")
    weapon = c.character("Guard Moss").extra["weapons"]["Colt Python"]
    assert weapon == {"skill": "Guns (Pistol)", "damage": "2d6", "acc": 2}
    shown = row(c, "Guard Moss", "weapon", "Colt Python").value
    assert shown == "skill=Guns (Pistol) damage=2d6 acc=2"
    with pytest.raises(CommandError, match="nothing changed"):  # it reads back the same
        put(c, "Guard Moss", "weapon", shown, "Colt Python")
    c = put(c, "Guard Moss", "weapon", 'skill="Guns (Pistol)" acc=3', "Colt Python")
    assert c.character("Guard Moss").extra["weapons"]["Colt Python"]["skill"] == "Guns (Pistol)"
    for bad, said in (
        ("Pistol damage=2d6", "key=value"),
        ("=2d6", "needs its key before '='"),
        ('skill="" acc=2', "needs a value"),
    ):
        with pytest.raises(CommandError, match=said):
            put(c, "Guard Moss", "weapon", bad, "Colt Python")
