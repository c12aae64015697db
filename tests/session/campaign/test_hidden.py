"""Finding GM-only characters' names in text: endings, short aliases, case and "ё"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tui.session.campaign.hidden import HiddenNames
from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.name_forms import name_key


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


def _party(n: int, hidden: int) -> tuple[Character, ...]:
    return tuple(
        Character(f"Member {i:03d}", gm_only=i == hidden, resources={"HP": 10}) for i in range(n)
    )


def test_a_change_works_out_only_the_characters_it_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every change asks for the names of the state before and after it: the 199 characters
    it did not touch are not read again, and the names are those a fresh build gives."""
    party = _party(200, hidden=7)
    before = Campaign("c", "brp", characters=party)
    HiddenNames([before, before])
    keyed: list[str] = []
    real = name_key

    def counted(text: str) -> str:
        keyed.append(text)
        return real(text)

    monkeypatch.setattr("tui.session.campaign.hidden.name_key", counted)
    changed = (*party[:50], replace(party[50], resources={"HP": 3}), *party[51:])
    after = Campaign("c", "brp", characters=changed)
    names = HiddenNames([before, after])
    assert keyed == ["Member 050"]
    assert names.mentioned(["member 007 lurks", "Member 050 waits"]) == ("Member 007",)
    # a rename or a flag changed is a new cast: worked out in full, and right
    renamed = (*party[:7], replace(party[7], name="Shade"), *party[8:])
    flagged = replace(after, characters=renamed)
    names = HiddenNames([after, flagged])
    assert names.mentioned(["the shade", "member 007"]) == ("Shade", "Member 007")
    unhidden = replace(after, characters=(*party[:7], replace(party[7], gm_only=False), *party[8:]))
    assert HiddenNames([unhidden]).mentioned(["member 007"]) == ()
    assert not HiddenNames([unhidden])
