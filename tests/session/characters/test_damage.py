"""``/damage`` in every system: each hit less the target's own protection (or ``armor=``/
``dr=``), the rest off its HP in one undo step with the arithmetic in the log; Tab completes
the target; a type word a system does not have is refused by name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.conftest import age_campaign, brp_campaign, make_table
from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tui.session.campaign.model import Campaign
from tui.session.table.completion import complete_line


def _brp() -> Campaign:
    campaign = brp_campaign()
    boris = campaign.character("Boris Ivanov")
    return campaign.with_character(replace(boris, attributes={**boris.attributes, "Armor": 2}))


def test_brp_armour_from_the_sheet_comes_off_each_hit() -> None:
    table = table_for(_brp())
    # 1d8+1 twice: 7+1 = 8 → 6; 1+1 = 2 → 0 against Armor 2
    fb = undo_restores(table, "/damage boris 1d8+1 hits=2 = 7 1")
    assert fb.message == (
        "Boris Ivanov takes 6 damage from 2 hits (1d8+1 vs Armor 2: 8 - 2 = 6; 2 - 2 = 0; "
        "total 6); HP 13 → 7"
    )
    assert table.campaign.character("Boris Ivanov").resources["HP"] == 7
    entry = [e for e in table.session.log if e.kind == "roll"][-1]
    assert entry.inputs == {
        "expr": "1d8+1",
        "armor": 2,
        "hits": 2,
        "dice": [7, 1],
        "source": "typed",
    }


def test_armor_on_the_line_overrides_the_sheet() -> None:
    table = table_for(_brp())
    fb = ok(table, "/damage boris 1d8 armor=5 = 8")[0]
    assert fb.message == "Boris Ivanov takes 3 damage (1d8 vs armor= 5: 8 - 5 = 3); HP 13 → 10"
    fb = ok(table, "/damage alice 1d6 = 4")[0]  # no armour on her sheet
    assert fb.message == "Alice Moore takes 4 damage (1d6: 4); HP 11 → 7"


def test_rolled_damage_takes_the_dice_from_the_generator() -> None:
    table = table_for(_brp(), faces=[5])
    fb = ok(table, "/damage boris 1d6+1")[0]
    assert fb.message == "Boris Ivanov takes 4 damage (1d6+1 vs Armor 2: 6 - 2 = 4); HP 13 → 9"
    assert table.session.log[-1].inputs["source"] == "rolled"


def test_age_adds_toughness_and_armor() -> None:
    campaign = age_campaign()
    amos = campaign.character("Amos")
    amos = replace(
        amos,
        attributes={**amos.attributes, "Toughness": 2, "Armor": 1},
        resources={**amos.resources, "HP": 15},
    )
    table = table_for(campaign.with_character(amos))
    fb = ok(table, "/damage amos 2d6 = 6 3")[0]
    assert fb.message == "Amos takes 6 damage (2d6 vs Armor + Toughness 3: 9 - 3 = 6); HP 15 → 9"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/damage boris 2d6 cut", ["unexpected 'cut'", "damage has no types"]),
        ("/damage boris 2d6(2)", ["has no armour divisors"]),
        ("/damage boris 2d6 armor=x", ["armor= must be a whole number"]),
        ("/damage boris 2d6 hits=101", ["hits= must be a whole number 1..100"]),
        ("/damage boris 2d6 = 1", ["need 2 dice, got 1"]),
        ("/damage boris", ["needs the damage dice", "/damage boris 2d6+1"]),
        ("/damage boulder 1d6", ["Boulder has no HP (/hp boulder HP =N adds it)"]),
    ],
)
def test_bad_lines_change_nothing(line: str, words: list[str]) -> None:
    refused(table_for(_brp()), line, *words)


def test_tab_completes_the_target() -> None:
    table = make_table(_brp())
    assert complete_line(table, "/damage bo") == ["/damage boris ivanov ", "/damage boulder "]
    assert complete_line(table, "/damage bor") == ["/damage boris ivanov "]
