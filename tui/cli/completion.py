"""``tablekeeper completion bash|zsh|fish``: shell completion made from our own parsers.

The scripts are generated from the argparse parsers of :mod:`tui.cli.main` (so a new
option completes with no edit here), with no completion library: the sub-commands, each
one's options, an option's choices (``--lang ru|en``, ``--on-clash …``), folders for
``--saves``, and files — saves, sheets, the config — by the shell's own file completion.
Like the command line, a sub-command is the first word that is neither an option nor a
global option's value. Nothing runs Python while completing: every word is in the script.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["SHELLS", "Spec", "script", "specs"]

SHELLS = ("bash", "zsh", "fish")


@dataclass(frozen=True)
class Option:
    """One option of a command: its spellings and what its value is (``""``: no value)."""

    names: tuple[str, ...]
    value: str  # "", "file", "dir", "choice", "text"
    choices: tuple[str, ...]
    help: str


@dataclass(frozen=True)
class Spec:
    """What completes after one command word (``""``: the app's own command line)."""

    command: str
    options: tuple[Option, ...]
    words: tuple[str, ...]  # the first positional's choices (none: files)


def _option(action: argparse.Action) -> Option:
    if action.nargs == 0:
        value = ""
    elif action.choices is not None:
        value = "choice"
    elif action.metavar == "DIR":
        value = "dir"
    elif "FILE" in str(action.metavar or "") or action.type is Path:
        value = "file"
    else:
        value = "text"
    choices = tuple(str(c) for c in action.choices or ())
    return Option(tuple(action.option_strings), value, choices, str(action.help or ""))


def specs(parsers: Mapping[str, argparse.ArgumentParser]) -> list[Spec]:
    """Each parser's options and positional words, the app's first."""
    found = []
    for command, parser in parsers.items():
        actions = parser._actions  # argparse has no public list of a parser's arguments
        options = tuple(_option(a) for a in actions if a.option_strings)
        positional = [a for a in actions if not a.option_strings]
        words: tuple[str, ...] = ()
        if positional and positional[0].choices is not None:
            words = tuple(str(c) for c in positional[0].choices)
        found.append(Spec(command, options, words))
    return found


def _valued(all_specs: list[Spec]) -> dict[str, Option]:
    """Every option that takes a value, by spelling (the same kind wherever it appears)."""
    valued: dict[str, Option] = {}
    for spec in all_specs:
        for option in spec.options:
            if option.value:
                for name in option.names:
                    valued.setdefault(name, option)
    return valued


def script(shell: str, parsers: Mapping[str, argparse.ArgumentParser]) -> str:
    """The completion script for ``shell`` (one of :data:`SHELLS`)."""
    all_specs = specs(parsers)
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](all_specs)


def _words(items: tuple[str, ...] | list[str]) -> str:
    return " ".join(items)


def _commands(all_specs: list[Spec]) -> list[str]:
    return [s.command for s in all_specs if s.command]


def _scan(all_specs: list[Spec], indent: str, first: int) -> str:
    """The shell loop (bash and zsh share it) that finds the command word and its first
    positional before the word being completed."""
    valued = " | ".join(sorted(_valued(all_specs)))
    commands = " | ".join(_commands(all_specs))
    return "\n".join(
        f"{indent}{line}"
        for line in (
            f"for ((i = {first}; i < cword; i++)); do",
            '    w="${words[i]}"',
            '    case "$w" in',
            "        --) cmd=_save; break ;;",
            f"        {valued}) ((i++)) ;;",
            "        -*) ;;",
            "        *)",
            '            if [[ -z "$cmd" ]]; then',
            '                case "$w" in',
            f'                    {commands}) cmd="$w" ;;',
            "                    *) cmd=_save ;;",
            "                esac",
            '            elif [[ -z "$arg" ]]; then',
            '                arg="$w"',
            "            fi",
            "            ;;",
            "    esac",
            "done",
        )
    )


def _bash(all_specs: list[Spec]) -> str:
    valued = _valued(all_specs)
    prev_cases = []
    for kind in ("choice", "file", "dir", "text"):
        names = sorted(n for n, o in valued.items() if o.value == kind)
        if kind == "choice":
            for name in names:
                prev_cases.append(
                    f'        {name}) COMPREPLY=($(compgen -W "{_words(valued[name].choices)}" '
                    '-- "$cur")); return ;;'
                )
        elif names:
            action = {
                "file": "_tablekeeper_files -f",
                "dir": "_tablekeeper_files -d",
                "text": "COMPREPLY=()",
            }[kind]
            prev_cases.append(f"        {' | '.join(names)}) {action}; return ;;")
    option_cases = []
    word_cases = []
    for spec in all_specs:
        spelled = _words([n for o in spec.options for n in o.names])
        label = spec.command or '"" | _save'
        option_cases.append(f'            {label}) opts="{spelled}" ;;')
        if spec.words:
            word_cases.append(
                f'        {spec.command}) [[ -z "$arg" ]] && '
                f'COMPREPLY=($(compgen -W "{_words(spec.words)}" -- "$cur")) ;;'
            )
    return "\n".join(
        [
            "# bash completion for tablekeeper (made by `tablekeeper completion bash`)",
            "_tablekeeper_files() {",
            "    compopt -o filenames 2>/dev/null",
            '    COMPREPLY=($(compgen "$1" -- "$cur"))',
            "}",
            "",
            "_tablekeeper() {",
            '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"',
            '    local -a words=("${COMP_WORDS[@]}")',
            '    local cword=$COMP_CWORD cmd="" arg="" i w opts',
            "    COMPREPLY=()",
            _scan(all_specs, "    ", 1),
            '    case "$prev" in',
            *prev_cases,
            "    esac",
            '    if [[ "$cur" == -* ]]; then',
            '        case "$cmd" in',
            *option_cases,
            "        esac",
            '        COMPREPLY=($(compgen -W "$opts" -- "$cur"))',
            "        return",
            "    fi",
            '    case "$cmd" in',
            '        "")',
            f'            COMPREPLY=($(compgen -W "{_words(_commands(all_specs))}" -- "$cur"))',
            "            compopt -o filenames 2>/dev/null",
            '            COMPREPLY+=($(compgen -f -- "$cur"))',
            "            ;;",
            *word_cases,
            "        _save) ;;",
            "        *) _tablekeeper_files -f ;;",
            "    esac",
            "}",
            "complete -F _tablekeeper tablekeeper",
            "",
        ]
    )


def _zsh_quote(text: str) -> str:
    return shlex.quote(text.replace(":", "\\:"))


def _zsh(all_specs: list[Spec]) -> str:
    valued = _valued(all_specs)
    prev_cases = []
    for name, option in sorted(valued.items()):
        action = {
            "choice": f"compadd -- {_words(option.choices)}",
            "file": "_files",
            "dir": "_files -/",
            "text": "_message value",
        }[option.value]
        prev_cases.append(f"        {name}) {action}; return ;;")
    option_cases = []
    word_cases = []
    for spec in all_specs:
        described = " ".join(
            _zsh_quote(f"{name}:{' '.join(option.help.split())}")
            for option in spec.options
            for name in option.names
        )
        label = spec.command or '"" | _save'
        option_cases.append(f"            {label}) opts=({described}) ;;")
        if spec.words:
            word_cases.append(
                f'        {spec.command}) [[ -z "$arg" ]] && compadd -- {_words(spec.words)} ;;'
            )
    return "\n".join(
        [
            "#compdef tablekeeper",
            "# zsh completion for tablekeeper (made by `tablekeeper completion zsh`)",
            "_tablekeeper() {",
            '    local cur="${words[CURRENT]}" prev="${words[CURRENT-1]}"',
            '    local cword=$CURRENT cmd="" arg="" i w',
            "    local -a opts",
            _scan(all_specs, "    ", 2),
            '    case "$prev" in',
            *prev_cases,
            "    esac",
            '    if [[ "$cur" == -* ]]; then',
            '        case "$cmd" in',
            *option_cases,
            "        esac",
            "        _describe option opts",
            "        return",
            "    fi",
            '    case "$cmd" in',
            f'        "") compadd -- {_words(_commands(all_specs))}; _files ;;',
            *word_cases,
            "        _save) ;;",
            "        *) _files ;;",
            "    esac",
            "}",
            'if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then',
            '    _tablekeeper "$@"',
            "else",
            "    compdef _tablekeeper tablekeeper",
            "fi",
            "",
        ]
    )


def _fish_quote(text: str) -> str:
    return "'" + " ".join(text.split()).replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish(all_specs: list[Spec]) -> str:
    valued = _valued(all_specs)
    lines = [
        "# fish completion for tablekeeper (made by `tablekeeper completion fish`)",
        "function __tablekeeper_command",
        "    set -l words (commandline -opc)",
        "    set -e words[1]",
        "    set -l skip 0",
        "    for w in $words",
        "        if test $skip = 1",
        "            set skip 0",
        "            continue",
        "        end",
        "        switch $w",
        "            case --",
        "                echo _save",
        "                return",
        f"            case {' '.join(sorted(valued))}",
        "                set skip 1",
        "            case '-*'",
        f"            case {' '.join(_commands(all_specs))}",
        "                echo $w",
        "                return",
        "            case '*'",
        "                echo _save",
        "                return",
        "        end",
        "    end",
        "    echo none",
        "end",
        "",
        "function __tablekeeper_is",
        "    contains -- (__tablekeeper_command) $argv",
        "end",
        "",
    ]
    for spec in all_specs:
        if spec.command:
            lines.append(
                f"complete -c tablekeeper -n '__tablekeeper_is none' -a {spec.command} "
                f"-d {_fish_quote(spec.command)}"
            )
    for spec in all_specs:
        where = spec.command or "none _save"
        condition = f"-n '__tablekeeper_is {where}'"
        for option in spec.options:
            flags = []
            for name in option.names:
                if name.startswith("--"):
                    flags.append(f"-l {name[2:]}")
                else:
                    flags.append(f"-s {name[1:]}")
            value = {
                "": "",
                "choice": f" -x -a {_fish_quote(' '.join(option.choices))}",
                "file": " -r -F",
                "dir": " -x -a '(__fish_complete_directories)'",
                "text": " -x",
            }[option.value]
            lines.append(
                f"complete -c tablekeeper {condition} {' '.join(flags)}{value} "
                f"-d {_fish_quote(option.help)}"
            )
        if spec.words:
            lines.append(
                f"complete -c tablekeeper {condition} -f -a {_fish_quote(' '.join(spec.words))}"
            )
    lines.append("")
    return "\n".join(lines)
