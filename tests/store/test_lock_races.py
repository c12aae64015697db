"""The lock's race branches, each made to happen on purpose (issue 47: two of them were pinned
only by a fault test that kills processes at random, so a mutant could live through a run).

The race is staged inside the lock call itself: the module's ``lock_fd`` is wrapped so that,
the moment before it locks, the file is replaced or removed — exactly the window the branch
exists for. Each test names the branch it pins; each fails with that branch taken out.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.store.helpers import small_campaign
from tui.store import LockedError, Store
from tui.store import lock as lock_module
from tui.store.lock import WriterLocks, acquire
from tui.store.paths import lock_path


def _before_locking(
    monkeypatch: pytest.MonkeyPatch, act: Callable[[], None], times: int = 1
) -> list[int]:
    """Run ``act`` just before each of the next ``times`` locks; the calls made, counted."""
    real = lock_module.lock_fd
    calls = [0]

    def racing(fd: int) -> bool:
        calls[0] += 1
        if calls[0] <= times:
            act()
        return real(fd)

    monkeypatch.setattr(lock_module, "lock_fd", racing)
    return calls


def _replace(path: Path, text: str) -> Callable[[], None]:
    def act() -> None:
        new = path.with_name(path.name + ".new")
        new.write_text(text, encoding="utf-8")
        os.replace(new, path)

    return act


def _ino(fd_or_path: int | Path) -> int:
    if isinstance(fd_or_path, int):
        return os.fstat(fd_or_path).st_ino
    return os.stat(fd_or_path).st_ino


def test_acquire_locks_the_save_that_has_the_name_when_it_was_replaced_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Branch: the save replaced between ``open`` and ``flock`` → try the new one."""
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    text = save.read_text(encoding="utf-8")
    calls = _before_locking(monkeypatch, _replace(save, text))
    fd = acquire(save)
    try:
        assert calls[0] == 2  # locked once in vain, then the file that has the name
        assert _ino(fd) == _ino(save)
    finally:
        os.close(fd)


def test_acquire_gives_up_on_a_save_replaced_at_every_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Branch: replaced at every attempt → a clear refusal, no lock on a stale file."""
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    text = save.read_text(encoding="utf-8")
    _before_locking(monkeypatch, _replace(save, text), times=100)
    with pytest.raises(LockedError, match="keeps being replaced"):
        acquire(save)


def test_a_lock_file_removed_before_it_was_locked_is_made_anew_and_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Branch: the lock file removed (or replaced) between ``open`` and ``flock`` → take the
    one now at the name: a lock on a removed file would let a second writer in."""
    save = tmp_path / "c.toml"
    save.write_text("", encoding="utf-8")
    where = lock_path(save)
    where.write_text("", encoding="utf-8")
    _before_locking(monkeypatch, lambda: where.unlink())
    first = WriterLocks(save)
    first.take_path()
    monkeypatch.undo()
    try:
        assert where.exists()  # made anew, and it is the file held
        with pytest.raises(LockedError):
            WriterLocks(save).take_path()
    finally:
        first.release()


def test_a_lock_file_with_another_name_is_locked_but_never_written(tmp_path: Path) -> None:
    """Branch: a lock file with a second hard link is not written to (the note would land in
    whatever file the other name is)."""
    save = tmp_path / "c.toml"
    save.write_text("", encoding="utf-8")
    victim = tmp_path / "notes.txt"
    victim.write_text("the GM's own notes\n", encoding="utf-8")
    os.link(victim, lock_path(save))
    held = WriterLocks(save)
    held.take_path()
    try:
        assert victim.read_text(encoding="utf-8") == "the GM's own notes\n"
        with pytest.raises(LockedError):
            WriterLocks(save).take_path()  # still locked
    finally:
        held.release()
    assert victim.read_text(encoding="utf-8") == "the GM's own notes\n"
    assert lock_path(save).exists()  # and not removed: it was never ours to remove


def test_a_closing_writer_leaves_a_lock_file_put_in_the_place_of_its_own(tmp_path: Path) -> None:
    """Branch: on release, the file at the name must be the very file held, not only hold
    the same words — a copy of the note moved over it is someone else's."""
    save = tmp_path / "c.toml"
    save.write_text("", encoding="utf-8")
    where = lock_path(save)
    held = WriterLocks(save)
    held.take_path()
    copy = where.with_name("copy.lock")
    copy.write_bytes(where.read_bytes())  # the same pid and token, another file
    os.replace(copy, where)
    held.release()
    assert where.exists()


def test_nothing_lockable_at_the_lock_files_name_is_left_alone(tmp_path: Path) -> None:
    """Branch: a FIFO (or a folder) where the lock file belongs is not locked or written:
    the save's other locks hold, and the FIFO is never opened for writing."""
    save = tmp_path / "c.toml"
    save.write_text("", encoding="utf-8")
    os.mkfifo(lock_path(save))
    assert lock_module._take(lock_path(save), save) == "not a regular file"
    first = Store.create(tmp_path / "d.toml", small_campaign())
    try:
        os.mkfifo(lock_path(tmp_path / "e.toml"))
        (tmp_path / "e.toml").write_bytes((tmp_path / "d.toml").read_bytes())
        with pytest.raises(LockedError):  # the campaign's own lock still holds
            Store.open(tmp_path / "e.toml")
    finally:
        first.close()
