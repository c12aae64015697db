"""Saving after a roll costs about the same with 10 or 100,000 log entries."""

from __future__ import annotations

from pathlib import Path

from tests.bench.bench_save import median_save_times


def test_save_cost_does_not_grow_with_the_log(tmp_path: Path) -> None:
    small, big = median_save_times(tmp_path, (10, 100_000), rounds=15)
    assert big < 5 * small + 0.002, (small, big)
