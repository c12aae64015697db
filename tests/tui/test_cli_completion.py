"""``tablekeeper completion bash|zsh|fish``: the bash script run as bash runs it, the others'
structure (and run too where the shell is installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.tui.test_cli import run_main
from tui.cli import main as cli
from tui.cli.completion import script, specs


def _script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = run_main(["completion", shell], capsys)
    assert (code, err) == (0, "")
    return out


def complete(source: str, line: list[str], folder: Path) -> list[str]:
    """What bash offers for the last word of ``line``, the script sourced as a user's is."""
    words = " ".join(f"'{w}'" for w in line)
    program = (
        f'source "$1"; COMP_WORDS=({words}); COMP_CWORD={len(line) - 1}; '
        'COMP_LINE="${COMP_WORDS[*]}"; _tablekeeper; printf "%s\\n" "${COMPREPLY[@]}"'
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
    assert first[:6] == list(cli.COMMANDS)
    assert sorted(first[6:]) == ["mine.toml", "other.toml", "saves", "sheet.gcs"]
    assert complete(str(bash_script), ["tablekeeper", "c"], table) == [
        "check",
        "config",
        "completion",
    ]
    assert complete(str(bash_script), ["tablekeeper", "--lang", "ru", "re"], table) == ["recap"]
    assert complete(str(bash_script), ["tablekeeper", "check", "m"], table) == ["mine.toml"]
    assert complete(str(bash_script), ["tablekeeper", "config", ""], table) == ["check", "show"]
    assert complete(str(bash_script), ["tablekeeper", "config", "show", ""], table) == []
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
    # the value of a global option is no sub-command: "check" here is --seed's value
    after = complete(str(bash_script), ["tablekeeper", "--seed", "check", "--"], table)
    assert "--read-only" in after


def test_the_scripts_come_from_the_parsers(capsys: pytest.CaptureFixture[str]) -> None:
    found = specs(cli.parsers())
    assert [s.command for s in found] == ["", *cli.COMMANDS]
    for shell in ("bash", "zsh", "fish"):
        text = _script(shell, capsys)
        assert text == script(shell, cli.parsers())
        for spec in found:
            assert spec.command in text
            for option in spec.options:
                for name in option.names:
                    spelled = name if shell != "fish" else name.lstrip("-")
                    assert spelled in text, (shell, name)


def test_the_zsh_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = _script("zsh", capsys)
    assert text.startswith("#compdef tablekeeper\n")
    assert "compdef _tablekeeper tablekeeper" in text and "_files -/" in text
    assert text.count("{") == text.count("}")
    zsh = shutil.which("zsh")
    if zsh is not None:  # the syntax, where zsh is installed
        path = tmp_path / "_tablekeeper"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run([zsh, "-n", str(path)], capture_output=True, timeout=30)
        assert done.returncode == 0, done.stderr


def test_the_fish_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = _script("fish", capsys)
    lines = [line for line in text.splitlines() if line.startswith("complete ")]
    assert all(line.startswith("complete -c tablekeeper -n '__tablekeeper_is ") for line in lines)
    assert "complete -c tablekeeper -n '__tablekeeper_is none' -a check" in text
    assert any(" -l lang -x -a 'en ru'" in line for line in lines)
    assert any(" -l saves -x -a '(__fish_complete_directories)'" in line for line in lines)
    assert any(" -l config -r -F" in line for line in lines)
    blocks = sum(
        line.strip().split(" ")[0] in {"function", "for", "if", "switch"}
        for line in text.splitlines()
    )
    ends = sum(line.strip() == "end" for line in text.splitlines())
    assert blocks == ends
    fish = shutil.which("fish")
    if fish is not None:
        path = tmp_path / "tablekeeper.fish"
        path.write_text(text, encoding="utf-8")
        done = subprocess.run([fish, "--no-execute", str(path)], capture_output=True, timeout=30)
        assert done.returncode == 0, done.stderr
