"""Every message of the Russian catalog reads in Russian: no English word of its msgid left.

The screen walks (``tests/tui/test_russian.py``, ``tests/tui/test_pseudo_locale.py``) see
the messages a demo reaches; this walks every message id of the catalog, reached or not,
and fails on an English word of the msgid that its translation kept (``бонус — для Attack``,
«All-Out Attack без варианта»). What a translation keeps on purpose is what the GM or the
shell types or reads as it is — a key's name, a command's word, a value a save holds, the
program's and the formats' names, an example's names, a program's type names — listed
below by kind (a word typed is lower case: «Attack» capitalised is a name left English,
``attack`` the word ``/maneuver`` takes); the syntax
around it (``{placeholders}``, ``/commands``, ``key=values``, quoted and bracketed text,
dotted paths, ``--options``, ``words-with-hyphens``) is left out before the words are read.
"""

from __future__ import annotations

import re

from tui.language import catalog_path, po

#: keys named as the keyboard names them
KEYS = {
    "enter", "escape", "esc", "tab", "backspace", "delete", "ctrl", "alt", "shift", "pageup",
    "pagedown",
}  # fmt: skip
#: programs, formats and what the shell types
PROGRAMS = {
    "tablekeeper", "textual", "markdown", "gcs", "bash", "zsh", "fish", "stdin", "stdout",
    "prog", "check", "serve", "recap", "import", "config", "show", "completion", "keymap",
    "saves", "broken", "message", "type", "value", "choices", "option", "matches",
}  # fmt: skip
#: words typed after a command or in a line (options' values, sub-commands), and the keys
#: and values of a save as the file spells them
TYPED = {
    "all", "none", "use", "drop", "cancel", "rename", "update", "skip", "keep", "add",
    "roll", "aim", "attack", "evaluate", "aoa", "determined", "death", "knockdown",
    "conscious", "stun", "active", "passive", "long", "rounds", "turns", "false", "true",
    "running", "done", "failed", "npc", "stunned", "prone", "easy", "average",
    "challenging", "hard", "impossible", "halve", "reset", "close", "blocked", "time",
    "nostakes", "choose", "low", "high", "defense", "dice", "request", "skill",
    "modifiers", "resources", "attributes", "profile", "version", "character", "log",
    "sub", "diff", "order", "strange", "system", "fraction", "level", "unknown", "ext",
    "note", "creatures", "unapplied", "compromise", "edit",
}  # fmt: skip
#: the names a program passes, in the rules' messages a developer reads
CODE = {"None", "Level", "Combatant", "frozenset", "True", "False", "Fraction", "Result"}
#: the names in examples: characters and skills of the demos, a skill's own name
EXAMPLES = {"alice", "spot", "hidden", "guard", "dallah", "dexterity", "teach"}
#: in any case: a key, a program, an example («Enter», «Tablekeeper», «Dexterity»)
ANY_CASE = KEYS | PROGRAMS | EXAMPLES

_SYNTAX = re.compile(
    r"\{[^}]*\}|%\(\w+\)\w|/[\w-]+|[\w/.-]+=\S*|'[^']*'|\"[^\"]*\"|«[^»]*»|`[^`]*`"
    r"|\[[^\]]*\]|<[^>]*>|\b\w+\.\w+\b|--[\w-]+|\b[a-z]+[-_:][\w:-]+\b"
    r"|[\w.…-]*(?:/[\w.…-]+)+|\w+\(\)"
)
_WORD = re.compile(r"\b[A-Za-z][A-Za-z]{2,}\b")


def english_left(msgid: str, translation: str) -> list[str]:
    """The English words of ``msgid`` that ``translation`` kept and no list allows."""
    if not re.search(r"[а-яё]", translation, re.I):
        return []  # a translation with no Russian at all is a name or pure syntax
    english = {w.casefold() for w in _WORD.findall(_SYNTAX.sub(" ", msgid))}
    return [
        w
        for w in _WORD.findall(_SYNTAX.sub(" ", translation))
        if not w.isupper()
        and w.casefold() in english
        and w.casefold() not in ANY_CASE
        and w not in TYPED  # typed words are lower case: «Attack» is a name left English
        and w not in CODE
    ]


def test_the_reading_sees_an_english_word_left() -> None:
    assert english_left("it counts for an Attack", "бонус — для Attack в ходу") == ["Attack"]
    assert (
        english_left("Escape closes (/scene NAME, tn=5)", "Escape закрывает (/scene, tn=5)") == []
    )
    assert english_left("All-Out Defense: Feint", "тотальная защита: Feint") == ["Feint"]


def test_no_message_keeps_an_english_word_of_its_own() -> None:
    with open(catalog_path("ru"), encoding="utf-8") as f:
        catalog = po.parse(f.read())
    found = [
        f"{e.msgid[:70]!r}: {left}"
        for e in catalog.entries
        for s in e.strings
        if (left := english_left(e.msgid + " " + (e.plural or ""), s))
    ]
    assert not found, "English left in a Russian message:\n" + "\n".join(found)
