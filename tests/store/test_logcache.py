"""The log's parsed tail cached beside it: used only for the very same bytes, never trusted."""

from __future__ import annotations

import marshal
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tui.store.logfile as logfile
from tests.store.helpers import Bump, counter, played
from tui.session.campaign.log import LogEntry
from tui.session.campaign.session import Session
from tui.store import Store, load, log_path, read_log
from tui.store.logcache import cache_path
from tui.store.logformat import block_table, format_entry


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every TOML parse of log text from here on (its length)."""
    seen: list[int] = []
    real = tomllib.loads

    def counted(text: str):  # type: ignore[no-untyped-def]
        seen.append(len(text))
        return real(text)

    monkeypatch.setattr(tomllib, "loads", counted)
    return seen


def same(a: logfile.LogRead, b: logfile.LogRead) -> None:
    assert (a.entries, a.patches, a.count, a.end, a.recovered, a.newline) == (
        b.entries,
        b.patches,
        b.count,
        b.end,
        b.recovered,
        b.newline,
    )


def test_the_writer_leaves_it_on_close_and_the_next_open_parses_no_log(
    tmp_path: Path, parses: list[int]
) -> None:
    save = played(tmp_path, 30)
    log = log_path(save)
    assert cache_path(log).exists()
    fresh = read_log(log, after=0)
    parses.clear()
    cached = read_log(log, after=0, cached=True)
    assert parses == []
    same(cached, fresh)
    assert len(cached.patches) == 30  # the patches after the checkpoint come from it too
    with Store.open(save) as store:
        assert counter(store.campaign) == 30 and store.log_count == 30
    assert parses == []


def test_an_append_since_is_parsed(tmp_path: Path, parses: list[int]) -> None:
    save = played(tmp_path, 30)
    store = Store.open(save)
    session = Session(store.campaign, store.log, last_seq=store.log_count)
    session.subscribe(store.listener)
    session.execute(Bump())  # the log grows: the cache left at the last close is stale
    parses.clear()
    found = read_log(log_path(save), after=0, cached=True)
    assert parses and found.count == 31
    store.close()
    assert counter(load(save)[0]) == 31


def test_other_bytes_of_the_same_size_and_time_are_parsed(
    tmp_path: Path, parses: list[int]
) -> None:
    save = played(tmp_path, 30)
    log = log_path(save)
    st = log.stat()
    text = log.read_bytes()
    edited = text.replace(b"kind = ", b"kind =\t", 1)  # same length, other bytes
    assert len(edited) == len(text) and edited != text
    log.write_bytes(edited)
    os.utime(log, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert log.stat().st_size == st.st_size
    parses.clear()
    found = read_log(log, after=0, cached=True)
    assert parses, "a cache of other bytes was used"
    same(found, read_log(log, after=0))


@pytest.mark.parametrize(
    "junk", [b"", b"not marshal", marshal.dumps((1, 2, 3)), marshal.dumps(["a list"])]
)
def test_a_damaged_cache_is_ignored(tmp_path: Path, parses: list[int], junk: bytes) -> None:
    save = played(tmp_path, 30)
    log = log_path(save)
    cache_path(log).write_bytes(junk)
    parses.clear()
    same(read_log(log, after=0, cached=True), read_log(log, after=0))
    assert parses


def test_a_cached_table_that_fails_validation_sends_the_open_to_the_file(
    tmp_path: Path, parses: list[int]
) -> None:
    save = played(tmp_path, 30)
    log = log_path(save)
    found = marshal.loads(cache_path(log).read_bytes())
    found[-1][-1]["seq"] = "not a number"  # right identity and digest, a bad table
    cache_path(log).write_bytes(marshal.dumps(found))
    parses.clear()
    same(read_log(log, after=0, cached=True), read_log(log, after=0))
    assert parses


def test_a_cache_behind_a_symlink_is_not_read(tmp_path: Path, parses: list[int]) -> None:
    save = played(tmp_path, 30)
    log = log_path(save)
    elsewhere = tmp_path / "elsewhere.cache"
    cache_path(log).rename(elsewhere)
    cache_path(log).symlink_to(elsewhere)
    parses.clear()
    read_log(log, after=0, cached=True)
    assert parses


def test_a_reader_writes_none(tmp_path: Path) -> None:
    save = played(tmp_path, 30)
    cache_path(log_path(save)).unlink()
    Store.open(save, read_only=True).close()
    assert not cache_path(log_path(save)).exists()
    Store.open(save).close()
    assert cache_path(log_path(save)).exists()


def test_too_few_cached_blocks_for_what_is_asked_are_parsed(
    tmp_path: Path, parses: list[int]
) -> None:
    save = played(tmp_path, changes=300)
    log = log_path(save)
    parses.clear()
    small = read_log(log, keep=200, after=0, cached=True)  # the cache holds ~200 blocks
    assert parses, "the patches after checkpoint 0 reach past the cached blocks"
    assert len(small.patches) == 300


def test_closing_parses_no_log_and_leaves_what_parsing_finds(
    tmp_path: Path, parses: list[int]
) -> None:
    save = played(tmp_path, changes=3)
    for _ in range(2):  # a session after a cached open, and after an open that parsed
        with Store.open(save) as store:
            session = Session(store.campaign)
            session.subscribe(store.listener)
            for _ in range(4):
                session.execute(Bump())
            store.flush()
            parses.clear()
        assert not parses, "closing parsed the log again"
        log = log_path(save)
        same(read_log(log, after=0, cached=True), read_log(log, after=0))
        assert not parses[:-1] and parses, "the cache was not used (or not left)"
        cache_path(log).unlink()


def _counted_leave_cache(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every cache the store leaves from memory from here on."""
    left: list[object] = []
    real = logfile.leave_cache

    def counted(*args: Any) -> bool:
        left.append(args)
        return real(*args)

    monkeypatch.setattr("tui.store.store.leave_cache", counted)
    return left


def test_a_checkpoint_leaves_the_cache_and_a_quit_after_it_writes_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checkpoint (the autosaver's thread) works out the appended blocks' tables and
    leaves the cache, so closing with nothing appended since writes nothing (a quit after
    the end of an adventure at 200 characters spent 20 ms on 0.8 MB of tables); a block
    appended after the checkpoint makes closing leave it again, with that block."""
    save = played(tmp_path, changes=3)
    log = log_path(save)
    for more in (0, 1):
        store = Store.open(save)
        session = Session(store.campaign, store.log, last_seq=store.log_count)
        session.subscribe(store.record)
        for _ in range(4):
            session.execute(Bump())
        store.checkpoint(leave_cache=True)
        early = read_log(log, after=0, cached=True)
        assert early.cache_hit, "the checkpoint left no cache of this very log"
        same(early, read_log(log, after=0))
        for _ in range(more):
            session.execute(Bump())
        left = _counted_leave_cache(monkeypatch)
        store.close()
        monkeypatch.undo()
        assert len(left) == more
        found = read_log(log, after=0, cached=True)
        assert found.cache_hit, "the cache left is not this very log"
        assert found.count == {0: 7, 1: 12}[more]
        same(found, read_log(log, after=0))


def test_a_log_changed_outside_gets_no_cache_from_memory(tmp_path: Path) -> None:
    save = played(tmp_path, changes=3)
    log = log_path(save)
    store = Store.open(save)
    session = Session(store.campaign)
    session.subscribe(store.listener)
    session.execute(Bump())
    cache_path(log).unlink()
    with log.open("ab") as f:
        f.write(b"# a note\n")
    store.close()
    assert not cache_path(log).exists()


#: any text, lone surrogates and control characters too (the log writes them escaped)
_TEXT = st.text(st.characters(exclude_categories=())) | st.text(
    st.sampled_from('a"\\\x7f\ud800\udfff')
)
_PLAIN = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _TEXT,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)
#: keys: any text but lone surrogates, which the log writes as U+FFFD, so two keys that
#: differ only there would be one key twice (a campaign's keys come from TOML or the
#: keyboard, neither of which holds a lone surrogate)
_KEY = st.text(st.characters(codec="utf-8")) | st.text(st.sampled_from('a"\\\x7f'))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(_KEY, _PLAIN, max_size=4), _TEXT)
def test_a_block_table_is_what_toml_reads_from_the_block(patch: dict[str, Any], text: str) -> None:
    entry = LogEntry(7, "2026-12-01T10:00:00+00:00", "roll", text, "A", "", {"x": patch})
    assert tomllib.loads(format_entry(entry, patch))["log"][0] == block_table(entry, patch)
