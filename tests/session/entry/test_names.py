"""Name matching: exact, prefix, word-prefix and fuzzy; Cyrillic and transliteration; aliases."""

from __future__ import annotations

import re

import pytest

from tui.session.entry.names import Match, NameError_, complete, match_prefix_words, normal

SKILLS = ["Spot Hidden", "Spot", "Stealth", "Knowledge (Occult)", "Knowledge (History)", "STR"]
PEOPLE = ["Даймитрий", "Сир Даллах", "Кирма", "ярл Балгруф", "Ог'лай", "Alice Moore"]


def match(text: str, candidates: list[str] = SKILLS) -> Match:
    return match_prefix_words(text.split(), candidates, what="skill")


def test_normal_form() -> None:
    assert normal("Knowledge (Occult)") == "knowledge occult"
    assert normal("Сир Даллах") == "sir dallah"
    assert normal("Ёж") == normal("еж") == "ezh"
    assert normal("Ог'лай") == "og lay"
    assert normal("  A__b--C ") == "a b c"


def test_exact_beats_prefix() -> None:
    assert match("spot") == Match("Spot", 1)
    assert match("spot hidden") == Match("Spot Hidden", 2)
    assert match("str") == Match("STR", 1)


def test_prefix_and_longest_run() -> None:
    assert match("ste") == Match("Stealth", 1)
    assert match("spot hidden hard +5") == Match("Spot Hidden", 2)
    assert match("spot hard") == Match("Spot", 1)


def test_word_prefix() -> None:
    assert match("sp hid") == Match("Spot Hidden", 2)
    assert match("know occ") == Match("Knowledge (Occult)", 2)
    assert match("kn hist") == Match("Knowledge (History)", 2)
    assert match("knowledge occult") == Match("Knowledge (Occult)", 2)


def test_fuzzy_subsequence() -> None:
    assert match("sthdn") == Match("Spot Hidden", 1)
    assert match("kocc") == Match("Knowledge (Occult)", 1)


def test_ambiguous_names_every_candidate() -> None:
    with pytest.raises(
        NameError_, match=r"ambiguous: did you mean Knowledge \(History\) or Knowledge \(Occult\)"
    ):
        match("knowledge")


def test_nothing_matches_names_the_word() -> None:
    with pytest.raises(NameError_, match="no skill matches 'flying'"):
        match("flying")
    with pytest.raises(NameError_, match="missing skill"):
        match_prefix_words([], SKILLS, what="skill")
    with pytest.raises(NameError_):
        match_prefix_words(["'''"], SKILLS, what="skill")  # nothing left after normalising


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("даймитрий", "Даймитрий"),
        ("дай", "Даймитрий"),
        ("daym", "Даймитрий"),
        ("daymitriy", "Даймитрий"),
        ("daimitrii", "Даймитрий"),  # the alternate romanisation of й
        ("даллах", "Сир Даллах"),
        ("dallah", "Сир Даллах"),
        ("sir dal", "Сир Даллах"),
        ("СИР", "Сир Даллах"),
        ("kirma", "Кирма"),
        ("балгруф", "ярл Балгруф"),
        ("balgruf", "ярл Балгруф"),
        ("og lai", "Ог'лай"),
        ("ог лай", "Ог'лай"),
        ("оглай", "Ог'лай"),
        ("alice", "Alice Moore"),
    ],
)
def test_cyrillic_and_transliteration(typed: str, name: str) -> None:
    assert match_prefix_words(typed.split(), PEOPLE, what="character").name == name


def test_alternate_romanisation_does_not_create_ties() -> None:
    names = ["Хан", "Khalid"]
    assert match_prefix_words(["han"], names, what="c").name == "Хан"
    assert match_prefix_words(["khan"], names, what="c").name == "Хан"
    assert match_prefix_words(["khal"], names, what="c").name == "Khalid"
    with pytest.raises(NameError_, match="ambiguous"):
        match_prefix_words(["kh"], names, what="c")


def test_latin_name_typed_in_cyrillic() -> None:
    assert match_prefix_words(["даллах"], ["Dallah", "Boris"], what="character").name == "Dallah"


def test_skill_in_cyrillic_with_transliteration() -> None:
    skills = ["Взлом замков", "Владение длинным мечом", "Владение луком", "Верховая езда"]
    assert match_prefix_words(["взлом"], skills, what="skill") == Match("Взлом замков", 1)
    assert match_prefix_words(["vzlom"], skills, what="skill") == Match("Взлом замков", 1)
    assert match_prefix_words(["вл", "лук"], skills, what="skill") == Match("Владение луком", 2)
    with pytest.raises(NameError_, match="ambiguous"):
        match_prefix_words(["владение"], skills, what="skill")


def test_aliases_via_same_are_one_match() -> None:
    names = {"Кирма": "Кирма", "kirma": "Кирма", "horsewoman": "Кирма", "Кир": "Кир"}
    assert match_prefix_words(["kirma"], list(names), what="c", same=names) == Match("Кирма", 1)
    assert match_prefix_words(["horse"], list(names), what="c", same=names) == Match("Кирма", 1)
    # without ``same`` the name and its alias tie
    with pytest.raises(NameError_, match="ambiguous"):
        match_prefix_words(["kirma"], ["Кирма", "kirma"], what="c")


def test_alias_does_not_hide_a_real_ambiguity() -> None:
    names = {"Vic Lockwood": "Vic Lockwood", "lockpicker": "Vic Lockwood", "Lola": "Lola"}
    with pytest.raises(NameError_, match="ambiguous"):
        match_prefix_words(["lo"], list(names), what="c", same=names)


def test_complete_orders_and_filters() -> None:
    assert complete("", ["b", "A", "c"]) == ["A", "b", "c"]
    assert complete("spot", SKILLS) == ["Spot", "Spot Hidden"]  # the exact name first
    assert sorted(complete("sp", SKILLS)) == ["Spot", "Spot Hidden"]
    assert complete("кн", ["Кирма", "Книга"]) == ["Книга"]
    assert complete("zzz", SKILLS) == []


def test_a_long_line_ranks_only_phrases_that_could_match(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.session.entry.names as names

    calls: list[str] = []
    rank = names._rank

    def counting(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
        calls.append(phrase)
        return rank(phrase, candidates)

    monkeypatch.setattr(names, "_rank", counting)
    assert match_prefix_words(["spot", "hidden", *["a"] * 5000], SKILLS, what="skill").name == (
        "Spot Hidden"
    )
    longest = max(len(normal(s).replace(" ", "")) for s in SKILLS)
    assert len(calls) <= longest


def test_a_failed_word_among_many_is_compared_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # the preview tries a line on the other keyboard layout too: "cultist 512 …" read as
    # «сгдешые 512 …» fails on every key the GM types, and its nearest names were compared
    # letter by letter among all 800 each time
    from tui.session.entry import names

    compared: list[str] = []
    real = names.distance

    def counted(a: str, b: str, limit: int) -> int:
        compared.append(b)
        return real(a, b, limit)

    monkeypatch.setattr(names, "distance", counted)
    many = [f"Cultist {i:03d}" for i in range(300)] + ["Culprit"]
    with pytest.raises(NameError_, match="did you mean Culprit"):
        match_prefix_words(["culpri7"], many, what="character")
    once = len(compared)
    assert once > 0
    for _ in range(2):
        with pytest.raises(NameError_, match="did you mean Culprit"):
            match_prefix_words(["culpri7"], many, what="character")
    assert len(compared) == once  # the same word among the same names: compared once
    with pytest.raises(NameError_, match="did you mean Culprit"):
        match_prefix_words(["culpri7"], [*many, "Alice"], what="character")
    assert len(compared) > once  # another list is compared afresh


def test_a_maps_names_are_made_once_and_rank_as_the_list_does() -> None:
    # the names of 800 characters were copied from a list and hashed anew for each of a
    # key's dozen look-ups: a map kept per campaign state gives them once
    from tui.session.entry.names import Names, names_of

    party = {f"Cultist {i:03d}": f"Cultist {i:03d}" for i in range(300)}
    party["Sir Dallah"] = "Сир Даллах"
    names = names_of(party)
    assert isinstance(names, Names) and names_of(party) is names
    assert list(names) == list(party) and hash(names) == hash(tuple(party))
    for words in (["cultist", "012"], ["sir"], ["cultst", "7"], ["dallah"]):
        try:
            expected = match_prefix_words(words, list(party), what="character", same=party)
        except NameError_ as exc:
            with pytest.raises(NameError_, match=re.escape(str(exc))):
                match_prefix_words(words, names, what="character", same=party)
        else:
            assert match_prefix_words(words, names, what="character", same=party) == expected
    assert complete("cultist 01", names) == complete("cultist 01", list(party))
    party["Cultist 999"] = "Cultist 999"  # a map grown in place is never read stale
    assert names_of(party)[-1] == "Cultist 999"
