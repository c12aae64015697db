"""A character is found by name as a scan of the party finds it, in every campaign state.

:meth:`Campaign.character` and :meth:`Campaign.index_of` look names up in a table kept per
characters tuple (the roll entry asks several times a key; a scan folded 800 names each
time). The reference is the scan: the first character whose folded name is the one asked.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.bench.big import big_campaign
from tui.session.campaign.model import Campaign, Character


def _scanned(campaign: Campaign, name: str) -> int:
    folded = name.casefold()
    return next(i for i, ch in enumerate(campaign.characters) if ch.name.casefold() == folded)


def test_every_name_is_found_where_a_scan_finds_it_in_any_case() -> None:
    campaign = big_campaign(characters=300, past_scenes=0)
    for ch in campaign.characters:
        for asked in (ch.name, ch.name.upper(), ch.name.lower()):
            assert campaign.index_of(asked) == _scanned(campaign, asked)
            assert campaign.character(asked) is ch


def test_a_name_twice_is_the_first_and_a_missing_name_is_a_key_error() -> None:
    campaign = Campaign(
        "c",
        "brp",
        characters=(Character("Straße"), Character("Alice"), Character("STRASSE")),
    )
    assert campaign.index_of("strasse") == 0 == _scanned(campaign, "strasse")
    with pytest.raises(KeyError):
        campaign.character("Bob")


def test_a_changed_party_is_looked_up_anew() -> None:
    campaign = Campaign("c", "brp", characters=(Character("Alice"), Character("Boris")))
    assert campaign.index_of("boris") == 1
    renamed = campaign.with_character(Character("Zed"), old_name="Boris")
    assert renamed.index_of("zed") == 1
    with pytest.raises(KeyError):
        renamed.character("Boris")
    assert campaign.character("Boris").name == "Boris"  # the old state keeps its own
    fewer = replace(renamed, characters=renamed.characters[1:])
    assert fewer.index_of("Zed") == 0
    with pytest.raises(KeyError):
        fewer.index_of("alice")
