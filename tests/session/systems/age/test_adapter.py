"""AGE through the table: focus bonus, TN words, opposed tie chain, Fortune."""

from __future__ import annotations

from fractions import Fraction

from rules import age as age_rules
from rules.exact import enumerate_dice
from tests.session.conftest import assert_odds_shown, snapshot
from tui.session.table.table import Table


def test_focus_adds_two_and_default_tn_is_eleven(age: Table) -> None:
    pv = age.preview("naomi stealth = 3 4 6")
    assert pv.ok
    assert "Naomi Dexterity (Stealth) +5 vs TN 11 Average (default)" in pv.text
    p = age_rules.odds(5, 11)
    assert_odds_shown(pv.text, [("success", p), ("failure", 1 - p)])
    fb = age.submit("naomi stealth = 3 4 6")
    assert fb.ok and fb.message == pv.text.split("\n  Enter → ")[1]
    entry = age.session.log[-1]
    assert entry.inputs["bonus"] == 5 and entry.inputs["tn"] == 11
    assert entry.inputs["dice"] == [3, 4, 6]


def test_ability_without_focus(age: Table) -> None:
    pv = age.preview("naomi dexterity tn=13")
    assert "Naomi Dexterity +3 vs TN 13 Challenging" in pv.text
    p = age_rules.odds(3, 13)
    assert_odds_shown(pv.text, [("success", p), ("failure", 1 - p)])


def test_tn_words_and_numbers(age: Table) -> None:
    assert "TN 15 Hard" in age.preview("naomi stealth hard").text
    assert "TN 13 Challenging" in age.preview("naomi stealth challenging").text
    assert "TN 13 Challenging" in age.preview("naomi stealth tn=challenging").text
    assert "TN 17 Very Hard" in age.preview("naomi stealth tn=17").text
    assert "TN 15" in age.preview("naomi stealth = 3 4 6 tn=15").text
    fb = age.submit("naomi stealth tn=17 = 3 4 2")
    assert fb.ok and "14 vs 17" in fb.message and age.session.log[-1].grade == "failure"


def test_bad_tn_is_an_error(age: Table) -> None:
    before = snapshot(age)
    for line, problem in {
        "naomi stealth tn=99": "within 1..40",
        "naomi stealth tn=abc": "needs a number or a difficulty name",
        "naomi stealth sideways": "unknown modifier 'sideways'",
        "naomi stealth = 3 4 7": "within 1..6",
        "naomi stealth = 3 4": "expected 3 dice",
    }.items():
        fb = age.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(age) == before


def test_opposed_tie_chain(age: Table) -> None:
    # higher total wins
    fb = age.submit("naomi stealth = 4 4 3 vs amos technology = 3 3 3")
    assert fb.ok and fb.message.endswith(": Naomi wins")
    # equal totals (14): the higher Drama Die wins
    fb = age.submit("naomi stealth = 3 4 2 vs amos technology = 4 3 3")
    assert fb.ok and "14 (drama 2)" in fb.message
    assert fb.message.endswith(": Amos wins (higher Drama Die)")
    # equal totals and Drama Dice: the higher ability + focus wins (Naomi 5 over Amos 4)
    fb = age.submit("naomi stealth = 3 3 3 vs amos technology = 4 3 3")
    assert fb.ok and fb.message.endswith(": Naomi wins (higher ability + focus)")
    # all equal (Naomi Stealth -1 against Amos +4 Technology +0): the modifier is not skill
    fb = age.submit("naomi stealth -1 = 3 3 3 vs amos technology = 3 3 3")
    assert fb.ok and fb.message.endswith(": Naomi wins (higher ability + focus)")


def test_seed_tie_goes_to_the_higher_skill_never_the_situational_modifier(age: Table) -> None:
    """«выигрывает тот, чей навык выше»: Naomi's Dexterity 3 +1 (cover) ties Amos's
    Technology 4 on total and Drama Die; the skill, not the +1, decides: Amos wins."""
    fb = age.submit("naomi dexterity +1 = 3 3 3 vs amos technology = 3 3 3")
    assert fb.ok and fb.message.endswith(": Amos wins (higher ability + focus)")
    assert age.session.log[-1].grade == "failure"
    sides = age.session.log[-1].inputs["sides"]
    assert [(s["bonus"], s["skill_value"]) for s in sides] == [(4, 3), (4, 4)]
    # three participants tied at +4: Naomi's Stealth (Dexterity 3 + focus 2 = 5) decides
    fb = age.submit(
        "naomi dexterity +1 = 3 3 3 vs amos technology = 3 3 3 vs naomi stealth -1 = 3 3 3"
    )
    assert fb.ok and fb.message.endswith(": Naomi (Stealth) wins (higher ability + focus)")
    fb = age.submit("naomi stealth = 3 3 3 vs amos technology +1 = 3 3 3")
    assert fb.ok and fb.message.endswith(": Naomi wins (higher ability + focus)")


def test_opposed_odds_match_brute_force(age: Table) -> None:
    pv = age.preview("naomi stealth vs amos technology")
    rolls = list(enumerate_dice(3, 6))
    a = [age_rules.resolve((d[0], d[1], d[2]), 5, 0) for d in rolls]
    b = [age_rules.resolve((d[0], d[1], d[2]), 4, 0) for d in rolls]
    wins: dict[str | None, int] = {"a": 0, "b": 0, None: 0}
    for ra in a:
        for rb in b:
            wins[age_rules.opposed(ra, rb)] += 1
    n = len(rolls) ** 2
    assert_odds_shown(
        pv.text,
        [
            ("Naomi wins", Fraction(wins["a"], n)),
            ("Amos wins", Fraction(wins["b"], n)),
            ("no winner", Fraction(wins[None], n)),
        ],
    )


def test_fortune_changes_a_die_and_the_drama_die(age: Table) -> None:
    assert age.submit("naomi stealth tn=17 = 3 4 2").ok
    fb = age.submit("/fortune naomi die=3 face=6")
    assert fb.ok, fb.message
    assert "Drama Die 2 → 6" in fb.message and "success" in fb.message
    assert age.campaign.character("Naomi").resources["Fortune"] == 9
    entry = age.session.log[-1]
    assert entry.inputs["dice"] == [3, 4, 6] and entry.grade == "success"
    fb = age.submit("/fortune naomi die=1 face=6")
    assert fb.ok and "die 1 3 → 6" in fb.message
    assert age.campaign.character("Naomi").resources["Fortune"] == 7
    assert age.session.log[-1].inputs["dice"] == [6, 4, 6]


def test_fortune_without_points_or_test_changes_nothing(age: Table) -> None:
    before = snapshot(age)
    fb = age.submit("/fortune naomi die=3 face=6")
    assert not fb.ok and "no test to spend Fortune on" in fb.message
    assert snapshot(age) == before
    assert age.submit("bobbie seeing tn=17 = 1 1 1").ok  # Bobbie has 1 Fortune point
    before = snapshot(age)
    for line, problem in {
        "/fortune bobbie die=1 face=6": "at least 2",
        "/fortune bobbie die=3 face=6": "at least 3",
        "/fortune bobbie die=4 face=6": "die= must be 1, 2 or 3",
        "/fortune bobbie die=1 face=7": "within 1..6",
        "/fortune bobbie die=x face=2": "whole numbers",
        "/fortune zed die=1 face=2": "no character matches 'zed'",
        "/fortune": "usage",
    }.items():
        fb = age.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(age) == before


def test_fortune_accepts_a_character_alias() -> None:
    from dataclasses import replace

    from tests.session.conftest import age_campaign, make_table

    campaign = age_campaign()
    naomi = campaign.character("Naomi")
    table = make_table(campaign.with_character(replace(naomi, extra={"aliases": ["nagata"]})))
    assert table.submit("nagata stealth tn=17 = 3 4 2").ok
    fb = table.submit("/fortune nagata die=3 face=6")
    assert fb.ok, fb.message
    assert table.campaign.character("Naomi").resources["Fortune"] == 9


def test_fortune_with_a_bad_cost_option_is_an_error_not_a_crash() -> None:
    from dataclasses import replace

    from tests.session.conftest import age_campaign, make_table

    table = make_table(replace(age_campaign(), options={"fortune_regular": "two"}))
    assert table.submit("naomi stealth = 1 2 3").ok
    before = snapshot(table)
    fb = table.submit("/fortune naomi die=1 face=6")
    assert not fb.ok and "fortune_regular must be a whole number" in fb.message
    assert snapshot(table) == before
