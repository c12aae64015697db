"""Each benchmark runs once, quickly, and returns a sane figure (limits are not asserted here:
the machines are noisy; ``python -m tests.bench`` reports them). Exceptions: the odds
benchmarks check their results equal icepool's, and the save/RSS limits are generous enough
to assert, as tests/store already does."""

from __future__ import annotations

import math

import pytest

from tests.bench.__main__ import line
from tests.bench.bench_odds import (
    bench_age_completion,
    bench_skirmish_contest,
    bench_strange_opposed,
    have_icepool,
)
from tests.bench.bench_roll import bench_roll_latency
from tests.bench.bench_save import bench_rss, bench_save
from tests.bench.bench_startup import bench_startup


def sane(figure: tuple[object, ...], name: str, limit: float) -> float:
    assert figure[0] == name and figure[2] == limit
    ratio = figure[1]
    assert isinstance(ratio, float) and ratio > 0 and math.isfinite(ratio)
    assert line(figure).startswith(f"{name} ratio=")
    return ratio


def test_startup_once() -> None:
    sane(bench_startup(repeats=1), "startup_vs_bare_textual", 1.3)


def test_roll_latency_once() -> None:
    sane(bench_roll_latency(rolls=4), "roll_latency_ms_vs_16", 1.0)


def test_save_and_rss_within_their_limits() -> None:
    assert sane(bench_save(), "save_100k_vs_10", 2.0) <= 2.0
    assert sane(bench_rss(), "rss_100k_vs_empty", 1.5) <= 1.5


def test_age_odds_match_icepool() -> None:
    if not have_icepool():  # a bench extra: the line says so instead of crashing
        figure = bench_age_completion()
        assert math.isnan(figure[1]) and "icepool" in str(figure[3])
        return
    sane(bench_age_completion(repeats=1), "age_completion_vs_icepool", 1.0)


@pytest.mark.timeout(120)
def test_strange_odds_match_icepool() -> None:
    if not have_icepool():
        figure = bench_strange_opposed()
        assert math.isnan(figure[1]) and "icepool" in str(figure[3])
        return
    sane(bench_strange_opposed(repeats=1), "strange_opposed_vs_icepool", 1.0)


def test_skirmish_contest_odds_once() -> None:
    sane(bench_skirmish_contest(dice=3), "skirmish_contest_ms_vs_16", 1.0)
