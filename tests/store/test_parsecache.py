"""The parsed copy beside a save: used only for exactly the file the writer left."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.store.helpers import Bump, counter, played, small_campaign
from tui.session.campaign.session import Session
from tui.store import Store, load, read_save
from tui.store.parsecache import cache_path


def no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("the TOML parser ran")

    monkeypatch.setattr("tui.store.files.tomllib.loads", refuse)


def test_the_writers_copy_spares_the_parser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = played(tmp_path)
    assert cache_path(save).exists()
    parsed = read_save(save).campaign
    with monkeypatch.context() as m:
        no_parser(m)
        cached = read_save(save).campaign
    assert cached == parsed and counter(cached) == 1


@pytest.mark.parametrize("how", ["edit", "touch", "damage", "symlink"])
def test_anything_but_the_writers_file_is_parsed_afresh(how: str, tmp_path: Path) -> None:
    save = played(tmp_path)
    cache = cache_path(save)
    if how == "edit":  # same size, other content
        text = save.read_text(encoding="utf-8").replace("HP = 1", "HP = 7")
        save.write_text(text, encoding="utf-8")
        assert counter(load(save)[0]) == 7
    elif how == "touch":
        os.utime(save, ns=(1, 1))
        assert counter(load(save)[0]) == 1
    elif how == "damage":
        cache.write_bytes(b"\x00" * 40)
        assert counter(load(save)[0]) == 1
    else:
        target = tmp_path / "elsewhere"
        target.write_bytes(b"mine")
        cache.unlink()
        cache.symlink_to(target)
        assert counter(load(save)[0]) == 1
        with Store.open(save) as store:  # a checkpoint replaces the link, never follows it
            session = Session(store.campaign, store.log, last_seq=store.log_count)
            session.subscribe(store.listener)
            session.execute(Bump())
        assert target.read_bytes() == b"mine"
        assert not cache.is_symlink()


def test_a_file_only_read_is_checked_at_its_first_checkpoint_even_from_the_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy left after *reading* a GM's file says so: the next open still checks the
    first text made from it; after a checkpoint (the writer's own text) none is needed."""
    save = played(tmp_path)
    text = save.read_text(encoding="utf-8")
    save.write_text("# the GM's note\n" + text, encoding="utf-8")  # edited by hand
    for _ in range(2):  # the second open uses the copy the first left
        with Store.open(save) as store:
            assert read_save(save).written is False
            assert store._text.checked is False
    with Store.open(save) as store:
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(Bump())
    assert "# the GM's note" in save.read_text(encoding="utf-8")
    assert read_save(save).written is True
    checks: list[str] = []
    real = Store._checked

    def counted(self: Store, *args: object) -> object:
        checks.append("checked")
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "_checked", counted)
    with Store.open(save) as store:
        assert store._text.checked is True
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(Bump())
    assert checks == [] and counter(load(save)[0]) == 3


def test_a_new_campaign_reopens_from_its_copy_and_is_not_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    with monkeypatch.context() as m:
        no_parser(m)
        store = Store.open(save)
    with monkeypatch.context() as m, store:
        m.setattr(Store, "_checked", lambda *_: pytest.fail("the save was read back"))
        session = Session(store.campaign)
        session.subscribe(store.listener)
        session.execute(Bump())
        assert not store.unsaved
    assert counter(load(save)[0]) == counter(small_campaign()) + 1
