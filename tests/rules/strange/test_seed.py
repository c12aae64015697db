"""Strange System (seed 001): every worked example of the seed, and resolve/duel/ladder rules."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import SYSTEMS
from rules.errors import RulesError
from rules.strange import (
    DANGER_CLASSES,
    DEFAULT_LADDER,
    MIN_ACTION_SECONDS,
    MOUNT_SPEED_PER_ROUND,
    Grade,
    SkillLevel,
    can_act,
    danger_class,
    duel,
    duel_result,
    level_by_name,
    level_by_rank,
    make_ladder,
    range_from_dice,
    resolve,
    roll,
    synergy_modifier,
)
from tests.seeds import seed_passages

SEED = seed_passages("001")


def in_seed(*snippets: str) -> None:
    """The example's numbers really are the seed's (guards against retyping drift)."""
    for snippet in snippets:
        assert snippet in SEED, snippet


SKILLED = level_by_name("Умелец")
PROFESSIONAL = level_by_name("Профессионал")
MASTER = level_by_name("Мастер")


# -- worked examples of the seed -------------------------------------------------------------


def test_daimitry_opens_the_safe_skilled_range_1_4() -> None:
    in_seed("Даймитрий", "от 1 до 4", "2-2-4-6", "«Умельца»")
    result = resolve((2, 2, 4, 6), (1, 4), SKILLED.required_hits)
    assert result.hits == 3  # "три успеха из трёх требуемых"
    assert result.effective_hits == 3
    assert result.grade is Grade.FULL_SUCCESS
    assert result.impact == 0
    assert result.label.startswith("full success")
    assert resolve((2, 2, 4, 6), (1, 4), 3, None, 0) == result  # the spec's positional form


def test_dallah_vs_balgruf_longswords_full_success() -> None:
    in_seed("Д1 (2-6)", "Д2 (4-6)", "1-6-6-5", "«Профессионала»")
    result = resolve((1, 6, 6, 5), (2, 6), PROFESSIONAL.required_hits, resistance_range=(4, 6))
    assert (result.hits, result.extra_hits, result.effective_hits) == (3, 1, 4)
    assert result.resistance_hits == 3  # in both ranges, but one more success than needed
    assert result.grade is Grade.FULL_SUCCESS
    assert result.impact == 0


def test_wrestling_balgruf_skips_actions_and_wins_with_athletics() -> None:
    in_seed("Д1 (3-6)", "1-6-5-5", "2-4-6-6", "Атлетики", "Профессионал")
    fight = duel_result(
        (1, 6, 5, 5),
        SKILLED.required_hits,
        SKILLED.rank,
        (2, 4, 6, 6),
        PROFESSIONAL.required_hits,
        PROFESSIONAL.rank,
        (3, 6),
    )
    assert fight.a.hits == fight.b.hits == 3  # "Здесь также три успеха"
    assert fight.a.effective_hits == 3
    assert fight.b.effective_hits == 4
    assert fight.winner == "b"
    assert duel((1, 6, 5, 5), 3, 1, (2, 4, 6, 6), 2, 2, (3, 6)) == "b"
    assert "b wins" in fight.label


def test_wrestling_with_equal_skills_would_be_a_draw() -> None:
    # The seed: "при равенстве навыков это привело бы к ничьей".
    assert duel((1, 6, 5, 5), 3, 1, (2, 4, 6, 5), 3, 1, (3, 6)) is None


def test_kirma_riding_chase_master_partial_success_impact_1() -> None:
    in_seed("Д1 (4-5) и Д2 (3-5)", "3-3-5-5", "уровня Мастера", "Частичный Успех")
    result = resolve((3, 3, 5, 5), (4, 5), MASTER.required_hits, resistance_range=(3, 5))
    # "два попадания в диапазон успеха и четыре попадания в диапазон сопротивления"
    assert (result.hits, result.resistance_hits) == (2, 4)
    assert result.effective_hits == 3
    assert result.grade is Grade.PARTIAL_SUCCESS
    assert result.impact == 1


def test_kirma_mounted_archery_partial_failure_two_light_wounds() -> None:
    in_seed("Д1 (4-5) и Д2 (3-4)", "3-3-4-5", "штраф -1", "Частичному Провалу", "двух лёгких ран")
    riding_combat = level_by_name("skilled")
    modifier = synergy_modifier(PROFESSIONAL.rank, riding_combat.rank)
    assert modifier == -1
    unmodified = resolve((3, 3, 4, 5), (4, 5), 2, resistance_range=(3, 4))
    assert (unmodified.hits, unmodified.resistance_hits) == (2, 3)  # as the seed counts
    result = resolve(
        (3, 3, 4, 5), (4, 5), PROFESSIONAL.required_hits, resistance_range=(3, 4),
        range_modifier=modifier,
    )  # fmt: skip
    assert result.effective_range == (4, 4)
    assert result.hits == result.effective_hits == 1
    assert result.grade is Grade.PARTIAL_FAILURE
    assert result.impact == 2  # two light wounds
    assert "4-5 -1 -> 4-4" in result.label


@pytest.mark.parametrize("required", [1, 2, 3, 4])
@pytest.mark.parametrize("span", [(1, 1), (1, 3), (4, 6), (5, 6), (6, 6)])
def test_four_fours_is_absolute_critical_whatever_the_requirement(
    required: int, span: tuple[int, int]
) -> None:
    in_seed("4-4-4-4", "абсолютным критическим успехом вне зависимости от требований навыка")
    result = resolve((4, 4, 4, 4), span, required, resistance_range=(1, 6))
    assert result.grade is Grade.ABSOLUTE_CRITICAL
    assert result.impact == 0  # final: the resistance does not land


def test_constants_from_the_seed() -> None:
    in_seed("2 секунды", "10 метров за раунд")
    assert MIN_ACTION_SECONDS == 2
    assert MOUNT_SPEED_PER_ROUND == 10


# -- grading ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "span", "required", "grade"),
    [
        ((1, 2, 3, 6), (1, 3), 1, Grade.CRITICAL_SUCCESS),  # H 3 > 2R
        ((1, 2, 6, 6), (1, 3), 1, Grade.FULL_SUCCESS),  # H 2 = 2R, not critical
        ((6, 6, 6, 6), (1, 3), 1, Grade.FULL_FAILURE),
        ((1, 2, 6, 6), (1, 3), 3, Grade.PARTIAL_SUCCESS),  # E 2 = R-1 > R/2
        ((1, 6, 6, 6), (1, 3), 3, Grade.FULL_FAILURE),  # E 1 < 3/2
        ((1, 6, 6, 6), (1, 3), 2, Grade.PARTIAL_FAILURE),  # E 1 = R-1 but not > R/2
        ((1, 2, 3, 6), (1, 3), 4, Grade.PARTIAL_SUCCESS),
        ((1, 2, 6, 6), (1, 3), 4, Grade.PARTIAL_FAILURE),
        ((1, 6, 6, 6), (1, 3), 4, Grade.FULL_FAILURE),
        ((1, 2, 3, 3), (1, 3), 4, Grade.FULL_SUCCESS),
    ],
)
def test_grade_table(
    dice: tuple[int, int, int, int], span: tuple[int, int], required: int, grade: Grade
) -> None:
    assert resolve(dice, span, required).grade is grade


def test_resistance_drops_a_success_one_step_and_keeps_failures() -> None:
    crit = resolve((1, 2, 3, 6), (1, 3), 1, resistance_range=(1, 6))
    assert crit.effective_hits == 5 and crit.resistance_hits == 4
    assert crit.grade is Grade.CRITICAL_SUCCESS and crit.impact == 0
    dropped = resolve((1, 2, 6, 6), (1, 3), 3, resistance_range=(1, 6))
    assert dropped.grade is Grade.PARTIAL_FAILURE and dropped.impact == 2
    fail = resolve((6, 6, 6, 6), (1, 3), 1, resistance_range=(5, 6))
    assert fail.grade is Grade.FULL_FAILURE and fail.impact == 4


def test_positive_modifier_widens_up_to_six_and_negative_can_empty_the_range() -> None:
    wide = resolve((5, 6, 6, 1), (1, 3), 2, range_modifier=6)
    assert wide.effective_range == (1, 6) and wide.hits == 4
    empty = resolve((2, 2, 2, 2), (2, 3), 1, range_modifier=-2)
    assert empty.effective_range is None and empty.hits == 0
    assert empty.grade is Grade.FULL_FAILURE
    assert "-> empty" in empty.label


def test_grade_order_labels_and_success() -> None:
    assert list(Grade) == sorted(Grade)
    assert Grade.FULL_FAILURE < Grade.PARTIAL_FAILURE < Grade.PARTIAL_SUCCESS
    assert Grade.PARTIAL_SUCCESS < Grade.FULL_SUCCESS < Grade.CRITICAL_SUCCESS
    assert Grade.CRITICAL_SUCCESS < Grade.ABSOLUTE_CRITICAL
    assert [g.success for g in Grade] == [False, False, True, True, True, True]
    assert Grade.PARTIAL_FAILURE.label == "partial failure"
    assert Grade.PARTIAL_FAILURE.name_ru == "Частичный провал"
    for grade in Grade:
        assert grade.label == grade.label.lower()


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"dice": (0, 1, 1, 1)}, "dice[0]"),
        ({"dice": (1, 1, 1, 7)}, "dice[3]"),
        ({"dice": (1, 1, 1)}, "dice"),
        ({"dice": (1, 1, 1, 1, 1)}, "dice"),
        ({"dice": "1234"}, "dice"),
        ({"dice": (1, 1, True, 1)}, "dice[2]"),
        ({"success_range": (4, 3)}, "success_range"),
        ({"success_range": (0, 3)}, "success_range low"),
        ({"success_range": (1, 7)}, "success_range high"),
        ({"success_range": (1,)}, "success_range"),
        ({"required": 0}, "required"),
        ({"required": 5}, "required"),
        ({"resistance_range": (6, 1)}, "resistance_range"),
        ({"range_modifier": 7}, "range_modifier"),
        ({"range_modifier": 1.5}, "range_modifier"),
    ],
)
def test_resolve_rejects_bad_input(kwargs: dict[str, object], field: str) -> None:
    args: dict[str, object] = {"dice": (1, 2, 3, 4), "success_range": (1, 4), "required": 2}
    args.update(kwargs)
    with pytest.raises(RulesError, match=field.replace("[", r"\[").replace("]", r"\]")):
        resolve(**args)  # type: ignore[arg-type]


faces = st.integers(1, 6)
four = st.tuples(faces, faces, faces, faces)
spans = st.tuples(faces, faces).map(lambda p: (min(p), max(p)))


@given(four, spans, st.integers(1, 4), st.one_of(st.none(), spans), st.integers(-6, 6))
def test_resolve_accepts_every_legal_input(
    dice: tuple[int, int, int, int],
    span: tuple[int, int],
    required: int,
    resist: tuple[int, int] | None,
    modifier: int,
) -> None:
    result = resolve(dice, span, required, resistance_range=resist, range_modifier=modifier)
    assert 0 <= result.hits <= 4
    assert result.effective_hits == result.hits + max(0, result.hits - required)
    assert result.impact == (
        0
        if resist is None or dice == (4, 4, 4, 4)
        else max(0, result.resistance_hits - result.effective_hits)
    )
    assert result.success_range == span
    assert result.label


@given(
    st.tuples(st.integers(-3, 9), faces, faces, faces).filter(lambda d: not 1 <= d[0] <= 6),
    spans,
)
def test_resolve_rejects_every_illegal_face(dice: tuple[int, ...], span: tuple[int, int]) -> None:
    with pytest.raises(RulesError):
        resolve(dice, span, 2)


@given(four, spans, st.one_of(st.none(), spans), st.integers(-5, 5))
def test_better_skill_never_grades_worse(
    dice: tuple[int, int, int, int],
    span: tuple[int, int],
    resist: tuple[int, int] | None,
    modifier: int,
) -> None:
    grades = [
        resolve(dice, span, level.required_hits, resistance_range=resist, range_modifier=modifier)
        for level in DEFAULT_LADDER
    ]
    assert [g.grade for g in grades] == sorted(g.grade for g in grades)
    wider = resolve(dice, span, 2, resistance_range=resist, range_modifier=modifier + 1)
    narrower = resolve(dice, span, 2, resistance_range=resist, range_modifier=modifier)
    assert wider.grade >= narrower.grade


# -- ladder, danger classes, synergy ----------------------------------------------------------


def test_default_ladder_and_lookup_in_both_languages() -> None:
    assert [(lv.name_en, lv.required_hits, lv.rank) for lv in DEFAULT_LADDER] == [
        ("Skilled", 3, 1),
        ("Professional", 2, 2),
        ("Master", 1, 3),
    ]
    assert level_by_name("УМЕЛЕЦ") is level_by_name("skilled") is DEFAULT_LADDER[0]
    assert level_by_name(" professional ").name_ru == "Профессионал"
    assert level_by_name("мастер").required_hits == 1
    assert level_by_rank(2) is PROFESSIONAL
    with pytest.raises(RulesError, match="skill level"):
        level_by_name("grandmaster")


def test_campaign_ladder_overrides_default() -> None:
    ladder = make_ladder(
        [
            SkillLevel("grandmaster", "Гроссмейстер", "Grandmaster", 1, 4),
            SkillLevel("novice", "Новичок", "Novice", 4, 1),
        ]
    )
    assert [lv.key for lv in ladder] == ["novice", "grandmaster"]
    assert level_by_name("новичок", ladder).required_hits == 4
    with pytest.raises(RulesError):
        level_by_name("Мастер", ladder)
    with pytest.raises(RulesError, match="unique"):
        make_ladder([DEFAULT_LADDER[0], DEFAULT_LADDER[0]])
    with pytest.raises(RulesError, match="required_hits"):
        SkillLevel("x", "х", "X", 5, 1)


def test_danger_classes_map_to_levels_and_rank_by_class() -> None:
    in_seed("1 (Незначительный), 2 (Угрожающий), 3 (Чудовищный) до 4 (Смертоносный)")
    assert [c.name_ru for c in DANGER_CLASSES] == [
        "Незначительный",
        "Угрожающий",
        "Чудовищный",
        "Смертоносный",
    ]
    assert [danger_class(n).level().name_en for n in (1, 2, 3, 4)] == [
        "Skilled",
        "Professional",
        "Professional",
        "Master",
    ]
    # «1 соответствует уровню навыка Умельца, а 4 – Мастера»: one scale with the skill ranks
    assert [danger_class(n).rank for n in (1, 2, 3, 4)] == [
        Fraction(1),
        Fraction(5, 3),
        Fraction(7, 3),
        Fraction(3),
    ]
    assert all(isinstance(danger_class(n).rank, Fraction) for n in (1, 2, 3, 4))
    # class 3 and a Professional roll alike, but the monster wins the tie on rank
    assert duel((5, 5, 1, 1), 2, danger_class(3).rank, (5, 5, 1, 1), 2, 2, (5, 6)) == "a"
    with pytest.raises(RulesError, match="danger class"):
        danger_class(5)


@pytest.mark.parametrize(
    ("skill", "support", "modifier"), [(2, 1, -1), (3, 1, -2), (1, 1, 0), (1, 3, 0), (3, 2, -1)]
)
def test_synergy_modifier(skill: int, support: int, modifier: int) -> None:
    assert synergy_modifier(skill, support) == modifier


# -- duel, can_act, range, roll ----------------------------------------------------------------


def test_duel_equal_rank_equal_hits_no_winner_and_higher_hits_win() -> None:
    assert duel((6, 6, 1, 1), 2, 2, (6, 6, 1, 1), 2, 2, (5, 6)) is None
    assert duel((6, 6, 6, 1), 2, 1, (6, 6, 1, 1), 2, 3, (5, 6)) == "a"
    assert duel((6, 1, 1, 1), 2, 1, (6, 1, 1, 1), 2, 2, (5, 6), b_modifier=-1) == "a"


def test_can_act_needs_half_the_dice_bounds_included() -> None:
    in_seed("половина успехов от выброшенного диапазона и выше, включая числа верхней и нижней")
    assert can_act((2, 5, 1, 6), (2, 5))
    assert not can_act((2, 6, 1, 6), (3, 5))
    assert can_act((3, 3, 3, 3), (3, 3))
    assert not can_act((2, 5, 1, 6), (2, 5), range_modifier=-1)
    with pytest.raises(RulesError):
        can_act((2, 5, 1), (2, 5))


def test_range_from_dice() -> None:
    assert range_from_dice(5, 2) == (2, 5)
    assert range_from_dice(3, 3) == (3, 3)
    with pytest.raises(RulesError, match="d2"):
        range_from_dice(3, 0)


class Scripted(random.Random):
    """Returns a fixed sequence of faces, so the draw order is checked too."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


def test_roll_draws_ranges_then_player_dice_from_rng() -> None:
    rng = Scripted([5, 4, 5, 3, 3, 3, 5, 5])  # Kirma's chase: Д1 4-5, Д2 3-5, 3-3-5-5
    result = roll(1, rng=rng, opposed=True)
    assert result.success_range == (4, 5) and result.resistance_range == (3, 5)
    assert result.dice == (3, 3, 5, 5)
    assert result.grade is Grade.PARTIAL_SUCCESS and rng.faces == []
    given_range = roll(3, rng=Scripted([2, 2, 4, 6]), success_range=(1, 4))
    assert given_range.grade is Grade.FULL_SUCCESS and given_range.resistance_range is None


def test_roll_is_reproducible_with_a_seeded_generator() -> None:
    a = roll(2, rng=random.Random(7), opposed=True, range_modifier=-1)
    b = roll(2, rng=random.Random(7), opposed=True, range_modifier=-1)
    assert a == b


def test_registered_as_a_system() -> None:
    assert SYSTEMS["strange"].resolve is resolve
