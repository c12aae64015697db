"""Reading a whole log forward in steps (a recap over a long log streams it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.session.campaign.log import LogEntry
from tui.store.errors import SaveError
from tui.store.logfile import iter_entries
from tui.store.logformat import format_entry


def entries(n: int) -> list[LogEntry]:
    return [
        LogEntry(
            i,
            "2024-01-01T00:00:00",
            "roll",
            f"roll {i} " + "é" * (i % 40),
            actor="Alice",
            odds="1/3",
            scene=i % 4,
        )
        for i in range(1, n + 1)
    ]


@pytest.mark.parametrize("step", [1, 7, 100, 4096, 1 << 20])
def test_every_entry_comes_back_in_order_whatever_the_step(tmp_path: Path, step: int) -> None:
    log = entries(300)
    path = tmp_path / "c.log.toml"
    path.write_text("".join(format_entry(e) for e in log), encoding="utf-8")
    assert list(iter_entries(path, step=step)) == log


def test_a_torn_last_block_is_left_out_and_a_missing_log_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "c.log.toml"
    assert list(iter_entries(path)) == []
    log = entries(5)
    path.write_text(
        "".join(format_entry(e) for e in log) + "[[log]]\nseq = 6\nti", encoding="utf-8"
    )
    assert list(iter_entries(path, step=16)) == log


def test_a_bad_block_is_an_error_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "c.log.toml"
    blocks = [format_entry(e) for e in entries(4)]
    blocks[1] = blocks[1].replace('kind = "roll"', "kind = 3")
    path.write_text("".join(blocks), encoding="utf-8")
    with pytest.raises(SaveError, match="kind") as err:
        list(iter_entries(path, step=10))
    assert err.value.line is not None and err.value.line > 1
