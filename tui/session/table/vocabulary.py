"""The roll entry in either language: a system's Russian words read as its own.

A system lists its Russian modifier words (``System.entry_words``: ``сложно`` → ``hard``,
``диапазон`` → ``range``); the table rewrites a parsed side with them before the system sees
it, so an adapter only ever reads its own words, and a line typed in Russian previews and
rolls exactly like the English one. ``ё`` may be typed as ``е`` (``легкий``). Slash commands
keep their names; ``против`` for ``vs`` is the entry language's own (:mod:`.entry`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from tui.session.table.entry import Side

__all__ = ["in_own_words", "option_words"]


def _key(word: str) -> str:
    return word.casefold().replace("ё", "е")


def in_own_words(side: Side, words: Mapping[str, str]) -> Side:
    """``side`` with each Russian modifier word and ``key=`` replaced by the system's own."""
    if not words:
        return side
    table = {_key(k): v for k, v in words.items()}
    bare = tuple(table.get(_key(w), w) for w in side.words)
    options: dict[str, str] = {}
    for key, value in side.options.items():
        real = table.get(_key(key), key)
        options[real] = f"{options[real]},{value}" if real in options else value
    return replace(side, words=bare, options=options)


def option_words(keys: Collection[str], words: Mapping[str, str]) -> frozenset[str]:
    """``keys`` and the Russian words that stand for one of them (read as ``key=value``)."""
    return frozenset(keys) | {_key(k) for k, v in words.items() if v in keys}
