"""The order that makes a save durable, watched call by call: the new file's bytes are
fsynced before the rename that gives it the name, and the folder after it; a log entry is
fsynced before the store says it is recorded.

A kill test alone cannot see a missing fsync: a killed process's writes are still in the
page cache, which the next reader is served from; only a power cut loses them. So this test
traces the system calls (``os.write``, ``os.fsync``, ``os.replace``) with the file each
descriptor is open on, and checks their order (issue 47: without the fsync before the
atomic replace, every test still passed).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.store.helpers import Bump, small_campaign
from tui.session.campaign.session import Session
from tui.store import Store, log_path


@dataclass(frozen=True)
class Call:
    what: str  # "write", "fsync", "replace"
    inode: int  # of the file (or folder) the call is about
    name: str  # its path, for the failure message


class Trace:
    """The calls made while it is installed, each with the inode it concerns."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[Call] = []
        real_write, real_fsync, real_replace = os.write, os.fsync, os.replace

        def write(fd: int, data: Any) -> int:
            self._fd("write", fd)
            return real_write(fd, data)

        def fsync(fd: Any) -> None:
            self._fd("fsync", fd if isinstance(fd, int) else fd.fileno())
            real_fsync(fd)

        def replace(src: Any, dst: Any, **kwargs: Any) -> None:
            st = os.stat(src, follow_symlinks=False)
            self.calls.append(Call("replace", st.st_ino, f"{src} → {dst}"))
            real_replace(src, dst, **kwargs)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)

    def _fd(self, what: str, fd: int) -> None:
        st = os.fstat(fd)
        self.calls.append(Call(what, st.st_ino, os.readlink(f"/proc/self/fd/{fd}")))


@pytest.fixture
def trace(monkeypatch: pytest.MonkeyPatch) -> Iterator[Trace]:
    yield Trace(monkeypatch)


def _writing(tmp_path: Path, trace: Trace) -> tuple[Path, list[Call]]:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    session = Session(store.campaign)
    session.subscribe(store.listener)
    for _ in range(3):
        session.execute(Bump())
    store.checkpoint()  # (the listener checkpoints after every change already)
    session.execute(Bump())
    store.close()
    return save, trace.calls


def test_every_replaced_file_was_fsynced_after_its_last_write(tmp_path: Path, trace: Trace) -> None:
    _save, calls = _writing(tmp_path, trace)
    replaced = [i for i, c in enumerate(calls) if c.what == "replace"]
    assert replaced, calls  # the checkpoint replaced the save
    for i in replaced:
        inode = calls[i].inode
        before = [c for c in calls[:i] if c.inode == inode]
        writes = [j for j, c in enumerate(before) if c.what == "write"]
        syncs = [j for j, c in enumerate(before) if c.what == "fsync"]
        if not writes:
            continue  # a hard link or copy of a file already durable (the backup)
        assert syncs and syncs[-1] > writes[-1], f"{calls[i].name}: renamed before its fsync"


def test_the_folder_is_fsynced_after_the_save_takes_its_name(tmp_path: Path, trace: Trace) -> None:
    save, calls = _writing(tmp_path, trace)
    folder = os.stat(tmp_path).st_ino
    renamed = [i for i, c in enumerate(calls) if c.what == "replace" and c.name.endswith(save.name)]
    assert renamed
    for i in renamed:
        assert any(c.what == "fsync" and c.inode == folder for c in calls[i + 1 :]), (
            "the rename of the save is not made durable"
        )


def test_each_log_entry_is_fsynced_before_the_next_change_is_taken(
    tmp_path: Path, trace: Trace
) -> None:
    save, calls = _writing(tmp_path, trace)
    log = os.stat(log_path(save)).st_ino
    mine = [c.what for c in calls if c.inode == log]
    assert mine.count("write") >= 4, mine
    # every write to the log is followed by its fsync before the next write
    for i, what in enumerate(mine):
        if what == "write":
            assert "fsync" in mine[i + 1 :], mine
            nxt = mine[i + 1 :]
            assert nxt.index("fsync") < (nxt.index("write") if "write" in nxt else len(nxt))
