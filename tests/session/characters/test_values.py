"""/skill and /attr: set one value, adding a skill the character lacks, with the value type
and range each system gives through the system interface."""

from __future__ import annotations

import pytest

from tests.session.conftest import age_campaign, brp_campaign, gurps_campaign, strange_campaign
from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tui.session.characters.commands import existing_name


def test_a_new_skill_lets_teaching_work() -> None:
    """The issue's complaint: /teach boris alice listen failed, Alice lacks Listen."""
    table = table_for(brp_campaign(), faces=[30, 40])
    refused(table, "/teach boris alice listen = 30 40", "'listen'")
    feedback = undo_restores(table, "/skill alice listen 25")
    assert feedback.message == "Alice Moore: new skill Listen 25"  # spelled as Boris has it
    assert table.campaign.character("Alice Moore").skills["Listen"] == 25
    ok(table, "/teach boris alice listen = 30 40")


def test_an_existing_skill_by_its_start_and_an_ambiguous_start_refused() -> None:
    table = table_for(brp_campaign())
    feedback = undo_restores(table, "/skill alice spot 70")
    assert feedback.message == "Alice Moore Spot Hidden 60 → 70"
    refused(table, "/skill alice knowledge 50", "could be Knowledge (Occult), Knowledge (History)")
    ok(table, '/skill alice "knowledge" 50')  # quoted: a new skill of that name
    assert table.campaign.character("Alice Moore").skills["Knowledge"] == 50


@pytest.mark.parametrize(
    ("campaign", "line", "problem"),
    [
        (brp_campaign, "/skill alice listen abc", "a whole number"),
        (brp_campaign, "/skill alice listen 5000", "within 0..1000"),
        (gurps_campaign, "/skill vic guns 2.5", "a whole number"),
        (brp_campaign, "/skill alice listen", "usage"),
    ],
)
def test_bad_skill_values_change_nothing(campaign: object, line: str, problem: str) -> None:
    refused(table_for(campaign()), line, problem)  # type: ignore[operator]


def test_a_text_skill_value_for_a_system_whose_skills_are_words() -> None:
    table = table_for(age_campaign())
    undo_restores(table, "/skill naomi technology Intelligence")
    assert table.campaign.character("Naomi").skills["Technology"] == "Intelligence"
    strange = table_for(strange_campaign())
    undo_restores(strange, "/skill кирма атлетика Умелец")
    assert strange.campaign.character("Кирма").skills["Атлетика"] == "Умелец"


def test_attributes_are_numbers_decimals_or_words() -> None:
    table = table_for(gurps_campaign())
    undo_restores(table, "/attr vic basic speed 6.25")
    assert table.campaign.character("Vic Lockwood").attributes["Basic Speed"] == 6.25
    undo_restores(table, "/attr vic HT 11")
    assert table.campaign.character("Vic Lockwood").attributes["HT"] == 11
    refused(table, "/attr vic HT 99999999", "within")


def test_existing_name() -> None:
    names = ["Spot Hidden", "Stealth", "Knowledge (Occult)"]
    assert existing_name("spot hidden", names) == "Spot Hidden"
    assert existing_name("ste", names) == "Stealth"
    assert existing_name("listen", names) is None
    assert existing_name("s", names, exact_only=True) is None


def test_a_hint_never_names_a_character_by_a_number_alone() -> None:
    """The damage line a hit offers names its target: ``"Guard Dog 1"`` beside Guard Dog 2
    and Guard Moss, never the bare ``1`` (a word no one else has, but no name a GM reads)."""
    from tui.session.campaign.model import Campaign, Character
    from tui.session.characters.values import hint

    campaign = Campaign(
        "c",
        "gurps",
        characters=tuple(Character(n) for n in ("Guard Moss", "Guard Dog 1", "Guard Dog 2")),
    )
    assert hint(campaign, "Guard Dog 1") == '"Guard Dog 1"'
    assert hint(campaign, "Guard Moss") == "moss"
