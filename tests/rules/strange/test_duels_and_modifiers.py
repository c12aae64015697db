"""Strange System (seed 001): duels with 4-4-4-4 and each side's modifiers, danger classes on
the skill scale, roll-value modifiers and hard conditions — exact odds against brute force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rules.errors import RulesError
from rules.strange import (
    Grade,
    can_act,
    can_act_count,
    can_act_odds,
    contest_winner,
    danger_class,
    duel,
    duel_result,
    level_by_name,
    odds,
    outcome_odds,
    range_from_dice,
    resolve,
    shifted,
    synergy_modifier,
)
from rules.strange.rounds import SceneKind, new_scene
from tests.seeds import seed_passages

SEED = seed_passages("001")
SKILLED = level_by_name("Умелец")
PROFESSIONAL = level_by_name("Профессионал")
MASTER = level_by_name("Мастер")
FOUR_D6 = list(itertools.product(range(1, 7), repeat=4))
TWO_D6 = list(itertools.product(range(1, 7), repeat=2))
#: the 1,296 rolls of 4d6 grouped by the dice shown (order never changes a result): 126 rows
ROLLS = Counter(tuple(sorted(d)) for d in FOUR_D6)


# -- danger classes on the skill ranks' scale --------------------------------------------------


def test_danger_class_4_ties_with_a_master_and_never_beats_one() -> None:
    assert "1 соответствует уровню навыка Умельца, а 4 – Мастера" in SEED
    deadly = danger_class(4)
    assert deadly.rank == MASTER.rank == 3
    for effective in range(0, 7):
        assert contest_winner(effective, deadly.rank, effective, MASTER.rank) is None
        assert contest_winner(effective, MASTER.rank, effective, deadly.rank) is None
    # the same dice: the monster and Kirma (Master of riding) tie; a Professional loses to it
    assert duel((4, 5, 1, 1), 1, deadly.rank, (4, 5, 1, 1), 1, MASTER.rank, (4, 5)) is None
    assert duel((4, 5, 1, 1), 1, deadly.rank, (4, 5, 1, 1), 2, PROFESSIONAL.rank, (4, 5)) == "a"


def test_danger_class_1_ties_with_skilled_and_2_3_lie_between_the_levels() -> None:
    one, two, three = (danger_class(n).rank for n in (1, 2, 3))
    assert contest_winner(2, one, 2, SKILLED.rank) is None
    assert contest_winner(2, two, 2, SKILLED.rank) == "a"
    assert contest_winner(2, two, 2, PROFESSIONAL.rank) == "b"
    assert contest_winner(2, three, 2, PROFESSIONAL.rank) == "a"
    assert contest_winner(2, three, 2, MASTER.rank) == "b"
    assert (two, three) == (Fraction(5, 3), Fraction(7, 3))


def test_ranks_must_be_whole_or_exact_never_float() -> None:
    with pytest.raises(RulesError, match="a_rank"):
        contest_winner(1, 1.5, 1, 1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="at least 1"):
        contest_winner(1, Fraction(1, 2), 1, 1)


# -- 4-4-4-4 in a duel ---------------------------------------------------------------------------


def test_dallah_four_fours_beats_balgruf_more_hits_in_the_wrestling() -> None:
    """The seed's wrestling (range 3–6), but Dallah rolls 4-4-4-4: it wins whatever E says."""
    assert "Бросок 4-4-4-4 считается абсолютным критическим успехом" in SEED
    result = duel_result(
        (4, 4, 4, 4),
        SKILLED.required_hits,
        SKILLED.rank,
        (5, 5, 6, 6),
        PROFESSIONAL.required_hits,
        PROFESSIONAL.rank,
        (3, 6),
    )
    assert result.a.effective_hits == 5 and result.b.effective_hits == 6
    assert result.winner == "a" and result.decided_by_absolute
    assert "4-4-4-4" in result.label
    # out of range too: 4-4-4-4 against range 5–6 has no hit, and still wins
    assert duel((4, 4, 4, 4), 3, 1, (5, 5, 6, 6), 2, 2, (5, 6)) == "a"
    assert duel((5, 5, 6, 6), 2, 2, (4, 4, 4, 4), 3, 1, (5, 6)) == "b"


def test_both_four_fours_fall_back_to_hits_and_rank() -> None:
    # both 4-4-4-4 in 3–6: effective hits decide (Skilled 4 + 1 extra, Professional 4 + 2)
    both = duel_result((4, 4, 4, 4), 3, SKILLED.rank, (4, 4, 4, 4), 2, PROFESSIONAL.rank, (3, 6))
    assert (both.a.effective_hits, both.b.effective_hits, both.winner) == (5, 6, "b")
    # the same level on both sides: equal hits, then rank
    assert duel((4, 4, 4, 4), 2, 1, (4, 4, 4, 4), 2, 2, (3, 6)) == "b"
    equal = duel_result((4, 4, 4, 4), 2, 2, (4, 4, 4, 4), 2, 2, (3, 6))
    assert equal.winner is None and not equal.decided_by_absolute


# -- each side's own modifiers -------------------------------------------------------------------


def test_kirma_mounted_bow_duel_keeps_her_synergy_penalty() -> None:
    """Kirma (bow Professional, Riding Combat Skilled: synergy −1) against Og'lai's bow, range
    4–5, both 3-3-4-5: with the penalty Kirma keeps 1 hit against 2 and loses; without it the
    hits tie and rank decides."""
    penalty = synergy_modifier(PROFESSIONAL.rank, SKILLED.rank)
    assert penalty == -1
    args = ((3, 3, 4, 5), 2, PROFESSIONAL.rank, (3, 3, 4, 5), 2, danger_class(2).rank, (4, 5))
    assert duel(*args, a_modifier=penalty) == "b"
    assert duel(*args) == "a"  # equal hits: Professional (2) outranks class 2 (5/3)
    with_dice = duel_result(*args, a_modifier=penalty, b_dice_modifier=-1)
    assert with_dice.b.values == (2, 2, 3, 4) and with_dice.b.hits == 1
    assert with_dice.winner == "a"  # 1 hit each, the higher rank


# -- modifiers to the roll's values ------------------------------------------------------------


def test_daimitry_lockpicking_with_dice_plus_one_loses_the_top_die() -> None:
    """«как на границы диапазона, так и на значения самого броска»: 2-2-4-6 +1 → 3-3-5-6."""
    assert "так и на значения самого броска" in SEED
    plain = resolve((2, 2, 4, 6), (1, 4), SKILLED.required_hits)
    up = resolve((2, 2, 4, 6), (1, 4), SKILLED.required_hits, dice_modifier=1)
    assert plain.grade is Grade.FULL_SUCCESS
    assert up.values == (3, 3, 5, 6) and up.hits == 2 and up.grade is Grade.PARTIAL_SUCCESS
    assert up.dice == (2, 2, 4, 6)  # what was rolled stays on record
    assert "2-2-4-6 +1 -> 3-3-5-6" in up.label


def test_dice_shift_counts_in_the_resistance_range_too_and_keeps_faces_in_1_to_6() -> None:
    kirma = resolve((3, 3, 5, 5), (4, 5), MASTER.required_hits, (3, 5), dice_modifier=-2)
    assert kirma.values == (1, 1, 3, 3) and kirma.hits == 0 and kirma.resistance_hits == 2
    assert shifted((1, 6, 2, 5), -3) == (1, 3, 1, 2)
    assert shifted((1, 6, 2, 5), 5) == (6, 6, 6, 6)
    # 4-4-4-4 is read off the dice as rolled
    assert resolve((4, 4, 4, 4), (1, 1), 3, dice_modifier=2).grade is Grade.ABSOLUTE_CRITICAL
    assert resolve((3, 3, 3, 3), (1, 6), 3, dice_modifier=1).grade is not Grade.ABSOLUTE_CRITICAL
    with pytest.raises(RulesError, match="dice_modifier"):
        resolve((1, 2, 3, 4), (1, 6), 3, dice_modifier=6)


def _brute_grades(required: int, mod: int, shift: int, opposed: bool) -> dict[Grade, Fraction]:
    """Every GM range (weighted by its 2d6 rolls) × every 4d6, with the rules' resolve."""
    spans = Counter(range_from_dice(a, b) for a, b in TWO_D6)
    resists: Counter[tuple[int, int] | None] = Counter(spans) if opposed else Counter({None: 1})
    counts: Counter[Grade] = Counter()
    for span, w in spans.items():
        for resist, wr in resists.items():
            for dice, ways in ROLLS.items():
                r = resolve(dice, span, required, resist, mod, dice_modifier=shift)
                counts[r.grade] += w * wr * ways
    total = sum(counts.values())
    return {g: Fraction(counts[g], total) for g in Grade}


@pytest.mark.parametrize(
    ("required", "mod", "shift"), [(3, 0, 1), (2, -1, 1), (1, 0, -2), (2, 2, -1), (3, -6, 5)]
)
def test_odds_with_a_dice_shift_match_brute_force(required: int, mod: int, shift: int) -> None:
    assert odds(required, mod, dice_modifier=shift) == _brute_grades(required, mod, shift, False)


def test_opposed_odds_with_a_dice_shift_match_brute_force() -> None:
    exact = odds(2, -1, True, dice_modifier=1)
    assert exact == _brute_grades(2, -1, 1, True)
    assert sum(outcome_odds(2, -1, True, dice_modifier=1).values()) == 1


# -- hard conditions -------------------------------------------------------------------------


def test_hard_conditions_half_the_dice_in_range_bounds_included() -> None:
    """«половина успехов от выброшенного диапазона и выше, включая числа верхней и нижней
    границы, считается положительным результатом»."""
    assert "включая числа верхней и нижней границы" in SEED
    assert can_act((4, 5, 1, 6), (4, 5)) and can_act_count((4, 5, 1, 6), (4, 5)) == 2
    assert not can_act((4, 1, 2, 6), (4, 5))
    assert can_act((3, 3, 1, 1), (4, 5), dice_modifier=1)  # 4-4-2-2
    assert not can_act((4, 5, 1, 1), (4, 5), range_modifier=-1)  # range 4–4: one die


@pytest.mark.parametrize(
    ("mod", "shift", "span"),
    [(0, 0, None), (-1, 0, None), (0, 2, None), (1, -1, None), (0, 0, (4, 5)), (-1, 1, (2, 6))],
)
def test_can_act_odds_match_brute_force(mod: int, shift: int, span: tuple[int, int] | None) -> None:
    spans = Counter(range_from_dice(a, b) for a, b in TWO_D6) if span is None else {span: 1}
    good = total = 0
    for s, w in spans.items():
        for dice in FOUR_D6:
            total += w
            good += w * can_act(dice, s, range_modifier=mod, dice_modifier=shift)
    assert can_act_odds(mod, dice_modifier=shift, success_range=span) == Fraction(good, total)


# -- goals over a series of rounds --------------------------------------------------------------


def test_goals_carry_over_until_the_series_is_summed_up() -> None:
    """«В течение раунда она остаётся неизменной»; the same action may go on for up to the
    round limit, so the next round of the series starts with the same goals."""
    scene = new_scene(SceneKind.ACTIVE, limit=3).set_goal("Dallah", "throw Balgruf down")
    result = resolve((1, 6, 5, 5), (3, 6), SKILLED.required_hits)
    scene = (
        scene.begin_actions()
        .declare("Dallah", "throw", "Brawling", 1, result=result, final=True)
        .begin_reactions()
    )
    second = scene.next_round()
    assert [(g.text, g.carried) for g in second.goals] == [("throw Balgruf down", True)]
    changed = second.set_goal("Dallah", "pin Balgruf")
    assert [(g.text, g.carried) for g in changed.goals] == [("pin Balgruf", False)]
    assert second.begin_actions().goals == second.goals  # planning may close on carried goals
    assert second.sum_up("Balgruf is down").goals == ()
    assert scene.sum_up("done").goals == ()


def test_balgruf_reacting_with_four_fours_beats_dallahs_throw() -> None:
    """The seed's wrestling round, but Balgruf's reaction is 4-4-4-4 against range 5–6 (no
    hit at all): as in a duel, the lone 4-4-4-4 wins the reaction."""
    throw = resolve((1, 6, 5, 5), (5, 6), SKILLED.required_hits)
    scene = new_scene(SceneKind.ACTIVE, limit=2).set_goal("Dallah", "throw Balgruf down")
    scene = scene.begin_actions().declare(
        "Dallah", "throw", "Brawling", SKILLED.rank, target="Balgruf", result=throw
    )
    scene = scene.skip("Balgruf").begin_reactions()
    fours = resolve((4, 4, 4, 4), (5, 6), PROFESSIONAL.required_hits)
    assert fours.hits == 0 < throw.effective_hits
    reacted = scene.react("Balgruf", 1, "Athletics", PROFESSIONAL.rank, fours)
    assert reacted.reactions[0].winner == "reaction"
    # and a danger class reacts with its exact rank
    deadly = scene.react(
        "Balgruf", 1, "danger", danger_class(4).rank, resolve((5, 6, 5, 1), (5, 6), 1)
    )
    assert deadly.reactions[0].rank == Fraction(3)
