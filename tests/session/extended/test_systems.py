"""Extended checks outside AGE: the roll's own grade decides success and progress."""

from __future__ import annotations

import pytest

from tests.session.conftest import (
    brp_campaign,
    gurps_campaign,
    make_table,
    skirmish_campaign,
    strange_campaign,
)
from tui.session.campaign.model import Campaign
from tui.session.extended.data import from_check
from tui.session.extended.view import describe_checks
from tui.session.table.table import Table


def run(campaign: Campaign, setup: str, lines: list[str]) -> tuple[Table, list[tuple[str, ...]]]:
    table = make_table(campaign)
    assert table.submit(setup).ok
    effects = []
    for line in lines:
        fb = table.submit(line)
        assert fb.ok, (line, fb.message)
        assert fb.outcome is not None
        effects.append(fb.outcome.draft.effects)
    return table, effects


def test_brp_success_special_critical_add_1_2_3() -> None:
    table, fx = run(
        brp_campaign(),
        '/ext search threshold=8 time=1h per=15m skills="Spot Hidden"',
        [
            "alice spot hidden ext=search = 50",
            "alice spot hidden ext=search = 07",
            "alice spot hidden ext=search = 90",
            "alice spot hidden ext=search = 02",
        ],
    )
    assert [f[-1] for f in fx[:2]] == [
        "search: pool 1/8 (+1), 15/60 min",
        "search: pool 3/8 (+2), 30/60 min",
    ]
    assert fx[2] == ("search: pool 3/8 (no progress, 1 failed), 45/60 min",)  # no consequences
    assert fx[3][-3:] == (
        "search: pool 6/8 (+3), 60/60 min",
        "out of time: serious consequence",
        "search failed",
    )
    chk = table.campaign.check("search")
    assert chk.status == "failed" and [c["grade"] for c in chk.contributions] == [
        "success",
        "special",
        "failure",
        "critical",
    ]
    text = describe_checks(table.system, table.campaign)[0][0]
    assert "6/8" in text and "TN" not in text  # the TN only means something in AGE


def test_brp_skill_outside_the_list_is_refused() -> None:
    table = make_table(brp_campaign())
    assert table.submit('/ext search threshold=7 time=1h per=17m skills="Spot Hidden"').ok
    fb = table.submit("alice stealth ext=search = 10")
    assert not fb.ok and "Stealth is not a skill of search (Spot Hidden)" in fb.message


def test_gurps_success_1_critical_2() -> None:
    table, _fx = run(
        gurps_campaign(),
        "/ext pick threshold=10 time=1h",
        [
            "vic stealth ext=pick = 1 1 1",
            "vic stealth ext=pick = 2 3 4",
            "vic lockpicking ext=pick = 6 6 6",
        ],
    )
    assert [
        from_check(table.campaign.check("pick")).contributions[i].pool_added for i in range(3)
    ] == [2, 1, 0]
    assert table.campaign.check("pick").pool == 3


def test_skirmish_success_1_lucky_2() -> None:
    _table, fx = run(
        skirmish_campaign(),
        "/ext climb threshold=10 time=2h per=24m",
        [
            "samurai dexterity ext=climb = 7",
            "samurai dexterity ext=climb = 3",
            "samurai dexterity ext=climb = 9",
        ],
    )
    assert [f[-1] for f in fx] == [
        "climb: pool 2/10 (+2), 24/120 min",
        "climb: pool 3/10 (+1), 48/120 min",
        "climb: pool 3/10 (no progress, 1 failed), 72/120 min",
    ]


@pytest.mark.parametrize(
    ("line", "added"),
    [
        ("даймитрий взлом ext=lock range=2,3 = 2 3 5 6", 1),  # partial success
        ("даймитрий взлом ext=lock range=1,6 = 2 3 4 5", 2),  # full success
        ("kirma riding ext=lock range=1,6 = 1 2 3 5", 3),  # critical success
        ("kirma bow ext=lock range=4,5 resist=3,4 = 3 3 4 5", 0),  # partial failure (synergy)
    ],
)
def test_strange_grades(line: str, added: int) -> None:
    table, _fx = run(strange_campaign(aliases=True), "/ext lock threshold=9 time=1h", [line])
    chk = table.campaign.check("lock")
    assert chk.pool == added and chk.contributions[0]["added"] == added
    assert chk.contributions[0]["success"] is (added > 0)
    assert chk.elapsed == 10  # outside AGE a roll takes the system's 10 minutes (per= sets it)
    assert chk.consequences["elapsed_exact"] == "10"


def test_minor_consequence_and_clear_work_the_same_in_brp() -> None:
    table, fx = run(
        brp_campaign(),
        '/ext search threshold=8 time=2h per=30m minor="dust; time+5"',
        ["alice spot hidden ext=search = 90"],
    )
    assert fx[0][-1] == "consequence: minor — dust (+5 min per roll until cleared)"
    assert table.submit("alice spot hidden ext=search clear = 30").ok
    chk = table.campaign.check("search")
    assert (chk.pool, chk.elapsed) == (0, 30 + 30 + 5)  # the clearing roll still took +5 min
    assert not from_check(chk).minor_active
