"""Advanced tests at the table (seed 002): opposed steps, races, and the preview's exact
chance to complete a check in the time left."""

from __future__ import annotations

import itertools
from fractions import Fraction

from rules import age as age_rules
from rules import brp as brp_rules
from tests.seeds import seed_passages
from tests.session.conftest import age_campaign, brp_campaign, make_table, pct, snapshot
from tui.session.extended.view import describe_checks
from tui.session.table.table import Table

SEED = seed_passages("002")
CREATE = '/ext infiltration threshold=15 time=30m tn=11 minor="guards alerted" every=2'
RACE = '/ext chase race="naomi vs amos, bobbie" threshold=10 time=30m'


def _age(*lines: str) -> Table:
    table = make_table(age_campaign())
    for line in lines:
        fb = table.submit(line)
        assert fb.ok, (line, fb.message)
    return table


def effects(table: Table, line: str) -> tuple[str, ...]:
    fb = table.submit(line)
    assert fb.ok, (line, fb.message)
    assert fb.outcome is not None
    return fb.outcome.draft.effects


def test_seed_a_step_may_be_an_opposed_roll() -> None:
    """«Игрок делает простой или встречный бросок за каждый временной промежуток. Если бросок
    успешен, он добавляет значение Куба Драмы в свой пул»: Naomi sneaks past Bobbie."""
    assert "простой или встречный бросок" in SEED
    t = _age(CREATE)
    # ext= at the end of the line (on Bobbie's side) binds the whole roll
    fx = effects(t, "naomi stealth = 4 4 3 vs bobbie seeing = 3 3 3 ext=infiltration")
    assert fx == ("infiltration: pool 3/15 (+3), 4/30 min",)
    # a success on the dice (14 ≥ 11) that loses the opposed test is a failed step
    fx = effects(t, "naomi stealth = 3 3 3 vs bobbie seeing = 4 4 4 ext=infiltration")
    assert fx == ("infiltration: pool 3/15 (no progress, 1 failed), 8/30 min",)
    chk = t.campaign.check("infiltration")
    assert chk.contributions[-1]["success"] is False
    assert chk.contributions[-1]["opponents"] == [[4, 4, 4, 4, 11, 4]]


def test_opposed_step_of_another_system_is_refused_by_name() -> None:
    t = make_table(brp_campaign())
    assert t.submit("/ext search threshold=4 time=1h").ok
    before = snapshot(t)
    fb = t.submit("alice stealth vs boris listen ext=search")
    assert not fb.ok and "opposed roll does not count" in fb.message
    assert snapshot(t) == before


def test_seed_race_who_gets_there_first() -> None:
    """«длительные противостояния, где важно, кто успеет первым»: two pools, first to 10."""
    assert "важно, кто успеет первым" in SEED
    t = _age(RACE)
    entry = t.session.log[-1]
    assert entry.text == (
        "race chase: Naomi vs Amos + Bobbie to 10, TN 11, 30 min, 6 min per slice (5 slices)"
    )
    assert describe_checks(t.system, t.campaign) == [
        ("chase race  TN 11  0 slices  0/30 min (30 left)", "bold"),
        ("    Naomi ░░░░░░░░ 0/10", "bold"),
        ("    Amos + Bobbie ░░░░░░░░ 0/10", "bold"),
    ]
    fx = effects(t, "naomi stealth = 5 5 6 vs amos technology = 3 3 3 ext=chase")
    assert fx == ("chase: Naomi +6; Naomi 6/10 · Amos + Bobbie 0/10, 6/30 min",)
    # the other side's roller may change; the side order of the line does not matter
    fx = effects(t, "bobbie seeing = 5 5 5 vs naomi stealth = 1 1 1 ext=chase")
    assert fx == ("chase: Amos + Bobbie +5; Naomi 6/10 · Amos + Bobbie 5/10, 12/30 min",)
    fx = effects(t, "naomi stealth = 6 6 4 vs bobbie seeing = 1 1 1 ext=chase")
    assert fx[-1] == "chase: Naomi wins the race"
    lines = describe_checks(t.system, t.campaign)
    assert lines[0][0].endswith("✓ Naomi wins") and lines[0][1] == "green"
    assert [text for text, _ in lines[1:]] == [
        "    Naomi ████████ 10/10",
        "    Amos + Bobbie ████░░░░ 5/10",
    ]
    # undo takes back one slice
    t.session.undo()
    assert t.campaign.check("chase").consequences["pools"] == [6, 5]


def test_race_time_runs_out_with_nobody_there() -> None:
    t = _age('/ext chase race="naomi vs amos" threshold=4 time=10m')  # 5 a slice: 2 slices
    effects(t, "naomi stealth = 1 1 1 vs amos technology = 1 1 1 ext=chase")
    fx = effects(t, "naomi stealth = 1 1 1 vs amos technology = 1 1 1 ext=chase")
    assert fx == (
        "chase: nobody gains; Naomi 0/4 · Amos 0/4, 10/10 min",
        "chase: time is up, nobody reached 4",
    )
    assert describe_checks(t.system, t.campaign)[0][0].endswith("✗ nobody in time")


def test_race_refuses_what_is_not_a_slice() -> None:
    t = _age(RACE)
    before = snapshot(t)
    for line, problem in {
        "naomi stealth ext=chase = 6 6 6": "each slice is one opposed roll",
        "amos technology vs bobbie seeing ext=chase": "same side",
        "naomi stealth vs amos technology vs bobbie seeing ext=chase": "one opposed roll",
        "naomi stealth ext=chase clear": "is a race",
        "/clear chase": "is a race",
        '/ext chase2 race="naomi vs amos" threshold=10 minor="x"': "a race has no minor=",
        "/ext chase3 race=naomi vs amos threshold=10": "quote a race's sides",
        '/ext chase4 race="naomi vs zed" threshold=10': "zed",
        '/ext chase5 race="naomi vs naomi" threshold=10': "named twice",
        '/ext chase6 race="naomi" threshold=10': "two sides",
    }.items():
        fb = t.submit(line)
        assert not fb.ok and problem in fb.message, (line, fb.message)
    assert snapshot(t) == before


def test_race_without_time_has_no_deadline() -> None:
    t = _age('/ext duel race="naomi vs amos" threshold=6')
    assert t.session.log[-1].text == "race duel: Naomi vs Amos to 6, TN 11, no time limit"
    assert "0 slices" in describe_checks(t.system, t.campaign)[0][0]


def test_seed_completion_odds_in_the_remaining_time() -> None:
    """30 minutes, 4 a roll, threshold 15: the preview gives the exact chance to complete in
    the 7 rolls that end in time if Naomi (+5 at TN 11) makes them all."""
    t = _age(CREATE)
    pv = t.preview("naomi stealth ext=infiltration")
    p = age_rules.advanced_completion_odds(5, 11, 15, 7)
    assert (
        pv.ok
        and (
            f"infiltration: {pct(p)} to complete in the 7 rolls left, all by Naomi "
            "(consequences aside)"
        )
        in pv.text
    )
    effects(t, "naomi stealth ext=infiltration = 4 4 3")  # +3
    pv = t.preview("amos technology +2 ext=infiltration")
    p = age_rules.advanced_completion_odds(6, 11, 12, 6)
    assert f"{pct(p)} to complete in the 6 rolls left, all by Amos" in pv.text


def test_completion_odds_of_a_brp_check_match_brute_force() -> None:
    """Outside AGE a roll adds by its grade (BRP success 1, special 2, critical 3)."""
    t = make_table(brp_campaign())
    assert t.submit("/ext search threshold=4 time=1h per=30m").ok  # 2 rolls
    pv = t.preview("alice spot hidden ext=search")
    dist = brp_rules.odds(60)
    gain = {brp_rules.Level.CRITICAL: 3, brp_rules.Level.SPECIAL: 2, brp_rules.Level.SUCCESS: 1}
    brute = sum(
        (
            dist[a] * dist[b]
            for a, b in itertools.product(dist, repeat=2)
            if gain.get(a, 0) + gain.get(b, 0) >= 4
        ),
        Fraction(0),
    )
    assert f"search: {pct(brute)} to complete in the 2 rolls left, all by Alice Moore" in pv.text
    assert "consequences aside" not in pv.text  # this check has none


def test_completion_odds_of_an_opposed_step() -> None:
    t = _age(CREATE)
    pv = t.preview("naomi stealth vs bobbie seeing ext=infiltration")
    steps = {0: Fraction(1)}
    for key, q in age_rules.opposed_pool_odds([5, 4], 11).items():
        if key is not None and key[0] == 0:
            steps[key[1]] = q
            steps[0] -= q
    p = age_rules.pool_completion_odds(steps, 15, 7)
    assert f"infiltration: {pct(p)} to complete" in pv.text


def test_race_preview_shows_each_sides_chance_to_win_the_race() -> None:
    t = _age(RACE)
    pv = t.preview("bobbie seeing vs naomi stealth ext=chase")
    # race side 0 is Naomi (+5), side 1 Amos + Bobbie (Bobbie +4 here)
    step = age_rules.opposed_pool_odds([5, 4], 11)
    odds = age_rules.race_odds(step, (10, 10), 5)
    assert (
        f"chase, to win the race: Naomi {pct(odds[0])} · Amos + Bobbie {pct(odds[1])} · "
        f"nobody in time {pct(odds[None])}"
    ) in pv.text
    assert sum(odds.values()) == 1


def test_completion_odds_of_the_last_roll_in_the_singular() -> None:
    t = _age("/ext door threshold=2 time=10m")  # 10 a roll: one roll fits
    pv = t.preview("naomi stealth ext=door")
    p = age_rules.advanced_completion_odds(5, 11, 2, 1)
    assert f"door: {pct(p)} to complete in the 1 roll left, by Naomi" in pv.text
    assert "1 roll)" in t.session.log[-1].text
