"""One writer per campaign whatever happened to its files, and a log that no longer fits.

Regressions: a save an editor replaced by renaming its copy over it, or a hard link made
after a checkpoint, let a second Tablekeeper open the campaign for writing; a writer closing
removed the lock file a second writer had written its pid into; ``check`` said "ok" about a
save the app would only open read-only (a crash left a change in the log, then a character
was renamed in an editor), and the confirmed change was stuck in the log; temporary files of
an interrupted checkpoint were never removed.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.store.helpers import Bump, counter, writer
from tests.store.helpers import played as made
from tui.cli.check import check_main
from tui.session.campaign.session import Session
from tui.store import LockedError, ReplayError, Store, is_locked, load, lock_path, log_path
from tui.store.parsecache import cache_path


def editor_saves(save: Path, old: str, new: str) -> None:
    """What many editors do: write the whole text to a new file, rename it over the save."""
    text = save.read_text(encoding="utf-8")
    assert old in text
    tmp = save.with_name(f"{save.name}.swp~")
    tmp.write_text(text.replace(old, new), encoding="utf-8")
    os.rename(tmp, save)


@pytest.mark.parametrize("keeps_id", [True, False])
def test_a_save_renamed_over_by_an_editor_admits_no_second_writer(
    keeps_id: bool, tmp_path: Path
) -> None:
    save = made(tmp_path)
    first, _session = writer(save)
    if keeps_id:
        editor_saves(save, 'name = "Test"', 'name = "Edited"')
    else:  # the GM deleted the identity line too: the name's own lock still holds
        text = save.read_text(encoding="utf-8")
        editor_saves(save, text[text.index("campaign_id") :].split("\n")[0], "# gone")
    assert is_locked(save)
    with pytest.raises(LockedError, match="already open in another Tablekeeper"):
        Store.open(save)
    first.close()
    with Store.open(save) as second:  # once the first writer is gone, it opens
        assert not second.read_only


@pytest.mark.parametrize("checkpoints_after_link", [0, 1, 2])
def test_a_hard_link_made_at_any_time_meets_the_same_lock(
    checkpoints_after_link: int, tmp_path: Path
) -> None:
    save = made(tmp_path)
    first, session = writer(save)
    session.execute(Bump())  # a checkpoint: the save is a new file now
    other = tmp_path / "other.toml"
    os.link(save, other)
    for _ in range(checkpoints_after_link):  # the link now names an old checkpoint
        session.execute(Bump())
    assert is_locked(other)
    with pytest.raises(LockedError, match="open in another Tablekeeper") as refused:
        Store.open(other)
    if checkpoints_after_link:  # an old checkpoint's file: the campaign's lock says where
        assert f"as {save} (process {os.getpid()})" in str(refused.value)
    session.execute(Bump())  # the writer goes on, alone
    first.close()
    assert counter(load(save)[0]) == 3 + checkpoints_after_link
    assert not lock_path(other).exists()  # the refused opener left no lock file behind


def test_a_copy_of_an_open_campaign_is_the_same_campaign(tmp_path: Path) -> None:
    save = made(tmp_path)
    first, _session = writer(save)
    copy = tmp_path / "copy.toml"
    copy.write_bytes(save.read_bytes())
    with pytest.raises(LockedError, match="same campaign"):
        Store.open(copy)
    first.close()
    with Store.open(copy) as alone:
        assert not alone.read_only


def test_a_conflict_copy_and_a_new_campaign_get_identities_of_their_own(tmp_path: Path) -> None:
    save = made(tmp_path)
    first, _session = writer(save)
    beside = first.save_beside()
    with Store.open(beside) as other:  # opens while the original is open
        assert other.campaign_id != first.campaign_id
    first.close()


def test_an_older_save_gets_its_identity_at_the_first_open(tmp_path: Path) -> None:
    from tui.store.lock import campaign_lock_path

    save = made(tmp_path)
    text = save.read_text(encoding="utf-8")
    line = text[text.index("campaign_id") :].split("\n")[0]
    save.write_text(text.replace(line + "\n", ""), encoding="utf-8")
    with Store.open(save) as store:
        assert store.campaign_id is not None
        assert f'campaign_id = "{store.campaign_id}"' in save.read_text(encoding="utf-8")
        assert campaign_lock_path(save, store.campaign_id).exists()
    assert not campaign_lock_path(save, store.campaign_id).exists()  # removed on close


def test_a_closing_writer_leaves_the_next_writers_lock(tmp_path: Path) -> None:
    """The issue's sequence: a rename-over, a second opener, then the first writer quits."""
    save = made(tmp_path)
    first, _session = writer(save)
    editor_saves(save, 'name = "Test"', 'name = "Edited"')
    try:
        second: Store | None = Store.open(save)
    except LockedError:
        second = None
    first.close()
    if second is None:
        second = Store.open(save)
    assert lock_path(save).exists() and is_locked(save)  # the writer's lock is in place
    assert lock_path(save).read_text().split()[0] == str(os.getpid())
    second.close()
    assert not lock_path(save).exists()


@pytest.mark.parametrize("which", ["beside", "campaign"])
def test_a_writer_never_removes_a_lock_file_it_no_longer_owns(which: str, tmp_path: Path) -> None:
    """An older Tablekeeper writes its pid into ``NAME.toml.lock`` in place (same file)."""
    from tui.store.lock import campaign_lock_path

    save = made(tmp_path)
    first, _session = writer(save)
    assert first.campaign_id is not None
    where = lock_path(save) if which == "beside" else campaign_lock_path(save, first.campaign_id)
    with where.open("r+") as f:  # the same file, another writer's note
        f.truncate(0)
        f.write("4242\n")
    first.close()
    assert where.read_text() == "4242\n"


def test_stale_temporary_files_are_removed_at_the_next_open(tmp_path: Path) -> None:
    save = made(tmp_path)
    ours = [
        tmp_path / ".c.toml.k2x_9ab0.tmp",  # the checkpoint's own (tempfile.mkstemp)
        tmp_path / ".c.toml.bak.0a1b2c3d.tmp",  # the backup's hard link
        tmp_path / "..c.toml.cache.zz01yy23.tmp",  # the parse cache's
        tmp_path / "..c.log.toml.cache.abcdefgh.tmp",  # the log cache's
    ]
    others = [
        tmp_path / ".other.toml.k2x_9ab0.tmp",  # another campaign's
        tmp_path / ".c.toml.notes.tmp",  # not a name we make
        tmp_path / "c.toml.k2x_9ab0.tmp",
    ]
    for p in ours + others:
        p.write_bytes(b"x" * 4096)
    with Store.open(save, read_only=True):  # a reader never removes anything
        pass
    assert all(p.exists() for p in ours)
    first, _session = writer(save)
    assert sorted(first.removed_temps) == sorted(ours)
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in others)
    again = tmp_path / ".c.toml.zzzzzzzz.tmp"
    again.write_bytes(b"x")
    with pytest.raises(LockedError):
        Store.open(save)  # a refused writer leaves a live writer's files alone
    assert again.exists()
    first.close()


# -- a log that no longer fits the save ---------------------------------------------------------
def crashed_then_renamed(tmp_path: Path, *, also: str = "") -> Path:
    """A checkpoint, then a change only in the log (the app was killed before the next
    checkpoint), then Alice renamed in an editor (``also``: another edit to her)."""
    save = made(tmp_path)
    store = Store.open(save)
    session = Session(store.campaign, store.log, last_seq=store.log_count)
    session.subscribe(store.record)  # durable in the log, never checkpointed
    session.execute(Bump())
    store.close()  # as a kill leaves it: the change is only in the log
    editor_saves(save, 'name = "Alice"', 'name = "Alicia"')
    if also:
        editor_saves(save, "STR = 13", also)
    return save


def check(save: Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    return check_main([str(save)], out=out), out.getvalue().splitlines()


def test_check_reports_the_refusal_the_app_makes(tmp_path: Path) -> None:
    save = crashed_then_renamed(tmp_path)
    with pytest.raises(ReplayError) as refused:
        Store.open(save)
    code, lines = check(save)
    assert code == 1
    assert lines[0] == f"{save}: {refused.value.message}"
    assert "'Alice'" in lines[0] and "does not apply" in lines[0]
    assert lines[1] == (
        f"{save}: note: renamed in the save since the log was written: 'Alice' → 'Alicia'; "
        "opening the campaign offers to apply the log to the new names"
    )


@pytest.mark.parametrize("source", ["parse cache", "backup"])
def test_the_stuck_change_is_applied_to_the_renamed_character(source: str, tmp_path: Path) -> None:
    save = crashed_then_renamed(tmp_path)
    if source == "backup":
        cache_path(save).unlink()  # the checkpoint's characters come from the backup then
    with pytest.raises(ReplayError) as refused:
        Store.open(save)
    assert refused.value.renames == {"Alice": "Alicia"}
    with Store.open(save, renames=refused.value.renames) as store:
        assert counter(store.campaign) == 2  # the logged change, on Alicia
        assert store.campaign.characters[0].name == "Alicia"
    campaign, log = load(save)  # written as a checkpoint: the log fits again
    assert (campaign.characters[0].name, counter(campaign), len(log)) == ("Alicia", 2, 2)
    assert check(save) == (0, [f"{save}: ok"])


def test_a_renamed_character_with_other_edits_matches_when_it_is_the_only_one(
    tmp_path: Path,
) -> None:
    save = crashed_then_renamed(tmp_path, also="STR = 14")
    with pytest.raises(ReplayError) as refused:
        Store.open(save)
    assert refused.value.renames == {"Alice": "Alicia"}


def test_an_ambiguous_rename_is_not_guessed_and_the_log_can_be_kept_beside(
    tmp_path: Path,
) -> None:
    save = crashed_then_renamed(tmp_path)
    text = save.read_text(encoding="utf-8")
    block = text[text.index("[[characters]]") :]
    save.write_text(text + "\n" + block.replace("Alicia", "Alicia Twin"), encoding="utf-8")
    with pytest.raises(ReplayError) as refused:
        Store.open(save)
    assert refused.value.renames == {}  # two equal newcomers: no guess
    code, lines = check(save)
    assert code == 1 and "keep the log beside" in lines[1]
    log = log_path(save).read_bytes()
    with Store.open(save, log_aside=True) as store:
        assert store.log_set_aside is not None
        assert store.log_set_aside.name.startswith("c.log.toml.unapplied-")
        assert store.log_set_aside.read_bytes() == log  # kept whole
        assert counter(store.campaign) == 1  # the save as it is
        session = Session(store.campaign, store.log, last_seq=store.log_count)
        session.subscribe(store.listener)
        session.execute(Bump())
    campaign, entries = load(save)
    assert counter(campaign) == 2 and [e.seq for e in entries] == [2]
