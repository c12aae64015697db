"""``tablekeeper completion bash|zsh|fish``: the bash script's function run as bash runs it,
word by word (the three shells are driven by Tab in ``tests/e2e/test_completion_shells.py``)."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tui.test_cli import run_main
from tui.cli import main as cli
from tui.cli.completion import completion_parser, script
from tui.cli.parsers import parsers as parsers_of


def _script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run_main(["completion", shell], capsys)
    assert (code, err) == (0, "")
    return out


def complete(source: str, line: list[str], folder: Path) -> list[str]:
    """What bash offers for the last word of ``line``, the script sourced as a user's is."""
    words = " ".join(f"'{w}'" for w in line)
    program = (
        f'source "$1"; COMP_WORDS=({words}); COMP_CWORD={len(line) - 1}; '
        'COMP_LINE="${COMP_WORDS[*]}"; _shtab_tablekeeper; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", program, "bash", source],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.splitlines() if w]


@pytest.fixture
def bash_script(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "tablekeeper.bash"
    path.write_text(_script("bash", capsys), encoding="utf-8")
    folder = tmp_path / "table"
    folder.mkdir()
    for name in ("mine.toml", "other.toml", "sheet.gcs"):
        (folder / name).write_text("", encoding="utf-8")
    (folder / "saves").mkdir()
    return path


def test_bash_completes_sub_commands_and_saves(bash_script: Path) -> None:
    table = bash_script.parent / "table"
    first = complete(str(bash_script), ["tablekeeper", ""], table)
    assert sorted(first) == sorted([*cli.COMMANDS, "mine.toml", "other.toml", "saves", "sheet.gcs"])
    assert complete(str(bash_script), ["tablekeeper", "c"], table) == [
        "check",
        "config",
        "completion",
    ]
    assert complete(str(bash_script), ["tablekeeper", "--lang", "ru", "re"], table) == ["recap"]
    assert complete(str(bash_script), ["tablekeeper", "check", "m"], table) == ["mine.toml"]
    assert complete(str(bash_script), ["tablekeeper", "config", ""], table) == ["check", "show"]
    assert complete(str(bash_script), ["tablekeeper", "completion", "z"], table) == ["zsh"]


def test_bash_completes_each_commands_options_and_their_values(bash_script: Path) -> None:
    table = bash_script.parent / "table"
    check = complete(str(bash_script), ["tablekeeper", "check", "--"], table)
    assert sorted(check) == ["--config", "--help", "--lang"]
    app = complete(str(bash_script), ["tablekeeper", "--"], table)
    assert {"--read-only", "--saves", "--seed", "--lang", "--config", "--version"} <= set(app)
    recap = complete(str(bash_script), ["tablekeeper", "--lang", "ru", "recap", "x", "--s"], table)
    assert sorted(recap) == ["--scene", "--since"]
    assert complete(str(bash_script), ["tablekeeper", "check", "--lang", ""], table) == ["en", "ru"]
    clash = complete(
        str(bash_script), ["tablekeeper", "import", "a", "b", "--on-clash", "r"], table
    )
    assert clash == ["rename"]
    assert complete(str(bash_script), ["tablekeeper", "--saves", ""], table) == ["saves"]
    assert complete(str(bash_script), ["tablekeeper", "--config", "o"], table) == ["other.toml"]
    assert complete(str(bash_script), ["tablekeeper", "serve", "x", "--port", ""], table) == []
    # a global option's value is skipped: the sub-command after it completes its options
    after = complete(str(bash_script), ["tablekeeper", "--lang", "ru", "check", "--"], table)
    assert sorted(after) == ["--config", "--help", "--lang"]


def test_a_name_with_spaces_is_one_candidate(bash_script: Path) -> None:
    table = bash_script.parent / "table"
    for name in ("The House (copy).toml", "The Whispering.toml"):
        (table / "saves" / name).write_text("", encoding="utf-8")
    offered = complete(str(bash_script), ["tablekeeper", "check", "saves/The"], table)
    assert offered == ["saves/The House (copy).toml", "saves/The Whispering.toml"]


def test_the_scripts_come_from_the_parsers(capsys: pytest.CaptureFixture[str]) -> None:
    """Every sub-command and every option of every parser is in each shell's script, and
    the script is what shtab writes of the completion parser."""
    parsers = parsers_of()
    built = completion_parser(parsers)
    (commands,) = [a for a in built._actions if isinstance(a, argparse._SubParsersAction)]
    assert set(cli.COMMANDS) <= {str(name) for name in commands.choices}
    for shell in ("bash", "zsh", "fish"):
        text = _script(shell, capsys)
        assert text == script(shell, parsers_of())
        for command, parser in parsers.items():
            assert command in text
            for action in parser._actions:
                for name in action.option_strings:
                    assert name.lstrip("-") in text, (shell, command, name)


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_the_zsh_and_fish_scripts_parse(
    shell: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    program = shutil.which(shell)
    assert program is not None, f"{shell} is not installed (.ci/run installs it)"
    path = tmp_path / f"tablekeeper.{shell}"
    path.write_text(_script(shell, capsys), encoding="utf-8")
    check = "-n" if shell == "zsh" else "--no-execute"
    done = subprocess.run([program, check, str(path)], capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr
