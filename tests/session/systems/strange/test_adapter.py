"""The Strange System through the table: every seed example typed into the roll entry."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules import strange as strange_rules
from rules.exact import enumerate_dice
from tests.session.conftest import (
    assert_odds_shown,
    make_table,
    snapshot,
    strange_campaign,
)
from tui.session.table.table import Table


def grade_odds(
    span: tuple[int, int], resist: tuple[int, int] | None, required: int, mod: int
) -> list[tuple[str, Fraction]]:
    """Brute force over the 1,296 outcomes of 4d6 with the rules' resolve."""
    counts: dict[strange_rules.Grade, int] = {}
    for dice in enumerate_dice(4, 6):
        g = strange_rules.resolve(
            dice, span, required, resistance_range=resist, range_modifier=mod
        ).grade
        counts[g] = counts.get(g, 0) + 1
    return [(g.label, Fraction(n, 1296)) for g, n in counts.items()]


def enter_line(table: Table, line: str) -> str:
    pv = table.preview(line)
    assert pv.ok, pv.text
    return pv.text.split("\n  Enter → ")[1]


def test_daimitry_opens_the_safe(strange: Table) -> None:
    line = "даймитрий взлом range=1,4 = 2 2 4 6"
    pv = strange.preview(line)
    assert_odds_shown(pv.text, grade_odds((1, 4), None, 3, 0))
    fb = strange.submit(line)
    assert fb.ok and fb.message == enter_line(strange, line)
    assert "full success" in fb.message and "hits 3/3" in fb.message
    entry = strange.session.log[-1]
    assert entry.inputs["range"] == [1, 4] and entry.inputs["dice"] == [2, 2, 4, 6]
    assert entry.inputs["source"] == "typed" and entry.grade == "success"


@pytest.mark.parametrize(
    "line",
    [
        "daym vzlom range=4,1 = 2-2-4-6",  # transliterated, range dice in any order
        "даймитрий взлом = 2,2,4,6 range=1,4",  # the range after the dice
        "даймитрий взлом range=1-4 = 2 2 4 6",
    ],
)
def test_daimitry_other_spellings(strange: Table, line: str) -> None:
    fb = strange.submit(line)
    assert fb.ok and "full success (2-2-4-6 vs 1-4" in fb.message, fb.message


def test_dallah_longsword_against_resistance(strange: Table) -> None:
    line = "dallah длин range=2,6 resist=4,6 = 1 6 6 5"
    pv = strange.preview(line)
    assert_odds_shown(pv.text, grade_odds((2, 6), (4, 6), 2, 0))
    fb = strange.submit(line)
    assert fb.ok and "full success" in fb.message and "effective 4" in fb.message
    assert strange.session.log[-1].effects == ()


def test_wrestling_duel_balgruf_wins_with_athletics(strange: Table) -> None:
    line = "dallah рукопашный = 1 6 5 5 vs балгруф атлетика = 2 4 6 6 range=3,6"
    fb = strange.submit(line)
    assert fb.ok, fb.message
    assert "(effective 3)" in fb.message and "(effective 4)" in fb.message
    assert fb.message.endswith(": ярл Балгруф wins")
    assert strange.session.log[-1].grade == "failure"
    assert strange.session.log[-1].inputs["range"] == [3, 6]


def test_duel_with_equal_skills_is_a_draw(strange: Table) -> None:
    fb = strange.submit("dallah рукопашный = 1 6 5 5 vs kirma верховой = 2 4 6 5 range=3,6")
    assert fb.ok and fb.message.endswith(": no winner"), fb.message


def test_kirma_riding_chase_partial_success_impact_1(strange: Table) -> None:
    line = "kirma riding range=5,4 resist=5,3 = 3 3 5 5"
    pv = strange.preview(line)
    assert_odds_shown(pv.text, grade_odds((4, 5), (3, 5), 1, 0))
    fb = strange.submit(line)
    assert fb.ok and "partial success, impact 1" in fb.message
    assert strange.session.log[-1].effects == (
        "impact 1 on Кирма's success: a consequence for the GM to name, no wound",
    )


@pytest.mark.parametrize(
    "line",
    [
        "kirma bow nosynergy mod=-1 range=4,5 resist=3,4 = 3 3 4 5",  # the GM types it
        "kirma bow range=4,5 resist=3,4 = 3 3 4 5",  # synergy applies it from extra.supports
        "кирма владение лук range=4,5 resist=3,4 = 3-3-4-5",
    ],
)
def test_kirma_mounted_archery_partial_failure_two_wounds(strange: Table, line: str) -> None:
    pv = strange.preview(line)
    assert pv.ok and "mod -1" in pv.text
    assert_odds_shown(pv.text, grade_odds((4, 5), (3, 4), 2, -1))
    fb = strange.submit(line)
    assert fb.ok and "partial failure" in fb.message and "impact 2" in fb.message
    assert strange.session.log[-1].inputs["mod"] == -1


def test_four_fours_is_absolute_critical(strange: Table) -> None:
    fb = strange.submit("даймитрий взлом range=1,2 resist=1,6 = 4 4 4 4")
    assert fb.ok and "absolute critical" in fb.message
    assert strange.session.log[-1].grade == "critical"


def test_danger_class_rolls_like_its_level(strange: Table) -> None:
    assert "danger" in strange.rollables("Ог'лай")
    fb = strange.submit("ог danger range=1,4 = 1 2 5 6")
    assert fb.ok and "hits 2/2" in fb.message, fb.message


def test_app_rolls_the_gm_ranges_and_odds_cover_them() -> None:
    table = make_table(strange_campaign(), faces=[5, 4, 5, 3, 3, 3, 5, 5])
    pv = table.preview("кирма верховая езда opposed")
    dist = strange_rules.odds(1, 0, True)
    assert_odds_shown(pv.text, [(g.label, p) for g, p in dist.items()])
    assert "rolled by the app" in pv.text and "Enter →" not in pv.text
    fb = table.submit("кирма верховая езда opposed")
    assert fb.ok and "partial success, impact 1" in fb.message
    assert table.session.log[-1].inputs["source"] == "rolled"


def test_typed_dice_with_app_range_gives_no_enter_line() -> None:
    table = make_table(strange_campaign(), faces=[1, 4])
    pv = table.preview("даймитрий взлом = 2 2 4 6")
    assert pv.ok and "Enter →" not in pv.text
    fb = table.submit("даймитрий взлом = 2 2 4 6")
    assert fb.ok and "vs 1-4" in fb.message


def test_bad_ranges_and_modifiers_change_nothing(strange: Table) -> None:
    before = snapshot(strange)
    cases = {
        "kirma bow range=7,1": "within 1..6",
        "kirma bow range=1": "two d6",
        "kirma bow resist=a,b": "two d6",
        "kirma bow mod=-9": "mod= must be within",
        "kirma bow mod=x": "whole number",
        "kirma bow range=1,4 = 1 2 3": "expected 4 dice",
        "kirma bow range=1,4 = 1 2 3 7": "within 1..6",
        "kirma bow easy": "unknown modifier 'easy'",
        "kirma bow tn=3": "unknown option tn=",
    }
    for line, problem in cases.items():
        fb = strange.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
        assert not strange.preview(line).ok
    assert snapshot(strange) == before


def test_aliases_need_the_character_extra() -> None:
    plain = make_table(strange_campaign(aliases=False))
    fb = plain.submit("kirma bow range=4,5 = 3 3 4 5")
    assert not fb.ok and "no skill of Кирма matches 'bow'" in fb.message
    with_aliases = make_table(strange_campaign(aliases=True))
    fb = with_aliases.submit("kirma bow range=4,5 = 3 3 4 5")
    assert fb.ok and with_aliases.session.log[-1].inputs["skill"] == "Владение луком"
    assert with_aliases.session.log[-1].actor == "Кирма"


def test_bad_ladder_option_is_an_error_not_a_crash() -> None:
    from dataclasses import replace

    table = make_table(replace(strange_campaign(), options={"ladder": {"Умелец": "three"}}))
    before = snapshot(table)
    fb = table.submit("даймитрий взлом range=1,4 = 2 2 4 6")
    assert not fb.ok and "options.ladder" in fb.message
    assert snapshot(table) == before
