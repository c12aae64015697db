"""The append-only log: format, torn-tail recovery, mid-file corruption, kept tail."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.store.helpers import entry, small_campaign, write_big_log
from tui.session.campaign.log import LogEntry, entry_from_doc
from tui.store import SaveError, Store, format_entry, load, log_path, read_log
from tui.store.logfile import toml_inline

scalars = st.integers(-(2**63), 2**63 - 1) | st.booleans() | st.text() | st.floats(allow_nan=False)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(st.dictionaries(st.text(max_size=8), values, max_size=4), st.text())
def test_blocks_round_trip(inputs: dict[str, Any], text: str) -> None:
    e = LogEntry(seq=3, time="t", kind="roll", text=text, inputs=inputs, effects=("a", "b"))
    block = format_entry(e)
    assert block.endswith("\n\n") and "\n\n" not in block[:-2]
    doc = tomllib.loads(block)
    assert entry_from_doc(doc["log"][0]) == e
    assert block.rstrip("\n").rsplit("\n", 1)[1].startswith("text = ")


@given(values)
def test_inline_values_parse_back(value: Any) -> None:
    assert tomllib.loads(f"v = {toml_inline(value)}")["v"] == value


@given(st.text(st.characters(codec=None, blacklist_categories=())))
def test_a_string_needing_no_escape_is_written_as_it_is(text: str) -> None:
    """The quick path (printable, no quote, no backslash) writes what escaping would."""
    from tui.store.logformat import _ESCAPES, _escaped

    assert _escaped(text) == text.translate(_ESCAPES)


@given(st.lists(values, min_size=1, max_size=8), values)
def test_a_long_array_written_again_is_the_same_text(some: list[Any], more: Any) -> None:
    """A long array is remembered with its text (an end of adventure's way back repeats the
    2,600 rolls its screen kept); the text is what writing it afresh gives, and an array
    that grew since it was written is written again, never from the old text."""
    from tui.store.logformat import _array

    items = some * (256 // len(some) + 1)
    first = toml_inline(items)
    assert toml_inline(items) == first == _array(items)
    assert tomllib.loads(f"v = {first}")["v"] == items
    items.append(more)
    assert toml_inline(items) == _array(items) != first


def make(tmp_path: Path, count: int) -> Path:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        store.append_log([entry(i) for i in range(1, count + 1)])
    return save


@pytest.mark.parametrize(
    "torn",
    [
        "[",
        "[[lo",
        "[[log]]\n",
        "[[log]]\nseq = 4\n",
        '[[log]]\nseq = 4\ntime = "2024',
        "[[log]]\nseq = 4\n\x00\x00",
        '[[log]]\nseq = 4\ntime = "t"\nkind = "roll"\ntext = "Ал',
    ],
)
def test_torn_tail_is_dropped_then_truncated(torn: str, tmp_path: Path) -> None:
    save = make(tmp_path, 3)
    log = log_path(save)
    good = log.read_bytes()
    log.write_bytes(good + torn.encode("utf-8")[: -1 if torn.endswith("Ал") else None])
    _, entries = load(save)
    assert [e.seq for e in entries] == [1, 2, 3]
    with Store.open(save) as store:
        assert store.recovered_log_tail and store.log_count == 3
        store.append_log([entry(4)])
        assert not store.recovered_log_tail
    assert log.read_bytes() == good + format_entry(entry(4)).encode("utf-8")
    assert [e.seq for e in load(save)[1]] == [1, 2, 3, 4]


def test_read_only_open_leaves_torn_tail(tmp_path: Path) -> None:
    save = make(tmp_path, 2)
    log = log_path(save)
    data = log.read_bytes() + b"[[log]]\nse"
    log.write_bytes(data)
    with Store.open(save, read_only=True) as store:
        assert store.recovered_log_tail and len(store.log) == 2
    assert log.read_bytes() == data


def test_last_block_missing_only_its_blank_line_is_kept(tmp_path: Path) -> None:
    save = make(tmp_path, 2)
    log = log_path(save)
    log.write_bytes(log.read_bytes()[:-1])
    with Store.open(save) as store:
        assert not store.recovered_log_tail and store.log_count == 2
        store.append_log([entry(3)])
    assert [e.seq for e in load(save)[1]] == [1, 2, 3]


def test_corrupt_middle_is_an_error_with_position(tmp_path: Path) -> None:
    save = make(tmp_path, 4)
    log = log_path(save)
    text = log.read_text(encoding="utf-8").replace('kind = "roll"', "kind = roll", 2)
    log.write_text(text, encoding="utf-8")
    before = log.read_bytes()
    with pytest.raises(SaveError) as info:
        Store.open(save)
    assert (info.value.file, info.value.line, info.value.column) == (str(log), 4, 8)
    assert log.read_bytes() == before


def test_complete_but_invalid_last_block_is_an_error(tmp_path: Path) -> None:
    save = make(tmp_path, 2)
    log = log_path(save)
    log.write_bytes(log.read_bytes() + b"[[log]]\nseq = 3\n\n")
    with pytest.raises(SaveError, match=r"log\[2\].time: missing"):
        Store.open(save)


def test_only_the_tail_is_kept_in_memory(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    write_big_log(log_path(save), 1200)
    with Store.open(save, keep=100) as store:
        assert store.log_count == 1200
        assert [e.seq for e in store.log] == list(range(1101, 1201))
        assert store.log_tail is store.log
        store.append_log([entry(1201)])
        assert len(store.log) == 100 and store.log[-1].seq == 1201
    full = read_log(log_path(save), keep=5, validate_all=True)
    assert full.count == 1201 and [e.seq for e in full.entries] == list(range(1197, 1202))


def test_validate_all_finds_errors_beyond_the_tail(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    log = log_path(save)
    write_big_log(log, 5000)
    good = log.read_text(encoding="utf-8")
    for seq in (10, 2500):  # in the first chunk of blocks parsed together, and in a later one
        log.write_text(good.replace(f"seq = {seq}\n", f"seq = {seq}x\n"), encoding="utf-8")
        load(save)  # the kept tail is fine
        with pytest.raises(SaveError) as info:
            read_log(log, keep=0, validate_all=True)
        # 10 lines per block; the seq line is the block's second
        assert (info.value.line, info.value.column) == ((seq - 1) * 10 + 2, 7 + len(str(seq)))


@pytest.mark.parametrize(
    ("tail", "junk"),
    [
        (b"", False),  # the final newline is missing too
        (b"\n", False),  # only the blank line is missing
        (b"\n# a note by hand\n", False),  # a comment is TOML: kept where it is
        (b"\ngarbage = = =", True),  # stray text after the entry
        (b"\n\x00\x00", True),  # a torn write of zeros
    ],
)
def test_a_complete_last_entry_is_never_dropped(tail: bytes, junk: bool, tmp_path: Path) -> None:
    """Regression: a last entry without its final newline, or followed by stray text, was
    dropped as a torn tail."""
    save = make(tmp_path, 3)
    log = log_path(save)
    log.write_bytes(log.read_bytes().rstrip(b"\n") + tail)
    assert [e.seq for e in load(save)[1]] == [1, 2, 3]
    with Store.open(save) as store:
        assert [e.seq for e in store.log] == [1, 2, 3]
        store.append_log([entry(4)])
    assert [e.seq for e in load(save)[1]] == [1, 2, 3, 4]
    aside = list(tmp_path.glob("c.log.toml.torn-*"))
    if junk:  # set aside for the GM to see, never parsed as log, never lost
        assert len(aside) == 1 and aside[0].read_bytes() == tail.lstrip(b"\n")
    else:
        assert not aside
