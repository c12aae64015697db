"""Russian in the roll entry, in either language: each system's words read as its own."""

from __future__ import annotations

import pytest

from tests.session.conftest import CAMPAIGNS, make_table
from tui.session.entry.entry import Check
from tui.session.systems.registry import tracker

# (system, the line in Russian, the same line in English)
PAIRS = [
    ("brp", "alice spot hidden сложно = 20", "alice spot hidden hard = 20"),
    ("brp", "alice spot hidden лёгкий без-ставок = 20", "alice spot hidden easy nostakes = 20"),
    ("brp", "alice spot hidden легкий +5", "alice spot hidden easy +5"),
    ("brp", "alice spot hidden автоматически", "alice spot hidden automatic"),
    ("brp", "alice spot hidden невозможно бросок", "alice spot hidden impossible roll"),
    ("brp", "alice str против boulder siz кто=passive", "alice str vs boulder siz by=passive"),
    ("age", "naomi stealth очень-сложно = 3 4 6", "naomi stealth very-hard = 3 4 6"),
    ("age", "naomi stealth почти-невозможно", "naomi stealth nearly-impossible"),
    ("age", "naomi stealth элементарно", "naomi stealth routine"),
    ("age", "naomi stealth сл=13", "naomi stealth tn=13"),
    ("strange", "даймитрий взлом сложно диапазон=2,5", "даймитрий взлом hard range=2,5"),
    ("strange", "даймитрий взлом мод=-1 диапазон=2,5", "даймитрий взлом mod=-1 range=2,5"),
    ("skirmish", "samurai fighting куб=d12", "samurai fighting die=d12"),
]


@pytest.mark.parametrize(("system", "russian", "english"), PAIRS)
def test_russian_words_roll_like_the_english_ones(system: str, russian: str, english: str) -> None:
    table = make_table(CAMPAIGNS[system]())
    ru, en = table.parse(russian), table.parse(english)
    assert isinstance(ru, Check) and ru == en
    assert table.preview(russian).ok, table.preview(russian).text
    assert table.preview(russian).text == table.preview(english).text


def test_an_unknown_russian_word_is_refused_by_name() -> None:
    table = make_table(CAMPAIGNS["brp"]())
    shown = table.preview("alice spot hidden труднейше")
    assert not shown.ok and "труднейше" in shown.text


@pytest.mark.parametrize("system", sorted(CAMPAIGNS))
def test_the_help_lists_every_russian_word(system: str) -> None:
    sys_ = tracker(system)
    listed = sys_.entry_help.replace("ё", "е")
    for ru, own in sys_.entry_words.items():
        assert ru == ru.casefold() and own, ru
        assert ru in listed, ru
