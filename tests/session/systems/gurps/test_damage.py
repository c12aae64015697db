"""``/damage`` through the table (seed 004): one roll per hit, DR off each, the rest off HP,
one undo step; the line a close-range shotgun hit suggests works as it is filled in."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.scene_helpers import ok, refused, table_for, undo_restores
from tests.session.systems.gurps.test_attack import demo


def test_seed_stevenson_close_range_hit_12d6_minus_6_against_dr_1_x_6() -> None:
    table = table_for(demo())
    attack = ok(table, "ruth shotgun yd=3 = 4 4 4")[0]  # margin 0: one hit
    assert attack.outcome is not None
    suggested = attack.outcome.draft.effects[0]
    assert suggested.startswith("damage: /damage TARGET 12d6-6 dr=x6")
    line = suggested.removeprefix("damage: ").split(" (")[0]
    line = line.replace("TARGET", "moss") + " = " + " ".join(["2"] * 12)
    fb = undo_restores(table, line)  # 24 - 6 = 18 basic damage, DR 6 → 12 injury
    assert fb.message == "Guard Moss takes 12 injury (12d6-6 vs DR 6: 18 - 6 = 12); HP 12 → 0"
    assert fb.outcome is not None
    assert "Guard Moss is at 0 HP or below: an HT roll at each turn start to stay conscious" in (
        fb.outcome.draft.effects
    )
    assert table.campaign.character("Guard Moss").resources["HP"] == 0
    entry = [e for e in table.session.log if e.kind == "roll"][-1]
    assert entry.actor == "Guard Moss"
    assert entry.inputs == {
        "expr": "12d6-6",
        "dr": 6,
        "hits": 1,
        "dice": [2] * 12,
        "source": "typed",
    }


def test_dr_comes_off_each_hit_never_below_zero() -> None:
    table = table_for(demo())
    fb = ok(table, "/damage pike 2d6-1 dr=4 hits=2 = 6 6 1 2")[0]  # 11-4=7, 2-4 → 0
    assert fb.message == (
        "Guard Pike takes 7 injury from 2 hits (2d6-1 vs DR 4: "
        "11 - 4 = 7; 2 - 4 = 0; total 7); HP 12 → 5"
    )


def test_rolled_damage_uses_the_generator() -> None:
    table = table_for(demo(), faces=[6, 5])
    fb = ok(table, "/damage vic 2d6-1")[0]
    assert fb.message == "Vic Lockwood takes 10 injury (2d6-1: 10); HP 10 → 0"
    assert table.session.log[-1].inputs["source"] == "rolled"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/damage", ["usage"]),
        ("/damage moss", ["needs the damage dice"]),
        ("/damage moss 2d6 3d6", ["unexpected '3d6'", "damage types: pi-, pi, pi+"]),
        ("/damage moss 2d6 slash", ["unexpected 'slash'"]),
        ("/damage moss 2d6 (4) cut", ["armour divisor"]),
        ("/damage moss 2d6-1 dr=x", ["dr= must be a whole number or a product"]),
        ("/damage moss 2d6-1 hits=0", ["hits= must be a whole number 1..100"]),
        ("/damage moss 2d6-1 mult=2", ["unknown option mult="]),
        ("/damage moss 2d6-1 = 3", ["need 2 dice, got 1"]),
        ("/damage moss 2d6-1 = 3 9", ["within 1..6"]),
        ("/damage moss fish", ["bad dice expression"]),
        ("/damage nobody 2d6", ["no character matches"]),
    ],
)
def test_bad_damage_lines_change_nothing(line: str, words: list[str]) -> None:
    refused(table_for(demo()), line, *words)


def test_a_target_without_hp_is_refused() -> None:
    campaign = demo()
    moss = campaign.character("Guard Moss")
    table = table_for(campaign.with_character(replace(moss, resources={})))
    refused(table, "/damage moss 2d6", "Guard Moss has no HP (/hp moss HP =N adds it)")
