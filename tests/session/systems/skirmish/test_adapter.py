"""The d10 skirmish system through the table: the seed's examples and the die variants."""

from __future__ import annotations

from fractions import Fraction

from rules import skirmish as skirmish_rules
from tests.session.conftest import (
    assert_odds_shown,
    make_table,
    skirmish_campaign,
    snapshot,
)
from tui.session.table.table import Table


def single_odds(value: int, die: str = "d10") -> list[tuple[str, Fraction]]:
    dist = skirmish_rules.odds(value, die)
    names = {"lucky": "lucky chance", "success": "success", "failure": "failure"}
    names["catastrophic"] = "catastrophic"
    return [(names[k], p) for k, p in dist.items()]


def test_samurai_5_against_yamabushi_8_samurai_strikes(skirmish: Table) -> None:
    line = "samurai fighting = 5 vs yamabushi = 8"
    pv = skirmish.preview(line)
    dist = skirmish_rules.contest_odds(7, 5, "d10")
    assert_odds_shown(
        pv.text,
        [
            ("Experienced Samurai acts", dist["a"]),
            ("Yamabushi acts", dist["b"]),
            ("nobody acts", dist[None]),
        ],
    )
    fb = skirmish.submit(line)
    assert fb.ok and fb.message == pv.text.split("\n  Enter → ")[1]
    assert fb.message.endswith("Experienced Samurai acts with 1 hit [5]")
    assert skirmish.session.log[-1].grade == "success"


def test_two_against_two_is_a_draw(skirmish: Table) -> None:
    fb = skirmish.submit("samurai fighting = 2 vs yamabushi fighting = 2")
    assert fb.ok and fb.message.endswith("draw: all successes cancel")
    assert skirmish.session.log[-1].grade == "partial"


def test_musket_dodge_at_minus_five(skirmish: Table) -> None:
    pv = skirmish.preview("samurai dexterity -5 vs ninja shooting")
    assert "Dexterity 7 (sub 5) → 2" in pv.text
    dist = skirmish_rules.contest_odds(2, 8, "d10")
    assert_odds_shown(pv.text, [("Experienced Samurai acts", dist["a"]), ("Ninja acts", dist["b"])])
    fb = skirmish.submit("samurai dexterity -5 = 1 vs ninja shooting = 5")
    assert fb.ok and fb.message.endswith("Ninja acts with 1 hit [5]")
    fb = skirmish.submit("samurai dexterity -5 = 3 vs ninja shooting = 9")
    assert fb.ok and fb.message.endswith("nobody acts")


def test_bushido_master_naginata_three_blows(skirmish: Table) -> None:
    line = "bushido body +6 = 3 4 9"
    pv = skirmish.preview(line)
    assert "Body Strength 6 (add 6) → 12 on 3×d10" in pv.text
    assert_odds_shown(pv.text, single_odds(12))
    fb = skirmish.submit(line)
    assert fb.ok
    assert "3: success, 4: success, 9: lucky chance (2 successes, 1 lucky)" in fb.message
    assert skirmish.session.log[-1].grade == "critical"
    assert skirmish.submit("bushido body +6 dice=3 = 3 4 9").message == fb.message


def test_d20_halved(skirmish: Table) -> None:
    line = "samurai fighting die=d20 = 12"
    pv = skirmish.preview(line)
    assert "on d20" in pv.text
    assert_odds_shown(pv.text, single_odds(7, "d20"))
    fb = skirmish.submit(line)
    assert fb.ok and "12: success" in fb.message
    entry = skirmish.session.log[-1]
    assert entry.inputs["die"] == "d20" and entry.inputs["dice"] == [12]


def test_campaign_die_option_is_the_default() -> None:
    table = make_table(skirmish_campaign(die="d12"), faces=[12])
    assert "on d12" in table.preview("ninja shooting").text
    fb = table.submit("ninja shooting")
    assert fb.ok and "12:" in fb.message


def test_modifier_order_and_limits(skirmish: Table) -> None:
    pv = skirmish.preview("samurai fighting x2 /3 set=4")
    assert "→ 4 on d10" in pv.text
    before = snapshot(skirmish)
    cases = {
        "samurai fighting die=d7": "die= must be one of",
        "samurai fighting die=d20 = 21": "within 1..20, got 21",
        "samurai fighting = 11": "within 1..10, got 11",
        "samurai fighting /0": "cannot be divided by 0",
        "samurai fighting dice=0": "dice= must be within",
        "samurai fighting dice=2 = 1": "expected 2 dice",
        "samurai fighting die=d20 vs yamabushi": "same die",
        "samurai fighting sideways": "unknown modifier 'sideways'",
    }
    for line, problem in cases.items():
        fb = skirmish.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(skirmish) == before


def test_several_dice_each_cancel_lower_ones(skirmish: Table) -> None:
    fb = skirmish.submit("samurai fighting = 5 6 vs yamabushi = 4 9")
    assert fb.ok and fb.message.endswith("Experienced Samurai acts with 2 hits [5, 6]")
    assert skirmish.session.log[-1].effects == ("Yamabushi: catastrophic failure",)
