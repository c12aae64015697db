"""Typo tolerance: one-letter typos, swapped letters and mixed romanisations match when
only one name fits; otherwise "did you mean …". Refused lines say where the problem is."""

from __future__ import annotations

import pytest

from tests.session.conftest import brp_campaign, make_table, strange_campaign
from tui.session.entry.names import (
    NameError_,
    distance,
    loose,
    match_prefix_words,
    nearest,
    normal,
    romanise,
)
from tui.session.entry.wording import humane, plural

PEOPLE = ["Даймитрий", "Сир Даллах", "Кирма", "ярл Балгруф", "Alice Moore", "Boris Ivanov"]
SKILLS = ["Spot Hidden", "Stealth", "Listen", "Knowledge (Occult)", "Knowledge (History)"]
KIRMA = ["Верховая езда", "Владение луком", "Верховой бой"]


@pytest.mark.parametrize(
    ("a", "b", "edits"),
    [
        ("alice", "alice", 0),
        ("alise", "alice", 1),
        ("alce", "alice", 1),
        ("aliice", "alice", 1),
        ("alcie", "alice", 1),
        ("stelath", "stealth", 1),
        ("abc", "xyz", 3),
        ("ab", "ba", 1),
    ],
)
def test_distance_counts_edits_and_swaps(a: str, b: str, edits: int) -> None:
    assert distance(a, b) == min(edits, 3)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("alise", "Alice Moore"),  # a letter wrong
        ("alce", "Alice Moore"),  # a letter missing
        ("boriss", "Boris Ivanov"),  # a letter extra
        ("broris", "Boris Ivanov"),
        ("даймитрии", "Даймитрий"),  # и for й, typed in Cyrillic
        ("daimitriy", "Даймитрий"),  # two romanisations mixed in one word
        ("dallakh", "Сир Даллах"),
        ("jarl", "ярл Балгруф"),
    ],
)
def test_one_typo_or_a_mixed_romanisation_names_the_character(typed: str, name: str) -> None:
    assert match_prefix_words([typed], PEOPLE, what="character").name == name


@pytest.mark.parametrize(
    ("typed", "skill"),
    [
        (["verkhovaya"], "Верховая езда"),  # kh (one romanisation) with ya (the other)
        (["verhovaia", "ezda"], "Верховая езда"),
        (["vladenie", "lukom"], "Владение луком"),
        (["владение", "луком"], "Владение луком"),
    ],
)
def test_mixed_romanisations_of_skills(typed: list[str], skill: str) -> None:
    assert match_prefix_words(typed, KIRMA, what="skill").name == skill


@pytest.mark.parametrize(
    ("typed", "skill"),
    [
        (["stelath"], "Stealth"),
        (["spto", "hidden"], "Spot Hidden"),
        (["lsiten"], "Listen"),
        (["spot", "hiden"], "Spot Hidden"),
    ],
)
def test_swapped_and_wrong_letters_in_skills(typed: list[str], skill: str) -> None:
    assert match_prefix_words(typed, SKILLS, what="skill").name == skill


def test_ukrainian_letters_are_transliterated() -> None:
    assert normal("Їжак Євген Ґава") == "yizhak yevgen gava"
    assert normal("Іван") == "ivan"
    names = ["Їжак", "Іван Ґонта"]
    assert match_prefix_words(["yizhak"], names, what="character").name == "Їжак"
    assert match_prefix_words(["ivan", "gonta"], names, what="character").name == "Іван Ґонта"
    assert match_prefix_words(["іван"], names, what="character").name == "Іван Ґонта"


def test_loose_form_makes_romanisations_equal() -> None:
    assert loose(normal("Верховая")) == loose("verkhovaia") == loose("verhovaya")
    assert romanise("Ог'лай") == "Og'lay"
    assert romanise("Верховая", alternate=True) == "Verkhovaia"


def test_an_ambiguous_typo_asks_which_one() -> None:
    with pytest.raises(NameError_, match="did you mean") as info:
        match_prefix_words(["knowlege"], SKILLS, what="skill")
    assert set(info.value.candidates) == {"Knowledge (Occult)", "Knowledge (History)"}
    assert info.value.word == "knowlege"


def test_did_you_mean_lists_the_nearest_names() -> None:
    assert match_prefix_words(["flyng"], ["Fly", "Flying"], what="skill").name == "Flying"
    with pytest.raises(NameError_) as info:  # two letters wrong: not a typo, a suggestion
        match_prefix_words(["flxqng"], ["Fly", "Flying", "Swim"], what="skill")
    assert str(info.value) == "no skill matches 'flxqng'; did you mean Flying?"
    assert info.value.candidates == ("Flying",)
    assert nearest("flxqng", ["Fly", "Flying", "Swim"]) == ["Flying"]
    assert nearest("zzzz", SKILLS) == []


def test_short_words_are_not_guessed() -> None:
    # "bow" is one letter from "boi" (бой): three letters are too few to guess a typo
    with pytest.raises(NameError_, match="no skill matches 'bow'"):
        match_prefix_words(["bow"], KIRMA, what="skill")


def test_typos_in_whole_lines_at_the_table() -> None:
    brp = make_table(brp_campaign())
    assert brp.preview("alise spot").ok
    assert brp.submit("alise spot = 07").ok
    assert brp.session.log[-1].actor == "Alice Moore"
    strange = make_table(strange_campaign(aliases=True))
    assert strange.preview("даймитрии взлом").ok
    assert strange.preview("kirma verkhovaya").ok
    assert "Верховая езда" in strange.preview("kirma verkhovaya").text


def test_a_refused_line_says_where_the_problem_is() -> None:
    brp = make_table(brp_campaign())
    cases = {
        "zed spot hidden": 0,
        "alice flyng": len("alice "),
        "alice spot hidden vs zed": len("alice spot hidden vs "),
        "alice spot hidden hardd": len("alice spot hidden "),
        "alice spot hidden = x": len("alice spot hidden = "),
        "alice knowledge": len("alice "),
        "/zzz": 1,
        "/hp alice mana -1": len("/hp alice "),
    }
    for line, at in cases.items():
        feedback = brp.submit(line)
        assert not feedback.ok and feedback.at == at, (line, feedback)
        if not line.startswith("/hp"):  # a command's preview is its usage, not a check
            assert brp.preview(line).at == at, line


def test_rules_jargon_becomes_a_sentence() -> None:
    assert humane("modifiers[0] div amount must be within 1..+inf, got 0") == (
        "the 1st modifier: the divisor of /N must be at least 1, got 0"
    )
    assert humane("x must be within -inf..5") == "x must be at most 5"
    assert plural(1, "hit") == "1 hit" and plural(2, "hit") == "2 hits"
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    from tests.session.conftest import skirmish_campaign

    table = make_table(skirmish_campaign())
    message = table.preview("samurai fighting /0").text
    assert "[" not in message and "inf" not in message and "div amount" not in message
