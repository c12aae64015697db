"""The roll-entry parser: every grammar form, and errors that name the problem."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tui.session.entry.entry import (
    MAX_FACES,
    Check,
    EntryError,
    FreeRoll,
    Side,
    Slash,
    parse_faces,
    parse_line,
    split_words,
)

CHARACTERS = ["Alice Moore", "Boris Ivanov", "Boulder", "Сир Даллах"]
SKILLS: dict[str, list[str]] = {
    "Alice Moore": ["Spot Hidden", "Knowledge (Occult)", "Knowledge (History)", "Stealth", "STR"],
    "Boris Ivanov": ["Listen", "Spot Hidden", "STR"],
    "Boulder": ["SIZ"],
    "Сир Даллах": ["Владение длинным мечом", "Рукопашный бой"],
}


def skills_of(name: str) -> Sequence[str]:
    return SKILLS[name]


def parse(line: str) -> Slash | FreeRoll | Check:
    return parse_line(line, CHARACTERS, skills_of)


def check(line: str) -> Check:
    parsed = parse(line)
    assert isinstance(parsed, Check), parsed
    return parsed


# -- checks ------------------------------------------------------------------------------------


def test_plain_check_resolves_names_by_prefix() -> None:
    assert check("alice spot hidden") == Check(Side("Alice Moore", "Spot Hidden"))
    assert check("al sp") == Check(Side("Alice Moore", "Spot Hidden"))
    assert check("ALICE SPOT HIDDEN").a.skill == "Spot Hidden"


def test_check_with_words_and_signed_numbers() -> None:
    side = check("alice spot hidden hard nostakes +10 -5").a
    assert side == Side("Alice Moore", "Spot Hidden", ("hard", "nostakes", "+10", "-5"))


def test_unicode_minus_becomes_ascii() -> None:
    assert check("alice stealth −5").a.words == ("-5",)


@pytest.mark.parametrize(
    ("dice", "faces"),
    [
        ("07", (7,)),
        ("4 3 5", (4, 3, 5)),
        ("4,3,5", (4, 3, 5)),
        ("4, 3, 5", (4, 3, 5)),
        ("1-6-6-5", (1, 6, 6, 5)),
        ("1 - 6 - 6 - 5", (1, 6, 6, 5)),
        ("00", (100,)),
        ("100", (100,)),
    ],
)
def test_typed_dice_forms(dice: str, faces: tuple[int, ...]) -> None:
    assert check(f"alice spot hidden = {dice}").a.faces == faces
    assert check(f"alice spot hidden={dice}").a.faces == faces


def test_zero_zero_is_a_hundred_but_zero_is_zero() -> None:
    assert parse_faces("00") == (100,)
    assert parse_faces("0") == (0,)  # the adapter rejects it with the die's range


def test_options_before_and_after_the_dice() -> None:
    before = check("alice spot hidden tn=13 range=4,5 = 3 4 6").a
    after = check("alice spot hidden = 3 4 6 tn=13 range=4,5").a
    mixed = check("alice spot hidden tn=13 = 3 4 6 range=4,5").a
    expected = Side("Alice Moore", "Spot Hidden", (), {"tn": "13", "range": "4,5"}, (3, 4, 6))
    assert before == after == mixed == expected


def test_option_keys_are_case_folded_and_words_kept() -> None:
    side = check("alice stealth hard MOD=-1 = 2").a
    assert side.options == {"mod": "-1"}
    assert side.words == ("hard",)
    assert side.faces == (2,)


def test_option_without_value_is_an_error() -> None:
    with pytest.raises(EntryError, match="'tn=' needs a value"):
        parse("alice stealth tn=")


def test_vs_with_both_skills_and_dice_on_each_side() -> None:
    parsed = check("alice stealth hard = 05 vs boris listen = 10")
    assert parsed.a == Side("Alice Moore", "Stealth", ("hard",), {}, (5,))
    assert parsed.b == Side("Boris Ivanov", "Listen", (), {}, (10,))


def test_vs_without_skill_uses_the_same_skill() -> None:
    parsed = check("alice spot hidden vs boris")
    assert parsed.b == Side("Boris Ivanov", "Spot Hidden")
    parsed = check("alice spot hidden = 30 vs boris = 20")
    assert parsed.b is not None and parsed.b.skill == "Spot Hidden" and parsed.b.faces == (20,)
    assert check("alice str vs boris").b == Side("Boris Ivanov", "STR")


def test_vs_default_skill_missing_names_the_character() -> None:
    with pytest.raises(EntryError, match="missing skill for Boris Ivanov"):
        parse("alice stealth vs boris")


def test_russian_vs_and_cyrillic_names() -> None:
    parsed = check("даллах рукопашный против alice stealth")
    assert parsed.a.actor == "Сир Даллах" and parsed.a.skill == "Рукопашный бой"
    assert parsed.b == Side("Alice Moore", "Stealth")


def test_several_sides_each_vs_a_side() -> None:
    parsed = check("alice stealth vs boris listen = 40 против boulder siz")
    assert [s.actor for s in parsed.sides] == ["Alice Moore", "Boris Ivanov", "Boulder"]
    assert parsed.b == Side("Boris Ivanov", "Listen", faces=(40,))
    assert parsed.more == (Side("Boulder", "SIZ"),)
    assert Check.of(parsed.sides) == parsed
    assert check("alice stealth").sides == (Side("Alice Moore", "Stealth"),)


def test_a_side_without_a_skill_rolls_the_only_thing_it_can_roll() -> None:
    # the Strange System's «кирма верховая против ог'лай»: a danger class, by name alone
    parsed = check("alice stealth vs boris listen vs boulder")
    assert parsed.more == (Side("Boulder", "SIZ"),)
    with pytest.raises(EntryError, match="missing skill for Boris Ivanov"):
        parse("alice stealth vs boulder siz vs boris")


def test_too_many_sides() -> None:
    line = " vs ".join(["alice stealth", *(["boris listen", "alice spot hidden"] * 9)])
    with pytest.raises(EntryError, match="too many sides"):
        parse(line)


def test_a_character_cannot_oppose_itself_with_the_same_skill() -> None:
    with pytest.raises(EntryError, match="oppose the same skill"):
        parse("alice stealth vs alice stealth")


def test_quoted_names() -> None:
    assert check("'alice moore' 'spot hidden' hard").a == Side(
        "Alice Moore", "Spot Hidden", ("hard",)
    )
    assert split_words('a "b c') == ["a", '"b', "c"]  # unbalanced quotes: plain split


# -- free dice ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("3d6+2", FreeRoll("3d6+2")),
        ("3d6 + 2", FreeRoll("3d6+2")),
        ("d100", FreeRoll("1d100")),
        ("d%", FreeRoll("1d100")),
        ("d100 = 42", FreeRoll("1d100", (42,))),
        ("2d6-1 = 3 4", FreeRoll("2d6-1", (3, 4))),
        ("3d6 = 1,2,3", FreeRoll("3d6", (1, 2, 3))),
        ("d100 = 00", FreeRoll("1d100", (100,))),
    ],
)
def test_free_dice(line: str, expected: FreeRoll) -> None:
    assert parse(line) == expected


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("999999999999d6", "too many dice"),
        ("1001d6", "too many dice"),
        ("d1001", "too many faces"),
        ("3d6 = x", "not a number"),
        ("3d6 =", "no dice after"),
    ],
)
def test_bad_free_dice_name_the_problem(line: str, problem: str) -> None:
    with pytest.raises(EntryError, match=problem):
        parse(line)


# -- slash commands -----------------------------------------------------------------------------


def test_slash_commands() -> None:
    assert parse("/undo") == Slash("undo", (), "")
    assert parse("/UNDO") == Slash("undo", (), "")
    assert parse("/scene Ambush long") == Slash("scene", ("Ambush", "long"), "Ambush long")
    assert parse('/note "a quoted note" here') == Slash(
        "note", ("a quoted note", "here"), '"a quoted note" here'
    )
    assert parse("/fortune naomi die=3 face=6") == Slash(
        "fortune", ("naomi", "die=3", "face=6"), "naomi die=3 face=6"
    )


def test_slash_without_name() -> None:
    with pytest.raises(EntryError, match="missing command"):
        parse("/")


# -- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("", "type a roll"),
        ("   ", "type a roll"),
        ("zed spot hidden", "no character matches 'zed'"),
        ("alice flying", "no skill of Alice Moore matches 'flying'"),
        (
            "alice knowledge",
            "ambiguous: did you mean Knowledge \\(History\\) or Knowledge \\(Occult\\)",
        ),
        ("alice", "missing skill for Alice Moore"),
        ("alice +5", "missing skill for Alice Moore"),
        ("alice spot hidden = x", "die 'x' is not a number"),
        ("alice spot hidden = 12345", "is not a number"),
        ("alice spot hidden = ٣", "is not a number"),  # a non-ASCII digit
        ("alice spot hidden =", "no dice after '='"),
        ("alice spot\x00 hidden", "control characters"),
        ("alice spot hidden\x1b[2J", "control characters"),
        ("alice \x7f", "control characters"),
        ("alice spot hidden " + "x" * 10_000, "line too long"),
    ],
)
def test_errors_name_the_problem(line: str, problem: str) -> None:
    with pytest.raises(EntryError, match=problem):
        parse(line)


def test_too_many_dice_names_the_limit() -> None:
    faces = " ".join(["1"] * (MAX_FACES + 1))
    with pytest.raises(EntryError, match=f"too many dice.*{MAX_FACES + 1}.*at most {MAX_FACES}"):
        parse(f"alice spot hidden = {faces}")
    assert check("alice spot hidden = " + " ".join(["1"] * MAX_FACES)).a.faces == (1,) * MAX_FACES


def test_a_long_line_under_the_length_limit_reports_the_dice_count() -> None:
    with pytest.raises(EntryError, match=r"too many dice after '=' \(200, at most"):
        parse("alice spot hidden = " + "1 " * 200)


def test_aliases_through_a_mapping() -> None:
    chars: Mapping[str, str] = {"Vic Lockwood": "Vic Lockwood", "lockpicker": "Vic Lockwood"}

    def skills(name: str) -> Mapping[str, str]:
        assert name == "Vic Lockwood"
        return {"Lockpicking": "Lockpicking", "locks": "Lockpicking"}

    parsed = parse_line("lockpicker locks -5 = 10", chars, skills)
    assert isinstance(parsed, Check)
    assert (parsed.a.actor, parsed.a.skill, parsed.a.words) == (
        "Vic Lockwood",
        "Lockpicking",
        ("-5",),
    )
