"""``/ask``: requests for a roll, checked like the roll line, kept in the campaign, undoable;
their answers run as the roll line with the player's dice; the players never see a secret one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.session.conftest import brp_campaign, make_table, snapshot, strange_campaign
from tui.session.asks.answer import answer, dice_problem
from tui.session.asks.requests import KEY, Ask, open_asks
from tui.session.players import players, players_log
from tui.session.scenes.view import ranked_lines
from tui.session.table.table import Table


def asks(table: Table) -> list[tuple[str, str, bool]]:
    return [(a.who, a.line, a.secret) for a in open_asks(table.campaign)]


def test_ask_is_previewed_and_refused_like_the_roll_line(brp: Table) -> None:
    shown = brp.preview("/ask al spot hidden hard")
    roll = brp.preview("al spot hidden hard")
    assert shown.ok and shown.text.endswith(roll.text) and shown.odds == roll.odds
    for typed in ("alice dodge", "nobody spot", "alice spot hidden zzz=1"):
        refused, roll = brp.preview(f"/ask {typed}"), brp.preview(typed)
        assert not roll.ok and not refused.ok
        assert refused.text == roll.text  # the same message
        before = snapshot(brp)
        fb = brp.submit(f"/ask {typed}")
        assert not fb.ok and fb.message == roll.text
        assert snapshot(brp) == before
    for line, why in (
        ("/ask alice spot hidden = 34", "leave the dice out"),
        ("/ask alice spot hidden vs boris spot hidden", "one check"),
        ("/ask boulder siz", "party member"),
        ("/ask 3d6", "a check"),
        ("/ask", "usage"),
        ("/ask all", "usage"),
    ):
        fb = brp.submit(line)
        assert not fb.ok and why in fb.message, (line, fb.message)
    assert brp.session.log == []


def test_ask_keeps_the_request_in_the_campaign_in_its_own_names(brp: Table) -> None:
    fb = brp.submit("/ask al spot hidden hard")
    assert fb.ok, fb.message
    assert asks(brp) == [("Alice Moore", "Alice Moore Spot Hidden hard", False)]
    (request,) = open_asks(brp.campaign)
    assert request.id[0].isdigit() and len(request.id) == 3
    entry = brp.session.log[-1]
    assert entry.kind == "change" and not entry.secret and request.id in entry.text
    assert brp.campaign.options[KEY] == [request.doc()]
    again = brp.submit("/ask alice spot hidden hard")
    assert not again.ok and "already asked" in again.message
    panel = ["".join(t for t, _s in line) for _n, line in ranked_lines(brp.system, brp.campaign)]
    assert any(request.id in p and "Alice Moore Spot Hidden hard" in p for p in panel), panel


def test_ask_all_asks_each_party_member_who_can_roll_it(strange: Table) -> None:
    fb = strange.submit("/ask all верховая езда")
    assert fb.ok, fb.message
    assert [w for w, _l, _s in asks(strange)] == ["Кирма"]  # the only one with the skill
    brp = make_table(brp_campaign())
    assert brp.preview("/ask all spot hidden").ok
    assert brp.submit("/ask all spot hidden").ok
    assert [w for w, _l, _s in asks(brp)] == ["Alice Moore", "Boris Ivanov"]  # not Boulder
    assert len(brp.session.log) == 1  # one logged change for both
    assert not brp.submit("/ask all spot hidden").ok  # everyone asked already
    assert not brp.submit("/ask all juggling").ok


def test_cancel_withdraws_by_id_character_or_all_and_undo_brings_them_back(brp: Table) -> None:
    for line in ("/ask alice spot hidden", "/ask alice stealth", "/ask boris listen"):
        assert brp.submit(line).ok
    first = open_asks(brp.campaign)[0]
    assert brp.submit(f"/ask cancel {first.id}").ok
    assert [a.line for a in open_asks(brp.campaign)] == [
        "Alice Moore Stealth",
        "Boris Ivanov Listen",
    ]
    assert not brp.submit("/ask cancel 9zz").ok
    assert brp.submit("/ask cancel boris").ok
    assert not brp.submit("/ask cancel boris").ok  # nothing left of his
    assert brp.submit("/ask cancel").ok
    assert open_asks(brp.campaign) == () and KEY not in brp.campaign.options
    assert not brp.submit("/ask cancel").ok
    for _ in range(2):
        assert brp.submit("/undo").ok
    assert len(open_asks(brp.campaign)) == 2
    assert brp.submit("/redo").ok
    assert len(open_asks(brp.campaign)) == 1


def test_a_secret_ask_and_its_answer_never_reach_the_players(brp: Table) -> None:
    assert brp.preview("/ask! alice spot hidden").text.startswith("secret ask")
    assert brp.submit("/ask! alice spot hidden").ok
    assert brp.submit("/ask boris listen").ok
    secret, public = open_asks(brp.campaign)
    assert secret.secret and not public.secret
    assert brp.session.log[0].secret and not brp.session.log[1].secret
    view, log = players(brp.system, brp.campaign, brp.session.log)
    assert view.options[KEY] == [public.doc()]
    assert all(secret.id not in e.text for e in log)
    panel = ranked_lines(brp.system, view)
    assert not any(secret.id in t for _n, line in panel for t, _s in line)
    # the answer: secret too
    assert answer(brp, secret.id, "07").ok
    assert brp.session.log[-1].secret
    shown = players_log(brp.system, brp.session.log, brp.campaign)
    assert not any("Spot Hidden" in e.text for e in shown)
    # cancelling a secret request is secret as well
    assert brp.submit("/ask! alice stealth").ok and brp.submit("/ask cancel alice").ok
    assert brp.session.log[-1].secret


def test_a_hand_edited_request_without_secret_false_stays_the_gms() -> None:
    campaign = replace(
        brp_campaign(),
        options={KEY: [{"id": "2ab", "who": "Alice Moore", "line": "Alice Moore Stealth"}, 7]},
    )
    table = make_table(campaign)
    assert [a.id for a in open_asks(table.campaign)] == ["2ab"]  # the GM sees it
    view, _log = players(table.system, campaign, ())
    assert KEY not in view.options


def test_an_answer_runs_the_roll_line_with_the_players_dice_and_closes_the_request(
    brp: Table,
) -> None:
    assert brp.submit("/ask alice spot hidden hard").ok
    (request,) = open_asks(brp.campaign)
    typed = make_table(brp_campaign())
    expected = typed.submit("alice spot hidden hard = 34")
    fb = answer(brp, request.id, "34")
    assert fb.ok, fb.message
    assert fb.message == expected.message
    entry = brp.session.log[-1]
    assert entry.kind == "roll" and entry.grade == typed.session.log[-1].grade
    assert entry.effects[-1] == "entered by the player"
    assert entry.inputs["asked"] == {"id": request.id, "who": "Alice Moore", "by": "entered"}
    assert entry.odds == typed.session.log[-1].odds
    assert open_asks(brp.campaign) == ()
    assert not answer(brp, request.id, "35").ok  # answered already
    assert brp.submit("/undo").ok  # one step: the roll and the closing together
    assert open_asks(brp.campaign) == (request,)
    assert brp.campaign.character("Alice Moore") == typed.campaign.character("Alice Moore")


def test_roll_for_me_lets_the_app_roll() -> None:
    table = make_table(brp_campaign(), faces=[12])
    assert table.submit("/ask alice spot hidden").ok
    (request,) = open_asks(table.campaign)
    fb = answer(table, request.id, None)
    assert fb.ok and ": 12 →" in fb.message
    entry = table.session.log[-1]
    assert entry.effects[-1] == "rolled for the player"
    assert entry.inputs["asked"]["by"] == "rolled"


@pytest.mark.parametrize(
    ("dice", "why"),
    [
        ("3 4", "expected 1 die, got 2"),
        ("340", "within 1..100"),
        ("x", "not a number"),
        ("", "no dice"),
        ("34 = 5", "only the dice"),
    ],
)
def test_dice_that_do_not_fit_are_refused_with_the_reason(brp: Table, dice: str, why: str) -> None:
    assert brp.submit("/ask alice spot hidden").ok
    (request,) = open_asks(brp.campaign)
    assert why in dice_problem(brp, request, dice)
    before = snapshot(brp)
    fb = answer(brp, request.id, dice)
    assert not fb.ok and why in fb.message
    assert snapshot(brp) == before
    assert dice_problem(brp, request, "34") == ""


def test_strange_dice_are_the_players_and_the_range_the_apps() -> None:
    table = make_table(strange_campaign(aliases=True), faces=[3, 5])
    assert table.submit("/ask kirma riding").ok
    (request,) = open_asks(table.campaign)
    assert "expected 4 dice" in dice_problem(table, request, "1 2")
    assert dice_problem(table, request, "1 2 3 4") == ""
    fb = answer(table, request.id, "1 2 3 4")
    assert fb.ok, fb.message
    assert table.session.log[-1].inputs["sources"] == {"dice": "typed", "range": "rolled"}


def test_an_answer_to_a_request_no_longer_open_changes_nothing(brp: Table) -> None:
    assert brp.submit("/ask alice spot hidden").ok
    (request,) = open_asks(brp.campaign)
    assert brp.submit("/ask cancel").ok
    before = snapshot(brp)
    fb = answer(brp, request.id, "34")
    assert not fb.ok and "no longer open" in fb.message
    assert snapshot(brp) == before
    gone = Ask("9zz", "Alice Moore", "Alice Moore Spot Hidden")
    assert not answer(brp, gone.id, None).ok


def test_a_russian_gm_types_all_and_cancel_in_russian() -> None:
    from tui import language as i18n

    i18n.set_language("ru")
    try:
        table = make_table(brp_campaign())
        fb = table.submit("/ask все spot hidden")
        assert fb.ok, fb.message
        assert [a.who for a in open_asks(table.campaign)] == ["Alice Moore", "Boris Ivanov"]
        assert "просьба бросить" in fb.message
        assert table.submit("/ask отмена boris").ok
        assert [a.who for a in open_asks(table.campaign)] == ["Alice Moore"]
        assert table.submit("/ask cancel").ok  # the English words work in Russian too
        assert open_asks(table.campaign) == ()
    finally:
        i18n.set_language("en")
