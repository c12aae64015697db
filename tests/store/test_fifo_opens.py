"""Every file a reader opens is opened without waiting and refused unless regular, and JSON
or TOML nested past all reason is refused before its parser recurses: the inbox, the links
file, a GCS sheet, the config, a save given on the command line.

A FIFO makes a blocking ``open`` wait until a writer comes. :func:`_unstuck` plays that
writer only if the code under test is still waiting after a while, so code that waits fails
the test (it had to be released) instead of hanging the suite; code that does not wait
passes without waiting on anything.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from tests.tui.conftest import DEMOS
from tui.app.config import load_config
from tui.cli.check import check_main
from tui.session.systems.gurps.gcs import GcsError
from tui.session.systems.gurps.gcs import read as read_gcs
from tui.store import SaveError, Store, tomlread
from tui.store.inbox import Inbox
from tui.store.links import LinkFile, Links
from tui.store.lock import is_locked

T = TypeVar("T")
DEEP = 100_000


@contextlib.contextmanager
def _release_after(fifo: Path, seconds: float = 10.0) -> Iterator[list[bool]]:
    """While the body runs, a watchdog opens ``fifo`` for writing if the body is still
    running after ``seconds`` (so a reader stuck on it goes on); yields ``[released]``."""
    done, released = threading.Event(), [False]

    def watch() -> None:
        if done.wait(seconds):
            return
        with contextlib.suppress(OSError):
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            released[0] = True
            os.close(fd)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    try:
        yield released
    finally:
        done.set()
        thread.join()


def _unstuck(fifo: Path, run: Callable[[], T]) -> T:
    with _release_after(fifo) as released:
        result = run()
    assert not released[0], f"{fifo.name}: opened blocking, waited for a writer"
    return result


def test_a_fifo_in_the_inbox_is_not_waited_on_and_the_answers_beside_it_are_read(
    tmp_path: Path,
) -> None:
    inbox = Inbox(tmp_path / "inbox")
    assert inbox.post("abc", "Alice Moore", "34")
    fifo = inbox.folder / "xyz.json"
    os.mkfifo(fifo)
    found = _unstuck(fifo, inbox.answers)
    assert [(a.request, a.dice) for a in found] == [("abc", "34")]


@pytest.mark.parametrize("doc", ["[" * DEEP + "]" * DEEP, '{"request": "abc", "who": ["x"]}'])
def test_an_answer_nested_deep_is_no_answer(tmp_path: Path, doc: str) -> None:
    inbox = Inbox(tmp_path / "inbox")
    inbox.folder.mkdir()
    (inbox.folder / "abc.json").write_text(doc, encoding="utf-8")
    assert inbox.answers() == []


def test_a_fifo_as_the_links_file_is_an_empty_one(tmp_path: Path) -> None:
    links = Links("c1", tmp_path)
    os.mkfifo(links.path)
    assert _unstuck(links.path, links.read) == LinkFile()


def test_a_links_file_nested_deep_is_an_empty_one_and_gets_new_tokens(tmp_path: Path) -> None:
    links = Links("c1", tmp_path)
    links.path.write_text('{"tokens": ' + "[" * DEEP + "]" * DEEP + "}", encoding="utf-8")
    assert links.read() == LinkFile()
    made = links.tokens(["Alice Moore"])
    assert json.loads(links.path.read_text(encoding="utf-8"))["tokens"] == made


def test_a_fifo_as_a_gcs_sheet_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "hero.gcs"
    os.mkfifo(fifo)

    def run() -> str:
        with pytest.raises(GcsError) as caught:
            read_gcs(fifo)
        return str(caught.value)

    assert "not a regular file" in _unstuck(fifo, run)


def test_a_fifo_as_a_save_is_said_to_be_one_and_never_locked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "c.toml"
    os.mkfifo(fifo)
    assert _unstuck(fifo, lambda: is_locked(fifo)) is False
    assert _unstuck(fifo, lambda: check_main([str(fifo)])) == 1
    assert capsys.readouterr().out.strip() == f"{fifo}: is a FIFO (a named pipe), not a file"
    with pytest.raises(SaveError, match="FIFO"):
        _unstuck(fifo, lambda: Store.open(fifo))


def test_a_loop_of_symbolic_links_as_a_save_is_said_to_be_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loop = tmp_path / "c.toml"
    loop.symlink_to(loop)
    assert check_main([str(loop)]) == 1
    assert capsys.readouterr().out.strip() == f"{loop}: is a loop of symbolic links"
    with pytest.raises(SaveError, match="loop of symbolic links"):
        Store.open(loop, read_only=True)


@pytest.mark.parametrize(
    ("text", "column"),
    [
        ("theme = " + "[" * 3000 + "]" * 3000 + "\n", 25),
        ("x = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", 85),
    ],
)
def test_toml_nested_deep_is_a_decoding_error_where_it_goes_too_deep(
    tmp_path: Path, text: str, column: int
) -> None:
    with pytest.raises(tomllib.TOMLDecodeError, match=f"at line 1, column {column}"):
        tomlread.loads(text)
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    (problem,) = (str(p) for p in load_config(config).problems)
    assert f"{config}:1:{column}: values nested too deeply" in problem


def test_a_save_nested_deep_inline_is_refused_with_its_place(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    text = DEMOS["brp"].read_text(encoding="utf-8")
    save.write_text(text + "deep = " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        Store.open(save, read_only=True)
    assert caught.value.line == text.count("\n") + 1
