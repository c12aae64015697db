"""What happens on disk behind the app's back: other names, other writers, editors, links.

Each test here failed on the first landing's store: a deleted lock file let a second writer
in, a symlink or hard link or rename gave two writers, a shrunk log was padded with NUL
bytes, an editor's change was silently overwritten, and companions were written through
symlinks outside the folder.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.store.helpers import Bump, counter, writer
from tests.store.helpers import played as made
from tui.store import (
    ConflictError,
    LockedError,
    SaveError,
    Store,
    WriteError,
    is_locked,
    load,
    lock_path,
    log_path,
    read_campaign,
)


def test_deleting_the_lock_file_admits_no_second_writer(tmp_path: Path) -> None:
    save = made(tmp_path)
    first, session = writer(save)
    assert lock_path(save).read_text().split()[0] == str(os.getpid())
    lock_path(save).unlink()  # what a GM does after a crash left the file behind
    with pytest.raises(LockedError):
        Store.open(save)
    lock_path(save).write_text("12345\n")  # or replaces it
    with pytest.raises(LockedError):
        Store.open(save)
    session.execute(Bump())  # the writer goes on writing, alone
    first.close()
    assert counter(load(save)[0]) == 2


@pytest.mark.parametrize("how", ["symlink", "relative", "hardlink", "rename"])
def test_every_name_of_a_campaign_reaches_one_lock(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = made(tmp_path)
    first, session = writer(save)
    other = tmp_path / "other.toml"
    if how == "symlink":
        other.symlink_to(save)
    elif how == "relative":
        monkeypatch.chdir(tmp_path)
        other = Path("sub/../c.toml")
        (tmp_path / "sub").mkdir()
    elif how == "hardlink":
        os.link(save, other)
    else:
        os.rename(save, other)
    with pytest.raises(LockedError):
        Store.open(other)
    assert is_locked(other)
    if how == "rename":  # the writer notices its file is gone before writing again
        with pytest.raises(ConflictError, match="deleted or renamed"):
            session.execute(Bump())
        assert not save.exists()
    else:
        session.execute(Bump())
    first.close()


def test_a_writer_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    real = made(tmp_path / "real")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    store, session = writer(link)
    session.execute(Bump())
    store.close()
    assert link.is_symlink() and link.resolve() == real
    assert counter(read_campaign(real)) == 2
    assert not (tmp_path / "link.log.toml").exists()  # companions live beside the real file


def test_a_symlinked_log_is_never_written_through(tmp_path: Path) -> None:
    save = made(tmp_path)
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious\n")
    log_path(save).unlink()
    log_path(save).symlink_to(target)
    with pytest.raises(SaveError, match="symbolic link"):
        _store, session = writer(save)
        session.execute(Bump())
    with pytest.raises(SaveError, match="symbolic link"):
        load(save)  # nor read through
    assert target.read_text() == "precious\n"


def test_a_symlinked_lock_file_is_not_truncated(tmp_path: Path) -> None:
    save = made(tmp_path)
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious\n")
    lock_path(save).unlink(missing_ok=True)
    lock_path(save).symlink_to(target)
    store, session = writer(save)
    session.execute(Bump())
    store.close()
    assert target.read_text() == "precious\n"
    assert lock_path(save).is_symlink()  # not ours: left as it was


def test_a_hard_linked_log_is_refused(tmp_path: Path) -> None:
    save = made(tmp_path)
    os.link(log_path(save), tmp_path / "copy-of-log.toml")
    before = log_path(save).read_bytes()
    with pytest.raises(WriteError, match="hard links"):
        Store.open(save)
    assert log_path(save).read_bytes() == before


@pytest.mark.parametrize("damage", ["shorten", "delete", "replace", "edit", "append"])
def test_a_log_changed_outside_is_never_padded_or_overwritten(damage: str, tmp_path: Path) -> None:
    save = made(tmp_path)
    store, session = writer(save)
    log = log_path(save)
    good = log.read_bytes()
    if damage == "shorten":
        log.write_bytes(good[:20])
    elif damage == "delete":
        log.unlink()
    elif damage == "replace":
        (tmp_path / "new.toml").write_bytes(good)
        os.replace(tmp_path / "new.toml", log)
    elif damage == "edit":  # same length, other bytes
        log.write_bytes(good.replace(b"HP", b"XX"))
    else:
        with log.open("ab") as f:
            f.write(b"\n# a note from another program\n")
    after = log.read_bytes() if log.exists() else None
    with pytest.raises(ConflictError):
        session.execute(Bump())
    assert (log.read_bytes() if log.exists() else None) == after  # untouched, no NUL bytes
    with pytest.raises(ConflictError):  # and it stays stopped
        session.execute(Bump())
    beside = store.save_beside()
    assert counter(read_campaign(beside)) == counter(session.campaign)
    assert beside.parent == tmp_path and "conflict" in beside.name
    store.close()


def test_an_editor_changing_the_save_is_never_overwritten(tmp_path: Path) -> None:
    save = made(tmp_path)
    store, session = writer(save)
    edited = save.read_text(encoding="utf-8").replace('name = "Test"', 'name = "Edited"')
    save.write_text(edited, encoding="utf-8")
    with pytest.raises(ConflictError, match="changed outside"):
        session.execute(Bump())
    assert save.read_text(encoding="utf-8") == edited
    store.close()


def test_the_lock_file_goes_on_a_clean_close_and_stays_harmless_after_a_crash(
    tmp_path: Path,
) -> None:
    save = made(tmp_path)
    store, _ = writer(save)
    assert lock_path(save).exists()
    store.close()
    assert not lock_path(save).exists()
    lock_path(save).write_text("99999\n")  # as a SIGKILL leaves it
    with Store.open(save) as again:  # a stale file is no lock
        assert not again.read_only


def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(SaveError, match="folder"):
        Store.open(tmp_path / "dir.toml")
