"""Finding a name in free text in every spelling the roll entry forgives.

A text is cut into words (runs of letters and digits, after Unicode NFKC) and every word is
reduced to a *key*: the roll entry's comparison form (:mod:`~tui.session.campaign.
transliteration`: case folded, Cyrillic in Latin letters) in its loose form (``kh`` = ``h``,
``y`` = ``i`` …). A name is the keys of its words run together, so whatever stands between
the words — an apostrophe, straight or curly, a hyphen or dash, two spaces, a non-breaking
or zero-width space, nothing at all — does not matter: ``Ог’лай``, ``Og-lai``, ``OGLAY`` and
``Oglai`` are all ``oglai``. A name is found at a word's start, over one or more words:
exactly (every accent and combining mark folded away: ``Mördecaï`` is ``mordekai``, as is
``Мордекай``); a three-letter name with a plural or case ending (``Orcs``, ``Орка``); from
four letters on with any rest of its last word, from five with any ending
(the name less its last letter, then the rest of the word: Russian cases) and with one
letter wrong, missing, extra or two swapped, then at most a three-letter ending (the
entry's typo: ``Огллай`` is ``Ог'лай``; in a four-letter name a typo makes an everyday
word, ``Moss`` → ``most``), unless the run begins with
a one-letter word ("и Фёдор"). A digit is never a typo ("Cultist 011" is another cultist).
The non-obvious part: keys are compared whole, never as spans of the original text, so the
text may be in any script or spacing; and only by string prefixes, so a long text costs a
dictionary look-up per word.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from os.path import commonprefix

from tui.session.campaign.transliteration import loose, normal

__all__ = [
    "ENDING",
    "EXACT",
    "TYPO",
    "Found",
    "NameForms",
    "distance",
    "name_key",
    "nfkc",
    "words_of",
]

#: letters and digits, and the combining marks over them (a stress mark no letter absorbs,
#: "Зо́рин", stays inside its word); the modifier letters (U+02B0-02FF: "ʼ", "ʻ", "ˈ") are
#: apostrophes
_WORD = re.compile(
    r"(?:[^\W_\u02b0-\u02ff]|[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f])+"
)
#: a Latin "c" that sounds "k" (not before e, i or h: "ch" is ч, "ts"/"c" is ц), and "ck":
#: "Orc" is the "Орк" of a Russian text
_HARD_C = re.compile(r"ck|c(?![eih])")
#: the endings a three-letter name takes as a whole word — English plurals, Russian cases —
#: as keys (after :func:`~tui.session.campaign.transliteration.loose`): "Orcs", "Орка",
#: "Орков" name "Orc"; a longer name takes any ending already
_SHORT_ENDINGS = frozenset({"s", "es", "a", "u", "e", "i", "om", "ov", "am", "ami", "ah", "oi"})
_WHOLE = 4  # shorter names match whole words only; from here on, the rest of the word too
_STEM = 5  # from this length on, any ending of the last word
_TYPO = 5  # from this length on, one typo (the entry forgives one in a word of 4+ letters)


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
    return _HARD_C.sub("k", loose(normal(word)).replace(" ", ""))


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
    """A name found in a text: the words ``first`` … ``last`` (inclusive); ``kind`` is
    :data:`EXACT`, :data:`ENDING` (the rest of a word or a Russian ending) or :data:`TYPO`."""

    key: str
    first: int
    last: int
    kind: int

    @property
    def exact(self) -> bool:
        return self.kind == EXACT


EXACT, ENDING, TYPO = 0, 1, 2


class NameForms:
    """A set of names (their keys), found in texts' words by :meth:`find`.

    A text word can only start a name whose first three letters it starts with, or (one
    typo in those, names of six letters on) whose letters 5-7 follow within one letter of
    their place; both are dictionary look-ups. What is found at a run of words is kept by
    its first word, so a word repeated through a long text is looked at once.
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = frozenset(k for k in keys if k)
        head: dict[str, list[str]] = {}
        middle: dict[str, list[str]] = {}
        for k in sorted(self.keys, key=lambda k: (-len(k), k)):
            head.setdefault(k[:3], []).append(k)
            if len(k) >= _TYPO:  # a typo in the first four letters keeps letters 5-7
                middle.setdefault(k[4:7], []).append(k)
        self._head = head
        self._middle = middle
        self._heads = sorted({len(h) for h in head})
        self._middles = sorted({len(m) for m in middle})
        self._typos = tuple(k for k in self.keys if len(k) >= _TYPO)
        self._short = tuple(k for k in self.keys if len(k) < _TYPO)
        self._longest = max((len(k) for k in self.keys), default=0)
        self._starts: dict[str, tuple[str, ...]] = {}
        self._runs: dict[tuple[str, ...], tuple[tuple[str, int, int], ...]] = {}

    def _candidates(self, ahead: str) -> list[str]:
        found: list[str] = []
        for n in self._heads:
            found.extend(self._head.get(ahead[:n], ()))
        for at in (3, 4, 5):
            for n in self._middles:
                found.extend(k for k in self._middle.get(ahead[at : at + n], ()) if k not in found)
        return found

    def find(
        self, words: list[tuple[int, int, str]], at: Iterable[int] | None = None
    ) -> Iterator[Found]:
        """Every name starting at each word (or each of ``at``), overlaps included."""
        if not self.keys:
            return
        keys = [w[2] for w in words]
        starts = self._starts
        for i in range(len(keys)) if at is None else at:
            first = keys[i]
            candidates = starts.get(first)
            if candidates is None:
                candidates = starts[first] = self._starting(first)
            if not candidates:
                continue
            j, size = i, 0
            while j < len(keys) and size <= self._longest + 1:
                size += len(keys[j])
                j += 1
            run = tuple(keys[i:j])
            matched = self._runs.get(run)
            if matched is None:
                if len(self._runs) > 65536:
                    self._runs.clear()
                matched = self._runs[run] = tuple(
                    (key, *m) for key in candidates if (m := _match(key, run)) is not None
                )
            for key, last, kind in matched:
                yield Found(key, i, i + last, kind)

    def _starting(self, word: str) -> tuple[str, ...]:
        """The names a run of words beginning with ``word`` may be (kept per word)."""
        if len(self._starts) > 65536:
            self._starts.clear()
        # a typo may be in the first letters, and the rest of the name in the next words:
        # every name long enough for a typo is asked (once per distinct word)
        ks = self._typos if len(word) > 1 else ()
        found = [k for k in ks if _may_start(word, k)]
        if len(word) < 3:  # too short for the index: a name it begins, or a name of its own
            short = [k for k in self._short if k.startswith(word) or len(k) <= 3]
        else:
            short = self._candidates(word)
        found.extend(k for k in short if k not in found and _may_start(word, k))
        return tuple(found)


def _may_start(word: str, key: str) -> bool:
    """``word`` may be the first word of ``key`` written in a text (see :func:`_match`)."""
    if key.startswith(word) or word.startswith(key[:-1]):
        return True
    if len(key) < _TYPO or len(word) < 2:
        return False
    p = len(commonprefix((word, key)))  # noqa: RUF071 (letters, not paths)
    return (
        _either(word[p + 1 :], key[p + 1 :])  # changed
        or _either(word[p:], key[p + 1 :])  # missing
        or _either(word[p + 1 :], key[p:])  # extra
        or (word[p + 1 : p + 2] == key[p : p + 1] and _either(word[p + 2 :], key[p + 2 :]))
    )


def _either(a: str, b: str) -> bool:
    """One of ``a`` and ``b`` begins the other."""
    return a.startswith(b) or b.startswith(a)


def _match(key: str, words: tuple[str, ...]) -> tuple[int, int] | None:
    """``key`` at the start of ``words``: ``(last word's index, kind)``, else None.

    Compared on the words run together, by string prefixes only (no edit-distance table):
    a typo is at the first letter where the text and the name differ.
    """
    ahead = "".join(words)
    ends = list(accumulate(len(w) for w in words))
    size = len(key)
    if ahead.startswith(key):
        if size in ends:
            return ends.index(size), EXACT
        j = bisect_left(ends, size)
        if size >= _WHOLE:
            return j, ENDING  # the name, then the rest of its last word
        if size >= 3 and ahead[size : ends[j]] in _SHORT_ENDINGS:
            return j, ENDING  # a short name with a plural or a case ending: "Orcs", "Орка"
    stem = key[:-1]
    if size >= _STEM and key[-1].isalpha() and ahead.startswith(stem):
        return bisect_left(ends, size - 1), ENDING  # the name less its last letter, an ending
    if size < _TYPO or len(words[0]) < 2:  # not a one-letter word before it ("и Фёдор")
        return None
    p = len(commonprefix((ahead, key)))  # noqa: RUF071 (letters, not paths)
    for target in (key, stem) if key[-1].isalpha() else (key,):
        end = _typo_end(ahead, target, p)
        if not end:
            continue
        j = bisect_left(ends, end)
        tail = ahead[end : ends[j]] if j < len(ends) else "x"
        # after a typo, only a short ending: "Cultist 0105" is nobody's typo
        if not tail or (key[-1].isalpha() and tail.isalpha() and len(tail) <= 3):
            return j, TYPO
    return None


def _typo_end(ahead: str, target: str, p: int) -> int:
    """Where ``target`` with one typo at letter ``p`` ends in ``ahead`` (0: it is not
    there): a letter changed, missing, extra, or two swapped."""
    if p >= len(target) or p >= len(ahead) or not target[p].isalpha():
        return 0  # a digit is never a typo: "Cultist 011" is another cultist
    rest = target[p + 1 :]
    if ahead[p].isalpha() and ahead.startswith(rest, p + 1):
        return len(target)  # changed
    if ahead.startswith(rest, p) and len(target) > 1:
        return len(target) - 1  # missing
    if ahead[p].isalpha() and ahead.startswith(target[p:], p + 1):
        return len(target) + 1  # extra
    swapped = ahead[p + 1 : p + 2] == target[p] and target[p + 1 : p + 2] == ahead[p]
    if swapped and ahead.startswith(target[p + 2 :], p + 2):
        return len(target)
    return 0


def _one_edit(a: str, b: str) -> bool:
    """At most one edit from ``a`` to ``b`` (as :func:`distance` ``<= 1``, in one pass: what
    is left after the common start and end must be one letter changed, added or removed,
    or two swapped)."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    p = 0
    short = min(len(a), len(b))
    while p < short and a[p] == b[p]:
        p += 1
    q = 0
    while q < short - p and a[-1 - q] == b[-1 - q]:
        q += 1
    if len(a) != len(b):
        return p + q >= short
    if p + q >= len(a) - 1:
        return True
    return p + q == len(a) - 2 and a[p] == b[p + 1] and a[p + 1] == b[p]
