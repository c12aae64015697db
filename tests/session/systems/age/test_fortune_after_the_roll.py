"""AGE Fortune after the roll (seed 002): in opposed tests for either side, and on a roll that
counted toward an advanced or challenge test or a race. Each spend is one undo step."""

from __future__ import annotations

from rules import age as age_rules
from tests.seeds import seed_passages
from tests.session.conftest import age_campaign, make_table, snapshot
from tui.session.protocol.answers import Feedback
from tui.session.table.table import Table

SEED = seed_passages("002")
CREATE = (
    '/ext infiltration threshold=15 time=30m tn=11 minor="guards alerted" serious="sealed" every=1'
)


def effects(feedback: Feedback) -> tuple[str, ...]:
    """The effects of the change ``feedback`` reports (it must have made one)."""
    assert feedback.outcome is not None, feedback.message
    return tuple(feedback.outcome.draft.effects)


def fortune(table: Table) -> dict[str, int]:
    return {ch.name: ch.resources["Fortune"] for ch in table.campaign.characters}


def test_seed_opponents_modify_their_results_spending_fortune(age: Table) -> None:
    """«Оппоненты … при необходимости модифицируют свои результаты, тратя ОУ»: Amos loses,
    spends on his die 1, and wins; then Naomi answers with the Drama Die, and wins back."""
    assert "модифицируют свои результаты, тратя ОУ" in SEED
    fb = age.submit("naomi stealth = 4 4 3 vs amos technology = 3 3 3 tn=11")
    assert fb.ok and fb.message.endswith(": Naomi wins")
    fb = age.submit("/fortune amos die=1 face=6")
    assert fb.ok, fb.message
    assert fb.message == (
        "Amos · Fortune 2 points: die 1 3 → 6, 13 left; Naomi 16 (drama 3) vs "
        "Amos 16 (drama 3): Naomi wins (higher ability + focus)"
    )
    assert not any("verdict changed" in e for e in age.session.log[-1].effects)
    fb = age.submit("/fortune amos die=2 face=6")
    assert fb.ok and fb.message.endswith("Naomi 16 (drama 3) vs Amos 19 (drama 3): Amos wins")
    entry = age.session.log[-1]
    assert entry.actor == "Amos" and entry.grade == "failure"  # the first side lost
    assert (
        "verdict changed; was: Naomi 16 (drama 3) vs Amos 16 (drama 3): Naomi wins "
        "(higher ability + focus)" in entry.effects
    )
    assert [s["dice"] for s in entry.inputs["sides"]] == [[4, 4, 3], [6, 6, 3]]
    fb = age.submit("/fortune naomi die=3 face=6")  # either side: Naomi answers
    assert fb.ok and fb.message.endswith(
        "Naomi 19 (drama 6) vs Amos 19 (drama 3): Naomi wins (higher Drama Die)"
    )
    assert fortune(age) == {"Naomi": 9, "Amos": 11, "Bobbie": 1}
    # one undo step each
    age.session.undo()
    assert fortune(age)["Naomi"] == 12 and age.session.log[-1].kind != "roll"
    fb = age.submit("/fortune naomi die=1 face=6")
    assert fb.ok and "die 1 4 → 6" in fb.message and fb.message.endswith("Amos wins")


def test_fortune_in_a_three_way_test(age: Table) -> None:
    assert age.submit(
        "naomi stealth = 2 2 2 vs amos technology = 3 3 3 vs bobbie seeing = 4 4 4"
    ).ok  # 11, 13, 16: Bobbie
    fb = age.submit("/fortune naomi die=1 face=6")  # 15: still short of Bobbie's 16
    assert fb.ok and fb.message.endswith(": Bobbie wins")
    fb = age.submit("/fortune naomi die=2 face=6")  # 19
    assert fb.ok and fb.message.endswith(": Naomi wins")


def test_same_face_is_refused_and_costs_nothing(age: Table) -> None:
    assert age.submit("naomi stealth = 4 4 3 vs amos technology = 3 3 3").ok
    before = snapshot(age)
    for line in ("/fortune amos die=1 face=3", "/fortune naomi die=3 face=3"):
        fb = age.submit(line)
        assert not fb.ok and "already shows" in fb.message and "no Fortune spent" in fb.message
    assert snapshot(age) == before


def test_a_character_who_rolled_twice_names_the_side(age: Table) -> None:
    assert age.submit(
        "naomi stealth = 2 2 2 vs amos technology = 3 3 3 vs naomi dexterity = 1 1 1"
    ).ok
    fb = age.submit("/fortune naomi die=1 face=6")
    assert not fb.ok and "side=1 (Stealth)" in fb.message and "side=3 (Dexterity)" in fb.message
    fb = age.submit("/fortune naomi side=3 die=1 face=6")
    assert fb.ok and "die 1 1 → 6" in fb.message
    assert not age.submit("/fortune naomi side=2 die=1 face=6").ok


def _infiltration() -> Table:
    table = make_table(age_campaign())
    assert table.submit(CREATE).ok
    return table


def test_seed_fortune_on_a_counted_roll_recounts_pool_and_consequences() -> None:
    """«Игрок делает бросок … и при необходимости модифицирует его результат, тратя ОУ»:
    a failed step raised the minor consequence; Fortune turns it into a success, so the
    failure, the consequence and its TN +2 go and the Drama Die joins the pool."""
    t = _infiltration()
    fb = t.submit("naomi stealth ext=infiltration = 1 2 3")  # 1+2+3+5 = 11: a success, +3
    assert fb.ok
    fb = t.submit("naomi stealth ext=infiltration = 1 1 2")  # 9: failure → minor
    assert "consequence: minor — guards alerted (TN +2 until cleared)" in effects(fb)
    chk = t.campaign.check("infiltration")
    assert (chk.pool, chk.consequences["failures"], chk.consequences["minor_active"]) == (
        3,
        1,
        True,
    )
    fb = t.submit("/fortune naomi die=1 face=5")  # 13 vs 11: a success, Drama Die 2
    assert fb.ok, fb.message
    assert "infiltration re-counted: pool 5/15 (+2), 8/30 min" in effects(fb)
    assert "infiltration: consequences back to none" in effects(fb)
    chk = t.campaign.check("infiltration")
    assert (
        chk.pool,
        chk.elapsed,
        chk.consequences["failures"],
        chk.consequences["minor_active"],
        chk.consequences["level"],
    ) == (5, 8, 0, False, "none")
    assert chk.contributions[-1]["dice"] == [5, 1, 2] and len(chk.contributions) == 2
    # a second spend starts from the changed roll
    fb = t.submit("/fortune naomi die=3 face=6")
    assert fb.ok and t.campaign.check("infiltration").pool == 9
    # undo takes back one spend, check and points together
    t.session.undo()
    assert t.campaign.check("infiltration").pool == 5
    assert t.campaign.character("Naomi").resources["Fortune"] == 10


def test_fortune_can_fail_a_counted_success_and_raise_the_consequence() -> None:
    t = _infiltration()
    assert t.submit("amos technology ext=infiltration = 4 4 4").ok  # 16: +4
    fb = t.submit("/fortune amos die=1 face=1")
    assert fb.ok and fb.message.endswith("(1+4+drama 4+4 = 13 vs 11, margin +2)")
    fb = t.submit("/fortune amos die=2 face=1")  # 10: a failure now
    assert fb.ok
    assert "consequence: minor — guards alerted (TN +2 until cleared)" in effects(fb)
    chk = t.campaign.check("infiltration")
    assert (chk.pool, chk.consequences["failures"]) == (0, 1)


def test_fortune_on_an_older_roll_of_the_check_is_refused_and_costs_nothing() -> None:
    t = _infiltration()
    assert t.submit("naomi stealth ext=infiltration = 1 1 2").ok
    assert t.submit("amos technology ext=infiltration = 4 4 4").ok
    before = snapshot(t)
    fb = t.submit("/fortune naomi die=1 face=6")
    assert not fb.ok and "no longer infiltration's last" in fb.message
    assert "no Fortune spent" in fb.message
    assert snapshot(t) == before


def test_fortune_after_clear_is_refused() -> None:
    t = _infiltration()
    assert t.submit("naomi stealth ext=infiltration = 1 1 2").ok  # minor
    assert t.submit("/clear infiltration").ok
    fb = t.submit("/fortune naomi die=1 face=6")
    assert not fb.ok and "changed since" in fb.message


def test_fortune_on_an_opposed_step_keeps_the_opponent() -> None:
    t = _infiltration()
    fb = t.submit("naomi stealth = 3 3 3 vs bobbie seeing = 4 4 4 ext=infiltration")
    assert fb.ok and "infiltration: pool 0/15 (no progress, 1 failed), 4/30 min" in effects(fb)
    fb = t.submit("/fortune naomi die=1 face=6")  # 17 vs 16: Naomi wins, +3
    assert fb.ok and fb.message.endswith(": Naomi wins")
    chk = t.campaign.check("infiltration")
    assert (chk.pool, chk.consequences["failures"]) == (3, 0)
    assert len(chk.contributions[-1]["opponents"]) == 1
    # Bobbie spends back (1 point is not enough for a regular die: 2 needed)
    fb = t.submit("/fortune bobbie die=1 face=6")
    assert not fb.ok and "at least 2" in fb.message


def test_fortune_on_a_race_slice_redecides_who_gains() -> None:
    t = make_table(age_campaign())
    assert t.submit('/ext chase race="naomi vs amos" threshold=10 time=30m').ok
    assert t.submit("naomi stealth = 3 3 3 vs amos technology = 4 4 4 ext=chase").ok
    chk = t.campaign.check("chase")
    assert chk.consequences["pools"] == [0, 4]
    fb = t.submit("/fortune naomi die=1 face=6")  # 17 vs 16
    assert fb.ok, fb.message
    assert "chase re-counted: Naomi +3; Naomi 3/10 · Amos 0/10, 6/30 min" in effects(fb)
    assert t.campaign.check("chase").consequences["pools"] == [3, 0]
    assert isinstance(age_rules.Race, type)  # the race value is the rules' own


def test_a_one_point_spend_is_singular() -> None:
    campaign = age_campaign()
    from dataclasses import replace

    table = make_table(replace(campaign, options={"fortune_regular": 1, "fortune_drama": 1}))
    assert table.submit("naomi stealth = 1 1 1 vs amos technology = 2 2 2").ok
    fb = table.submit("/fortune naomi die=1 face=6")
    assert fb.ok and "Fortune 1 point: die 1 1 → 6" in fb.message
    assert table.submit("naomi stealth = 1 1 1").ok
    fb = table.submit("/fortune naomi die=3 face=6")
    assert fb.ok and "Fortune 1 point: Drama Die 1 → 6" in fb.message
