"""Which GM-only characters a piece of text mentions (the players' view keeps them hidden).

A GM-only character answers to its name and its ``extra.aliases``. A name or alias of five
characters or more is found anywhere in a text with any ending, so Russian cases count
("Засада Ог'лая" mentions "Ог'лай": the name less its last letter, then the rest of the
word); one of four is found anywhere, with the rest of its word; a shorter one only as a
whole word, so the alias "Orc" does not make "force" a secret. Matching ignores case and
treats "ё" as "е". Finding too much only hides more from the players; a short form of a
name the GM uses in notes ("Балгруф" for "ярл Балгруф") belongs in the character's aliases.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tui.session.campaign.model import Campaign

__all__ = ["HiddenNames", "fold", "strings_in"]

_SHORT = 4  # shorter names and aliases match whole words only
_STEM = 5  # from this length on, any ending of the last word matches


def fold(text: str) -> str:
    """``text`` as names are compared: case folded, "ё" as "е"."""
    return text.casefold().replace("ё", "е")


def strings_in(value: Any, depth: int = 0) -> Iterable[str]:
    """Every string inside ``value`` (mappings' keys and values, lists), a few levels deep."""
    if isinstance(value, str):
        yield value
    elif depth > 8:
        return
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from strings_in(item, depth + 1)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item, depth + 1)


class HiddenNames:
    """The names and aliases of the GM-only characters of one or more campaigns."""

    def __init__(self, campaigns: Iterable[Campaign], extra: Iterable[str] = ()) -> None:
        tokens: dict[str, str] = {}
        for campaign in campaigns:
            for ch in campaign.characters:
                if not ch.gm_only:
                    continue
                aliases = ch.extra.get("aliases", [])
                words = (
                    [ch.name, *(a for a in aliases if isinstance(a, str))]
                    if isinstance(aliases, list)
                    else [ch.name]
                )
                for word in words:
                    if word.strip():
                        tokens.setdefault(fold(word.strip()), ch.name)
        for name in extra:
            if name.strip():
                tokens.setdefault(fold(name.strip()), name)
        #: folded name or alias → the character's name
        self.tokens: Mapping[str, str] = tokens
        self.names: frozenset[str] = frozenset(tokens.values())
        self._patterns = [
            (re.compile(_pattern(t)), name)
            for t, name in sorted(tokens.items(), key=lambda kv: -len(kv[0]))
        ]

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def is_hidden(self, name: str) -> bool:
        """Whether ``name`` is (an alias of) a GM-only character."""
        return fold(name.strip()) in self.tokens

    def mentioned(self, texts: Iterable[str]) -> tuple[str, ...]:
        """The GM-only characters named anywhere in ``texts`` (in the order of the save)."""
        if not self.tokens:
            return ()
        found: list[str] = []
        for text in texts:
            folded = fold(text)
            for pattern, name in self._patterns:
                if name not in found and pattern.search(folded):
                    found.append(name)
        return tuple(found)

    def replace(self, text: str, label: Callable[[str], str]) -> str:
        """``text`` with every mention of a GM-only character replaced by ``label(name)``."""
        if not self.tokens or not text:
            return text
        out = text
        for pattern, name in self._patterns:
            # matching is done on the folded text; folding keeps lengths for all but a few
            # letters, so the spans are found again on a folded copy kept in step
            folded = fold(out)
            if len(folded) != len(out):
                out = folded  # a rare letter changes length when folded: work on the fold
            spans = [m.span() for m in pattern.finditer(folded)]
            for a, b in reversed(spans):
                out = out[:a] + label(name) + out[b:]
        return out


def _pattern(token: str) -> str:
    if len(token) >= _STEM and token[-1].isalpha():
        return re.escape(token[:-1]) + r"[^\W_]*"
    if len(token) >= _SHORT:
        return re.escape(token) + r"[^\W_]*"
    return rf"(?<![^\W_]){re.escape(token)}(?![^\W_])"
