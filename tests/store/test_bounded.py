"""Saves and logs nested absurdly deep are refused with a position, never a traceback.

Regression: a save nested ~500 tables deep passed ``check``, opened, then never saved (a
``RecursionError`` lost in the saver thread) and hung on quit; inline arrays 1000 deep
crashed ``check`` and the app with a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.store.helpers import small_campaign
from tui.cli.check import check_main
from tui.store import SaveError, Store, dumps, load, log_path
from tui.store.nesting import MAX_DEPTH, too_deep


def deep_tables(depth: int) -> str:
    """A save whose one character has an ``extra`` table nested ``depth`` levels deep."""
    keys = ".".join(f"k{i}" for i in range(depth))
    return dumps(small_campaign()) + f"\n[characters.extra.{keys}]\nv = 1\n"


def test_tables_nested_hundreds_deep_are_refused_with_the_key_path(tmp_path: Path) -> None:
    save = tmp_path / "deep.toml"
    save.write_text(deep_tables(500), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load(save)
    assert info.value.key_path is not None
    assert info.value.key_path.startswith("characters[0].extra.k0.k1")
    assert "nested too deeply" in str(info.value)
    assert check_main([str(save)]) == 1


def test_inline_arrays_a_thousand_deep_are_refused_with_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "arrays.toml"
    text = dumps(small_campaign()).replace(
        "[[characters]]", "[options]\nx = " + "[" * 1000 + "]" * 1000 + "\n\n[[characters]]", 1
    )
    save.write_text(text, encoding="utf-8")
    line = text.split("\n").index(next(x for x in text.split("\n") if x.startswith("x = "))) + 1
    with pytest.raises(SaveError) as info:
        Store.open(save)
    assert info.value.line == line
    assert check_main([str(save)]) == 1
    assert "Traceback" not in capsys.readouterr().err


def test_a_deep_log_entry_is_refused_too(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    Store.create(save, small_campaign()).close()
    log_path(save).write_text(
        '[[log]]\nseq = 1\ntime = "t"\nkind = "roll"\ninputs = '
        + "{ a = " * 40
        + "1"
        + " }" * 40
        + '\ntext = "x"\n\n',
        encoding="utf-8",
    )
    with pytest.raises(SaveError, match="nested too deeply"):
        load(save)


def test_the_depth_the_app_itself_writes_is_allowed() -> None:
    doc: dict[str, object] = {}
    here = doc
    for i in range(MAX_DEPTH):
        nxt: dict[str, object] = {}
        here[f"k{i}"] = nxt
        here = nxt
    assert too_deep(doc) is None
    here["last"] = [1]
    assert too_deep(doc) is not None
