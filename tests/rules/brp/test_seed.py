"""BRP against seed 000: both tables, row by row as the seed gives them, and every example."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from rules import brp
from rules.brp import Level
from rules.errors import RulesError
from rules.exact import half_up
from tests.seeds import seed_facts

FACTS = seed_facts("000")
ABOVE = range(101, 201)  # the "(выше)" row, checked over 101..200


# --- parsing helpers -------------------------------------------------------------------------


def _face(text: str) -> int:
    return 100 if text == "00" else int(text)


def _band(text: str) -> range:
    """``"1"`` → 1..1, ``"01-02"`` → 1..2, ``"96-00"`` → 96..100, ``"00"`` → 100..100."""
    low, _, high = text.partition("-")
    return range(_face(low), _face(high or low) + 1)


def _chances(text: str) -> range:
    if text == "(выше)":
        return ABOVE
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def _success_rows() -> list[list[str]]:
    return [list(row) for row in FACTS.doc["success_table"]["rows"]]


def _percent_band(text: str, chance: int) -> range:
    """A band cell, or ``"5% способности"`` → faces up to half_up(5 % of the chance)."""
    m = re.fullmatch(r"(\d+)% способности", text)
    if m:
        return range(1, half_up(Fraction(chance * int(m.group(1)), 100)) + 1)
    return _band(text)


def _expected(row: list[str], chance: int, face: int) -> Level:
    crit, special, success, failure, fumble = row[1:6]
    by_skill = "По способности"
    succeeds = face <= chance if success == by_skill else face in _band(success)
    fails = face > chance if failure == by_skill else face in _band(failure)
    assert succeeds != fails, (row, chance, face)  # the table itself partitions the faces
    if face in _percent_band(crit, chance):
        return Level.CRITICAL
    if face in _percent_band(special, chance):
        return Level.SPECIAL
    if succeeds:
        return Level.SUCCESS
    if face in _band(fumble):
        assert fails
        return Level.FUMBLE
    return Level.FAILURE


# --- the success table -----------------------------------------------------------------------


def test_success_table_parsed_whole() -> None:
    rows = _success_rows()
    assert len(rows) == 31
    assert all(len(row) == 6 for row in rows)
    covered = [c for row in rows[:-1] for c in _chances(row[0])]
    assert covered == list(range(1, 101))  # every chance 1..100 exactly once
    assert rows[-1][0] == "(выше)"


@pytest.mark.parametrize("row", _success_rows(), ids=lambda row: row[0])
def test_success_table_row(row: list[str]) -> None:
    for chance in _chances(row[0]):
        for face in range(1, 101):
            got = brp.resolve(chance, face)
            assert got.level is _expected(row, chance, face), (chance, face)
            assert got.chance == chance and got.roll == face


def test_success_table_bands_match_rows() -> None:
    for row in _success_rows():
        for chance in _chances(row[0]):
            b = brp.bands(chance)
            if row[5] != "00":
                assert _band(row[5]).start == b.fumble
            else:
                assert b.fumble == 100
            if "%" not in row[2]:
                assert _band(row[2]).stop - 1 == b.special


def test_chance_zero_never_succeeds() -> None:
    for chance in (0, -1, -30):
        levels = [brp.resolve(chance, face).level for face in range(1, 101)]
        assert levels == [Level.FAILURE] * 95 + [Level.FUMBLE] * 5


def test_huge_chance_still_fails_on_96_to_00() -> None:
    levels = [brp.resolve(1000, face).level for face in (50, 51, 95, 96, 99, 100)]
    assert levels == [
        Level.CRITICAL,
        Level.SPECIAL,
        Level.SPECIAL,
        Level.FAILURE,
        Level.FAILURE,
        Level.FUMBLE,
    ]


# --- the resistance table --------------------------------------------------------------------


def _resistance_cells() -> list[tuple[int, int, str]]:
    table = FACTS.doc["resistance_table"]
    actives = [int(a) for a in table["active"]]
    cells = []
    for passive, row in table["rows"]:
        assert len(row) == len(actives), (passive, row)
        cells += [(active, int(passive), cell) for active, cell in zip(actives, row, strict=True)]
    return cells


def test_resistance_table_every_cell() -> None:
    cells = _resistance_cells()
    assert len(cells) == 21 * 21
    automatic = 0
    for active, passive, cell in cells:
        got = brp.resistance_chance(active, passive)
        if cell == "--":
            automatic += 1
            assert active != passive
            assert got == (100 if active > passive else 0), (active, passive)
        else:
            assert got == int(cell), (active, passive)
    assert automatic == 2 * sum(range(1, 12))  # the two corners at ±10 and beyond


def test_resistance_automatic_needs_no_roll() -> None:
    lift = brp.resistance_roll(21, 11, None)
    assert lift.automatic and lift.success and lift.roll is None
    stuck = brp.resistance_roll(1, 11, None, by="passive")
    assert stuck.automatic and not stuck.success
    assert brp.resistance_roll(21, 11, 100).success  # a roll changes nothing when automatic


# --- worked examples -------------------------------------------------------------------------


def test_skill_60_special_on_01_to_12() -> None:
    specials = [f for f in range(1, 101) if brp.resolve(60, f).level >= Level.SPECIAL]
    assert specials == list(range(1, 13))
    assert brp.resolve(60, 12).level is Level.SPECIAL
    assert brp.resolve(60, 13).level is Level.SUCCESS
    assert brp.resolve(60, 7).label == "special success (07 vs 60)"


def test_str_13_lifts_siz_15_stone_at_40() -> None:
    assert brp.resistance_chance(13, 15) == 40
    assert brp.resistance_roll(13, 15, 40).success  # "40 или ниже, камень поднят"
    assert not brp.resistance_roll(13, 15, 41).success  # "41+ ... слишком тяжёл"
    assert not brp.resistance_roll(13, 15, 100).success


def test_str_13_vs_siz_15_passive_side_rolls() -> None:
    # The seed reads the passive side's roll against the same number (see test_opposed_tiers).
    assert brp.resistance_roll(13, 15, 40, by="passive").success
    assert not brp.resistance_roll(13, 15, 41, by="passive").success
    assert brp.resistance_roll(13, 15, 60, by="passive").target == 40
    assert brp.resistance_odds(13, 15) == Fraction(2, 5)


def test_experience_roll_for_35_improves_on_36_to_00() -> None:
    improving = [r for r in range(1, 101) if brp.improves(35, r)]
    assert improving == list(range(36, 101))
    up = brp.experience_roll(35, 36, 4)
    assert up.improved and up.gain == 4 and up.new_skill == 39
    stay = brp.experience_roll(35, 35)
    assert not stay.improved and stay.gain is None and stay.new_skill == 35


def test_roll_00_always_improves_even_above_100() -> None:
    assert brp.improves(150, 100)
    assert not brp.improves(150, 99)
    assert brp.improves(100, 100)
    assert brp.experience_roll(120, 100, 6).new_skill == 126


def test_special_vs_special_both_fail_both_may_tick() -> None:
    out = brp.opposed(Level.SPECIAL, 60, Level.SPECIAL, 40)
    assert out.winner is None and out.a is Level.FAILURE and out.b is Level.FAILURE
    assert brp.tick_eligible(out.a_rolled, "normal", True)
    assert brp.tick_eligible(out.b_rolled, "normal", True)


def test_special_vs_success() -> None:
    out = brp.opposed(Level.SPECIAL, 30, Level.SUCCESS, 90)
    assert (out.winner, out.a, out.b) == ("a", Level.SUCCESS, Level.FAILURE)
    out = brp.opposed(Level.SUCCESS, 90, Level.SPECIAL, 30)
    assert (out.winner, out.a, out.b) == ("b", Level.FAILURE, Level.SUCCESS)


def test_special_vs_failure_double_effect() -> None:
    out = brp.opposed(Level.SPECIAL, 50, Level.FAILURE, 70)
    assert (out.winner, out.a, out.b) == ("a", Level.SPECIAL, Level.FAILURE)
    out = brp.opposed(Level.FUMBLE, 70, Level.SPECIAL, 50)
    assert (out.winner, out.a, out.b) == ("b", Level.FUMBLE, Level.SPECIAL)


def test_success_vs_success_higher_skill_wins() -> None:
    # Stealth 45 against Listen 60: both succeed, the higher rating wins.
    out = brp.opposed(Level.SUCCESS, 45, Level.SUCCESS, 60)
    assert (out.winner, out.a, out.b) == ("b", Level.FAILURE, Level.SUCCESS)
    out = brp.opposed(Level.SUCCESS, 61, Level.SUCCESS, 60)
    assert (out.winner, out.a, out.b) == ("a", Level.SUCCESS, Level.FAILURE)
    tie = brp.opposed(Level.SUCCESS, 60, Level.SUCCESS, 60)
    assert tie.winner is None


def test_both_fail_no_winner() -> None:
    # Two Throw rolls at one target both miss: nobody gets what they want.
    out = brp.opposed(Level.FAILURE, 40, Level.FUMBLE, 80)
    assert (out.winner, out.a, out.b) == (None, Level.FAILURE, Level.FUMBLE)


def test_easy_rolls_never_tick() -> None:
    for level in Level:
        assert not brp.tick_eligible(level, "easy", True)
    assert brp.tick_eligible(Level.SUCCESS, "normal", True)
    assert brp.tick_eligible(Level.CRITICAL, "hard", True)
    assert not brp.tick_eligible(Level.FAILURE, "hard", True)


def test_hide_with_nobody_watching_does_not_tick() -> None:
    assert not brp.tick_eligible(Level.SPECIAL, "normal", False)
    assert not brp.check(50, "normal", 10, stakes=False).tick_eligible


def test_two_specialisations_tick_separately() -> None:
    ticked: frozenset[str] = frozenset()
    ticked = brp.first_tick(ticked, "Knowledge (Occult)", Level.SUCCESS, "normal", True)
    ticked = brp.first_tick(ticked, "Knowledge (History)", Level.SPECIAL, "hard", True)
    assert ticked == {"Knowledge (Occult)", "Knowledge (History)"}
    again = brp.first_tick(ticked, "Knowledge (Occult)", Level.CRITICAL, "normal", True)
    assert again == ticked and len(again) == 2  # later successes add nothing


def test_first_tick_ignores_ineligible_rolls() -> None:
    ticked = brp.first_tick(frozenset(), "Dodge", Level.SUCCESS, "easy", True)
    assert ticked == frozenset()
    assert brp.first_tick(ticked, "Dodge", Level.SUCCESS, "automatic", True) == frozenset()


def test_teaching_cap() -> None:
    # Teach 80 but the teacher's own skill is 40: Teach counts as 40.
    lesson = brp.teach(80, 40, 41, 30)
    assert lesson.capped and lesson.teach_chance == 40
    assert not lesson.teach.success and not lesson.student_ticks
    assert brp.teach(80, 40, 40, 30).student_ticks
    assert not brp.teach(80, 40, 40, 41).student_ticks  # the skill roll must succeed too
    uncapped = brp.teach(30, 60, 31, 10)
    assert not uncapped.capped and uncapped.teach_chance == 30 and not uncapped.student_ticks


def test_long_downtime_four_free_ticks() -> None:
    assert brp.DOWNTIME_FREE_TICKS == 4
    picks = ["Stealth", "Knowledge (Occult)", "Knowledge (History)", "Ride"]
    assert brp.downtime_ticks(picks) == tuple(picks)
    with pytest.raises(RulesError, match=r"0\.\.4"):
        brp.downtime_ticks([*picks, "Swim"])
    with pytest.raises(RulesError, match="distinct"):
        brp.downtime_ticks(["Ride", "Ride"])


def test_difficulties() -> None:
    assert set(brp.DIFFICULTIES) == {"automatic", "easy", "normal", "hard", "impossible"}
    assert brp.effective_chance(60, "easy") == 120
    assert brp.effective_chance(60) == 60
    assert brp.effective_chance(45, "hard") == 23  # half, rounded up
    assert brp.effective_chance(45, "impossible") == 0


def test_easy_above_100_still_rolls_for_special_and_fumble() -> None:
    chance = brp.effective_chance(60, "easy")
    assert brp.resolve(chance, 24).level is Level.SPECIAL
    assert brp.resolve(chance, 100).level is Level.FUMBLE


def test_fighting_in_darkness_makes_skills_hard() -> None:
    out = brp.check(70, "hard", 36)
    assert out.chance == 35 and out.level is Level.FAILURE
    assert brp.check(70, "hard", 7).level is Level.SPECIAL
    assert out.label == "failure (hard: 36 vs 35)"


def test_automatic_succeeds_without_roll_and_never_ticks() -> None:
    out = brp.check(40, "automatic")
    assert out.level is Level.SUCCESS and out.roll is None and not out.tick_eligible
    assert out.label == "automatic success (no roll)"


def test_impossible_fails_or_shows_how_badly() -> None:
    assert brp.check(90, "impossible").level is Level.FAILURE
    assert brp.check(90, "impossible", 1).level is Level.FAILURE
    badly = brp.check(90, "impossible", 97)
    assert badly.level is Level.FUMBLE and badly.chance == 0
