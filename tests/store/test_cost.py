"""Saving after a roll costs about the same with 10 or 100,000 log entries."""

from __future__ import annotations

from pathlib import Path

from tests.bench.bench_save import median_save_time


def test_save_cost_does_not_grow_with_the_log(tmp_path: Path) -> None:
    small = median_save_time(tmp_path / "small", 10, rounds=15)
    big = median_save_time(tmp_path / "big", 100_000, rounds=15)
    assert big < 5 * small + 0.002, (small, big)
