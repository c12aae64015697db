"""The dice statistics' pictures: the luck bar and the distribution chart."""

from __future__ import annotations

from fractions import Fraction

from tui.session.stats import luck
from tui.widgets.luck_chart import distribution_chart, luck_bar


def test_the_luck_bar_puts_the_dot_at_the_percentile() -> None:
    assert luck_bar(Fraction(0), 10).plain == "●─────────"
    assert luck_bar(Fraction(1, 2), 10).plain == "─────●────"
    assert luck_bar(Fraction(1), 10).plain == "─────────●"


def test_the_chart_draws_each_count_in_proportion_and_marks_the_observed_one() -> None:
    # three rolls of 1/2: 1/8, 3/8, 3/8, 1/8 — the middle bars three times the outer ones
    found = luck([Fraction(1, 2)] * 3, 2)
    rows = distribution_chart(found, 8, height=3, mono=True).plain.split("\n")
    assert rows[:3] == ["  ████  ", "  ████  ", "████████"]
    assert rows[3] == "0      3"
    assert rows[4].index("▲") == 4 and rows[4].endswith("▲ 2")


def test_long_runs_are_binned_and_the_far_tails_left_out() -> None:
    found = luck([Fraction(3, 5)] * 500, 320)
    rows = distribution_chart(found, 60, height=4).plain.split("\n")
    assert all(len(r) <= 60 for r in rows[:4])
    first, last = rows[4].split()
    assert 220 < int(first) < 300 < int(last) < 360  # the middle, not 0 … 500
    assert "▲ 320" in rows[5]
