"""Disk full or read-only folder: WriteError, files intact, nothing lost on the next save."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from tests.store.helpers import Bump, counter, small_campaign
from tui.session.campaign.session import Session
from tui.store import SaveError, Store, WriteError, load, log_path


def full_disk(*args: Any, **kwargs: Any) -> Any:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize("target", ["os.replace", "os.fsync"])
def test_failed_save_keeps_files_and_retries(
    target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.listener)
    session.execute(Bump())
    before = snapshot(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(target, full_disk)
        for _ in range(3):
            with pytest.raises(WriteError) as info:
                session.execute(Bump())
            assert isinstance(info.value, SaveError)
            assert "No space left on device" in str(info.value)
            assert store.last_error is info.value
            if target == "os.replace":  # the log took the change: only the checkpoint lags
                assert not store.pending and store.unsaved
                assert counter(load(save)[0]) == counter(session.campaign)
            else:  # the log append itself failed: the entries wait in memory
                assert store.pending
        after = snapshot(tmp_path)
        log_bytes = after.pop("c.log.toml")  # may hold the new entries (written first)
        assert log_bytes.startswith(before.pop("c.log.toml"))
        assert after == before  # save and backup unchanged, no temp file left
    assert counter(session.campaign) == 4
    session.execute(Bump())  # the disk has room again: everything is written
    assert not store.pending and store.last_error is None
    campaign, log = load(save)
    assert counter(campaign) == 5
    assert [e.seq for e in log] == [1, 2, 3, 4, 5]
    store.close()


def test_failed_append_truncates_partial_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.listener)
    session.execute(Bump())
    good = log_path(save).read_bytes()
    real_fsync = os.fsync
    calls = {"n": 0}

    def fail_first(fd: int) -> None:  # the block is written, then fsync fails
        calls["n"] += 1
        if calls["n"] == 1:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)

    monkeypatch.setattr("os.fsync", fail_first)
    with pytest.raises(WriteError, match="log"):
        session.execute(Bump())
    assert log_path(save).read_bytes() == good
    monkeypatch.undo()
    session.execute(Bump())
    assert [e.seq for e in load(save)[1]] == [1, 2, 3]
    assert counter(load(save)[0]) == 3
    store.close()


def test_read_only_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())

    def read_only(*args: Any, **kwargs: Any) -> Any:  # chmod cannot stop root: simulate it
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    with pytest.raises(WriteError, match="Read-only file system"):
        store.save(small_campaign("Other"))
    assert load(save)[0].name == "Test"
    store.close()
