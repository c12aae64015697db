"""Finding GM-only characters' names in text: endings, short aliases, case and "ё"."""

from __future__ import annotations

from tui.session.campaign.hidden import HiddenNames
from tui.session.campaign.model import Campaign, Character


def names() -> HiddenNames:
    orc = Character("Ог'лай", side="npc", gm_only=True, extra={"aliases": ["Orc", "Og'lai"]})
    seen = Character("Кирма")
    fyodor = Character("Фёдор Ёлкин", gm_only=True)
    return HiddenNames([Campaign("c", "brp", characters=(orc, seen, fyodor))])


def test_names_aliases_and_endings_are_found() -> None:
    hidden = names()
    assert hidden.mentioned(["Засада Ог'лая у моста"]) == ("Ог'лай",)  # genitive
    assert hidden.mentioned(["og'lai's axe"]) == ("Ог'лай",)
    assert hidden.mentioned(["the ORC waits"]) == ("Ог'лай",)
    assert hidden.mentioned(["федор елкин смеётся"]) == ("Фёдор Ёлкин",)
    assert hidden.mentioned(["Кирма rides"]) == ()  # a visible name is nobody's secret
    assert hidden.mentioned(["brute force", "porcelain"]) == ()  # "Orc" only as a word
    assert hidden.is_hidden("orc") and not hidden.is_hidden("Кирма")


def test_replace_puts_the_stand_in_over_the_whole_word() -> None:
    hidden = names()
    out = hidden.replace("Засада Ог'лая: Orc и Фёдор Ёлкин", lambda n: f"<{n[:1]}>")
    assert out == "Засада <О>: <О> и <Ф>"
