"""Names with spaces and numbers resolve as typed (issue 33): "Cultist 001" … "Cultist 012"
beside "Cultist 1" and "Cultist 12", in the roll line, the commands, the turn order and Tab.

The classes: a number typed whole is that number (never the start of a longer one, never a
typo, the same with or without leading zeros) and letters in order keep a number's digits
together; a name of several words whose first word names many ("cultist") still completes
from the words typed so far. A did-you-mean only when the typed words truly fit several.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.conftest import campaign_of, make_table
from tests.systems import SYSTEMS
from tui.session.entry.names import Match, NameError_, match_prefix_words
from tui.session.systems import registry
from tui.session.table.completion import complete_line
from tui.session.table.table import Table

CULTISTS = [f"Cultist {i:03d}" for i in range(1, 13)]
NUMBERED = [*CULTISTS, "Cultist 1", "Cultist 12"]


def resolve(typed: str, names: list[str]) -> Match:
    return match_prefix_words(typed.split(), names, what="character")


@pytest.mark.parametrize(
    ("typed", "name", "used"),
    [
        ("cultist 012 dodge", "Cultist 012", 2),
        ("Cultist 012 dodge", "Cultist 012", 2),
        ("CULTIST 012", "Cultist 012", 2),
        ("cultist 1 dodge", "Cultist 1", 2),
        ("cultist 12 dodge", "Cultist 12", 2),
        ("cultist 001 dodge", "Cultist 001", 2),
        ("cul 012 dodge", "Cultist 012", 2),
    ],
)
def test_a_numbered_name_typed_whole_is_that_name(typed: str, name: str, used: int) -> None:
    assert resolve(typed, NUMBERED) == Match(name, used)


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("cultist 1 dodge", "Cultist 001"),
        ("cultist 2", "Cultist 002"),
        ("cultist 12", "Cultist 012"),
    ],
)
def test_a_number_without_its_zeros_is_the_same_number(typed: str, name: str) -> None:
    # only 001 … 012: "cultist 2" was ambiguous (002, 012: "2" in order), "cultist 1" too
    assert resolve(typed, CULTISTS).name == name


def test_a_number_typed_whole_never_begins_a_longer_one() -> None:
    # "cultist 1" was "Cultist 12" (its beginning) and "cultsit 1" too (a typo, then a prefix)
    for typed in ("cultist 1 dodge", "cultsit 1 dodge", "c1 dodge"):
        with pytest.raises(NameError_) as caught:
            resolve(typed, ["Alice Moore", "Cultist 12"])
        assert not caught.value.ambiguous, typed
    with pytest.raises(NameError_) as caught:
        resolve("cultist 1", ["Cultist 12", "Cultist 100"])
    assert not caught.value.ambiguous  # neither is number 1: no choice to offer between them


def test_letters_in_order_keep_a_numbers_digits_together() -> None:
    names = ["Cultist 012", "Cultist 102", "Cultist 120"]
    assert resolve("cultist12", names).name == "Cultist 012"  # was ambiguous (all three)
    assert resolve("cult 102", names).name == "Cultist 102"


def test_a_typo_is_never_a_digit() -> None:
    with pytest.raises(NameError_):
        resolve("cultist 0013", ["Cultist 0012"])


def test_numbered_skills_too() -> None:
    skills = [f"Skill {j:02d}" for j in range(37)]
    assert match_prefix_words(["skill", "3", "hard"], skills, what="skill") == Match(
        "Skill 03", 2
    )  # was ambiguous: Skill 03, Skill 30 … Skill 36


def test_truly_ambiguous_still_asks() -> None:
    with pytest.raises(NameError_, match=r"did you mean Cultist 001, .*Cultist 005") as caught:
        resolve("cultist dodge", NUMBERED)
    assert caught.value.ambiguous
    with pytest.raises(NameError_, match="did you mean Cultist 001 or Cultist 1") as caught:
        resolve("cultist 01 dodge", NUMBERED)  # number 1, written two ways
    assert caught.value.ambiguous


def numbered_table(system: str) -> Table:
    campaign = campaign_of(system)
    base = campaign.characters[0]
    added = tuple(replace(base, name=n, extra={}) for n in NUMBERED)
    return make_table(replace(campaign, characters=(*campaign.characters, *added)))


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_command_resolves_the_name_as_typed(system: str) -> None:
    table = numbered_table(system)
    assert table.submit("/scene Crypt").ok
    other = table.campaign.characters[0].name
    skill = table.system.rollables(table.campaign.character("Cultist 012"))[0].lower()
    preview = table.preview(f"cultist 012 {skill}")
    assert preview.ok and preview.text.startswith("Cultist 012 "), preview.text
    if registry.info(system).opposed:  # what the system declares it has
        opposed = table.preview(f"cultist 12 {skill} vs cultist 1 {skill}")
        assert opposed.ok and "Cultist 12 " in opposed.text and "Cultist 1 " in opposed.text
    said = table.submit(f"/order cultist 012 {other.lower()} cultist 1 cultist 12")
    assert said.ok, said.message
    scene = table.campaign.scene
    assert scene is not None
    assert scene.turn_order == ("Cultist 012", other, "Cultist 1", "Cultist 12")
    assert table.submit("/swap cultist 1 cultist 12").ok
    assert table.campaign.scene is not None
    assert table.campaign.scene.turn_order[2:] == ("Cultist 12", "Cultist 1")
    assert table.submit("/cond cultist 12 prone").ok
    assert [c.name for c in table.campaign.character("Cultist 12").conditions] == ["prone"]
    assert not table.campaign.character("Cultist 1").conditions
    assert not table.campaign.character("Cultist 012").conditions


def test_hp_of_a_numbered_name() -> None:
    table = numbered_table("brp")
    before = table.campaign.character("Cultist 012").resources["HP"]
    assert table.submit("/hp cultist 012 -2").ok
    assert table.campaign.character("Cultist 012").resources["HP"] == before - 2
    assert table.campaign.character("Cultist 12").resources["HP"] == before


@pytest.mark.parametrize(
    ("typed", "offered"),
    [
        ("cultist 01", ["cultist 010 ", "cultist 011 ", "cultist 012 "]),
        ("cultist 012", ["cultist 012 "]),
        ("cultist 1", ["cultist 1 ", "cultist 12 "]),
        ("/hp cultist 01", ["/hp cultist 010 ", "/hp cultist 011 ", "/hp cultist 012 "]),
        ("/order alice cultist 01", [f"/order alice cultist 01{i} " for i in range(3)]),
    ],
)
def test_tab_completes_a_numbered_name_from_its_words(typed: str, offered: list[str]) -> None:
    # every one of these offered nothing: "cultist" alone is ambiguous, so the walk stopped
    assert complete_line(numbered_table("brp"), typed) == offered


def test_tab_after_an_ambiguous_first_word_offers_every_name_it_begins() -> None:
    found = complete_line(numbered_table("brp"), "cultist ")
    assert found[:3] == ["cultist 001 ", "cultist 002 ", "cultist 003 "]
    assert len(found) == len(NUMBERED)
    assert complete_line(numbered_table("brp"), "zorro ") == []  # a word naming nothing


def test_copies_of_a_numbered_name_go_on_with_its_number_as_wide() -> None:
    table = numbered_table("brp")
    said = table.submit("/dup cultist 012 x2")
    assert said.ok, said.message  # was "Cultist 2, Cultist 3": another series, unpadded
    names = [c.name for c in table.campaign.characters]
    assert names[-2:] == ["Cultist 013", "Cultist 014"]
    assert table.submit("/dup cultist 12").ok  # "Cultist 13": 12 has no zeros to keep
    assert table.campaign.characters[-1].name == "Cultist 13"
    assert table.preview("cultist 013 spot hidden").text.startswith("Cultist 013 ")


def test_a_refusal_among_many_chooses_its_few_once_per_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "cultist" among 800 cultists is refused on every key the GM types after it, in the
    # preview and in Tab both: the five names it offers are chosen once per list of names
    import heapq

    chosen: list[int] = []
    choose = heapq.nsmallest

    def counted(n: int, iterable: object, key: object = None) -> list[str]:
        chosen.append(n)
        return choose(n, iterable, key=key)  # type: ignore[call-overload, no-any-return]

    monkeypatch.setattr(heapq, "nsmallest", counted)
    many = [f"Cultist {i:03d}" for i in range(1, 201)]
    same = {n: n for n in many}
    for _ in range(3):
        with pytest.raises(NameError_, match=r"did you mean Cultist 001, .*Cultist 005"):
            match_prefix_words(["cultist", "dodge"], many, what="character", same=same)
    assert chosen == [5]
    # another list, or another alias map over the same names, is chosen afresh
    with pytest.raises(NameError_, match=r"did you mean Cultist 002, .*Cultist 006"):
        match_prefix_words(["cultist"], many[1:], what="character", same=same)
    renamed = {**same, "Cultist 001": "Acolyte"}
    with pytest.raises(NameError_, match=r"did you mean Acolyte, Cultist 002, .*Cultist 005"):
        match_prefix_words(["cultist"], many, what="character", same=renamed)
    assert chosen == [5, 5, 5]


def test_tab_orders_the_names_found_once_per_state_and_follows_the_rolls(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "c", "cu" … "cultist" find the same cultists: they are put in Tab's order once while
    # nothing changes, and a roll (or any change) orders them afresh
    from tui.session.table import completion

    ordered: list[int] = []
    order = completion._order

    def counted(table: Table, kind: str, who: str | None, reals: list[str]) -> list[str]:
        ordered.append(len(reals))
        return order(table, kind, who, reals)

    monkeypatch.setattr(completion, "_order", counted)
    table = numbered_table("brp")
    first = complete_line(table, "cul")
    assert first[:2] == ["cultist 001 ", "cultist 002 "]
    assert complete_line(table, "cult") == first
    assert complete_line(table, "culti")[:1] == ["cultist 001 "]
    assert ordered == [len(NUMBERED)]
    skill = table.system.rollables(table.campaign.character("Cultist 007"))[0].lower()
    assert table.submit(f"cultist 007 {skill} = 10").ok
    assert complete_line(table, "culti")[:2] == ["cultist 007 ", "cultist 001 "]
    assert ordered == [len(NUMBERED)] * 2


def test_the_inline_suggestion_writes_out_only_the_lines_it_asks_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the grey suggestion on every key reads the first completion that changes the line;
    # Tab's 40 of 200 cultists are written out (case, script, alias) only when Tab asks
    from tui.session.table import completion

    table = numbered_table("brp")
    base = table.campaign.characters[0]
    many = tuple(replace(base, name=f"Cultist {i:03d}", extra={}) for i in range(13, 200))
    table = make_table(replace(table.campaign, characters=(*table.campaign.characters, *many)))
    written: list[str] = []
    display = completion._display

    def counted(real: str, names: list[str], typed: str, script: str) -> str:
        written.append(real)
        return display(real, names, typed, script)

    monkeypatch.setattr(completion, "_display", counted)
    for typed in ("c", "cul", "cultist ", "cultist 01", "/hp cul", "!cul", "alice s", "bo"):
        written.clear()
        every = complete_line(table, typed)
        assert len(written) == len(every), (typed, written)
        for count in (1, 2, 3):
            written.clear()
            assert complete_line(table, typed, count) == every[:count], (typed, count)
            assert len(written) <= count, (typed, count, written)
    assert len(complete_line(table, "cul")) == 40  # Tab still offers its forty
