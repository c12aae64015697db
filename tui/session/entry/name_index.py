"""An index of one list of names for the ranking's first tiers (see
:mod:`tui.session.entry.names`): the names a phrase is exactly, the names whose first word it
is, and the names it begins.

The ranking asks each tier of every candidate in turn; with 800 characters a fresh phrase
(every key the GM types makes one) costs thousands of tests before a tier answers. These
three tiers are lookups instead: two dictionaries and a sorted list searched by bisection.
Each answer is the candidates' places in their list, in order, so a tier gives the names the
walk over the list would give, in the same order. The later tiers (a prefix of each word,
letters in order) run only when these find nothing; the word-prefix ones ask
:meth:`NameIndex.starting` first which names have a word each typed word begins (or is the
number of), and walk only those.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

__all__ = ["NameIndex", "cuts_number", "tiers_found"]

#: a name's words are looked up by their first letters up to this many
_START = 4


class _Forms(Protocol):
    """What the index reads of a name's forms (``names._Forms``)."""

    @property
    def exact(self) -> tuple[str, ...]: ...

    @property
    def loose(self) -> str: ...

    @property
    def firsts(self) -> frozenset[str]: ...

    @property
    def words(self) -> tuple[tuple[str, ...], ...]: ...

    @property
    def letters(self) -> frozenset[str]: ...


class NameIndex:
    """The forms of ``forms`` (one per candidate, in the candidates' order) by what the
    first tiers ask of them."""

    def __init__(self, forms: Sequence[_Forms]) -> None:
        self._exact: dict[str, list[int]] = {}
        self._loose: dict[str, list[int]] = {}
        self._firsts: dict[str, list[int]] = {}
        self._loose_firsts: dict[str, list[int]] = {}
        self._words: dict[str, set[int]] = {}  # a word's first letters (or #its number)
        self._letters: dict[str, set[int]] = {}  # each letter of any form
        self._size = len(forms)
        starts: list[tuple[str, int]] = []
        loose_starts: list[tuple[str, int]] = []
        for i, f in enumerate(forms):
            for form in set(f.exact):
                self._exact.setdefault(form, []).append(i)
                starts.append((form, i))
            self._loose.setdefault(f.loose, []).append(i)
            loose_starts.append((f.loose, i))
            for word in f.firsts:
                self._firsts.setdefault(word, []).append(i)
            if f.words[-1]:
                self._loose_firsts.setdefault(f.words[-1][0], []).append(i)
            for word in {w for ws in f.words for w in ws}:
                keys = {word[:n] for n in range(1, min(_START, len(word)) + 1)}
                if word.isascii() and word.isdigit():
                    keys.add(_number_key(word))
                for key in keys:
                    self._words.setdefault(key, set()).add(i)
            for letter in f.letters:
                self._letters.setdefault(letter, set()).add(i)
        self._starts = _Sorted(starts)
        self._loose_starts = _Sorted(loose_starts)

    def exact(self, phrase: str, lo: str) -> list[int]:
        """Places of the names ``phrase`` is (or whose loose form is ``lo``)."""
        return _union(self._exact.get(phrase, ()), self._loose.get(lo, ()))

    def first(self, phrase: str, lo: str) -> list[int]:
        """Places of the names whose first word is ``phrase`` (loose: ``lo``)."""
        return _union(self._firsts.get(phrase, ()), self._loose_firsts.get(lo, ()))

    def prefix(self, phrase: str, lo: str, *, whole: bool = True) -> list[int]:
        """Places of the names that begin with ``phrase`` (loose: with ``lo``); ``whole``:
        a number the phrase ends in is whole there (see :func:`cuts_number`)."""
        return _union(
            _beginning(self._starts, phrase, whole), _beginning(self._loose_starts, lo, whole)
        )

    def starting(self, typed: str, *, numbers: bool = False) -> set[int]:
        """Places of the names with a word (in any of their forms) that ``typed`` may begin:
        the word begins with ``typed``'s first letters. ``numbers``: or the word is the
        number ``typed`` is ("12" and "012"). A superset, so a tier still tests each."""
        found = self._words.get(typed[:_START], set())
        if numbers and typed.isascii() and typed.isdigit():
            found = found | self._words.get(_number_key(typed), set())
        return found

    def having(self, letters: Iterable[str]) -> set[int]:
        """Places of the names with every one of ``letters`` in their forms (the test that
        comes before letters in order)."""
        found: set[int] | None = None
        for letter in set(letters):
            mine = self._letters.get(letter, set())
            found = mine if found is None else found & mine
            if not found:
                return set()
        return set(range(self._size)) if found is None else set(found)


def _number_key(word: str) -> str:
    """The key of the number ``word`` is, its leading zeros left out ("#12" for "012")."""
    return "#" + (word.lstrip("0") or "0")


def cuts_number(typed: str, name: str) -> bool:
    """``typed``, a prefix of ``name``, ends inside one of its numbers: "cultist 1" begins
    "cultist 12" as text, but a number typed whole is never the start of a longer one."""
    return typed[-1:].isdigit() and name[len(typed) : len(typed) + 1].isdigit()


class _Sorted:
    """Forms sorted, beside their names' places: the forms a prefix begins are one run of
    them, found by two bisections, and their places are one slice (with 800 cultists,
    "cultist" begins 800 forms, taken at once rather than walked one by one)."""

    def __init__(self, pairs: list[tuple[str, int]]) -> None:
        pairs.sort()
        self.forms = [form for form, _i in pairs]
        self.places = [i for _form, i in pairs]


def _beginning(starts: _Sorted, prefix: str, whole: bool) -> list[int]:
    """The places of the forms in ``starts`` that begin with ``prefix`` (a number it ends
    in is whole there when ``whole``)."""
    forms = starts.forms
    low = bisect_left(forms, prefix)
    high = bisect_left(forms, True, low, key=lambda form: not form.startswith(prefix))
    if whole and prefix[-1:].isdigit():
        return [
            i
            for form, i in zip(forms[low:high], starts.places[low:high], strict=True)
            if not cuts_number(prefix, form)
        ]
    return starts.places[low:high]


def _union(a: Iterable[int], b: Iterable[int]) -> list[int]:
    return sorted({*a, *b})


def tiers_found(index: NameIndex, phrase: str, lo: str, *, one_word: bool) -> Iterable[list[int]]:
    """The index's answers of the first tiers, best first (the first word only for a
    phrase of one word, as the ranking asks; a number the phrase ends in is whole)."""
    tiers: list[Callable[[str, str], list[int]]] = [index.exact]
    if one_word:
        tiers.append(index.first)
    tiers.append(index.prefix)
    return (tier(phrase, lo) for tier in tiers)
