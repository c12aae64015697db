"""Lines a Russian-speaking GM types: the other keyboard layout, Russian dice notation, the
seeds' spellings with a space, synonyms, Russian duration words and the Cyrillic х."""

from __future__ import annotations

import pytest

from tests.session.conftest import campaign_of, make_table
from tui.language import current, set_language
from tui.session.entry.spelling import latin_dice, other_layouts


@pytest.fixture
def russian() -> object:
    before = current()
    set_language("ru")
    yield None
    set_language(before)


def test_the_layouts_map_both_ways() -> None:
    assert other_layouts("ghjdthrf")[-1] == "проверка"
    assert other_layouts("rbhvf")[-1] == "кирма"
    assert other_layouts("фдшсу ызще ршввут")[-1] == "alice spot hidden"
    assert other_layouts("/ысутуы")[-1] == "/scenes"
    assert other_layouts(".ысутуы")[-1] == "/scenes"  # the Russian layout's slash key
    # the first word alone comes first: a name typed on the wrong layout, the rest right
    assert other_layouts("фдшсу spot hidden")[0] == "alice spot hidden"
    assert other_layouts("3d6") != []  # a reading, tried only if the line means nothing
    assert other_layouts("= 5 + 3") == []  # nothing to swap


@pytest.mark.parametrize(
    ("typed", "system", "reads"),
    [
        ("фдшсу ызще ршввут", "brp", "Spot Hidden"),  # alice spot hidden
        ("фдшсу spot hidden", "brp", "Spot Hidden"),
        ("/ысутуы", "brp", "/scenes"),
    ],
)
def test_a_line_on_the_wrong_layout_previews_and_rolls(typed: str, system: str, reads: str) -> None:
    table = make_table(campaign_of(system), faces=[5] * 20)
    shown = table.preview(typed)
    assert shown.ok and "other keyboard layout" in shown.text and reads in shown.text
    done = table.submit(typed)
    assert done.ok and "other keyboard layout" in done.message


def test_a_line_that_means_something_as_typed_is_never_swapped() -> None:
    table = make_table(campaign_of("brp"), faces=[5] * 20)
    shown = table.preview("alice spot hidden")
    assert shown.ok and "layout" not in shown.text
    # wrong in both readings: the problem of the line as typed is shown
    bad = table.preview("alice spot hidden = 999")
    assert not bad.ok and "layout" not in bad.text


def test_the_wrong_layout_while_typing_shows_the_reading_that_gets_further() -> None:
    table = make_table(campaign_of("brp"), faces=[5] * 20)
    shown = table.preview("фдшсу")  # "alice", no skill yet
    assert not shown.ok and "alice" in shown.text and "Alice Moore" in shown.text


@pytest.mark.parametrize(
    ("typed", "latin"),
    [
        ("3к6+2", "3d6+2"),
        ("3д6+2", "3d6+2"),
        ("к100", "d100"),
        ("Д%", "d%"),
        ("куб=к12", "куб=d12"),
        ("кирма к6", "кирма d6"),
        ("кирма", "кирма"),  # a word, not dice
        ("к12к", "к12к"),
    ],
)
def test_russian_dice_notation(typed: str, latin: str) -> None:
    assert latin_dice(typed) == latin


def test_russian_dice_roll_and_option_values() -> None:
    table = make_table(campaign_of("brp"), faces=[3, 4, 5])
    assert table.preview("3к6+2").ok and table.preview("к100").ok
    done = table.submit("3д6+2")
    assert done.ok and "14" in done.message
    skirmish = make_table(campaign_of("skirmish"))
    line = next(iter(("samurai fighting",)))
    shown = skirmish.preview(f"{line} die=к12")
    assert shown.ok and "d12" in shown.text


def test_the_seeds_spellings_with_a_space_and_synonyms(russian: object) -> None:
    brp = make_table(campaign_of("brp"), faces=[5] * 20)
    for typed in ("без ставок", "трудно", "автоматом"):
        assert brp.preview(f"alice spot hidden {typed}").ok, typed
    age = make_table(campaign_of("age"), faces=[5] * 20)
    assert age.preview("naomi stealth очень сложно").ok
    hard = age.preview("naomi stealth очень-сложно").text
    assert age.preview("naomi stealth очень сложно").text == hard


def test_russian_durations_and_the_cyrillic_x(russian: object) -> None:
    table = make_table(campaign_of("brp"))
    assert table.submit("/cond boris stunned 5 раундов").ok
    assert table.submit("/cond alice bleeding 2 хода").ok
    boris = table.campaign.character("Boris Ivanov").condition("stunned")
    alice = table.campaign.character("Alice Moore").condition("bleeding")
    assert boris is not None and (boris.left, boris.unit) == (5, "rounds")
    assert alice is not None and (alice.left, alice.unit) == (2, "turns")
    assert table.submit("/dup boulder х2").ok  # Cyrillic х
    assert {"Boulder 2", "Boulder 3"} <= {c.name for c in table.campaign.characters}


@pytest.mark.parametrize(
    ("extra", "said"), [(1, "81 символ,"), (2, "82 символа,"), (5, "85 символов,")]
)
def test_a_length_agrees_with_its_number(russian: object, extra: int, said: str) -> None:
    """«81 символ», «82 символа», «85 символов»: every length limit counts through one
    plural helper (:func:`tui.language.char_count`)."""
    table = make_table(campaign_of("brp"))
    feedback = table.submit("/scene " + "x" * (80 + extra))
    assert not feedback.ok and said in feedback.message


def test_a_length_in_english_is_singular_for_one() -> None:
    from tui.language import char_count

    assert (char_count(1), char_count(2)) == ("1 character", "2 characters")


def test_an_active_defense_typed_in_russian(russian: object) -> None:
    """GURPS «уклонение» is Dodge as a roll of its own and as the defense of an attack."""
    table = make_table(campaign_of("gurps"), faces=[5] * 20)
    assert table.preview("ruth уклонение").text == table.preview("ruth dodge").text
    attack = "ruth shotgun yd=3 vs vic"
    assert table.preview(f"{attack} уклонение").text == table.preview(f"{attack} dodge").text
    assert table.submit(f"{attack} уклонение = 10 12").ok
    assert "Dodge" in table.session.log[-1].text


@pytest.mark.parametrize("typed", ["alice spot hiddex", "alice ызще", "/hp alice lots", "alice"])
def test_a_line_whose_first_word_means_something_is_read_once(
    typed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every layout reading swaps the first word; one that names someone as typed makes the
    line no slip, so the readings are not even tried (per key, with 800 characters, each
    costs a whole parse)."""
    table = make_table(campaign_of("brp"), faces=[5] * 20)
    tried: list[str] = []

    def readings(line: str) -> list[str]:
        tried.append(line)
        return []

    monkeypatch.setattr(table, "_other_readings", readings)
    table.preview(typed)
    table.submit(typed)
    assert tried == []
    table.preview("rbhvf spot")  # nothing as typed: the readings are asked for
    assert tried == ["rbhvf spot"]
