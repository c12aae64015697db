"""Bounded input, round two (issue 31): "one 50 MB log entry takes 2 GB of memory to open".

A ``[[log]]`` block past :data:`~tui.store.logformat.ENTRY_LIMIT` is refused in one line —
``FILE:LINE:1: log entry N is … MB; an entry holds at most 8 MB`` — before a byte of it is
read, wherever it stands in the log, by the app, ``check`` and a reader following the log
alike; the writer never makes one (a change too big for the log goes into the save first).
Memory is measured in a fresh process (peak RSS over the file's size: a ratio, never a time):
the refused log costs nothing, a save with 50 MB of notes opens within three times its size.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tests.store.helpers import entry, small_campaign
from tests.tui.conftest import DEMOS
from tui.cli.check import check_main
from tui.session.campaign.log import LogEntry
from tui.store import SaveError, Store, load, log_path, nesting, read_campaign, read_log
from tui.store import logfile as logfile_module
from tui.store import logformat as logformat_module
from tui.store import store as store_module
from tui.store.logfile import format_entry, iter_entries

ROOT = Path(__file__).resolve().parents[2]
MB = 1 << 20


def _demo(folder: Path, name: str = "c.toml") -> Path:
    path = folder / name
    path.write_bytes(DEMOS["brp"].read_bytes())
    return path


def _block(seq: int, text: str) -> bytes:
    return format_entry(replace(entry(seq), text=text)).encode("utf-8")


def _huge_entry_log(save: Path, *, before: int = 0, size: int = 50_000_000) -> Path:
    """The save's log: ``before`` ordinary entries, then one of ``size`` bytes of text."""
    log = log_path(save)
    with log.open("wb") as f:
        for seq in range(1, before + 1):
            f.write(_block(seq, "an ordinary entry"))
        f.write(_block(before + 1, "word " * (size // 5)))
    return log


def _line_of(log: Path, seq: int) -> int:
    data = log.read_bytes()
    return data[: data.index(f"[[log]]\nseq = {seq}\n".encode())].count(b"\n") + 1


def refused_in_one_line(save: Path, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Opening ``save`` and checking it both refuse it with exactly the line ``said``."""
    with pytest.raises(SaveError) as caught:
        Store.open(save)
    assert str(caught.value) == said
    assert check_main([str(save)]) == 1
    assert capsys.readouterr().out.splitlines() == [said]


@pytest.mark.parametrize("before", [0, 3], ids=["newest", "older"])
def test_a_50_mb_log_entry_is_refused_in_one_line_with_its_place(
    tmp_path: Path, before: int, capsys: pytest.CaptureFixture[str]
) -> None:
    save = _demo(tmp_path)
    log = _huge_entry_log(save, before=before)
    if before:  # the big one is not the newest: an ordinary entry follows it
        with log.open("ab") as f:
            f.write(_block(before + 2, "after it"))
    at = _line_of(log, before + 1)
    said = f"{log}:{at}:1: log entry {before + 1} is 47.7 MB; an entry holds at most 8 MB"
    refused_in_one_line(save, said, capsys)
    with pytest.raises(SaveError):
        list(iter_entries(log))


def test_an_entry_past_the_limit_in_a_long_log_is_refused_by_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``check`` reads every block: one too big deep in the log is found before it is read."""
    monkeypatch.setattr(logfile_module, "ENTRY_LIMIT", 64 * 1024)
    save = _demo(tmp_path)
    log = log_path(save)
    with log.open("wb") as f:
        for seq in range(1, 301):
            f.write(_block(seq, "x" * (100_000 if seq == 20 else 10)))
    read_log(log, keep=5)  # opening reads only the newest: not this far back
    with pytest.raises(SaveError) as caught:
        read_log(log, keep=0, validate_all=True)
    assert caught.value.line == _line_of(log, 20)
    assert "log entry 20 is 0.1 MB; an entry holds at most 0 MB" in str(caught.value)


def test_a_reader_following_the_log_takes_in_a_big_append_in_bounded_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save = _demo(tmp_path)
    with Store.open(save) as writer, Store.open(save, read_only=True) as reader:
        monkeypatch.setattr(logfile_module, "_FOLLOW", 4096)
        campaign = writer.campaign
        writer.record(
            campaign, [LogEntry(n, "2026-12-03T10:00:00+00:00", "note", "x" * 500) for n in (1, 2)]
        )
        writer.record(
            campaign,
            [LogEntry(n, "2026-12-03T10:00:00+00:00", "note", "y" * 900) for n in range(3, 9)],
        )
        assert reader.refresh() is None  # more than _FOLLOW at once: read again from the end
        assert [e.seq for e in reader.log] == list(range(1, 9))


def test_a_change_too_big_for_one_entry_goes_into_the_save_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app never writes a block it would refuse: new notes of megabytes (here: past a
    limit made small) leave the patch out of the entry, and the save holds the change,
    written before the entry is appended, so it is durable at every moment."""
    for module in (logfile_module, logformat_module, store_module):
        monkeypatch.setattr(module, "ENTRY_LIMIT", 64 * 1024)
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        alice = store.campaign.characters[0]
        store.record(store.campaign, [LogEntry(1, "2026-12-03T10:00:00+00:00", "change", "small")])
        long = replace(store.campaign, characters=(replace(alice, notes="n" * 100_000),))
        store.record(long, [LogEntry(2, "2026-12-03T10:00:00+00:00", "change", "notes")])
        assert store.checkpoint_seq == 2 and not store.unsaved
        store.record(long, [LogEntry(3, "2026-12-03T10:00:00+00:00", "note", "p" * 200_000)])
    assert read_campaign(save).characters[0].notes == "n" * 100_000
    found = read_log(log_path(save))
    assert [e.seq for e in found.entries] == [1, 2, 3]
    assert found.entries[1].text == "notes"
    assert found.entries[2].text == "p" * 4096 + "…"  # a paste of megabytes, cut
    assert max(map(len, log_path(save).read_bytes().split(b"\n\n"))) < 64 * 1024
    assert load(save)[0].characters[0].notes == "n" * 100_000


#: The child's own high-water mark (``VmHWM``: kept per address space, so not the parent's,
#: which ``ru_maxrss`` inherits across ``fork`` and ``exec``), reset after the warm-up.
_MEASURE = """
import sys
from tui.store import SaveError, Store

def kib(key):
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith(key))

Store.open(sys.argv[1]).close()  # the code and one system's tables loaded: not counted
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the high-water mark starts again from here
base = kib("VmRSS:")
try:
    Store.open(sys.argv[2]).close()
    said = "ok"
except SaveError as exc:
    said = str(exc)
print((kib("VmHWM:") - base) * 1024)
print(said)
"""


def _peak(small: Path, save: Path) -> tuple[float, str]:
    """(peak memory of opening ``save`` ÷ the size of it and its log, what opening said)."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(small), str(save)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    grew, said = done.stdout.splitlines()
    size = save.stat().st_size + (log_path(save).stat().st_size if log_path(save).exists() else 0)
    return int(grew) / size, said


def test_a_50_mb_entry_is_refused_without_being_read(tmp_path: Path) -> None:
    """Regression: the entry was read, decoded and parsed whole (4× its size; 2 GB for one
    holding tables)."""
    small, save = _demo(tmp_path, "small.toml"), _demo(tmp_path)
    _huge_entry_log(save)
    ratio, said = _peak(small, save)
    assert "log entry 1 is 47.7 MB" in said
    assert ratio < 0.1


def test_a_save_with_50_mb_of_notes_opens_within_three_times_its_size(tmp_path: Path) -> None:
    """Regression: 5× (its bytes joined from chunks and kept while parsing, beside the text,
    the parse cache's bytes and the notes)."""
    small = _demo(tmp_path, "small.toml")
    save = tmp_path / "c.toml"
    with Store.open(small, read_only=True) as demo:
        Store.create(save, demo.campaign).close()  # a save the app wrote (a checkpoint)
    text = save.read_text(encoding="utf-8")
    old = 'notes = "Antiquarian; inherited the house on Ash Lane."'
    paragraph = (
        "The lodge at the crossing, the cellar door, a letter in the stove. " * 10 + "\\n\\n"
    )
    notes = paragraph * (50_000_000 // len(paragraph))
    assert old in text
    save.write_text(text.replace(old, f'notes = "{notes}"', 1), encoding="utf-8")
    for _ in range(2):  # as a GM's editor left it (parsed), then with the writer's parse cache
        ratio, said = _peak(small, save)
        assert said == "ok"
        assert ratio <= 3.3, f"{ratio:.2f}× the file's size"


def test_a_text_past_the_limit_is_refused_by_its_key_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(nesting, "MAX_TEXT", 1_000)  # 64 million characters, made small
    save = _demo(tmp_path)
    text = save.read_text(encoding="utf-8")
    old = 'notes = "Antiquarian; inherited the house on Ash Lane."'
    save.write_text(text.replace(old, f'notes = "{"n" * 1001}"', 1), encoding="utf-8")
    said = f"{save}: characters[0].notes: a text of more than 0.001 million characters"
    refused_in_one_line(save, said, capsys)
    save.write_text(text.replace(old, f'notes = "{"n" * 1000}"', 1), encoding="utf-8")
    Store.open(save).close()
