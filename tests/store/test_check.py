"""``tablekeeper check``: exact messages and exit codes."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from tests.store.helpers import entry, small_campaign
from tui.cli.check import check_main
from tui.store import Store, log_path
from tui.store.paths import REPO_SAVES


def run(paths: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    return check_main(paths, out=out), out.getvalue()


def test_toml_syntax_error_has_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nsystem = "brp"\nname = "x\n', encoding="utf-8")
    code, out = run([str(bad)])
    assert code == 1
    assert out == f"{bad}:3:10: Illegal character '\\n'\n"  # the newline ending "x


def test_toml_error_column_counts_characters(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('format = 1\nname = "Ог" x\n', encoding="utf-8")
    code, out = run([str(bad)])
    assert (code, out.splitlines()[0].split(": ")[0]) == (1, f"{bad}:2:13")


def test_schema_error_names_the_skill(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'format = 1\nsystem = "brp"\nname = "x"\n\n[[characters]]\nname = "Alice"\n'
        '[characters.skills]\n"Spot Hidden" = "sixty"\n',
        encoding="utf-8",
    )
    code, out = run([str(bad)])
    assert code == 1
    assert out == (
        f'{bad}: characters[0].skills."Spot Hidden": expected an integer, got a string\n'
    )


def test_not_utf8(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b'format = 1\nname = "\xff"\n')
    code, out = run([str(bad)])
    assert (code, out) == (1, f"{bad}:2:9: not valid UTF-8 text\n")


def test_missing_file_and_mixed_results(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    shutil.copy(REPO_SAVES / "demo-brp.toml", good)
    missing = tmp_path / "nope.toml"
    code, out = run([str(good), str(missing)])
    assert code == 1
    assert out == f"{good}: ok\n{missing}: no such file\n"
    assert run([])[0] == 2


def test_corrupt_log_in_the_middle_is_reported(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        store.append_log([entry(i) for i in range(1, 6)])
    log = log_path(save)
    lines = log.read_text(encoding="utf-8").split("\n")
    lines[11] = "seq = = 2"  # second block's seq line
    log.write_text("\n".join(lines), encoding="utf-8")
    code, out = run([str(save)])
    assert code == 1
    assert out.startswith(f"{log}:12:7: ")


def test_bad_entry_in_log_names_it(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        store.append_log([entry(i) for i in range(1, 4)])
    log = log_path(save)
    text = log.read_text(encoding="utf-8").replace("seq = 2\n", 'seq = "two"\n')
    log.write_text(text, encoding="utf-8")
    code, out = run([str(save)])
    assert (code, out) == (1, f"{log}:11:1: log[1].seq: expected an integer, got a string\n")


def test_torn_log_tail_is_a_note_not_an_error(tmp_path: Path) -> None:
    save = tmp_path / "c.toml"
    with Store.create(save, small_campaign()) as store:
        store.append_log([entry(1)])
    with log_path(save).open("a", encoding="utf-8") as f:
        f.write("[[log]]\nseq = 2\ntim")
    code, out = run([str(save)])
    assert code == 0
    assert out.endswith(f"{save}: ok\n") and "incomplete last entry" in out


@pytest.mark.parametrize("name", ["demo-brp.toml", "demo-strange.toml"])
def test_check_leaves_files_alone(name: str, tmp_path: Path) -> None:
    copy = tmp_path / name
    shutil.copy(REPO_SAVES / name, copy)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run([str(copy)])[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == before
