"""A save behind its log: a quit leaves a big save as its last checkpoint wrote it.

Rewriting a 1.5 MB save was most of a big campaign's quit (issue 36); the log already
holds every change, so a quit writes a big save only when the next open would otherwise
replay more log than it reads of save (the replay bound). These tests hold what that
needs: opening finds where the checkpoint ends in the log (the autosaver counts the bound
from there), does not rewrite a save that only lags, ``check`` says ok with a note, and
the changes are all there when the campaign opens again.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.store.helpers import Bump, counter, small_campaign
from tui.cli.check import check_main
from tui.session.campaign.session import Session
from tui.store import Store, log_path, read_campaign
from tui.store.autosave import Autosaver
from tui.store.logcache import cache_path


def _played(save: Path, before: int, after: int) -> int:
    """A campaign with ``before`` changes in its checkpoint and ``after`` more only in its
    log; the log's size at the checkpoint."""
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.record)
    for _ in range(before):
        session.execute(Bump())
    store.checkpoint()
    at = log_path(save).stat().st_size
    for _ in range(after):
        session.execute(Bump())
    store.close()
    return at


@pytest.mark.parametrize("cached", [True, False], ids=["log cache", "parsed"])
def test_opening_finds_where_the_checkpoint_ends_in_the_log(tmp_path: Path, cached: bool) -> None:
    save = tmp_path / "c.toml"
    at = _played(save, 3, 2)
    if not cached:
        cache_path(log_path(save)).unlink()
    with Store.open(save) as store:
        assert store.checkpoint_end == at
        assert store.log_since_checkpoint == log_path(save).stat().st_size - at > 0
        assert store.unsaved and counter(store.campaign) == 5


def test_a_log_whose_blocks_do_not_start_with_seq_counts_whole(tmp_path: Path) -> None:
    """Hand-edited blocks that do not say their ``seq`` first: the bound is counted from the
    start of the log, so the autosaver checkpoints soon rather than never."""
    save = tmp_path / "c.toml"
    _played(save, 1, 1)
    log = log_path(save)
    log.write_text(
        log.read_text(encoding="utf-8").replace("[[log]]\nseq = ", "[[log]]\nseq  =  "), "utf-8"
    )
    with Store.open(save) as store:
        assert store.checkpoint_end is None
        assert store.log_since_checkpoint == log.stat().st_size
        assert counter(store.campaign) == 2


def test_a_save_behind_its_log_is_not_rewritten_on_opening(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    _played(save, 1, 2)
    before = os.stat(save)
    with Store.open(save) as store:
        assert counter(store.campaign) == 3
    after = os.stat(save)
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def test_a_quit_leaves_a_big_save_behind_and_every_change_opens_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    store = Store.open(save)
    # as for a big save: rewriting it is not quick, and three changes are far from its size
    saver = Autosaver(store, lambda *_: None, delay=30.0, idle=60.0, quick=0, share=1000)
    session = Session(store.campaign)
    session.subscribe(saver)
    for _ in range(3):
        session.execute(Bump())
    assert saver.stop() is None
    store.close()
    assert counter(read_campaign(save)) == 0  # the save as its last checkpoint wrote it ...
    assert check_main([str(save)]) == 0  # ... which check finds ok, saying what the log adds
    assert capsys.readouterr().out.splitlines() == [
        f"{save}: note: log entries 1–3 are newer than the save; opening the campaign applies them",
        f"{save}: ok",
    ]
    with Store.open(save) as again:
        assert counter(again.campaign) == 3
        saver = Autosaver(again, lambda *_: None, delay=30.0, idle=60.0)
        assert saver.wait_idle(10)  # a save opened behind its log counts as unsaved
        saver.stop()
    assert counter(read_campaign(save)) == 3
    assert check_main([str(save)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"{save}: ok"]
