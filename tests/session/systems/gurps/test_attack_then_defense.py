"""GURPS ``A … vs B dodge|parry|block`` at the table (issue 32): the attack rolls first,
then the defense — not a quick contest; and a shotgun's 1/2D typed on the line."""

from __future__ import annotations

import itertools
from fractions import Fraction

from tests.session.conftest import assert_odds_shown, make_table, snapshot
from tests.session.systems.gurps.test_attack import demo
from tui.session.table.table import Table

TOTALS = [sum(d) for d in itertools.product(range(1, 7), repeat=3)]


def table(faces: tuple[int, ...] = ()) -> Table:
    return make_table(demo(), faces=faces)


def brute(attack: int, defense: int, recoil: int, shots: int) -> dict[str, Fraction]:
    """Every pair of 3d6 rolls, read from the spec's words: classes of the preview."""
    out: dict[str, int] = {}
    for a in TOTALS:
        crit = a <= 4 or (a == 5 and attack >= 15) or (a == 6 and attack >= 16)
        fumble = a == 18 or (a == 17 and attack <= 15) or a >= attack + 10
        hit = crit or (not fumble and a <= attack and a <= 16)
        for d in TOTALS:
            if not hit:
                key = "critical failure" if fumble else "miss"
            elif crit:
                key = "critical hit, no defense"
            else:
                hits = min(shots, 1 + (attack - a) // recoil)
                ok = d <= 4 or (d <= defense and d <= 16)
                landed = hits - (min(hits, 1 + max(defense - d, 0)) if ok else 0)
                if landed == 0:
                    key = "defends"
                elif shots == 1:
                    key = "hit lands"
                else:
                    key = f"{landed} hit{' lands' if landed == 1 else 's land'}"
            out[key] = out.get(key, 0) + 1
    return {k: Fraction(v, 216**2) for k, v in out.items()}


def test_ruth_shotgun_vs_pike_dodge_previews_attack_then_dodge() -> None:
    t = table()
    shown = t.preview("ruth shotgun yd=3 vs pike dodge")
    assert shown.ok, shown.text
    assert "attack first, then dodge" in shown.text and "wins" not in shown.text
    # Ruth 13 -1 (3 yd) +0 (2 shells at close range) = 12; Pike's Dodge 5.5 → 8; 2 shots
    odds = brute(12, 8, 1, 2)
    assert_odds_shown(
        shown.text,
        [
            ("critical hit, no defense", odds["critical hit, no defense"]),
            ("1 hit lands", odds["1 hit lands"]),
            ("2 hits land", odds["2 hits land"]),
            ("Guard Pike defends", odds["defends"]),
            ("miss", odds["miss"]),
            ("critical failure", odds["critical failure"]),
        ],
    )
    assert sum(c.p for c in shown.odds) == 1 == sum(odds.values())


def test_melee_attack_vs_parry_is_one_hit() -> None:
    shown = table().preview("moss brawling vs pike parry")
    odds = brute(12, 9, 1, 1)
    assert_odds_shown(
        shown.text,
        [("hit lands", odds["hit lands"]), ("Guard Pike defends", odds["defends"])],
    )
    assert sum(c.p for c in shown.odds) == 1


def test_typed_dice_per_side_attack_then_defense() -> None:
    t = table()
    fb = t.submit("ruth shotgun yd=3 = 3 3 3 vs pike dodge = 4 4 4")
    assert fb.ok, fb.message
    # 9 vs 12: margin 3 → 2 hits; Dodge 8 rolls 12: fails → both land
    assert fb.message.startswith("Ruth Hale Guns (Shotgun) 13, Stevenson")
    assert ": 9 [3 3 3] (+3); Guard Pike Dodge 8: 12 [4 4 4] (-4) → 2 hits land" in fb.message
    entry = t.session.log[-1]
    assert (entry.inputs["a"], entry.inputs["b"], entry.inputs["landed"]) == (
        [3, 3, 3],
        [4, 4, 4],
        2,
    )
    assert entry.grade == "success"


def test_typed_dice_at_the_end_in_order_attack_first() -> None:
    t = table()
    fb = t.submit("ruth shotgun yd=3 vs pike dodge = 6 7")  # Dodge 8 by 1: negates 1 + 1 = 2
    assert fb.ok and fb.message.endswith("→ Guard Pike defends"), fb.message
    fb = t.submit("ruth shotgun yd=3 vs pike dodge = 10 8")  # margin 2 → 2 hits; dodge by 0: 1
    assert fb.ok and "→ 1 of 2 land (Guard Pike negates 1)" in fb.message, fb.message


def test_a_miss_or_a_critical_hit_takes_no_defense() -> None:
    t = table(faces=(6, 6, 6))
    before = snapshot(t)
    for line, why in {
        "ruth shotgun yd=3 vs pike dodge = 15 12": "after a miss",
        "ruth shotgun yd=3 vs pike dodge = 3 12": "after a critical hit",
    }.items():
        fb = t.submit(line)
        assert not fb.ok and why in fb.message, fb.message
    assert snapshot(t) == before
    fb = t.submit("ruth shotgun yd=3 = 15 vs pike dodge")
    assert fb.ok and fb.message.endswith("→ miss") and "Guard Pike Dodge" not in fb.message
    fb = t.submit("ruth shotgun yd=3 = 1 1 2 vs pike dodge")
    assert fb.ok and "critical hit, no defense: 2 hits" in fb.message, fb.message
    assert t.session.log[-1].inputs["b"] == [] and t.session.log[-1].grade == "critical"


def test_app_rolls_the_attack_then_the_defense_in_order_and_undo_restores() -> None:
    t = table(faces=(2, 3, 4, 1, 2, 3))  # attack 9 (2 hits), then Dodge 6: by 2 → negates 2
    before = snapshot(t)
    fb = t.submit("ruth shotgun yd=3 vs pike dodge")
    assert fb.ok and ": 9 [2 3 4] (+3); Guard Pike Dodge 8: 6 [1 2 3] (+2)" in fb.message
    assert fb.message.endswith("→ Guard Pike defends")
    assert t.submit("/undo").ok
    assert t.campaign == before[0]


def test_a_shotgun_not_in_the_save_takes_its_half_damage_on_the_line() -> None:
    t = table()
    line = "moss guns yd=3 rof=2x9"
    fb = t.preview(line)
    assert not fb.ok
    assert fb.text.startswith("Guard Moss fires a shotgun (RoF 2x9): give its 1/2D on the line")
    assert "the weapon:" not in fb.text and "'s the weapon" not in fb.text
    for opt in ("half=40", "1/2d=40"):
        shown = t.preview(f"{line} {opt}")  # close range 4 yd: 3 yd is inside
        assert shown.ok and "+0 (2 shells)" in shown.text, shown.text
    far = t.preview(f"{line} half=25")  # close range 2.5 yd: every pellet is a shot
    assert far.ok and "(2 shells = 18 pellets)" in far.text
    for bad, why in {
        f"{line} half=-2": "above 0",
        f"{line} half=x": "above 0",
        f"{line} half=40 1/2d=40": "give the 1/2D once",
    }.items():
        refused = t.preview(bad)
        assert not refused.ok and why in refused.text, (bad, refused.text)
