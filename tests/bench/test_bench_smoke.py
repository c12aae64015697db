"""Each benchmark runs quickly (the ``--fast`` variant) and returns a sane figure.

The figures of the big campaign (issue 19) are asserted too. They are wall-time ratios
measured side by side in one run, on machines shared with other work: a figure over its
bound is measured again, up to :data:`ATTEMPTS` times, and fails only when every attempt is
over (a real slowdown is over every time; a neighbour's burst is not). The bound is the
figure's limit where our figure sits far below it (one change's save, the cold previews,
memory); where the figure is a start-up or frame time close to its limit on a quiet machine
(first frame, interactive, a keystroke, a commit, long notes), the bound is :data:`SLACK`
times the limit: a test run on a loaded machine cannot hold those to the millisecond (the
commit at 200×60 measured 15.8 ms quiet and 42 ms while the whole suite and another build
shared two cores), but it does catch a gross regression (the commit was 88 ms, the notes
14 s, before issue 19). ``python -m tests.bench`` reports every figure against
its own limit.
The odds benchmarks check their results equal icepool's; the save/RSS limits are asserted
as before."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from tests.bench.__main__ import line, note
from tests.bench.bench_big_commit import bench_big_commit
from tests.bench.bench_big_save import bench_big_save
from tests.bench.bench_big_startup import bench_big_rss, bench_big_startup
from tests.bench.bench_keystroke import bench_keystroke
from tests.bench.bench_notes import bench_notes
from tests.bench.bench_odds import (
    bench_age_completion,
    bench_skirmish_contest,
    bench_strange_opposed,
    have_icepool,
)
from tests.bench.bench_previews import bench_previews
from tests.bench.bench_roll import bench_roll_latency
from tests.bench.bench_save import bench_rss, bench_save
from tests.bench.bench_startup import bench_startup
from tests.bench.big import write_big

ATTEMPTS = 3
#: the bound of the frame-time figures, in limits (see the module docstring)
SLACK = 3.0
Figure = tuple[str, float, float, str]


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


@pytest.fixture(scope="module")
def big_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The big campaign with a 100,000-entry log (the ``--fast`` variant)."""
    return write_big(tmp_path_factory.mktemp("big"), entries=100_000)


def within_limits(
    measure: Callable[[], Sequence[Figure]], names: Sequence[str], slack: float = 1.0
) -> None:
    """Every figure ``measure`` gives is sane and, in at least one of :data:`ATTEMPTS`
    runs, within ``slack`` times its limit (all figures of one run measured together)."""
    over: dict[str, str] = {}
    for _ in range(ATTEMPTS):
        figures = list(measure())
        assert [f[0] for f in figures] == list(names)
        for figure in figures:
            sane(figure, figure[0], figure[2])
        over = {f[0]: f"{line(f)}{note(f)}" for f in figures if f[1] > f[2] * slack}
        if not over:
            return
    raise AssertionError(f"over the limit in all {ATTEMPTS} runs: {over}")


def test_big_first_frame_and_interactive(big_save: Path) -> None:
    within_limits(
        lambda: bench_big_startup(big_save, repeats=3),
        ["big_first_frame_vs_bare", "big_interactive_vs_bare"],
        SLACK,
    )


def test_big_save_of_one_change(big_save: Path) -> None:
    within_limits(lambda: [bench_big_save(big_save, changes=10)], ["big_save_ms_vs_3"])


def test_keystroke_at_800_characters() -> None:
    within_limits(lambda: [bench_keystroke()], ["keystroke_800_chars_ms_vs_2"], SLACK)


def test_cold_previews() -> None:
    within_limits(
        lambda: bench_previews(repeats=3),
        [
            "strange_duel_preview_ms_vs_16",
            "age_opposed_preview_ms_vs_16",
            "dice_1000d6_preview_ms_vs_16",
        ],
    )


def test_big_commit_at_200x60(big_save: Path) -> None:
    within_limits(
        lambda: [bench_big_commit(big_save, rolls=12)], ["big_commit_200x60_ms_vs_16"], SLACK
    )


def test_big_rss(big_save: Path) -> None:
    within_limits(lambda: [bench_big_rss(big_save)], ["big_rss_vs_demo"])


def test_ten_megabytes_of_notes() -> None:
    within_limits(lambda: [bench_notes(rolls=12)], ["notes_10mb_change_ms_vs_16"], SLACK)
