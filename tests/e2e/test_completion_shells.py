"""Shell completion in the real shells, installed as the README says, driven by Tab in tmux.

Each shell completes an option (``--ve`` → ``--version``), a sub-command (``conf`` →
``config``) and a save whose name has spaces (``saves/Th`` → ``saves/The House
(copy).toml``, the name every demo copy gets); then Enter runs the completed line, so
the test sees what the shell really inserted. Regressions: zsh inserted the option's
description (``--version:show\\ the\\ versions\\ and\\ exit``), and bash split a name at its
spaces (``(copy).toml The House Whispering``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.term import Terminal, require_tool, tablekeeper_command
from tests.tui.conftest import DEMOS

SAVE = "The House (copy).toml"


def _script(shell: str) -> str:
    done = subprocess.run(
        [tablekeeper_command(), "completion", shell],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A new user's home: the scripts installed where the README puts them, a folder with
    saves to complete."""
    home = tmp_path / "home"
    data, config = home / ".local" / "share", home / ".config"
    bash = data / "bash-completion" / "completions"
    fish = config / "fish" / "completions"
    for folder in (bash, fish, home / "table" / "saves"):
        folder.mkdir(parents=True)
    (bash / "tablekeeper").write_text(_script("bash"), encoding="utf-8")
    (fish / "tablekeeper.fish").write_text(_script("fish"), encoding="utf-8")
    (home / ".zshrc").write_text(
        'autoload -U compinit && compinit -u\neval "$(tablekeeper completion zsh)"\nPS1="$ "\n',
        encoding="utf-8",
    )
    (home / ".bashrc").write_text(
        # what a Debian login shell does when the bash-completion package is installed
        "source /usr/share/bash-completion/bash_completion\nPS1='$ '\n",
        encoding="utf-8",
    )
    shutil.copy(DEMOS["brp"], home / "table" / "saves" / SAVE)
    shutil.copy(DEMOS["age"], home / "table" / "saves" / "Other.toml")
    return home


def _shell(shell: str, home: Path) -> list[str]:
    if shell == "bash":
        require_tool("bash")
        assert Path("/usr/share/bash-completion/bash_completion").is_file(), (
            "the bash-completion package is not installed (.ci/run installs it)"
        )
        return ["bash", "--rcfile", str(home / ".bashrc"), "-i"]
    if shell == "zsh":
        return [require_tool("zsh"), "-i"]
    return [require_tool("fish"), "-i"]


@pytest.fixture(params=["bash", "zsh", "fish"])
def terminal(request: pytest.FixtureRequest, home: Path, tmp_path: Path) -> Iterator[Terminal]:
    shell = str(request.param)
    term = Terminal(tmp_path, width=120, height=30, name=shell)
    env = {
        "HOME": str(home),
        "PATH": f"{Path(tablekeeper_command()).parent}:{os.environ.get('PATH', '')}",
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "ZDOTDIR": str(home),
        "TERM": "xterm-256color",
        "fish_greeting": "",
    }
    term.start(_shell(shell, home), env=env, cwd=home / "table")
    try:
        term.wait_until(lambda screen: screen.strip() != "", what=f"{shell}'s prompt")
        yield term
    finally:
        term.close()


def _complete(term: Terminal, typed: str, expected: str) -> None:
    term.type(typed)
    term.press("Tab")
    term.wait_until(lambda screen: expected in screen, what=f"{typed!r} completed to {expected!r}")


def test_an_option_completes_without_its_description(terminal: Terminal) -> None:
    _complete(terminal, "tablekeeper --ve", "tablekeeper --version")
    screen = terminal.screen()
    assert "--version:" not in screen and "show\\ the" not in screen, screen
    terminal.press("Enter")
    terminal.wait_for("tablekeeper 0.1.0 (Textual", timeout=60)


def test_a_sub_command_completes(terminal: Terminal) -> None:
    _complete(terminal, "tablekeeper conf", "tablekeeper config")
    terminal.type(" show")  # after the space the shell added, if any: the same command
    terminal.press("Enter")
    terminal.wait_for("theme", "language", timeout=60)


def test_a_save_with_spaces_completes_as_one_name(terminal: Terminal) -> None:
    _complete(terminal, "tablekeeper check saves/Th", "saves/The\\ House\\ \\(copy\\).toml")
    terminal.press("Enter")
    screen = terminal.wait_until(
        lambda s: f"{SAVE}: ok" in s or "no such file" in s or "usage" in s,
        timeout=60,
        what="the check of the completed name",
    )
    assert f"saves/{SAVE}: ok" in screen, screen
