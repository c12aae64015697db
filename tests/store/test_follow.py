"""A read-only store follows its writer: new entries, checkpoints, restarts, restores, edits."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from tui.session.campaign.session import Session
from tui.session.tables import open_table
from tui.store import SaveError, Store, demo_paths, load, log_path, restore_backup

DEMO = next(p for p in demo_paths() if p.name == "demo-brp.toml")


class Writer:
    """A GM's store and table, recording every change like the app (checkpoint on demand)."""

    def __init__(self, save: Path) -> None:
        self.store = Store.open(save)
        self.table = open_table(
            Session(self.store.campaign, self.store.log, last_seq=self.store.log_count),
            rng=random.Random(3),
        )
        self.table.session.subscribe(self.store.record)

    def run(self, *lines: str) -> None:
        for line in lines:
            assert self.table.submit(line).ok, line

    def close(self) -> None:
        self.store.flush()
        self.store.close()


@pytest.fixture
def save(tmp_path: Path) -> Path:
    target = tmp_path / "table.toml"
    shutil.copy(DEMO, target)
    return target


def test_new_entries_arrive_and_nothing_new_costs_nothing(save: Path) -> None:
    writer = Writer(save)
    reader = Store.open(save, read_only=True)
    assert reader.refresh() == []
    writer.run("alice spot hidden = 07", "/hp alice -2")
    new = reader.refresh()
    assert new is not None and [e.text for e in new] == [e.text for e in writer.store.log]
    assert reader.campaign == writer.store.campaign
    assert reader.refresh() == []
    writer.close()


def test_a_checkpoint_changes_nothing_for_the_reader(save: Path) -> None:
    writer = Writer(save)
    reader = Store.open(save, read_only=True)
    writer.run("/hp alice -2")
    assert reader.refresh()
    writer.store.checkpoint()  # the save is replaced by a rename
    assert reader.refresh() == []  # taken in without reading everything again
    assert reader.campaign == writer.store.campaign
    writer.run("/hp boris -1")
    writer.store.checkpoint()
    new = reader.refresh()
    assert new is not None and new[-1].text.startswith("Boris Ivanov HP")
    assert reader.campaign == writer.store.campaign
    writer.close()


def test_writer_restart_with_a_torn_tail_set_aside(save: Path) -> None:
    writer = Writer(save)
    reader = Store.open(save, read_only=True)
    writer.run("/hp alice -2")
    writer.close()
    with log_path(save).open("ab") as f:
        f.write(b"[[log]]\nseq = 99\ntim")  # a crash mid-append
    assert reader.refresh() is not None
    again = Writer(save)  # moves the torn tail aside: the log is shortened
    again.run("/hp boris -1")
    reader.refresh()
    assert reader.campaign == again.store.campaign == load(save)[0]
    assert [e.text for e in reader.log] == [e.text for e in again.store.log]
    again.close()


def test_a_restored_backup_and_an_edit_without_a_writer(save: Path) -> None:
    writer = Writer(save)
    reader = Store.open(save, read_only=True)
    writer.run("/hp alice -2")
    writer.store.checkpoint()
    writer.run("/hp alice -3")
    writer.close()
    reader.refresh()
    hp = load(save)[0].character("Alice Moore").resources["HP"]
    save.write_text("not toml at all [", encoding="utf-8")  # broken by an editor
    with pytest.raises(SaveError):
        reader.refresh()
    assert reader.campaign.character("Alice Moore").resources["HP"] == hp  # the last good state
    restore_backup(save)  # an older save: the log brings it up to date again
    reader.refresh()
    assert reader.campaign == load(save)[0]
    assert reader.campaign.character("Alice Moore").resources["HP"] == hp
    text = save.read_text(encoding="utf-8").replace(
        'name = "The Whispering House"', 'name = "The Shouting House"'
    )
    save.write_text(text, encoding="utf-8")  # the GM edits the file with no writer open
    assert reader.refresh() is None
    assert reader.campaign.name == "The Shouting House"
