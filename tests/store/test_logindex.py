"""The log's index (``.NAME.log.toml.index``): derived from the log, rebuilt when it does not
fit, kept in step by the writer, answering ``/find`` and the recap as the log itself would."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tui.session.campaign.log import LogEntry, entry_from_doc
from tui.session.recap import RecapOptions, recap
from tui.session.review.find import Found, LogFilter, search
from tui.session.systems.registry import tracker
from tui.store import Store
from tui.store.logfile import iter_blocks, iter_entries, read_blocks
from tui.store.logformat import format_entry
from tui.store.logindex import FIRST, LogIndex, index_path
from tui.store.quickblock import quick_entry

from . import helpers
from .helpers import small_campaign

ACTORS = ("Alice", "Boris", "Фёдор", "")
GRADES = ("success", "failure", "critical", "fumble", "")


def varied(n: int, *, start: int = 1) -> list[LogEntry]:
    """Entries of every kind the filter tells apart: actors (one Russian with "ё"), grades,
    adventures, scenes, days, secrets, GM-only names, undos and redos, texts with short and
    long words."""
    out = []
    for i in range(start, start + n):
        kind = ("roll", "roll", "change", "note", "undo", "redo")[i % 6]
        out.append(
            LogEntry(
                i,
                f"2024-05-{1 + i % 9:02d}T20:00:00+03:00",
                kind,
                f"{ACTORS[i % 4] or 'GM'}: Spot Hidden {i % 100} → grade {i % 7} ёлка"
                + (" Кракен" if i % 11 == 0 else ""),
                actor=ACTORS[i % 4],
                grade=GRADES[i % 5] if kind == "roll" else "",
                effects=(f"HP {i % 13}",) if i % 3 == 0 else (),
                undoes=max(1, i - 2) if kind in ("undo", "redo") else 0,
                secret=i % 10 == 0,
                hidden=("Кракен",) if i % 11 == 0 else (),
                adventure=1 + i // 150,
                scene=i % 5,
            )
        )
    return out


def write_log(path: Path, entries: list[LogEntry]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write("".join(format_entry(e) for e in entries))


FILTERS = [
    LogFilter(),
    LogFilter(text="spot"),
    LogFilter(text="SPOT hidden 4"),  # a one-letter word too
    LogFilter(text="hp 1"),
    LogFilter(text="елка"),  # "ё" as "е", either way
    LogFilter(text="кракен"),
    LogFilter(text="no such words"),
    LogFilter(actor="фёдор"),
    LogFilter(kind="undo"),
    LogFilter(grade="critical", text="grade"),
    LogFilter(scene=3, text="alice"),
    LogFilter(text='a"b'),  # a quote in a word is a word, not FTS5 syntax
]


def same(a: Found | None, b: Found, limit: int) -> None:
    assert a is not None
    assert [e.seq for e in a.entries] == [e.seq for e in b.entries][-limit:]
    assert a.entries == b.entries[-limit:]
    assert (a.count, a.undone, a.actors, a.kinds, a.grades) == (
        b.count,
        b.undone,
        b.actors,
        b.kinds,
        b.grades,
    )


@pytest.mark.parametrize("flt", FILTERS, ids=lambda f: repr(f)[9:60])
def test_find_answers_as_the_stream_does(tmp_path: Path, flt: LogFilter) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(700))
    index = LogIndex(log)
    try:
        same(index.find(flt, limit=50), search(iter_entries(log), flt), 50)
    finally:
        index.close()


def test_find_reads_only_the_blocks_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(3000))
    index = LogIndex(log)
    assert index.sync()
    parsed: list[int] = []
    real = entry_from_doc

    def counted(doc: dict[str, object]) -> LogEntry:
        parsed.append(1)
        return real(doc)

    monkeypatch.setattr("tui.store.logfile.entry_from_doc", counted)
    found = index.find(LogFilter(text="spot"), limit=20)
    index.close()
    assert found is not None and found.count == 3000 and len(found.entries) == 20
    # the 20 shown, and the last block (the log's end, found from the end as opening does)
    assert len(parsed) <= 21


def test_blocks_come_with_their_place_in_the_file(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    entries = varied(40)
    write_log(log, entries)
    blocks = list(iter_blocks(log, step=300))
    assert [e for _at, _size, e in blocks] == entries
    data = log.read_bytes()
    for at, size, entry in blocks:
        assert data[at : at + size] == format_entry(entry).encode()
    assert read_blocks(log, [(at, size) for at, size, _e in blocks[5:9]]) == entries[5:9]
    later = list(iter_blocks(log, blocks[30][0]))
    assert [e for _at, _size, e in later] == entries[30:]


def test_a_missing_index_is_built_and_a_deleted_one_loses_nothing(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(300))
    flt = LogFilter(text="boris")
    index = LogIndex(log)
    first = index.find(flt, limit=30)
    index.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{index_path(log)}{suffix}").unlink(missing_ok=True)
    again = LogIndex(log)
    same(again.find(flt, limit=30), search(iter_entries(log), flt), 30)
    assert first is not None
    same(first, search(iter_entries(log), flt), 30)
    again.close()


def test_a_log_grown_outside_is_taken_in(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(200))
    index = LogIndex(log)
    assert index.sync()
    write_log(log, varied(50, start=201))
    flt = LogFilter(text="alice")
    same(index.find(flt, limit=40), search(iter_entries(log), flt), 40)
    index.close()


def test_a_replaced_or_shortened_log_rebuilds_the_index(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(400))
    index = LogIndex(log)
    assert index.sync()
    index.close()
    # a shorter log of other entries in its place (a new inode, other bytes)
    other = tmp_path / "other.log.toml"
    write_log(other, [e for e in varied(120) if e.actor != "Alice"])
    os.replace(other, log)
    flt = LogFilter(text="spot")
    index = LogIndex(log)
    found = index.find(flt, limit=500)
    same(found, search(iter_entries(log), flt), 500)
    assert found is not None and "Alice" not in found.actors
    # the same file cut short in place (the same inode, the last indexed block gone)
    data = log.read_bytes()
    with log.open("r+b") as f:
        f.truncate(data.rfind(b"[[log]]", 0, len(data) // 2))
    same(index.find(flt, limit=500), search(iter_entries(log), flt), 500)
    index.close()


def test_an_entry_edited_in_place_is_never_shown_as_the_index_says(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    entries = varied(300)
    write_log(log, entries)
    index = LogIndex(log)
    assert index.sync()
    # the same length, the first bytes and the last block unchanged: only reading tells
    data = log.read_bytes()
    at = data.index(b"Boris: Spot Hidden 53")
    log.write_bytes(data[:at] + b"Boras" + data[at + 5 :])
    found = index.find(LogFilter(text="boris: spot hidden 53"), limit=10)
    assert found is None  # the stream answers this once; the index is rebuilt
    flt = LogFilter(text="boris: spot hidden 53")
    same(index.find(flt, limit=10), search(iter_entries(log), flt), 10)
    index.close()


def test_a_damaged_index_file_is_replaced(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(100))
    index_path(log).write_bytes(b"this is not a database" * 100)
    flt = LogFilter(text="fumble")
    index = LogIndex(log)
    same(index.find(flt, limit=10), search(iter_entries(log), flt), 10)
    index.close()


def test_an_index_that_cannot_be_written_leaves_the_log_to_answer(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(30))
    index_path(log).mkdir()  # neither a database nor removable as a file
    index = LogIndex(log)
    assert index.find(LogFilter(text="spot"), limit=10) is None
    assert not index.sync()
    index.close()


def test_the_writer_keeps_it_in_step_within_the_change(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    store = Store.create(save, small_campaign())
    store.index_log()
    assert store.index is not None
    assert store.index.sync()  # what the thread does (it may have done it already)
    news = varied(30)
    for e in news:
        store.append_log([e])
    db = sqlite3.connect(index_path(store.log_path))
    rows, end = (
        db.execute("SELECT count(*) FROM entries").fetchone()[0],
        int(db.execute("SELECT value FROM meta WHERE key = 'end'").fetchone()[0]),
    )
    db.close()
    assert rows == 30 and end == store.log_path.stat().st_size
    found = store.index.find(LogFilter(actor="alice"), limit=100)
    assert found is not None and [e.seq for e in found.entries] == [
        e.seq for e in news if e.actor == "Alice"
    ]
    store.close()


def test_a_recap_by_the_index_is_the_recap_by_the_log(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(600))
    campaign = small_campaign()
    system = tracker(campaign.system)
    index = LogIndex(log)
    assert index.sync()
    for options in (
        RecapOptions(),
        RecapOptions(gm=True),
        RecapOptions(adventure=2),
        RecapOptions(adventure=3, gm=True),
    ):
        by_log = recap(system, campaign, lambda: iter_entries(log), options)
        by_index = recap(system, campaign, lambda: iter_entries(log), options, index=index)
        assert by_index == by_log
    index.close()


def test_a_recap_of_one_adventure_reads_only_its_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "c.log.toml"
    entries = varied(1500)  # adventures 1 to 11, 150 entries each
    write_log(log, entries)
    index = LogIndex(log)
    assert index.sync()
    parsed: list[int] = []
    real = entry_from_doc

    def counted(doc: dict[str, object]) -> LogEntry:
        parsed.append(1)
        return real(doc)

    monkeypatch.setattr("tui.store.logfile.entry_from_doc", counted)

    def never() -> list[LogEntry]:
        raise AssertionError("the log was streamed")

    campaign = small_campaign()
    text = recap(tracker(campaign.system), campaign, never, RecapOptions(adventure=4), index=index)
    index.close()
    assert "adventure 4" in text
    assert len(parsed) == sum(1 for e in entries if e.adventure == 4)


def test_a_recap_falls_back_to_the_log_when_the_index_does_not_fit(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(300))
    index = LogIndex(log)
    assert index.sync()
    data = log.read_bytes()
    cut = data.index(b"Spot", data.index(b"[[log]]\nseq = 151\n"))
    log.write_bytes(data[:cut] + data[cut + 1 :])  # every later block one byte earlier
    campaign = small_campaign()
    system = tracker(campaign.system)
    options = RecapOptions(adventure=2, gm=True)
    by_log = recap(system, campaign, lambda: iter_entries(log), options)
    assert recap(system, campaign, lambda: iter_entries(log), options, index=index) == by_log
    index.close()


def test_the_quick_reading_of_a_block_is_the_parsers_or_none() -> None:
    """The index reads the app's own blocks without the TOML parser; what it reads must be
    what the parser reads, and any other TOML is left to the parser."""
    odd = 'tab\there "quoted" back\\slash \x1b[31m ёж 🎲 \u2028 end'
    entries = [
        *varied(30),
        LogEntry(9, "2024-01-01T00:00:00", "note", odd, actor=odd, effects=(odd, ""), secret=True),
    ]
    for e in entries:
        block = format_entry(e).encode()
        quick, parsed = quick_entry(block), read_blocks_of(block)
        assert quick is not None
        fields = ("seq", "time", "kind", "text", "actor", "grade", "effects", "undoes", "secret")
        for name in (*fields, "hidden", "adventure", "scene"):
            assert getattr(quick, name) == getattr(parsed, name), name
    for written in (
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\ntext = \'literal\'\n',
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\ntext = "a" # note\n',
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\ntext = """many\nlines"""\n',
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\neffects = [\n  "x",\n]\ntext = "a"\n',
        '[[log]]\nseq = 1.0\ntime = "t"\nkind = "roll"\ntext = "a"\n',
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\ntext = "\\e"\n',
        '[[log]]\nseq = 1\nseq = 2\ntime = "t"\nkind = "roll"\ntext = "a"\n',
        '[[log]]\nseq=1\ntime = "t"\nkind = "roll"\ntext = "a"\n',
    ):
        assert quick_entry(written.encode()) is None, written


def read_blocks_of(block: bytes) -> LogEntry:
    import tomllib

    from tui.session.campaign.log import entry_from_doc as parse

    return parse(tomllib.loads(block.decode())["log"][0])


def test_changes_made_while_it_is_built_are_all_in_it(tmp_path: Path) -> None:
    """The app builds the index in a thread while the GM plays: appends that come while a
    batch is being added are taken in by the next sync, none twice, none lost."""
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    write_log(log_path_of(save), varied(6000))
    helpers.set_checkpoint(save, 6000)
    store = Store.open(save)
    store.index_log()
    for e in varied(40, start=6001):
        store.append_log([e])
    assert store.index is not None
    assert store.index.sync()
    flt = LogFilter(text="spot")
    same(store.index.find(flt, limit=100), search(iter_entries(store.log_path), flt), 100)
    db = sqlite3.connect(index_path(store.log_path))
    seqs = [s for (s,) in db.execute("SELECT seq FROM entries ORDER BY seq")]
    db.close()
    store.close()
    assert seqs == list(range(1, 6041))


def log_path_of(save: Path) -> Path:
    from tui.store import log_path

    return log_path(save)


def test_the_index_is_private_and_never_written_through_a_symlink(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(20))
    index = LogIndex(log)
    assert index.sync()
    index.close()
    assert index_path(log).stat().st_mode & 0o777 == 0o600  # it holds the secrets the log does
    other = tmp_path / "elsewhere"
    other.mkdir()
    target = other / "victim"
    target.write_bytes(b"not yours")
    for suffix in ("", "-wal", "-shm"):
        Path(f"{index_path(log)}{suffix}").unlink(missing_ok=True)
    index_path(log).symlink_to(target)
    index = LogIndex(log)
    assert index.find(LogFilter(text="spot"), limit=5) is None  # the log answers instead
    index.close()
    assert target.read_bytes() == b"not yours" and index_path(log).is_symlink()


def test_the_newest_screenful_comes_first_then_the_rest_and_the_count(tmp_path: Path) -> None:
    log = tmp_path / "c.log.toml"
    write_log(log, varied(400))
    index = LogIndex(log)
    early: list[tuple[list[int], int]] = []
    flt = LogFilter(text="spot")
    found = index.find(
        flt, limit=150, first=lambda f: early.append(([e.seq for e in f.entries], f.count))
    )
    index.close()
    streamed = search(iter_entries(log), flt)
    same(found, streamed, 150)
    newest = [e.seq for e in streamed.entries][-FIRST:]
    assert early == [(newest, 150)]  # before the older ones were read or all were counted


def test_a_log_that_lacked_its_last_newline_is_still_followed(tmp_path: Path) -> None:
    """A log edited so that it ends without its newline gets one before the next block: the
    index, which ended at that block's last byte, takes in what follows."""
    log = tmp_path / "c.log.toml"
    text = "".join(format_entry(e) for e in varied(30))
    log.write_text(text.rstrip("\n"), encoding="utf-8")
    index = LogIndex(log)
    assert index.sync()
    with log.open("a", encoding="utf-8") as f:
        f.write("\n" + "".join(format_entry(e) for e in varied(5, start=31)))
    flt = LogFilter(text="spot")
    same(index.find(flt, limit=50), search(iter_entries(log), flt), 50)
    index.close()


def test_the_writers_index_reads_its_log_to_where_it_wrote_without_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The writer knows where its log ends (its own appends, each whole and synced): the
    build started after it wrote the end of a big adventure takes the blocks in without
    working out the end by parsing the last block, which for 200 characters is 570 KB of
    TOML and took the CPU from the app for a third of a second (a quit waited on it)."""
    from tui.store import logfile

    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    write_log(log_path_of(save), varied(50))
    helpers.set_checkpoint(save, 50)
    store = Store.open(save)
    for e in varied(20, start=51):
        store.append_log([e])
    parsed: list[int] = []
    read = logfile.read_log

    def counted(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        parsed.append(1)
        return read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(logfile, "read_log", counted)
    store.index_log()
    assert store.index is not None
    assert store.index.sync()
    assert parsed == []
    found = store.index.find(LogFilter(text="spot"), limit=100)
    assert found is not None and len(found.entries) == 70
    # a log it did not write (the recap's, read-only) is still read to where reading ends
    other = LogIndex(store.log_path)
    store.close()
    os.unlink(index_path(store.log_path))
    assert other.sync() and parsed
    other.close()
