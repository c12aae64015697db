"""Name matching for the roll entry: exact, prefix and fuzzy, Cyrillic included.

Names are compared in a *normal form*: case-folded, Cyrillic transliterated to Latin
(``ё`` = ``е``), every run of non-alphanumeric characters turned into one space. So
``knowledge occult`` finds "Knowledge (Occult)", and ``ог лай`` or ``og lai`` finds "Ог'лай".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["Match", "NameError_", "complete", "match_prefix_words", "normal"]

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_LATIN = str.maketrans(
    {
        "а": "a",
        "б": "b",
        "в": "v",
        "г": "g",
        "д": "d",
        "е": "e",
        "ё": "e",
        "ж": "zh",
        "з": "z",
        "и": "i",
        "й": "y",
        "к": "k",
        "л": "l",
        "м": "m",
        "н": "n",
        "о": "o",
        "п": "p",
        "р": "r",
        "с": "s",
        "т": "t",
        "у": "u",
        "ф": "f",
        "х": "h",
        "ц": "ts",
        "ч": "ch",
        "ш": "sh",
        "щ": "sch",
        "ъ": "",
        "ы": "y",
        "ь": "",
        "э": "e",
        "ю": "yu",
        "я": "ya",
    }
)


@lru_cache(maxsize=4096)
def normal(text: str) -> str:
    """The comparison form of a name: Cyrillic is transliterated, so a GM on a Latin
    keyboard can type ``dallah`` for "Даллах" (and ``даллах`` still works)."""
    return _NON_WORD.sub(" ", text.casefold().translate(_LATIN)).strip()


#: A second common romanisation (й → i, х → kh …), so "daimitrii" finds "Даймитрий" too.
_ALTERNATE = str.maketrans({"й": "i", "х": "kh", "щ": "shch", "ц": "c", "ю": "iu", "я": "ia"})


def _forms(name: str) -> tuple[str, ...]:
    """The normal form of ``name`` and, for Cyrillic names, its alternate romanisation."""
    main = normal(name)
    alt = _NON_WORD.sub(" ", name.casefold().translate(_ALTERNATE).translate(_LATIN)).strip()
    return (main,) if alt == main else (main, alt)


def _subsequence(needle: str, hay: str) -> bool:
    it = iter(hay)
    return all(ch in it for ch in needle)


class NameError_(ValueError):  # the trailing _ avoids shadowing the builtin NameError
    """No candidate, or several equally good ones."""


@dataclass(frozen=True, slots=True)
class Match:
    name: str
    consumed: int  # how many words of the input the name used


def _rank(phrase: str, candidates: Sequence[str]) -> list[str]:
    """Candidates matching ``phrase``: exact, else word-prefix, else prefix, else fuzzy."""
    forms = [(c, _forms(c)) for c in candidates]
    exact = [c for c, fs in forms if phrase in fs]
    if exact:
        return exact
    words = phrase.split()

    def word_prefix(form: str) -> bool:
        # every typed word is a prefix of the name's words, in order ("sp hid" → Spot Hidden)
        names = form.split()
        i = 0
        for w in words:
            while i < len(names) and not names[i].startswith(w):
                i += 1
            if i == len(names):
                return False
            i += 1
        return True

    def having(test: Callable[[str], bool]) -> list[str]:
        return [c for c, fs in forms if any(test(f) for f in fs)]

    first = having(lambda f: f.split()[:1] == words[:1]) if len(words) == 1 else []
    if first:
        return first
    prefix = having(lambda f: f.startswith(phrase))
    if prefix:
        return prefix
    wp = having(word_prefix)
    if wp:
        return wp
    squashed = phrase.replace(" ", "")
    if len(squashed) >= 2:
        return having(lambda f: _subsequence(squashed, f.replace(" ", "")))
    return []


def match_prefix_words(
    words: Sequence[str],
    candidates: Sequence[str],
    *,
    what: str,
    same: Mapping[str, str] | None = None,
) -> Match:
    """Match the longest run of leading ``words`` naming one candidate.

    Tries the longest phrase first so that "spot hidden hard" matches "Spot Hidden" and leaves
    "hard". ``same`` maps aliases to what they stand for, so an alias and its name matching
    together are one match. Raises :class:`NameError_` naming the problem when nothing (or
    too much) matches.
    """
    ambiguous: list[str] = []
    # A phrase longer (without spaces) than every candidate matches none of them: skipping
    # those keeps a 10 kB line from costing one ranking per word.
    limit = max((len(f.replace(" ", "")) for c in candidates for f in _forms(c)), default=0)
    parts = [normal(w) for w in words]
    longest, size = 0, 0
    for part in parts:
        size += len(part.replace(" ", ""))
        if size > limit:
            break
        longest += 1
    for k in range(longest, 0, -1):
        phrase = " ".join(p for p in parts[:k] if p)
        if not phrase:
            continue
        found = _rank(phrase, candidates)
        if same is not None:
            targets = {same.get(c, c) for c in found}
            if len(targets) == 1:
                found = [same.get(found[0], found[0])]
        if len(found) == 1:
            return Match(found[0], k)
        if len(found) > 1 and not ambiguous:
            ambiguous = found
            # an exact or prefix tie on a longer phrase beats shorter phrases: report it
            if k == len(words) or any(normal(f) == phrase for f in found):
                break
    if ambiguous:
        shown = ", ".join(sorted(ambiguous)[:5])
        raise NameError_(f"{what} {' '.join(words[:1])!r} is ambiguous: {shown}")
    if not words:
        raise NameError_(f"missing {what}")
    raise NameError_(f"no {what} matches {words[0]!r}")


def complete(fragment: str, candidates: Iterable[str]) -> list[str]:
    """Candidates the typed ``fragment`` could become, best first (for Tab completion)."""
    phrase = normal(fragment)
    cands = list(candidates)
    if not phrase:
        return sorted(cands, key=str.casefold)
    return _rank(phrase, cands)
