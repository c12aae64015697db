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


def test_every_entry_word_tells_the_translator_how_to_write_it() -> None:
    """An entry word's translation is a list of spellings, which no tool can guess: the
    code carries a ``# TRANSLATORS:`` comment above each (extracted by ``pybabel extract``,
    ``add_comments`` in pyproject.toml), and the shipped catalogs hold it (``#.``)."""
    import tomllib
    from pathlib import Path

    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_keywords
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[1]
    babel = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["babel"]
    options = babel["extract_messages"]
    found = [
        (context, message, comments)
        for _file, _line, message, comments, context in extract_from_dir(
            str(root / "tui"),
            [(m["pattern"], m["method"]) for m in babel["mappings"]],
            keywords=parse_keywords(options["keywords"]),
            comment_tags=options["add_comments"],
        )
        if context and context.split()[0] == "entry"
    ]
    assert len(found) >= 40
    assert [(c, m) for c, m, comments in found if not comments] == []
    for lang in i18n.languages()[1:]:
        with open(i18n.catalog_path(lang), "rb") as f:
            catalog = read_po(f)
        words = [m for m in catalog if m.context and m.context.split()[0] == "entry"]
        assert len(words) >= 40
        bare = [(m.context, m.id) for m in words if not m.auto_comments]
        assert bare == [], f"{lang}: entry words without a translator comment"
