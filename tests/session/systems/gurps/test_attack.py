"""GURPS ranged attacks through the table with the demo's Stevenson (seed 004): the weapon,
yd=, shots=, one range penalty, the RoF bonus, close range, hits and exact odds."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tests.session.conftest import assert_odds_shown, make_table, pct, snapshot
from tui.session.campaign.model import Campaign
from tui.session.table.table import Table
from tui.store import load

DEMO = Path(__file__).resolve().parents[4] / "saves" / "demo-gurps.toml"


def demo() -> Campaign:
    campaign, _log = load(DEMO)
    return campaign


@pytest.fixture
def table() -> Table:
    return make_table(demo())


def brute(skill: int, recoil: int, shots: int) -> tuple[dict[str, Fraction], dict[int, Fraction]]:
    """Levels, and hits of ordinary successes, over the 216 ordered 3d6 outcomes."""
    levels: dict[str, int] = {}
    hits: dict[int, int] = {}
    for dice in itertools.product(range(1, 7), repeat=3):
        t = sum(dice)
        if t <= 4 or (t == 5 and skill >= 15) or (t == 6 and skill >= 16):
            level = "critical success"
        elif t == 18 or (t == 17 and skill <= 15) or t >= skill + 10:
            level = "critical failure"
        elif t <= skill and t <= 16:
            level = "success"
        else:
            level = "failure"
        levels[level] = levels.get(level, 0) + 1
        # the hit counts are those of ordinary successes: criticals are their own class
        n = min(shots, 1 + max(skill - t, 0) // recoil) if level == "success" else 0
        hits[n] = hits.get(n, 0) + 1
    return (
        {k: Fraction(v, 216) for k, v in levels.items()},
        {k: Fraction(v, 216) for k, v in hits.items()},
    )


def test_demo_stevenson_is_fired_by_ruth_shotgun_yd_3(table: Table) -> None:
    shown = table.preview("ruth shotgun yd=3")
    assert shown.ok, shown.text
    # 13 - 1 (3 yd) + 0 (two shells at close range: no pellet bonus) = 12
    assert shown.text.startswith(
        "Ruth Hale Guns (Shotgun) 13, Stevenson -1 (3 yd) +0 (2 shells) → 12 · close range "
        "(4 yd): 12d6-6 a hit, DR x6 — "
    )
    levels, hits = brute(12, 1, 2)
    assert_odds_shown(
        shown.text,
        [
            ("critical success", levels["critical success"]),
            ("1 hit", hits[1]),
            ("2 hits", hits[2]),
            ("failure", levels["failure"]),
            ("critical failure", levels["critical failure"]),
        ],
    )
    assert sum(c.p for c in shown.odds) == 1  # disjoint: critical, hits, failure, fumble


def test_seed_stevenson_at_3_yd_logs_hits_and_suggests_12d6_minus_6_dr_x6(table: Table) -> None:
    line = "ruth shotgun yd=3 = 3 3 3"  # 9 vs 12: margin 3, Recoil 1 → min(2, 4) = 2 hits
    shown = table.preview(line)
    fb = table.submit(line)
    assert fb.ok and fb.outcome is not None
    assert fb.message == shown.text.split("\n  Enter → ")[1]
    assert fb.message.endswith("→ 12: 9 [3 3 3] → success (margin +3), 2 hits")
    assert fb.outcome.draft.effects == (
        "damage: /damage TARGET 12d6-6 hits=2 dr=x6 (close range: the target's DR x6)",
    )
    entry = table.session.log[-1]
    assert entry.inputs["hits"] == 2 and entry.inputs["damage"] == "12d6-6"
    assert entry.inputs["weapon"] == "Stevenson" and entry.inputs["shots"] == 2
    assert table.submit("/undo").ok and len(table.session.undone()) == 1


def test_seed_pellets_beyond_close_range_count_as_shots(table: Table) -> None:
    # 30 yd: -7; two shells of 13 pellets = 26 shots → +5; 13 - 7 + 5 = 11
    shown = table.preview("ruth shotgun yd=30 shots=2")
    assert shown.ok, shown.text
    assert "Stevenson -7 (30 yd) +5 (2 shells = 26 pellets) → 11 · 2d6-1 a hit" in shown.text
    _levels, hits = brute(11, 1, 26)
    expected = [(f"{n} hit{'s' if n > 1 else ''}", hits[n]) for n in (1, 2, 3)]
    expected.append(("4+ hits", sum((p for n, p in hits.items() if n >= 4), Fraction(0))))
    assert_odds_shown(shown.text, expected)
    one = table.preview("ruth shotgun yd=30 shots=1")  # one shell: 13 pellets → +3
    assert "+3 (1 shell = 13 pellets) → 9" in one.text
    fb = table.submit("ruth shotgun yd=30 shots=2 = 2 2 3")  # 7 vs 11: 1 + 4 = 5 hits
    assert fb.ok and fb.message.endswith("(margin +4), 5 hits")
    assert fb.outcome is not None
    assert fb.outcome.draft.effects == ("damage: /damage TARGET 2d6-1 hits=5",)


def test_a_miss_logs_0_hits_and_suggests_no_damage(table: Table) -> None:
    fb = table.submit("ruth shotgun yd=3 = 6 6 5")
    assert fb.ok and fb.message.endswith("(margin -5), 0 hits")
    assert fb.outcome is not None and fb.outcome.draft.effects == ()


def test_one_hit_is_singular(table: Table) -> None:
    fb = table.submit("ruth shotgun yd=3 = 4 4 4")  # margin 0 → 1 hit
    assert fb.ok and fb.message.endswith("(margin +0), 1 hit")
    assert "hit(s)" not in fb.message


@pytest.mark.parametrize(
    "line",
    [
        "ruth stevenson yd=3",
        "ruth shotgun stevenson yd=3",
        "ruth guns yd=3",
        "ruth shotgun range=3",
    ],
)
def test_the_weapon_by_name_or_the_only_one(table: Table, line: str) -> None:
    shown = table.preview(line)
    assert shown.ok, shown.text
    assert "Guns (Shotgun) 13, Stevenson -1 (3 yd) +0 (2 shells) → 12" in shown.text


def test_the_range_penalty_is_one_value_never_split_into_tens(table: Table) -> None:
    shown = table.preview("ruth shotgun yd=700 shots=1")
    assert shown.ok, shown.text
    assert "-15 (700 yd) +3 (1 shell = 13 pellets) → 1" in shown.text
    assert "-10" not in shown.text


def test_a_weapon_not_in_the_save_takes_rof_and_recoil(table: Table) -> None:
    shown = table.preview("moss guns yd=20 rof=10 recoil=2")
    assert "Guard Moss Guns (Pistol) 12 -6 (20 yd) +2 (RoF 10) → 8" in shown.text
    _levels, hits = brute(8, 2, 10)
    assert_odds_shown(shown.text, [("1 hit", hits[1]), ("2 hits", hits[2])])


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("ruth shotgun yd=3 shots=3", "shots must be within 1..2, got 3"),
        ("ruth shotgun yd=900", "within 0..800 yards (max range)"),
        ("ruth shotgun yd=far", "distance must be a finite number"),
        ("ruth shotgun shots=2", "Stevenson is a shotgun: give the distance, yd=N"),
        ("ruth shotgun yd=3 rof=2y9", "rof must look like"),
        ("ruth shotgun yd=3 shots=x", "shots= needs a whole number"),
        ("ruth shotgun yd=3 bazooka", "unknown modifier 'bazooka'"),
        ("ruth shotgun yd=3 foo=1", "unknown modifier 'foo'"),
    ],
)
def test_bad_attack_lines_are_refused_by_name(table: Table, line: str, words: str) -> None:
    before = snapshot(table)
    shown = table.preview(line)
    assert not shown.ok and words in shown.text, shown.text
    fb = table.submit(line)
    assert not fb.ok and words in fb.message
    assert snapshot(table) == before


def test_broken_weapon_fields_are_named(table: Table) -> None:
    ruth = table.campaign.character("Ruth Hale")
    weapons = {"Stevenson": {**ruth.extra["weapons"]["Stevenson"], "recoil": "one"}}
    broken = replace(ruth, extra={**ruth.extra, "weapons": weapons})
    other = make_table(table.campaign.with_character(broken))
    shown = other.preview("ruth shotgun yd=3")
    assert not shown.ok
    assert "Ruth Hale's Stevenson: recoil must be a whole number 1..1000, got 'one'" in shown.text


def test_plain_rolls_stay_plain(table: Table) -> None:
    assert table.preview("ruth guns").text.startswith("Ruth Hale Guns (Shotgun) 13 — ")
    assert table.preview("vic lockpicking -5 +10").text.startswith(
        "Vic Lockwood Lockpicking 9 -5 +10 → 14 — "
    )
    assert f"critical success {pct(Fraction(1, 54))}" in table.preview("ruth guns").text


@pytest.mark.parametrize("language", ["en", "ru"])
def test_an_ambiguous_weapon_is_refused_in_either_language(table: Table, language: str) -> None:
    """Two weapons a typed word fits equally: the word is refused as ambiguous, not taken
    for no weapon at all — whatever language the refusal is written in."""
    from tui import language as i18n
    from tui.session.entry.entry import EntryError
    from tui.session.systems.gurps.weapons import find

    ruth = table.campaign.character("Ruth Hale")
    gun = ruth.extra["weapons"]["Stevenson"]
    armed = replace(ruth, extra={**ruth.extra, "weapons": {"Long Bow": gun, "Long Sword": gun}})
    i18n.set_language(language)
    try:
        with pytest.raises(EntryError, match="Long Bow") as refused:
            find(armed, ["long"])
    finally:
        i18n.set_language("en")
    assert "Long Sword" in str(refused.value)
    assert find(armed, ["bow"]) == ("Long Bow", 1)


def test_a_hit_past_half_damage_is_recorded_and_says_the_1_2d() -> None:
    # 51 yd is past the Stevenson's 1/2D of 40: a hit (3d6 = 8 against 9) once raised
    # "unsupported format string passed to Fraction.__format__" on Python 3.11
    table = make_table(demo(), faces=[2, 5, 1])
    done = table.submit("ruth shotgun yd=51")
    assert done.ok, done.message
    _campaign, log = snapshot(table)
    assert log[-1].grade == "success"
    assert "beyond 1/2D 40 yd: GURPS halves the damage" in " ".join(log[-1].effects)
