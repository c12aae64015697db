"""A Russian GM's refusal names the key as the Russian entry spells it: ``сл=99`` is told
«сл= должна быть …», never «tn= …» (the English key the GM did not type)."""

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


# (system, a line with a bad value for a key typed in Russian, the key as typed, the English key)
REFUSED = [
    ("age", "naomi stealth сл=99", "сл=", "tn="),
    ("age", "naomi stealth сл=ого", "сл=", "tn="),
    ("skirmish", "samurai fighting куб=d7", "куб=", "die="),
    ("skirmish", "samurai fighting знач=x", "знач=", "set="),
    ("brp", "alice str против boulder siz кто=никто", "кто=", "by="),
]


@pytest.mark.parametrize(("system", "line", "typed", "english"), REFUSED)
def test_a_refusal_names_the_key_as_typed(
    system: str, line: str, typed: str, english: str, russian: None
) -> None:
    shown = make_table(CAMPAIGNS[system]()).preview(line)
    assert not shown.ok
    assert typed in shown.text and english not in shown.text, shown.text
