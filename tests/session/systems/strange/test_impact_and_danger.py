"""The Strange System at the table (seed 001, issue 32): an impact lands as light wounds, an
opponent without skills rolls its danger class by name alone, ``ext=`` previews the chance
to complete, and bad danger classes and skill levels are refused when entered."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

from rules import strange as rules
from rules.exact import enumerate_dice
from tests.session.conftest import brp_campaign, make_table, pct, strange_campaign
from tests.session.scene_helpers import ok, refused, undo_restores
from tests.session.scene_helpers import strange_campaign as bare_campaign
from tui.session.table.table import Table

WOUNDS = "Лёгкие раны"


def table(faces: tuple[int, ...] = ()) -> Table:
    return make_table(strange_campaign(aliases=True), faces=faces)


def wounds(t: Table, name: str) -> int | None:
    return t.campaign.character(name).resources.get(WOUNDS)


# -- impact → light wounds --------------------------------------------------------------------


def test_seed_kirma_mounted_bow_impact_2_is_two_light_wounds_in_one_undo_step() -> None:
    """«приводит к получению двух лёгких ран»: Kirma, partial failure, impact 2."""
    t = table()
    line = "kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5"
    fb = undo_restores(t, line)  # the wounds and the roll are one step (undone, redone)
    assert "partial failure, impact 2" in fb.message
    assert wounds(t, "Кирма") == 2
    roll = [e for e in t.session.log if e.kind == "roll"][-1]
    assert roll.effects == (f"impact 2 on Кирма: {WOUNDS} 0 → 2",)


def test_seed_kirma_chase_impact_on_a_success_is_a_consequence_not_a_wound() -> None:
    """The chase: partial success, impact 1 («его конь полностью выбивается из сил»): the
    goal is reached at a price the GM names; nobody is wounded, the log says the impact."""
    t = table()
    fb = undo_restores(t, "kirma riding range=5,4 resist=5,3 = 3 3 5 5")
    assert "partial success, impact 1" in fb.message
    assert wounds(t, "Кирма") == 0
    roll = [e for e in t.session.log if e.kind == "roll"][-1]
    assert roll.effects == (
        "impact 1 on Кирма's success: a consequence for the GM to name, no wound",
    )


def test_an_impact_wounds_on_every_failure_grade_and_on_no_success_grade() -> None:
    # every grade a resisted check can end with, across all dice: wounds iff a failure
    t = table()
    seen: set[tuple[bool, bool]] = set()
    for dice in itertools.product(range(1, 7), repeat=4):
        result = rules.resolve(dice, (2, 5), 2, resistance_range=(1, 6))
        if not result.impact or (result.grade.success, True) in seen:
            continue
        before = wounds(t, "Кирма") or 0
        faces = " ".join(map(str, dice))
        ok(t, f"kirma bow range=2,5 resist=1,6 = {faces}")
        wounded = (wounds(t, "Кирма") or 0) - before
        assert wounded == (0 if result.grade.success else result.impact), (dice, result.grade)
        seen.add((result.grade.success, True))
    assert seen == {(True, True), (False, True)}


def test_no_impact_no_wounds() -> None:
    t = table()
    ok(t, "даймитрий взлом range=1,4 = 2 2 4 6")
    assert wounds(t, "Даймитрий") == 0 and t.session.log[-1].effects == ()


def test_a_character_without_the_counter_gets_the_campaigns_first_wound_resource() -> None:
    campaign = strange_campaign(aliases=True)
    kirma = campaign.character("Кирма")
    campaign = campaign.with_character(replace(kirma, resources={}))
    t = make_table(campaign)
    ok(t, "kirma bow mounted range=4,5 resist=3,4 = 3 3 4 5")
    assert wounds(t, "Кирма") == 2


def test_a_campaign_without_wound_counters_logs_the_impact_and_changes_nothing() -> None:
    t = make_table(bare_campaign())
    line = "kirma riding range=4,5 resist=1,6 = 1 1 2 3"  # full failure, impact 4
    fb = ok(t, line)[0]
    assert "impact 4" in fb.message
    assert t.campaign.character("Kirma").resources == {}
    assert "no wound counter recorded" in t.session.log[-1].effects[0]


# -- danger classes ---------------------------------------------------------------------------


def test_seed_opponent_without_skills_rolls_its_danger_class_by_name_alone() -> None:
    t = table()
    alone = t.preview("кирма верховая против ог'лай")
    named = t.preview("кирма верховая против ог'лай danger")
    assert alone.ok and alone.text == named.text
    assert "Ог'лай danger (Professional, rank 5/3)" in alone.text
    fb = t.submit("кирма верховая = 4 4 5 1 против ог'лай = 1 2 3 6 range=4,5")
    assert fb.ok and fb.message.endswith("Кирма wins"), fb.message


def test_act_of_a_danger_class_opponent_takes_its_words_as_the_method() -> None:
    t = table()
    ok(t, "/scene Тракт", "/goal kirma escape", "/goal ог'лай hunt", "/phase")
    fb = ok(t, "/act ог'лай кусает vs kirma")[0]
    assert fb.message == "#1 Ог'лай: кусает (danger) at Кирма — type the roll"
    refused(t, "/act kirma flees", "no skill of Кирма matches 'flees'")


def test_bad_danger_classes_are_refused_when_entered_with_the_range() -> None:
    t = table()
    for bad in ("5", "0", "-1", "x"):
        refused(t, f"/attr ог'лай danger {bad}", "a danger class is 1..4", "4 Смертоносный")
    ok(t, "/attr ог'лай danger 4")
    assert t.campaign.character("Ог'лай").attributes["danger"] == 4


def test_skills_that_are_not_a_ladder_level_are_refused_when_entered() -> None:
    t = table()
    refused(t, "/skill kirma верховая -5", "a level of the ladder (Умелец, Профессионал, Мастер)")
    ok(t, "/skill kirma верховая Professional")  # an English name of a level is a level
    brp = make_table(brp_campaign())
    refused(brp, "/skill alice stealth -5", "within 0..1000, got -5")


# -- ext= -----------------------------------------------------------------------------------


def _progress(span: tuple[int, int], required: int) -> dict[int, Fraction]:
    """Points a roll adds, by brute force over 4d6: partial 1, full 2, critical 3."""
    points = {"partial success": 1, "full success": 2, "critical success": 3}
    out: dict[int, int] = {}
    for dice in enumerate_dice(4, 6):
        label = rules.resolve(dice, span, required).grade.label
        n = 3 if label == "absolute critical" else points.get(label, 0)
        out[n] = out.get(n, 0) + 1
    return {k: Fraction(v, 1296) for k, v in out.items()}


def test_ext_previews_the_chance_to_complete() -> None:
    t = table()
    ok(t, "/scene Тракт", "/ext Скачка threshold=5 time=30m per=12m")  # 2 rolls fit
    shown = t.preview("kirma riding ext=Скачка range=4,5")
    steps = _progress((4, 5), 1)
    p = sum(
        (steps[a] * steps[b] for a, b in itertools.product(steps, repeat=2) if a + b >= 5),
        Fraction(0),
    )
    assert f"Скачка: {pct(p)} to complete in the 2 rolls left, all by Кирма" in shown.text
