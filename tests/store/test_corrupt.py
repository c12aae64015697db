"""Files that fail to load are reported and never written; backups can be restored."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.store.helpers import Bump, small_campaign
from tui.session.campaign.session import Session
from tui.store import (
    SaveError,
    Store,
    backup_path,
    load,
    lock_path,
    log_path,
    restore_backup,
)
from tui.store.paths import REPO_SAVES

BROKEN = {
    "toml": ('format = 1\nsystem = "brp"\nname = [\n', (3, 9), None),
    "schema": (
        'format = 1\nsystem = "brp"\nname = "x"\n[[characters]]\nname = "A"\n'
        "[characters.skills]\nListen = 5000\n",
        None,
        "characters[0].skills.Listen",
    ),
    "system": ('format = 1\nsystem = "dnd"\nname = "x"\n', None, "system"),
    "newer": ('format = 99\nsystem = "brp"\nname = "x"\n', None, "format"),
}


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_broken_save_is_reported_and_untouched(kind: str, tmp_path: Path) -> None:
    text, where, key = BROKEN[kind]
    save = tmp_path / "c.toml"
    save.write_text(text, encoding="utf-8")
    before = save.read_bytes()
    with pytest.raises(SaveError) as info:
        Store.open(save)
    err = info.value
    assert err.file == str(save)
    if where is not None:
        assert (err.line, err.column) == where
        assert str(err).startswith(f"{save}:{where[0]}:{where[1]}: ")
    else:
        assert err.key_path == key and str(err).startswith(f"{save}: {key}: ")
    assert save.read_bytes() == before
    assert not backup_path(save).exists() and not log_path(save).exists()
    with pytest.raises(SaveError):
        Store.open(save, read_only=True)
    assert save.read_bytes() == before


def test_failed_open_releases_the_lock(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    save.write_text("format = 1\nsystem =\n", encoding="utf-8")
    with pytest.raises(SaveError):
        Store.open(save)
    shutil.copy(REPO_SAVES / "demo-brp.toml", save)
    Store.open(save).close()  # not LockedError


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        Store.open(tmp_path / "nope.toml")
    assert not lock_path(tmp_path / "nope.toml").exists()


def test_backup_holds_the_previous_version(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        assert not backup_path(save).exists()
        first = save.read_bytes()
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(Bump())
        assert backup_path(save).read_bytes() == first
        second = save.read_bytes()
        session.execute(Bump())
        assert backup_path(save).read_bytes() == second
        assert os.stat(save).st_ino != os.stat(backup_path(save)).st_ino
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_restore_backup_only_when_asked(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        store.save(small_campaign("Second"))
    save.write_text("garbage = = =", encoding="utf-8")
    with pytest.raises(SaveError):
        Store.open(save)
    assert save.read_text(encoding="utf-8") == "garbage = = ="  # nothing restored by itself
    restore_backup(save)
    assert load(save)[0].name == "Test"
    aside = list(tmp_path.glob("c.toml.broken-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "garbage = = ="


def test_restore_needs_a_good_backup(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    save.write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(SaveError, match="no backup"):
        restore_backup(save)
    backup_path(save).write_text("bad = = 1", encoding="utf-8")
    with pytest.raises(SaveError) as info:
        restore_backup(save)
    assert info.value.file == str(backup_path(save))
    assert save.read_text(encoding="utf-8") == "x = 1\n"


def test_create_never_overwrites(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    save.write_text("keep me", encoding="utf-8")
    with pytest.raises(SaveError, match="already exists"):
        Store.create(save, small_campaign())
    assert save.read_text(encoding="utf-8") == "keep me"


def test_read_only_store_never_writes(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    before = snapshot(tmp_path)
    store = Store.open(save, read_only=True)
    with pytest.raises(SaveError, match="read-only"):
        store.save(small_campaign("Other"))
    with pytest.raises(SaveError, match="read-only"):
        store.listener(small_campaign("Other"), [])
    store.close()
    assert snapshot(tmp_path) == before
