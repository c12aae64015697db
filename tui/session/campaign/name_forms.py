"""Finding a name in free text in every spelling the roll entry forgives.

A text is cut into words (runs of letters and digits, after Unicode NFKC) and every word is
reduced to a *key*: the roll entry's comparison form (:mod:`~tui.session.campaign.
transliteration`: case folded, Cyrillic in Latin letters) in its loose form (``kh`` = ``h``,
``y`` = ``i`` …). A name is the keys of its words run together, so whatever stands between
the words — an apostrophe, straight or curly, a hyphen or dash, two spaces, a non-breaking
or zero-width space, nothing at all — does not matter: ``Ог’лай``, ``Og-lai``, ``OGLAY`` and
``Oglai`` are all ``oglai``. A name is found at a word's start, over one or more words:
exactly; from four letters on with any rest of its last word, from five with any ending
(the name less its last letter, then the rest of the word: Russian cases); from six with one
letter wrong, missing, extra or two swapped (the entry's typo; in shorter names a typo
makes an everyday word), unless the run begins with a one-letter word ("и Фёдор"). The non-obvious part is that the keys are compared whole, never as
spans of the original text, so the text may be in any script or spacing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from tui.session.campaign.transliteration import loose, normal

__all__ = ["Found", "NameForms", "distance", "name_key", "nfkc", "words_of"]

#: letters and digits; the modifier letters (U+02B0-02FF: "ʼ", "ʻ", "ˈ") are apostrophes
_WORD = re.compile(r"[^\W_\u02b0-\u02ff]+")
_WHOLE = 4  # shorter names match whole words only; from here on, the rest of the word too
_STEM = 5  # from this length on, any ending of the last word
_TYPO = 6  # from this length on, one typo


def distance(a: str, b: str, limit: int = 2) -> int:
    """Edits (a letter changed, added, removed, or two swapped) from ``a`` to ``b``.

    Stops counting past ``limit`` (returns ``limit + 1``): typo checks only need "at most
    one", and that keeps a long word cheap.
    """
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            best = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, prev2[j - 2] + 1)
            row[j] = best
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return min(prev[-1], limit + 1)


@lru_cache(maxsize=65536)
def _key(word: str) -> str:
    return loose(normal(word)).replace(" ", "")


def words_of(text: str) -> list[tuple[int, int, str]]:
    """The words of ``text`` (NFKC) as ``(start, end, key)``, offsets into the NFKC text."""
    return [(m.start(), m.end(), _key(m.group())) for m in _WORD.finditer(text)]


def nfkc(text: str) -> str:
    """``text`` in NFKC (unchanged, and not copied, when it already is)."""
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


def name_key(name: str) -> str:
    """The key of a whole name: its words' keys run together."""
    return "".join(k for _a, _b, k in words_of(nfkc(name)))


@dataclass(frozen=True)
class Found:
    """A name found in a text: the words ``first`` … ``last`` (inclusive), ``exact`` when
    no ending or typo was needed."""

    key: str
    first: int
    last: int
    exact: bool


class NameForms:
    """A set of names (their keys), found in texts' words by :meth:`find`."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = frozenset(k for k in keys if k)
        by_head: dict[str, list[str]] = {}
        by_middle: dict[str, list[str]] = {}
        for k in sorted(self.keys, key=lambda k: (-len(k), k)):
            by_head.setdefault(k[:2], []).append(k)
            if len(k) >= _TYPO:  # a typo in the first three letters keeps letters 4-5
                by_middle.setdefault(k[3:5], []).append(k)
        self._head = by_head
        self._middle = by_middle
        self._longest = max((len(k) for k in self.keys), default=0)

    def _candidates(self, ahead: str) -> list[str]:
        found = list(self._head.get(ahead[:2], ()))
        for at in (2, 3, 4):
            found.extend(k for k in self._middle.get(ahead[at : at + 2], ()) if k not in found)
        return found

    def find(self, words: list[tuple[int, int, str]]) -> Iterator[Found]:
        """Every name starting at each word (longest first), overlaps included."""
        for i in range(len(words)):
            ahead, j = "", i
            while j < len(words) and len(ahead) <= self._longest + 1:
                ahead += words[j][2]
                j += 1
            if not ahead:
                continue
            for key in self._candidates(ahead):
                found = _match(key, words, i)
                if found is not None:
                    yield found


def _match(key: str, words: list[tuple[int, int, str]], i: int) -> Found | None:
    """``key`` starting at word ``i``: the run of words it covers, else None."""
    run, before = "", 0
    typo: Found | None = None
    for j in range(i, len(words)):
        before = len(run)
        run += words[j][2]
        if before > len(key) + 1:
            break
        if run == key:
            return Found(key, i, j, True)
        if before < len(key) and len(key) >= _WHOLE and run.startswith(key):
            return Found(key, i, j, False)  # the name, then the rest of its last word
        stem = key[:-1]
        if len(key) >= _STEM and key[-1].isalpha() and before < len(stem) and run.startswith(stem):
            return Found(key, i, j, False)  # the name less its last letter, then an ending
        # a typo in the name's letters, not a one-letter word before it ("и Фёдор")
        if typo is None and len(key) >= _TYPO and len(words[i][2]) > 1 and _typo(run, key, before):
            typo = Found(key, i, j, False)
    return typo


def _typo(run: str, key: str, before: int) -> bool:
    """``run`` (whose last word starts at ``before``) is ``key`` with one typo, or ``key``
    less its last letter with one typo and then an ending."""
    if distance(run, key, 1) <= 1:
        return True
    stem = key[:-1]
    return any(
        distance(run[:n], stem, 1) <= 1
        for n in range(max(before + 1, len(stem) - 1), min(len(run), len(stem) + 1) + 1)
    )
