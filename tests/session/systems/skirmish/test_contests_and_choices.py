"""Skirmish at the table (seed 003): contests with several dice a side previewed exactly,
several fixed values chosen by the acting player, and errors in the GM's words."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from rules import skirmish as rules
from tests.seeds import seed_passages
from tests.session.conftest import assert_odds_shown, make_table, skirmish_campaign, snapshot
from tui.session.table.table import Table

SEED = seed_passages("003")
SAMURAI, YAMABUSHI = "Experienced Samurai", "Yamabushi"


def brute(a_value: int, a_dice: int, b_value: int, b_dice: int) -> dict[str | None, Fraction]:
    """Every face of every die, each contest decided by the rules' contest()."""
    wins: Counter[str | None] = Counter()
    for fa in itertools.product(range(1, 11), repeat=a_dice):
        for fb in itertools.product(range(1, 11), repeat=b_dice):
            wins[rules.contest(a_value, fa, b_value, fb).winner] += 1
    n = sum(wins.values())
    return {k: Fraction(wins[k], n) for k in ("a", "b", None)}


def test_samurai_two_attacks_against_yamabushi_two_preview_who_acts() -> None:
    """«Если один или оба игрока могут совершить бросок более чем одной игральной кости»:
    the samurai (7) and the yamabushi (5) each roll two dice in one contest."""
    assert "более чем одной игральной кости" in SEED
    table = make_table(skirmish_campaign(), faces=[5, 2, 8, 2])
    line = "samurai fighting dice=2 vs yamabushi fighting dice=2"
    pv = table.preview(line)
    dist = brute(7, 2, 5, 2)
    assert dist == rules.contest_odds(7, 5, a_dice=2, b_dice=2)
    assert_odds_shown(
        pv.text,
        [
            (f"{SAMURAI} acts", dist["a"]),
            (f"{YAMABUSHI} acts", dist["b"]),
            ("nobody acts", dist[None]),
        ],
    )
    fb = table.submit(line)
    # 5 and 2 against 8 and 2: the samurai's 5 stands above the yamabushi's best (2)
    assert fb.ok and fb.message.endswith(f"{SAMURAI} acts with 1 hit [5]"), fb.message
    assert table.submit("/undo").ok and not table.session.can_undo


def test_several_dice_preview_counts_typed_dice_too() -> None:
    table = make_table(skirmish_campaign())
    pv = table.preview("samurai fighting = 5 6 vs yamabushi = 4 9 3")
    dist = rules.contest_odds(7, 5, a_dice=2, b_dice=3)
    assert_odds_shown(pv.text, [(f"{SAMURAI} acts", dist["a"]), (f"{YAMABUSHI} acts", dist["b"])])


def test_two_fixed_values_need_the_acting_players_choice() -> None:
    """«игрок, которому принадлежит ход, выбирает какой из них применить»."""
    assert "игрок, которому принадлежит ход, выбирает" in SEED
    table = make_table(skirmish_campaign())
    before = snapshot(table)
    for line in ("samurai fighting set=3,5", "samurai fighting set=3 set=5"):
        fb = table.submit(line + " = 4")
        assert not fb.ok and "add choose=3 or choose=5" in fb.message, fb.message
    assert snapshot(table) == before
    fb = table.submit("samurai fighting set=3 set=5 choose=5 = 4")
    assert fb.ok and "(set 3 set 5, choose 5) → 5 on d10: 4: success" in fb.message
    assert table.session.log[-1].inputs["value"] == 5
    bad = table.submit("samurai fighting set=3,5 choose=4")
    assert not bad.ok and "not one of the set values 3, 5" in bad.message
    bad = table.submit("samurai fighting choose=4")
    assert not bad.ok and "has no set=" in bad.message


def test_bad_modifiers_are_sentences_not_parameter_names(skirmish: Table) -> None:
    for line in (
        "samurai fighting /0",
        "samurai fighting set=3,5",
        "samurai fighting set=x",
        "samurai fighting set=3,5 choose=9",
    ):
        fb = skirmish.submit(line)
        assert not fb.ok
        assert "modifiers[" not in fb.message and "+inf" not in fb.message, fb.message
        assert "amount" not in fb.message, fb.message
