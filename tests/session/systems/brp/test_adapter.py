"""BRP through the table: typed and rolled checks, ticks, difficulty, opposed, resistance."""

from __future__ import annotations

from fractions import Fraction

from rules import brp as brp_rules
from rules.brp import Level
from tests.session.conftest import assert_odds_shown, brp_campaign, make_table, snapshot
from tui.session.table.table import Table

ALICE = "Alice Moore"


def ticks(table: Table, name: str = ALICE) -> tuple[str, ...]:
    return table.campaign.character(name).ticks


def levels(chance: int) -> list[tuple[str, Fraction]]:
    return [(level.label, p) for level, p in brp_rules.odds(chance).items()]


def test_special_success_ticks_once(brp: Table) -> None:
    fb = brp.submit("alice spot hidden = 07")
    assert fb.ok, fb.message
    assert "07 → special success" in fb.message
    assert ticks(brp) == ("Spot Hidden",)
    entry = brp.session.log[-1]
    assert entry.grade == "special"
    assert entry.inputs["dice"] == [7] and entry.inputs["source"] == "typed"
    assert entry.effects == ("tick: Alice Moore · Spot Hidden",)
    again = brp.submit("alice spot hidden = 07")
    assert again.ok and "special success" in again.message
    assert ticks(brp) == ("Spot Hidden",)
    assert brp.session.log[-1].effects == ()


def test_preview_odds_match_the_rules_and_show_the_enter_line(brp: Table) -> None:
    pv = brp.preview("alice spot hidden = 07")
    assert pv.ok
    assert_odds_shown(pv.text, levels(60))
    assert {c.label: c.p for c in pv.odds} == {lv.label: p for lv, p in brp_rules.odds(60).items()}
    enter = pv.text.split("\n  Enter → ")[1]
    fb = brp.submit("alice spot hidden = 07")
    assert enter == fb.message


def test_preview_without_dice_has_no_enter_line(brp: Table) -> None:
    pv = brp.preview("alice spot hidden")
    assert pv.ok and "Enter →" not in pv.text
    assert brp.session.log == [] and brp.campaign == brp_campaign()


def test_hard_halves_the_chance_and_ticks(brp: Table) -> None:
    pv = brp.preview("alice spot hidden hard")
    assert "→ 30%" in pv.text
    assert_odds_shown(pv.text, levels(brp_rules.effective_chance(60, "hard")))
    fb = brp.submit("alice spot hidden hard = 30")
    assert fb.ok and "30 → success" in fb.message
    assert ticks(brp) == ("Spot Hidden",)
    fb = brp.submit("alice stealth hard = 21")
    assert fb.ok and "21 → failure" in fb.message
    assert ticks(brp) == ("Spot Hidden",)


def test_easy_never_ticks(brp: Table) -> None:
    pv = brp.preview("alice stealth easy")
    assert "→ 80%" in pv.text
    assert_odds_shown(pv.text, levels(80))
    fb = brp.submit("alice stealth easy = 01")
    assert fb.ok and "critical success" in fb.message
    assert ticks(brp) == ()


def test_nostakes_never_ticks(brp: Table) -> None:
    fb = brp.submit("alice stealth nostakes = 10")
    assert fb.ok and "success" in fb.message
    assert ticks(brp) == ()


def test_automatic_needs_no_roll_and_never_ticks() -> None:
    table = make_table(brp_campaign())  # no scripted dice: a roll would fail the test
    pv = table.preview("alice stealth automatic")
    assert pv.ok and "automatic success" in pv.text and pv.odds == ()
    fb = table.submit("alice stealth automatic")
    assert fb.ok and "no roll → success" in fb.message
    assert ticks(table) == ()
    before = snapshot(table)
    bad = table.submit("alice stealth automatic = 10")
    assert not bad.ok and "takes no dice" in bad.message
    assert snapshot(table) == before


def test_characteristic_roll_is_times_five_and_never_ticks(brp: Table) -> None:
    pv = brp.preview("alice str")
    assert "STR 13×5 → 65%" in pv.text
    assert_odds_shown(pv.text, levels(65))
    fb = brp.submit("alice str = 60")
    assert fb.ok and "success" in fb.message
    assert ticks(brp) == ()


def test_signed_modifier_adds_points(brp: Table) -> None:
    pv = brp.preview("alice spot hidden +10")
    assert "60+10 → 70%" in pv.text
    assert_odds_shown(pv.text, levels(70))


def test_rolled_check_uses_the_injected_generator() -> None:
    table = make_table(brp_campaign(), faces=[3])
    fb = table.submit("alice spot hidden")
    assert fb.ok and "03 → critical success" in fb.message
    assert table.session.log[-1].inputs["source"] == "rolled"
    assert ticks(table) == ("Spot Hidden",)


def test_resistance_str_13_vs_siz_15_is_40_percent(brp: Table) -> None:
    chance = brp_rules.resistance_chance(13, 15)
    assert chance == 40
    pv = brp.preview("alice str vs boulder siz")
    assert pv.ok and "resistance 40%" in pv.text
    assert_odds_shown(pv.text, [("Alice Moore succeeds", brp_rules.resistance_odds(13, 15))])
    fb = brp.submit("alice str = 40 vs boulder siz")
    assert fb.ok and "(40%)" in fb.message and brp.session.log[-1].grade == "success"
    fb = brp.submit("alice str = 41 vs boulder siz")
    assert fb.ok and brp.session.log[-1].grade == "failure"
    assert ticks(brp) == ()


def test_opposed_success_against_success_higher_skill_wins_and_both_tick(brp: Table) -> None:
    pv = brp.preview("alice spot hidden vs boris")
    assert pv.ok and "Alice Moore wins" in pv.text
    fb = brp.submit("alice spot hidden = 30 vs boris = 20")
    assert fb.ok, fb.message
    assert fb.message.endswith(": Alice Moore wins")
    assert "(success→success)" in fb.message and "(success→failure)" in fb.message
    assert ticks(brp) == ("Spot Hidden",)
    assert ticks(brp, "Boris Ivanov") == ("Spot Hidden",)
    assert brp.session.log[-1].grade == "success"


def test_opposed_odds_are_exact(brp: Table) -> None:
    pv = brp.preview("alice stealth vs boris listen")
    # brute force over both d100 rolls with the rules' opposed resolution
    wins = {"a": 0, "b": 0, None: 0}
    for x in range(1, 101):
        la = brp_rules.resolve(40, x).level
        for y in range(1, 101):
            wins[brp_rules.opposed(la, 40, brp_rules.resolve(50, y).level, 50).winner] += 1
    from fractions import Fraction

    assert_odds_shown(
        pv.text,
        [
            ("Alice Moore wins", Fraction(wins["a"], 10_000)),
            ("Boris Ivanov wins", Fraction(wins["b"], 10_000)),
            ("no winner", Fraction(wins[None], 10_000)),
        ],
    )


def test_out_of_range_die_is_an_error_and_changes_nothing(brp: Table) -> None:
    brp.submit("alice spot hidden = 50")
    before = snapshot(brp)
    for line in ("alice spot hidden = 101", "alice spot hidden = 0", "alice spot hidden = 1 2"):
        fb = brp.submit(line)
        assert not fb.ok
        assert snapshot(brp) == before, line
        pv = brp.preview(line)
        assert not pv.ok and pv.text == fb.message
    assert "within 1..100, got 101" in brp.submit("alice spot hidden = 101").message


def test_unknown_words_and_names_are_errors(brp: Table) -> None:
    before = snapshot(brp)
    cases = {
        "zed spot hidden": "no character matches 'zed'",
        "alice knowledge": "ambiguous",
        "alice spot hidden wild": "unknown modifier 'wild'",
        "alice spot hidden easy hard": "pick one difficulty",
        "alice spot hidden tn=13": "unknown option tn=",
        "alice spot hidden +999": "must be within",
    }
    for line, problem in cases.items():
        fb = brp.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(brp) == before


def test_fumble_on_00(brp: Table) -> None:
    fb = brp.submit("alice spot hidden = 00")
    assert fb.ok and "00 → fumble" in fb.message
    assert brp.session.log[-1].inputs["dice"] == [100]
    assert brp.session.log[-1].grade == "fumble"
    assert Level.FUMBLE.label == "fumble"


def test_resistance_dice_may_be_typed_at_the_end_of_the_line(brp: Table) -> None:
    fb = brp.submit("alice str vs boulder siz = 40")
    assert fb.ok, fb.message
    assert brp.session.log[-1].inputs["dice"] == [40]
    assert brp.session.log[-1].grade == "success"
    before = snapshot(brp)
    bad = brp.submit("alice str = 10 vs boulder siz = 40")
    assert not bad.ok and "one d100" in bad.message
    assert snapshot(brp) == before
