"""The table core: free dice, core slash commands, previews of commands, completion."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import dice as dice_rules
from tests.session.conftest import (
    CAMPAIGNS,
    brp_campaign,
    campaign_of,
    make_table,
    snapshot,
    strange_campaign,
)
from tests.systems import SYSTEMS
from tui.session.table.completion import complete_line
from tui.session.table.table import Table


def test_free_roll_typed_and_rolled() -> None:
    table = make_table(brp_campaign(), faces=[2, 5, 1])
    fb = table.submit("3d6+2 = 1 2 3")
    assert fb.ok and fb.message == "3d6+2: [1 2 3] = 8"
    assert table.session.log[-1].inputs == {"expr": "3d6+2", "dice": [1, 2, 3], "source": "typed"}
    fb = table.submit("3d6+2")
    assert fb.ok and fb.message == "3d6+2: [2 5 1] = 10"
    assert table.session.log[-1].inputs["source"] == "rolled"
    assert table.campaign == brp_campaign()  # free rolls change no character


def test_free_roll_preview_shows_range_and_exact_mean(brp: Table) -> None:
    pv = brp.preview("3d6+2")
    dist = dice_rules.odds("3d6+2")
    mean = sum(k * p for k, p in dist.items())
    assert mean == Fraction(25, 2)
    assert pv.ok and pv.text == f"3d6+2: 5..20, average {float(mean):.1f}"
    assert brp.preview("d100 = 42").text.startswith("1d100: 1..100")
    assert brp.submit("d100 = 42").message == "1d100: [42] = 42"


def test_free_roll_errors_change_nothing(brp: Table) -> None:
    before = snapshot(brp)
    cases = {
        "3d6 = 1 2": "needs 3 dice, got 2",
        "3d6 = 1 2 7": "within 1..6, got 7",
        "d100 = 101": "within 1..100",
        "999999999999d6": "too many dice",
        "1001d6": "too many dice",
    }
    for line, problem in cases.items():
        fb = brp.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(brp) == before


def test_huge_free_roll_previews_its_exact_average(brp: Table) -> None:
    pv = brp.preview("1000d1000")
    assert pv.ok and pv.text == "1000d1000: 1000..1000000, average 500500.0"
    assert brp.preview("1000d6").text == "1000d6: 1000..6000, average 3500.0"


def test_hp_note_rename(brp: Table) -> None:
    assert brp.submit("/hp alice -3").ok
    assert brp.campaign.character("Alice Moore").resources["HP"] == 8
    assert brp.submit("/hp alice pp =5").ok
    assert brp.campaign.character("Alice Moore").resources["PP"] == 5
    fb = brp.submit("/note the door creaks")
    assert fb.ok and brp.session.log[-1].text == "note: the door creaks"
    assert brp.submit("/rename The Silent House").ok
    assert brp.campaign.name == "The Silent House"


def test_core_command_errors_change_nothing(brp: Table) -> None:
    before = snapshot(brp)
    cases = {
        "/hp alice": "usage",
        "/hp alice 3": "write +N, -N or =N",
        "/hp alice +x": "is not a number",
        "/hp alice =99999999": "very large",
        "/hp zed -1": "no character matches 'zed'",
        "/hp alice mana -1": "no resource matches 'mana'",
        "/note": "needs some text",
        "/rename": "needs a name",
        "/frobnicate": "unknown command /frobnicate",
        "/fortune naomi die=1 face=2": "unknown command /fortune",  # AGE only
        "/undo": "nothing to undo",
        "/redo": "nothing to redo",
    }
    for line, problem in cases.items():
        fb = brp.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(brp) == before


def test_help_and_quit_ask_the_app(brp: Table) -> None:
    assert brp.submit("/help").action == "help"
    assert brp.submit("/?").action == "help"
    assert brp.submit("/quit").action == "quit"
    assert brp.session.log == []


def test_preview_of_commands(brp: Table) -> None:
    assert brp.preview("").text == "" and brp.preview("").ok
    pv = brp.preview("/undo")
    assert pv.ok and pv.text.startswith("/undo — ")
    pv = brp.preview("/re")
    assert pv.ok and "/redo" in pv.text and "/rename" in pv.text
    pv = brp.preview("/zzz")
    assert not pv.ok and "unknown command /zzz" in pv.text


# -- completion -------------------------------------------------------------------------------


def test_complete_characters_and_skills(brp: Table) -> None:
    assert complete_line(brp, "al") == ["alice moore "]
    assert complete_line(brp, "Al") == ["Alice Moore "]
    assert complete_line(brp, "alice sp") == ["alice spot hidden"]
    assert sorted(complete_line(brp, "alice kn")) == [
        "alice knowledge (history)",
        "alice knowledge (occult)",
    ]
    after_space = complete_line(brp, "alice ")
    assert "alice spot hidden" in after_space and "alice str" in after_space
    assert complete_line(brp, "zzz") == []


def test_complete_after_vs(brp: Table) -> None:
    assert complete_line(brp, "alice spot hidden vs b") == [
        "alice spot hidden vs boris ivanov ",
        "alice spot hidden vs boulder ",
    ]
    assert complete_line(brp, "alice spot hidden vs boris l") == [
        "alice spot hidden vs boris listen"
    ]


def test_complete_commands(brp: Table) -> None:
    assert "/undo" in complete_line(brp, "/u")
    assert all(c.startswith("/u") for c in complete_line(brp, "/u"))
    assert {"/help", "/hp ", "/note ", "/quit", "/redo", "/rename ", "/undo"} <= set(
        complete_line(brp, "/")
    )
    assert complete_line(brp, "/undo") == ["/undo"]  # nothing to change: Tab rings the bell
    assert complete_line(brp, "/note some") == []  # free text is never completed
    assert "/fortune " not in complete_line(brp, "/f")
    assert complete_line(make_table(CAMPAIGNS["age"]()), "/fo") == ["/fortune "]


def test_complete_cyrillic_and_transliteration() -> None:
    table = make_table(strange_campaign(aliases=True))
    assert complete_line(table, "даймитрий вз") == ["даймитрий взлом замков"]
    assert complete_line(table, "кир") == ["кирма "]
    # a Latin line stays Latin: the transliteration when there is no Latin alias
    assert complete_line(table, "dallah") == ["sir dallah "]
    assert complete_line(table, "ог") == ["ог'лай "]
    assert complete_line(table, "kirma b") == ["kirma bow", "kirma verhovoy boy"]
    assert complete_line(table, "dallah vl") == ["dallah vladenie dlinnym mechom"]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_completion_of_a_character_is_a_valid_start(system: str) -> None:
    table = make_table(campaign_of(system))
    for ch in table.campaign.characters:
        prefix = ch.name[:2]
        completions = complete_line(table, prefix)
        assert completions, (system, prefix)
        for line in completions:
            assert table.match_character(line.split()).name in {
                c.name for c in table.campaign.characters
            }
