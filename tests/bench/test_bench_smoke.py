"""Each benchmark runs (its ``--fast`` variant) and gives a sane figure, named as it should be.

Times are not held to their limits here: the suite runs in parallel workers on shared cores,
where a wall-time ratio says more about the neighbours than about us. ``python -m
tests.bench`` measures every figure against its limit. What does not depend on the clock is
held to its limit here too: memory (peak RSS) and the bytes a change writes. The odds
benchmarks also check their results equal icepool's."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.bench.__main__ import line, note
from tests.bench.bench_adventure import bench_adventure_end
from tests.bench.bench_autosave import bench_autosave_longest
from tests.bench.bench_big_commit import bench_big_commit
from tests.bench.bench_big_save import bench_big_save
from tests.bench.bench_big_startup import bench_big_rss, bench_big_startup
from tests.bench.bench_calls import bench_calls, calls
from tests.bench.bench_checkpoint import bench_checkpoint_bytes
from tests.bench.bench_cli_start import (
    bench_cli_help,
    bench_cli_help_ru,
    bench_cli_help_with_config,
    bench_cli_version,
)
from tests.bench.bench_find import bench_find, bench_recap_adventure, bench_recap_rss
from tests.bench.bench_keystroke import bench_keystroke
from tests.bench.bench_notes import bench_notes, bench_notes_50mb_change, bench_notes_change
from tests.bench.bench_odds import (
    bench_age_completion,
    bench_skirmish_contest,
    bench_strange_opposed,
    have_icepool,
)
from tests.bench.bench_previews import bench_previews
from tests.bench.bench_roll import bench_roll_latency
from tests.bench.bench_save import bench_rss, bench_save
from tests.bench.bench_serve import bench_serve_phones
from tests.bench.bench_startup import bench_startup
from tests.bench.big import write_big

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
    sane(bench_roll_latency(rolls=4), "roll_latency_vs_bare_frame", 6.0)


def test_serve_phones_once() -> None:
    sane(bench_serve_phones(changes=4), "serve_32_phones_cpu_vs_bare_aiohttp", 2.0)


def test_autosave_longest_once() -> None:
    sane(bench_autosave_longest(runs=1), "autosave_first_checkpoint_vs_longest", 2.0)


def test_cli_version_and_help_once() -> None:
    sane(bench_cli_version(repeats=1), "cli_version_vs_bare_python", 2.0)
    sane(bench_cli_help(repeats=1), "cli_help_vs_bare_python", 2.0)
    sane(bench_cli_help_with_config(repeats=1), "cli_help_with_config_vs_bare_python", 2.0)
    sane(bench_cli_help_ru(repeats=1), "cli_help_ru_vs_bare_python", 2.0)


def test_save_and_rss() -> None:
    sane(bench_save(), "save_100k_vs_10", 2.0)
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
    sane(bench_skirmish_contest(dice=3), "skirmish_contest_vs_bare_frame", 6.0)


@pytest.fixture(scope="module")
def big_save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The big campaign with a 100,000-entry log (the ``--fast`` variant)."""
    return write_big(tmp_path_factory.mktemp("big"), entries=100_000)


def sane_all(figures: Sequence[Figure], names: Sequence[str]) -> list[float]:
    assert [f[0] for f in figures] == list(names)
    return [sane(f, f[0], f[2]) for f in figures]


def test_big_first_frame_and_interactive(big_save: Path) -> None:
    sane_all(
        bench_big_startup(big_save, repeats=1),
        ["big_first_frame_vs_bare", "big_interactive_vs_bare"],
    )


def test_big_save_of_one_change(big_save: Path) -> None:
    sane_all([bench_big_save(big_save, changes=3)], ["big_save_vs_demo"])


def test_keystroke_at_800_characters() -> None:
    sane_all([bench_keystroke()], ["keystroke_800_chars_vs_demo"])


def test_cold_previews() -> None:
    sane_all(
        bench_previews(repeats=1),
        [
            "strange_duel_preview_vs_bare_frame",
            "age_opposed_preview_vs_bare_frame",
            "dice_1000d6_preview_vs_bare_frame",
        ],
    )


def test_big_commit_at_200x60(big_save: Path) -> None:
    sane_all([bench_big_commit(big_save, rolls=4, rounds=2)], ["big_commit_200x60_vs_demo"])


def test_big_rss(big_save: Path) -> None:
    figure = bench_big_rss(big_save)
    assert sane(figure, "big_rss_vs_demo", 1.5) <= 1.5, note(figure)


def test_ten_megabytes_of_notes() -> None:
    sane_all([bench_notes(rolls=4)], ["notes_10mb_change_vs_bare_frame"])


def test_quick_calls() -> None:
    sane_all(bench_calls(repeats=1), [call.name for call in calls()])


def test_a_change_beside_two_megabytes_of_notes() -> None:
    sane_all([bench_notes_change(rounds=1, rolls=2)], ["notes_2mb_change_vs_plain"])


def test_a_change_beside_fifty_megabytes_of_notes() -> None:
    sane_all([bench_notes_50mb_change(rounds=1, rolls=2)], ["notes_50mb_change_vs_plain"])


def test_checkpoint_bytes_per_isolated_change() -> None:
    """Bytes do not depend on the clock: held to the limit here too."""
    figure = bench_checkpoint_bytes(changes=5)
    assert sane(figure, "checkpoint_bytes_per_change_vs_entry", 4.0) <= 4.0, note(figure)


def test_the_end_of_an_adventure_and_the_quit() -> None:
    sane_all(
        bench_adventure_end(rounds=1),
        ["adventure_end_200_vs_demo", "adventure_end_apply_200_vs_demo", "big_quit_vs_demo"],
    )


def test_find_and_the_recap_by_the_logs_index(tmp_path: Path) -> None:
    """A small log of three adventures: the figures are sane, and memory, which does not
    depend on the clock, is held to its limit."""
    save = write_big(tmp_path / "big", entries=6_000, past_scenes=100, adventure=2_000)
    sane_all([bench_find(save, repeats=1)], ["find_1m_first_results_vs_bytescan"])
    sane_all(
        [bench_recap_adventure(save, tmp_path / "one", repeats=1, adventure=2_000, past=100)],
        ["recap_adventure_1m_vs_20k"],
    )
    figure = bench_recap_rss(save)
    assert sane(figure, "recap_rss_1m_vs_app", 1.5) <= 1.5, note(figure)
