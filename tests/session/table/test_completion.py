"""Tab completion: every candidate in order, nothing appended unasked, commands' arguments,
the GM's script and case kept (the cases "tried as a new user would" and their classes)."""

from __future__ import annotations

import pytest

from tests.session.conftest import (
    age_campaign,
    brp_campaign,
    campaign_of,
    gurps_campaign,
    make_table,
)
from tests.session.conftest import strange_campaign as strange_base
from tests.systems import SYSTEMS
from tui.session.campaign.model import Campaign
from tui.session.entry.names import script_of
from tui.session.table.completion import complete_line, parse_spec
from tui.session.table.table import Table


def strange_campaign() -> Campaign:
    """The demo's Strange party, with its Latin aliases."""
    from dataclasses import replace

    campaign = strange_base(aliases=True)
    dallah = campaign.character("Сир Даллах")
    dallah = replace(
        dallah,
        extra={
            "aliases": ["Sir Dallah", "Dallah"],
            "skill_aliases": {"longsword": "Владение длинным мечом", "wrestling": "Рукопашный бой"},
        },
    )
    dai = replace(
        campaign.character("Даймитрий"),
        extra={"aliases": ["Daimitry"], "skill_aliases": {"lockpicking": "Взлом замков"}},
    )
    return campaign.with_character(dallah).with_character(dai)


@pytest.fixture
def brp() -> Table:
    return make_table(brp_campaign())


@pytest.fixture
def strange() -> Table:
    return make_table(strange_campaign())


def test_after_a_character_every_skill_then_every_characteristic(brp: Table) -> None:
    alice = brp.campaign.character("Alice Moore")
    lines = complete_line(brp, "alice ")
    offered = [line.removeprefix("alice ") for line in lines]
    # every thing Alice can roll, once: skills first, then the characteristics
    assert offered == [s.casefold() for s in alice.skills] + [
        a.casefold() for a in alice.attributes
    ]
    assert "spot hidden" in offered and "stealth" in offered and "str" in offered


def test_skills_most_rolled_come_first(brp: Table) -> None:
    for _ in range(2):
        assert brp.submit("alice stealth = 10").ok
    assert brp.submit("alice str = 10").ok
    offered = [line.removeprefix("alice ") for line in complete_line(brp, "alice ")]
    assert offered[0] == "stealth"  # the most rolled skill
    assert offered.index("str") > offered.index("knowledge (history)")  # skills first still
    assert offered[offered.index("spot hidden") - 1] == "stealth"


def test_a_character_completion_never_appends_a_skill(brp: Table) -> None:
    assert complete_line(brp, "bo") == ["boris ivanov ", "boulder "]
    for line in complete_line(brp, "bo"):
        assert brp.match_character(line.split()).consumed == len(line.split())


def test_a_multi_word_name_is_continued_before_skills_are_offered(brp: Table) -> None:
    assert complete_line(brp, "boris iv") == ["boris ivanov "]
    assert complete_line(brp, "alice mo") == ["alice moore "]


def test_the_completion_is_exactly_the_corrected_line(brp: Table) -> None:
    assert complete_line(brp, "alice spot hiden") == ["alice spot hidden"]
    assert complete_line(brp, "alice spot hidden vs boris sp") == [
        "alice spot hidden vs boris spot hidden"
    ]
    gurps = make_table(gurps_campaign())
    assert complete_line(gurps, "vic stealth vs moss") == ["vic stealth vs guard moss "]


def test_modifiers_are_offered_after_the_skill(brp: Table) -> None:
    assert complete_line(brp, "alice spot hidden ha") == ["alice spot hidden hard"]
    after = complete_line(brp, "alice spot hidden ")
    assert "alice spot hidden hard" in after and "alice spot hidden nostakes" in after
    assert complete_line(brp, "alice spot hidden = 0") == []  # typing dice: nothing


def test_cyrillic_and_latin_lines_cycle_the_same_skills(strange: Table) -> None:
    cyrillic = complete_line(strange, "даллах ")
    latin = complete_line(strange, "dallah ")
    assert cyrillic == ["даллах владение длинным мечом", "даллах рукопашный бой"]
    assert latin == ["dallah longsword", "dallah wrestling"]
    # the same things, each line in one script
    for line in cyrillic:
        assert all(script_of(w) == "cyrillic" for w in line.split())
    for line in latin:
        assert all(script_of(w) == "latin" for w in line.split())
        assert strange.preview(line).ok


@pytest.mark.parametrize("line", ["кир", "дай", "сир д", "даллах рук", "кирма вл", "ярл"])
def test_no_latin_alias_enters_a_cyrillic_line(strange: Table, line: str) -> None:
    out = complete_line(strange, line)
    assert out, line
    for completed in out:
        assert script_of(completed.replace("'", "")) == "cyrillic", completed
        assert not any(script_of(w) == "latin" for w in completed.split()), completed


def test_a_latin_line_gets_the_transliteration_when_there_is_no_alias(strange: Table) -> None:
    assert complete_line(strange, "dallah vl") == ["dallah vladenie dlinnym mechom"]
    assert complete_line(strange, "kirma verkh")[0].startswith("kirma verkhov")
    for line in complete_line(strange, "kirma verkh"):
        assert strange.preview(line).ok


def test_case_follows_what_the_gm_types(brp: Table) -> None:
    assert complete_line(brp, "al") == ["alice moore "]
    assert complete_line(brp, "Al") == ["Alice Moore "]
    assert complete_line(brp, "ALI") == ["ALICE MOORE "]
    assert complete_line(brp, "Alice Sp") == ["Alice Spot Hidden"]
    assert complete_line(brp, "alice Sp") == ["alice Spot Hidden"]


def test_commands_and_their_arguments(brp: Table) -> None:
    assert complete_line(brp, "/hp al") == ["/hp alice moore "]
    assert complete_line(brp, "/hp alice ") == ["/hp alice hp", "/hp alice pp"]
    assert complete_line(brp, "/tick boris l") == ["/tick boris listen"]
    assert complete_line(brp, "/teach boris alice s")[:2] == [
        "/teach boris alice spot hidden",
        "/teach boris alice stealth",
    ]
    assert complete_line(brp, "/hp alice hp ") == []  # a number comes next: nothing to offer
    assert complete_line(brp, "/note al") == []  # free text


def test_system_commands_complete_through_the_same_mechanism(strange: Table) -> None:
    assert complete_line(strange, "/act da") == ["/act daimitry ", "/act dallah "]
    assert complete_line(strange, "/act dallah longsword ") == [
        "/act dallah longsword vs"
    ]  # the optional group is offered by its first word
    assert complete_line(strange, "/act dallah longsword vs bal") == [
        "/act dallah longsword vs yarl balgruf "
    ]  # the whole name, in the line's script
    assert complete_line(strange, "/goal ")[-2:] == ["/goal party", "/goal npc"]
    gurps = make_table(gurps_campaign())
    assert complete_line(gurps, "/maneuver vic ai") == ["/maneuver vic aim"]
    age = make_table(age_campaign())
    assert complete_line(age, "/fortune naomi d") == [
        "/fortune naomi die=1",
        "/fortune naomi die=2",
        "/fortune naomi die=3",
    ]


def test_extended_checks_complete_in_their_commands(brp: Table) -> None:
    assert brp.submit("/ext Gate threshold=10 time=30m").ok
    assert complete_line(brp, "/ext ") == ["/ext use", "/ext drop"]
    assert complete_line(brp, "/ext use g") == ["/ext use gate"]
    assert complete_line(brp, "/clear G") == ["/clear Gate"]


def test_resources_and_conditions_kinds() -> None:
    from dataclasses import replace

    from tui.session.campaign.model import Condition
    from tui.session.table.completion import _conditions

    table = make_table(brp_campaign())
    alice = table.campaign.character("Alice Moore")
    table.session.campaign = table.campaign.with_character(
        replace(alice, conditions=(Condition("stunned", 2, "rounds"), Condition("prone")))
    )
    assert set(_conditions(table, "Alice Moore")) == {"stunned", "prone"}
    assert _conditions(table, None) == {}


def test_the_argument_spec_grammar() -> None:
    items = parse_spec("CHAR [RESOURCE] N")
    assert [i.kinds for i in items] == [("CHAR",), ("RESOURCE",), ("N",)]
    assert [i.optional for i in items] == [False, True, False]
    group = parse_spec("CHAR SKILL [vs CHAR] TEXT")
    assert [(i.kinds, i.optional, i.group) for i in group] == [
        (("CHAR",), False, 0),
        (("SKILL",), False, 0),
        (("vs",), True, 1),
        (("CHAR",), False, 1),
        (("TEXT",), False, 0),
    ]
    assert parse_spec("CHAR…")[0].repeat and parse_spec("a|b")[0].kinds == ("a", "b")


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_offered_line_is_valid_so_far(system: str) -> None:
    """Whatever Tab offers after a character parses (the class of "appended garbage")."""
    table = make_table(campaign_of(system))
    table.warm_up()
    for ch in table.campaign.characters:
        first = ch.name.split()[0]
        for line in complete_line(table, f"{first} "):
            preview = table.preview(line)
            assert preview.ok or "missing" in preview.text, (line, preview.text)


def test_every_command_offered_is_a_command(brp: Table) -> None:
    names = {c.name for c in brp.commands()}
    assert {line.strip().lstrip("/") for line in complete_line(brp, "/")} == names
