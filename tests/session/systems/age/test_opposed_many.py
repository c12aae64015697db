"""AGE opposed tests of several participants at the table (seed 002: «для более чем двух
персонажей: процесс происходит точно так же»)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from rules import age as age_rules
from rules.exact import enumerate_dice
from tests.seeds import seed_passages
from tests.session.conftest import assert_odds_shown, snapshot
from tui.session.table.table import Table

LINE = "naomi stealth vs amos technology vs bobbie seeing tn=11"


def _brute(bonuses: list[int], skills: list[int], tn: int) -> dict[int | None, Fraction]:
    """Every roll of every participant (grouped by total and Drama Die), decided by the rules."""
    groups = Counter((sum(d), d[2]) for d in enumerate_dice(3, 6))
    sides = [
        [(n, age_rules.Result((1, 1, dd), b + s - 2 - dd, tn, k)) for (s, dd), n in groups.items()]
        for b, k in zip(bonuses, skills, strict=True)
    ]
    out: Counter[int | None] = Counter()
    for combo in itertools.product(*sides):
        weight = 1
        for n, _ in combo:
            weight *= n
        out[age_rules.opposed_many([r for _, r in combo], tn)] += weight
    return {k: Fraction(v, 216 ** len(bonuses)) for k, v in out.items()}


def test_seed_more_than_two_characters_preview_each_chance(age: Table) -> None:
    assert "более чем двух персонажей" in seed_passages("002")
    pv = age.preview(LINE)
    assert pv.ok, pv.text
    assert pv.text.startswith(
        "Naomi Dexterity (Stealth) +5 vs Amos Intelligence (Technology) "
        "+4 vs Bobbie Perception (Seeing) +4 (TN 11)"
    )
    brute = _brute([5, 4, 4], [5, 4, 4], 11)
    assert [c.p for c in pv.odds] == [brute[0], brute[1], brute[2], brute[None]]
    assert_odds_shown(
        pv.text,
        [
            ("Naomi wins", brute[0]),
            ("Amos wins", brute[1]),
            ("Bobbie wins", brute[2]),
            ("no winner", brute[None]),
        ],
    )


def test_seed_three_way_commit_and_undo(age: Table) -> None:
    before = snapshot(age)
    fb = age.submit(
        "naomi stealth = 2 2 2 vs amos technology = 3 3 3 vs bobbie seeing = 4 4 4 tn=11"
    )
    assert fb.ok and fb.message == (
        "Naomi Dexterity (Stealth) +5 11 (drama 2) vs Amos Intelligence (Technology) +4 13 "
        "(drama 3) vs Bobbie Perception (Seeing) +4 16 (drama 4) TN 11: Bobbie wins"
    )
    assert age.session.log[-1].grade == "failure"
    age.session.undo()
    assert age.campaign == before[0]


def test_nobody_at_the_tn_no_winner(age: Table) -> None:
    fb = age.submit(
        "naomi stealth = 1 1 1 vs amos technology = 1 1 1 vs bobbie seeing = 1 1 2 tn=15"
    )
    assert fb.ok and fb.message.endswith(": no winner (nobody reached the TN)")
    assert age.session.log[-1].grade == "partial"


def test_one_tn_per_opposed_test(age: Table) -> None:
    before = snapshot(age)
    fb = age.submit("naomi stealth tn=11 vs amos technology tn=13")
    assert not fb.ok and "one TN: got 11 for Naomi, 13 for Amos" in fb.message
    assert snapshot(age) == before
    assert age.preview("naomi stealth tn=13 vs amos technology hard vs bobbie seeing").ok is False


def test_a_line_typed_on_reuses_its_odds(age: Table) -> None:
    """An AGE opposed preview must not cost tens of ms on every keystroke: the odds are
    cached by their inputs, so a line typed on counts nothing anew (the time is a bench
    line, ``tests/bench/bench_calls.py``)."""
    from rules.age.opposed import _win_counts

    line = "naomi stealth vs amos technology vs bobbie seeing vs naomi dexterity"
    age.preview(line)
    age.preview(line + " tn=11")
    counted = _win_counts.cache_info().misses
    for _ in range(3):
        age.preview(line + " tn=11")
        age.preview(line)
    assert _win_counts.cache_info().misses == counted
