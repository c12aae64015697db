"""The roll entry's words from the catalogs: each system's, typed in any language, a
one-letter slip of one forgiven, and a refusal naming them in the GM's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.session.conftest import CAMPAIGNS, make_table
from tui import language as i18n


@pytest.fixture
def russian() -> Iterator[None]:
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("system", "typed", "english"),
    [
        ("brp", "alice spot hidden сложна", "alice spot hidden hard"),  # a slip
        ("brp", "alice spot hidden легкий", "alice spot hidden easy"),
        ("age", "naomi stealth нормальна", "naomi stealth average"),
    ],
)
def test_a_word_or_a_slip_of_it_rolls_like_the_english_one(
    system: str, typed: str, english: str
) -> None:
    table = make_table(CAMPAIGNS[system]())
    assert table.parse(typed) == table.parse(english)


def test_a_word_two_letters_off_is_still_refused() -> None:
    table = make_table(CAMPAIGNS["brp"]())
    shown = table.preview("alice spot hidden слажна")
    assert not shown.ok and "слажна" in shown.text


def test_mounted_has_its_russian_word() -> None:
    table = make_table(CAMPAIGNS["strange"]())
    line = table.example_line().split(" · ")[0]
    assert table.parse(f"{line} верхом") == table.parse(f"{line} mounted")


def test_the_words_between_the_sides_come_from_the_catalogs() -> None:
    assert {"vs", "против"} <= i18n.vs_words()
    table = make_table(CAMPAIGNS["brp"]())
    assert table.parse("alice spot hidden против boris") == table.parse(
        "alice spot hidden vs boris"
    )


def test_a_refused_modifier_names_the_allowed_words_in_the_gms_language(russian: None) -> None:
    table = make_table(CAMPAIGNS["brp"]())
    shown = table.preview("alice spot hidden zzzz")
    assert not shown.ok
    assert "легко" in shown.text and "сложно" in shown.text
    assert "easy" not in shown.text and "hard" not in shown.text


def test_words_added_at_run_time_are_typed_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_added", {})
    i18n.add_messages("ru", {"hard": "тяжко"}, context="entry brp")
    table = make_table(CAMPAIGNS["brp"]())
    assert table.parse("alice spot hidden тяжко") == table.parse("alice spot hidden hard")
