"""A player's own roll in the session: its line checked like the roll line, kept pending in
the campaign, taken or refused as one undoable step, the ``players_roll`` option; hand-edited
tables never break it, and nothing a page sends raises."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.session.conftest import brp_campaign, make_table
from tui.session.asks.offers import (
    KEY,
    OPTION,
    Offer,
    mode,
    open_offers,
    roll_line,
    with_offers,
)
from tui.session.asks.own_rolls import arrived, take
from tui.session.campaign.session import CommandError
from tui.session.table.table import Table


def test_the_line_is_the_campaigns_own_spelling_and_never_counts_toward_a_check(
    brp: Table,
) -> None:
    assert roll_line(brp, "Alice Moore", "spot HIDDEN", "hard") == (
        "Alice Moore Spot Hidden hard ext=none"
    )
    assert roll_line(brp, "Alice Moore", "str") == "Alice Moore STR ext=none"
    for skill, modifiers in (
        ("Flying", ""),
        ("Spot Hidden", "vs boris"),
        ("Spot Hidden", "ext=Search"),
        ("Spot Hidden", "= 5"),
        ("Spot Hidden", "!"),
        ("Spot Hidden", "zzz"),
        ("Spot Hidden", "clear"),
        ("Spot Hidden", "x" * 81),
    ):
        with pytest.raises(CommandError):
            roll_line(brp, "Alice Moore", skill, modifiers)


def test_hand_edited_tables_are_skipped_and_a_strange_option_is_ask(brp: Table) -> None:
    good = Offer("4kq", "Alice Moore", "Alice Moore Spot Hidden ext=none", "34", "odds")
    docs = [good.doc(), {"id": 3}, "junk", {"id": "x", "who": "", "line": "l"}]
    campaign = replace(brp.campaign, options={KEY: docs, OPTION: 5})
    assert open_offers(campaign) == (good,)
    assert mode(campaign) == "ask"
    assert open_offers(with_offers(campaign, [])) == ()
    assert KEY not in with_offers(campaign, []).options


def test_a_waiting_roll_taken_then_undone_waits_again(brp: Table) -> None:
    offer = Offer("5mp", "Alice Moore", roll_line(brp, "Alice Moore", "Stealth"), "20")
    feedback = arrived(brp, offer)
    assert feedback is not None and feedback.ok
    (kept,) = open_offers(brp.campaign)
    assert kept.id == "5mp" and "40%" in kept.odds
    assert take(brp, kept).ok
    assert open_offers(brp.campaign) == ()
    assert brp.submit("/undo").ok
    assert open_offers(brp.campaign) == (kept,)
    assert arrived(brp, replace(offer, id="6aa")) is None  # one waits already: dropped


@settings(max_examples=60, deadline=None)
@given(
    skill=st.text(max_size=30),
    modifiers=st.text(max_size=30),
    dice=st.one_of(st.none(), st.text(max_size=12)),
)
def test_nothing_a_page_sends_raises(skill: str, modifiers: str, dice: str | None) -> None:
    table = make_table(brp_campaign())
    try:
        line = roll_line(table, "Alice Moore", skill, modifiers)
    except CommandError:
        return
    feedback = arrived(table, Offer("7zz", "Alice Moore", line, dice))
    assert feedback is not None  # pending, or refused with the reason logged
