"""The roll entry in either language: a system's Russian words read as its own.

A system's modifier words in other languages (``System.entry_words``: ``сложно`` → ``hard``,
``диапазон`` → ``range``); the table rewrites a parsed side with them before the system sees
it, so an adapter only ever reads its own words, and a line typed in Russian previews and
rolls exactly like the English one. ``ё`` may be typed as ``е`` (``легкий``), and a
one-letter slip of a translated word is forgiven (``сложна``). Slash commands keep
their names; the words come from the catalogs (msgctxt ``entry <system>``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from tui.session.entry.entry import Side

__all__ = ["in_own_words", "option_words"]


def _key(word: str) -> str:
    return word.casefold().replace("ё", "е")


def in_own_words(side: Side, words: Mapping[str, str]) -> Side:
    """``side`` with each Russian modifier word and ``key=`` replaced by the system's own."""
    if not words:
        return side
    table = {_key(k): v for k, v in words.items()}
    bare = tuple(table.get(_key(w)) or _slip(w, table) for w in _joined(side.words, table))
    options: dict[str, str] = {}
    for key, value in side.options.items():
        real = table.get(_key(key), key)
        options[real] = f"{options[real]},{value}" if real in options else value
    return replace(side, words=bare, options=options)


def _joined(words: tuple[str, ...], table: Mapping[str, str]) -> list[str]:
    """``words`` with each run that spells a hyphenated word with spaces joined: the seeds
    write «очень сложно» and «без ставок», the entry's words are ``очень-сложно``,
    ``без-ставок``."""
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in (3, 2):
            run = words[i : i + size]
            if len(run) == size and "-".join(_key(w) for w in run) in table:
                out.append("-".join(run))
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _slip(word: str, table: Mapping[str, str]) -> str:
    """The system's word ``word`` is a one-letter slip of a translated word (``сложна`` for
    ``сложно``: a letter wrong, missing, extra or two swapped), when exactly one is that near
    and ``word`` has four letters or more; else ``word`` (the system refuses an English slip
    such as ``hardd`` itself, naming where it is)."""
    from tui.session.entry.names import distance

    key = _key(word)
    if len(key) < 4 or word in table.values() or (not key.isalpha() and "-" not in key):
        return word
    near = {v for k, v in table.items() if distance(key, k, 1) <= 1}
    return near.pop() if len(near) == 1 else word


def option_words(keys: Collection[str], words: Mapping[str, str]) -> frozenset[str]:
    """``keys`` and the Russian words that stand for one of them (read as ``key=value``)."""
    return frozenset(keys) | {_key(k) for k, v in words.items() if v in keys}
