"""Extended checks at the table (AGE): the seed's infiltration, consequences, undo, errors.

The crew (tests/session/conftest.py): Naomi Dexterity 3 + Stealth (+5), Amos Intelligence 2
+ Technology (+4), Bobbie Perception 2 + Seeing (+4). Every die is typed, the last being the
Drama Die.
"""

from __future__ import annotations

import pytest

from tests.seeds import seed_passages
from tests.session.conftest import age_campaign, make_table, snapshot
from tui.session.extended.data import from_check
from tui.session.extended.view import describe_checks
from tui.session.table.table import Table

SKILLS = 'skills="Dexterity (Stealth), Intelligence (Technology), Perception (Seeing)"'
INFILTRATION = (
    "/ext infiltration threshold=15 time=30m tn=11 every=2 "
    'minor="guards notice something; none" '
    'major="security is much tighter; tn+2:Intelligence (Technology)" '
    f'serious="security sweeps the complex" {SKILLS}'
)


def ok(table: Table, line: str) -> tuple[str, ...]:
    """Submit ``line``; it must succeed. Returns the effects written to its log entry."""
    fb = table.submit(line)
    assert fb.ok, (line, fb.message)
    return fb.outcome.draft.effects if fb.outcome else ()


def refused(table: Table, line: str, words: str) -> None:
    """``line`` must fail naming ``words`` and leave the campaign and the log unchanged."""
    before = snapshot(table)
    fb = table.submit(line)
    assert not fb.ok and words in fb.message, (line, fb.message)
    assert snapshot(table) == before


@pytest.fixture
def table() -> Table:
    t = make_table(age_campaign())
    ok(t, INFILTRATION)
    return t


def state(table: Table, name: str = "infiltration") -> tuple[int, int, str]:
    chk = table.campaign.check(name)
    return chk.pool, chk.elapsed, chk.status


def test_creation_matches_the_seed(table: Table) -> None:
    seed = seed_passages("002")
    assert "порогом успеха 15" in seed and "примерно 4 минуты" in seed and "30 минут" in seed
    chk = table.campaign.check("infiltration")
    assert (chk.tn, chk.threshold, chk.time_budget, chk.pool, chk.elapsed) == (11, 15, 30, 0, 0)
    assert chk.allowed_skills == (
        "Dexterity (Stealth)",
        "Intelligence (Technology)",
        "Perception (Seeing)",
    )
    test = from_check(chk)
    # «по истечении времени комплекс будет перекрыт»: 30 ÷ 4 = 7.5, so 7 rolls end in time
    assert test.time_per_roll == 4 and test.rolls_left == 7
    assert test.escalation.steps == (2, 4, 6)
    assert test.minor is not None and test.minor.effect is None
    assert test.serious is not None and test.serious.text == "security sweeps the complex"
    text, style = describe_checks(table.system, table.campaign)[0]
    assert "░░░░░░░░ 0/15" in text and "TN 11" in text and "0/30 min (30 left)" in text
    assert style == "bold"
    assert table.session.log[-1].text.startswith("extended check infiltration: threshold 15")


def test_seed_infiltration_to_completion(table: Table) -> None:
    fx = ok(table, "naomi stealth ext=infiltration = 4 5 3")
    assert fx == ("infiltration: pool 3/15 (+3), 4/30 min",)
    assert state(table) == (3, 4, "running")
    ok(table, "amos technology ext=inf = 1 2 1")  # ext= takes a prefix
    fx = ok(table, "bobbie seeing ext=infiltration = 2 1 1")
    assert "consequence: minor — guards notice something" in fx
    # the seed's separate opposed Stealth test neutralises the guards; it is no contribution
    ok(table, "naomi stealth tn=11 = 5 4 2 vs bobbie seeing = 3 3 3")
    assert state(table) == (3, 12, "running")
    fx = ok(table, "/clear infiltration")
    assert not from_check(table.campaign.check("infiltration")).minor_active
    ok(table, "amos technology ext=infiltration = 6 5 5")
    ok(table, "naomi stealth ext=infiltration = 6 6 6")
    assert state(table) == (14, 20, "running")
    line = describe_checks(table.system, table.campaign)[0][0]
    assert "14/15" in line and "5 rolls" in line and "20/30 min (10 left)" in line
    assert "minor: guards notice something (cleared)" in line
    fx = ok(table, "bobbie seeing ext=infiltration = 3 3 2")
    assert fx[-1] == "infiltration complete"
    assert state(table) == (16, 24, "done")
    text, style = describe_checks(table.system, table.campaign)[0]
    assert "████████ 16/15" in text and "complete" in text and style == "green"
    refused(table, "naomi stealth ext=infiltration = 6 6 6", "infiltration is already done")
    contributions = table.campaign.check("infiltration").contributions
    assert [c["who"] for c in contributions] == [
        "Naomi",
        "Amos",
        "Bobbie",
        "Amos",
        "Naomi",
        "Bobbie",
    ]
    assert contributions[0]["dice"] == [4, 5, 3] and contributions[0]["grade"] == "success"
    assert table.session.log[-1].inputs["ext"] == "infiltration"


def test_seed_infiltration_timeout_is_serious(table: Table) -> None:
    crew = ["naomi stealth", "amos technology", "bobbie seeing"]
    for i in range(6):  # successes that each add only 1 (Drama Die 1)
        ok(table, f"{crew[i % 3]} ext=infiltration = 6 6 1")
    assert state(table) == (6, 24, "running")
    # the seventh roll ends at minute 28; an eighth would end at 32, after the complex is
    # sealed, so it cannot begin: the check fails with the seventh
    fx = ok(table, "naomi stealth ext=infiltration = 6 6 1")
    assert fx == (
        "infiltration: pool 7/15 (+1), 28/30 min",
        "out of time: serious consequence — security sweeps the complex",
        "infiltration failed",
    )
    assert state(table) == (7, 28, "failed")
    refused(table, "amos technology ext=infiltration = 6 6 6", "already failed")
    test = from_check(table.campaign.check("infiltration"))
    assert test.timed_out and test.level.label == "serious"
    text, style = describe_checks(table.system, table.campaign)[0]
    assert "7/15" in text and "serious: out of time" in text and "failed" in text
    assert style == "red"


def test_failures_escalate_to_major_permanent_tn_for_technology(table: Table) -> None:
    for line in ("amos technology", "bobbie seeing", "amos technology"):
        ok(table, f"{line} ext=infiltration = 1 1 1")
    fx = ok(table, "amos technology ext=infiltration = 1 1 2")
    assert fx[-1] == (
        "consequence: major — security is much tighter "
        "(TN +2 permanently for Intelligence (Technology))"
    )
    assert "TN 13" in table.plan("amos technology ext=infiltration").summary
    assert "TN 11" in table.plan("naomi stealth ext=infiltration").summary
    ok(table, "amos technology ext=infiltration = 5 2 1")  # 7+4 = 11 < 13: fails now
    assert table.campaign.check("infiltration").consequences["failures"] == 5
    lines = describe_checks(table.system, table.campaign)
    assert "major: security is much tighter" in lines[0][0] and lines[0][1] == "bold yellow"
    assert lines[1] == ("    TN +2 for Intelligence (Technology)", "dim")


def test_minor_raises_tn_by_2_then_a_spent_success_clears_it() -> None:
    t = make_table(age_campaign())
    fx = ok(t, '/ext vault threshold=10 time=1h minor="alarm armed"')
    assert "consequence minor — alarm armed (TN +2 until cleared)" in fx
    assert "TN 11" in t.plan("naomi stealth ext=vault").summary
    fx = ok(t, "amos technology ext=vault = 1 1 1")
    assert fx[-1] == "consequence: minor — alarm armed (TN +2 until cleared)"
    assert "TN 13" in t.plan("naomi stealth ext=vault").summary
    assert "TN 13" in describe_checks(t.system, t.campaign)[0][0]
    ok(t, "naomi stealth ext=vault = 3 3 2")  # 8 + 5 = 13: just makes TN 13
    assert state(t, "vault") == (2, 24, "running")
    fx = ok(t, "naomi stealth ext=vault clear = 3 3 6")
    assert fx == ("vault: minor consequence cleared (no progress), 36/60 min",)
    assert state(t, "vault") == (2, 36, "running")  # the success bought no progress
    assert "TN 11" in t.plan("naomi stealth ext=vault").summary
    refused(t, "naomi stealth ext=vault clear = 3 3 6", "no active minor consequence")


def test_a_failed_clear_roll_leaves_the_minor_consequence() -> None:
    t = make_table(age_campaign())
    ok(t, '/ext vault threshold=10 time=1h every=1,3,5 minor="alarm armed"')
    ok(t, "amos technology ext=vault = 1 1 1")
    ok(t, "naomi stealth ext=vault clear = 1 1 1")
    test = from_check(t.campaign.check("vault"))
    assert test.minor_active and test.failures == 2 and test.pool == 0


def test_major_halves_the_pool() -> None:
    t = make_table(age_campaign())
    ok(
        t,
        '/ext hack threshold=20 time=2h every=1,2,3 minor="noticed; none" '
        'major="trace found; halve" serious="locked out; none"',
    )
    ok(t, "naomi stealth ext=hack = 6 6 6")
    ok(t, "naomi stealth ext=hack = 6 6 5")
    ok(t, "amos technology ext=hack = 1 1 1")
    assert state(t, "hack")[0] == 11
    fx = ok(t, "amos technology ext=hack = 1 1 1")
    assert fx == (
        "hack: pool 5/20 (no progress, 2 failed), 48/120 min",
        "consequence: major — trace found (pool halved)",
    )


def test_closed_approach_and_blocked_check_refuse_rolls() -> None:
    t = make_table(age_campaign())
    ok(
        t,
        '/ext door threshold=10 time=1h every=1,2,3 minor="jammed; blocked" '
        'major="wiring fried; close" serious="x; none"',
    )
    ok(t, "amos technology ext=door = 1 1 1")
    refused(t, "naomi stealth ext=door = 6 6 6", "door is blocked")
    assert "blocked" in describe_checks(t.system, t.campaign)[1][0]
    assert describe_checks(t.system, t.campaign)[0][1] == "magenta"
    ok(t, "/unblock door")
    refused(t, "/unblock door", "not blocked")
    ok(t, "amos technology ext=door = 1 1 1")
    refused(t, "amos technology ext=door = 6 6 6", "Intelligence (Technology) is closed")
    ok(t, "naomi stealth ext=door = 6 6 6")


def test_undo_of_a_contributing_roll_restores_the_exact_check(table: Table) -> None:
    ok(table, "naomi stealth ext=infiltration = 4 5 3")
    ok(table, "amos technology ext=infiltration = 1 1 1")
    before = table.campaign
    ok(table, "bobbie seeing ext=infiltration = 1 1 1")  # second failure: minor
    after = table.campaign
    assert after.check("infiltration").consequences["level"] == "minor"
    ok(table, "/undo")
    assert table.campaign == before
    assert table.campaign.check("infiltration") == before.check("infiltration")
    ok(table, "/redo")
    assert table.campaign == after


def test_selected_check_counts_rolls_until_deselected(table: Table) -> None:
    ok(table, "/ext use infil")
    assert table.campaign.options["active_check"] == "infiltration"
    assert ok(table, "naomi stealth = 4 5 3") == ("infiltration: pool 3/15 (+3), 4/30 min",)
    assert describe_checks(table.system, table.campaign)[0][0].startswith("▸ infiltration")
    fx = ok(table, "naomi dexterity = 6 6 6")  # not one of the check's skills: a plain roll
    assert fx == (
        "not counted toward infiltration: Dexterity is not a skill of infiltration "
        "(Dexterity (Stealth), Intelligence (Technology), Perception (Seeing))",
    )
    assert ok(table, "naomi stealth ext=none = 6 6 6") == ()
    # an opposed roll is a step too (the seed: «простой или встречный бросок»): Naomi wins
    assert ok(table, "naomi stealth = 5 4 2 vs bobbie seeing = 3 3 3") == (
        "infiltration: pool 5/15 (+2), 8/30 min",
    )
    assert state(table) == (5, 8, "running")
    ok(table, "/ext use none")
    assert "active_check" not in table.campaign.options
    assert ok(table, "naomi stealth = 6 6 6") == ()
    refused(table, "/ext use none", "no extended check is selected")


def test_completion_ends_the_selection(table: Table) -> None:
    ok(table, "/ext use infiltration")
    for _ in range(2):
        ok(table, "naomi stealth = 6 6 6")
    fx = ok(table, "naomi stealth = 6 6 6")
    assert fx[-1] == "infiltration complete"
    assert "active_check" not in table.campaign.options
    assert ok(table, "naomi stealth = 6 6 6") == ()


def test_a_tn_the_gm_types_stands_for_that_roll_only(table: Table) -> None:
    fx = ok(table, "naomi stealth ext=infiltration tn=15 = 4 5 3")  # 17 ≥ 15
    assert fx[0] == "infiltration: TN 15 for this roll (the check's TN is 11)"
    assert state(table)[0] == 3
    ok(table, "naomi stealth ext=infiltration hard = 4 4 1")  # 14 < 15: fails
    chk = table.campaign.check("infiltration")
    assert chk.tn == 11 and chk.consequences["failures"] == 1
    assert chk.contributions[1]["result"] == [4, 4, 1, 5, 15, 5]  # + ability + focus


def test_bad_lines_change_nothing(table: Table) -> None:
    ok(table, "naomi stealth ext=infiltration = 4 5 3")
    refused(table, "naomi stealth ext=nothing = 1 1 1", "no extended check")
    refused(table, "naomi dexterity ext=infiltration = 6 6 6", "not a skill of infiltration")
    refused(
        table,
        "naomi stealth ext=infiltration = 1 1 1 vs bobbie seeing ext=other = 2 2 2",
        "one ext= per line",
    )
    refused(table, "naomi stealth ext=infiltration clear = 6 6 6", "no active minor")
    refused(table, "naomi stealth clear = 6 6 6", "add ext=NAME")
    refused(table, "naomi stealth ext=infiltration = 7 1 1", "1..6")
    refused(table, "/clear infiltration", "no active minor consequence")
    refused(table, "/clear", "usage: /clear NAME")
    refused(table, "/unblock nothing", "no extended check")
    refused(table, "/ext drop", "usage")
    refused(table, "/ext use nothing", "no extended check")
    refused(table, INFILTRATION, "already a check called infiltration")
    refused(table, "/ext heist threshold=15", "needs time=")
    refused(table, "/ext heist time=1h", "needs threshold=")
    refused(table, "/ext heist threshold=15 time=soon", "time 'soon'")
    refused(table, "/ext heist threshold=impossible time=1h", "threshold=")
    refused(table, "/ext heist threshold=0 time=1h", "1..200")
    refused(table, "/ext heist threshold=15 time=1h tn=99", "1..40")
    refused(table, "/ext heist threshold=15 time=1h minor=guards alerted", "quote texts")
    refused(table, "/ext heist threshold=15 time=1h colour=red", "unknown option colour=")
    refused(table, "/ext heist threshold=15 time=1h every=0", "every=")
    refused(table, '/ext heist threshold=15 time=1h major="x; halve; reset"', "one effect")
    refused(table, "/ext use threshold=15 time=1h", "usage: /ext use NAME")
    refused(table, "/ext drop=1 threshold=15 time=1h", "check name")
    refused(table, "/ext none threshold=15 time=1h", "reserved")


def test_list_show_and_drop(table: Table) -> None:
    ok(table, "/ext repair threshold=average time=2h tn=hard")
    chk = table.campaign.check("repair")
    assert (chk.threshold, chk.tn, chk.time_budget) == (10, 15, 120)
    fb = table.submit("/ext")
    assert fb.ok and "infiltration" in fb.message and "0/10" in fb.message
    assert table.submit("/ext rep").message.startswith("repair ░░░░░░░░ 0/10  TN 15")
    ok(table, "/ext use repair")
    ok(table, "/ext drop repair")
    assert [c.name for c in table.campaign.checks] == ["infiltration"]
    assert "active_check" not in table.campaign.options
    ok(table, "/undo")
    assert table.campaign.options["active_check"] == "repair"


def test_a_damaged_selected_check_does_not_block_other_rolls(table: Table) -> None:
    from dataclasses import replace

    ok(table, "/ext use infiltration")
    chk = table.campaign.check("infiltration")
    broken = replace(chk, consequences={**chk.consequences, "level": "apocalyptic"})
    table.session.campaign = table.campaign.with_check(broken)
    fx = ok(table, "naomi stealth = 6 6 6")
    assert fx[0].startswith(
        "not counted toward infiltration: extended check 'infiltration' is damaged"
    )
    refused(table, "naomi stealth ext=infiltration = 6 6 6", "damaged")
    assert "damaged" in describe_checks(table.system, table.campaign)[0][0]


def test_cyrillic_check_names_and_prefixes() -> None:
    t = make_table(age_campaign())
    ok(t, "/ext проникновение threshold=5 time=10m")
    assert ok(t, "naomi stealth ext=проник = 6 6 4")[-1] == "проникновение: pool 4/5 (+4), 4/10 min"
    assert ok(t, "naomi stealth ext=proniknovenie = 6 6 4")[-1] == "проникновение complete"
