"""Name matching for the roll entry: exact, prefix, fuzzy and typo-tolerant, Cyrillic included.

Names are compared in a *normal form*: case-folded, Cyrillic (Russian, Ukrainian,
Belarusian letters) transliterated to Latin (``ё`` = ``е``), every run of non-alphanumeric
characters turned into one space. So ``knowledge occult`` finds "Knowledge (Occult)", and
``ог лай`` or ``og lai`` finds "Ог'лай".

Romanisations differ (``х`` is ``h`` or ``kh``, ``я`` is ``ya`` or ``ia``, ``й`` is ``y`` or
``i`` …) and a GM mixes them within one word (``verkhovaya``). Besides the normal form, a
name and the typed phrase are compared in a *loose form* where those variants coincide
(``kh`` → ``h``, ``y`` → ``i``, ``j`` → ``i``, ``ts`` → ``c``, ``shch`` → ``sch``).

Tiers, best first: exact, the first word, prefix, prefix of every word (then with numbers
by their value), letters in order (``sthdn`` = Spot Hidden). Only when nothing matches in
any of them does a one-letter typo count: a letter wrong, missing, extra or two letters
swapped, in a word of four letters or more (``alise`` = Alice, ``stelath`` = Stealth). A
failed match says "did you mean …" with the nearest names.

A number in a name is one thing, not letters: resolving a typed line, a number typed whole
is never the start of a longer one nor a typo (``cultist 1`` is not "Cultist 12"), it is the
same number with or without leading zeros (``cultist 12`` = "Cultist 012" when there is no
"Cultist 12"), and letters in order keep its digits together. Completing a fragment, a
number may still be the start of a longer one (``cultist 01`` → "Cultist 010" …).

Every form of a name is computed once and cached by the name (not per keystroke), so a long
line costs a few dictionary look-ups per word and candidate.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tui.base.kept import KeptByIdentity
from tui.language import N_, _, tr
from tui.session.campaign.name_forms import distance
from tui.session.campaign.transliteration import alternate, loose, normal, romanise, script_of
from tui.session.entry.name_index import NameIndex, cuts_number, tiers_found
from tui.session.entry.near_index import NearIndex

__all__ = [
    "Match",
    "NameError_",
    "complete",
    "distance",
    "loose",
    "match_prefix_words",
    "names_of",
    "nearest",
    "normal",
    "romanise",
    "script_of",
]


@dataclass(frozen=True)
class _Forms:
    """Every way one name is compared (computed once per name)."""

    exact: tuple[str, ...]  # the normal form and the alternate romanisation
    loose: str
    words: tuple[tuple[str, ...], ...]  # the words of each exact form, then of the loose one
    squashed: tuple[str, ...]  # every form without spaces
    size: int  # the longest form without spaces
    #: the letters of every form, and the first letters of their words: a phrase with a
    #: letter (a word's first letter) the name lacks cannot match it in order, and a set
    #: test says so before a word-by-word walk (800 names are ranked on a cold key)
    letters: frozenset[str] = frozenset()
    initials: frozenset[str] = frozenset()
    firsts: frozenset[str] = frozenset()  # the first word of each exact form


@lru_cache(maxsize=8192)
def _forms(name: str) -> _Forms:
    main = normal(name)
    alt = alternate(name)
    exact = (main,) if alt == main else (main, alt)
    lo = loose(main)
    every = (*exact, lo)
    squashed = tuple(f.replace(" ", "") for f in every)
    words = tuple(tuple(f.split()) for f in every)
    return _Forms(
        exact,
        lo,
        words,
        squashed,
        max(len(s) for s in squashed),
        frozenset("".join(squashed)),
        frozenset(w[0] for ws in words for w in ws),
        frozenset(ws[0] for ws in words[:-1] if ws),
    )


def _number(word: str) -> str | None:
    """The number ``word`` is, without leading zeros ("012" → "12"), or None."""
    if word.isascii() and word.isdigit():
        return word.lstrip("0") or "0"
    return None


def _starts_word(typed: str, word: str, whole: bool) -> bool:
    """``typed`` begins ``word``; when ``whole`` (resolving), a typed number begins only its
    whole self."""
    return word.startswith(typed) and not (whole and cuts_number(typed, word))


def _same_number(typed: str, word: str) -> bool:
    """``typed`` begins ``word`` (a number only its whole self), or both are one number
    written with and without zeros ("12", "012")."""
    if _starts_word(typed, word, True):
        return True
    number = _number(typed)
    return number is not None and number == _number(word)


_DIGITS = re.compile(r"[0-9]+")


def _numbers_kept(typed: str, name: str) -> bool:
    """The numbers in ``typed`` are numbers of ``name``, in order (letters in order never
    take a number's digits apart: "cultist12" is not "Cultist 102")."""
    wanted = [n.lstrip("0") for n in _DIGITS.findall(typed)]
    if not wanted:
        return True
    have = iter(n.lstrip("0") for n in _DIGITS.findall(name))
    return all(n in have for n in wanted)


@lru_cache(maxsize=65536)  # 800 "Cultist NNN" share one "cultist": compared once per word
def _near_word(typed: str, word: str, whole: bool = True) -> bool:
    """``typed`` is ``word``, or a prefix of it, with one typo (typed words of 4+ letters:
    in a shorter one a changed letter makes another word, "bow" is not "boi"). A digit is
    never a typo, and a number typed ``whole`` is only itself."""
    if _starts_word(typed, word, whole):
        return True
    if len(typed) < 4 or any(c.isdigit() for c in typed):
        return False
    if distance(typed, word, 1) <= 1:
        return True
    # a typo in a prefix: "stel" for "Stealth", "hidn" for "Hidden"
    return any(
        distance(typed, word[:n], 1) <= 1
        for n in range(max(1, len(typed) - 1), min(len(word), len(typed) + 1) + 1)
    )


def _subsequence(needle: str, hay: str) -> bool:
    it = iter(hay)
    return all(ch in it for ch in needle)


class NameError_(ValueError):  # the trailing _ avoids shadowing the builtin NameError
    """No candidate, or several equally good ones (``ambiguous``). ``word`` is the typed word
    it is about (so the entry can put the cursor there); ``candidates`` what the GM may have
    meant. Callers ask ``ambiguous``, never the message: it is in the GM's language."""

    def __init__(
        self,
        message: str,
        *,
        word: str = "",
        candidates: Sequence[str] = (),
        ambiguous: bool = False,
    ) -> None:
        super().__init__(message)
        self.word = word
        self.candidates = tuple(candidates)
        self.ambiguous = ambiguous


@dataclass(frozen=True)
class Match:
    name: str
    consumed: int  # how many words of the input the name used


def _word_prefix(
    typed: Sequence[str], names: Sequence[str], same: Callable[[str, str], bool]
) -> bool:
    """Every typed word matches one of the name's words, in order."""
    i = 0
    for w in typed:
        while i < len(names) and not same(w, names[i]):
            i += 1
        if i == len(names):
            return False
        i += 1
    return True


def _tiers(phrase: str, *, whole: bool = True) -> list[Callable[[_Forms], bool]]:
    """The tests of :func:`_rank`, best first, for one typed phrase (normal form); ``whole``
    (resolving, not completing): a number typed is a whole number (see the module)."""
    lo = loose(phrase)
    words = phrase.split()
    lo_words = lo.split()
    squashed = phrase.replace(" ", "")
    lo_squashed = lo.replace(" ", "")
    initials = frozenset(w[0] for w in words), frozenset(w[0] for w in lo_words)
    numbered = any(c.isdigit() for c in phrase)
    letters_in = frozenset(squashed), frozenset(lo_squashed)

    def exact(f: _Forms) -> bool:
        return phrase in f.exact or lo == f.loose

    def first(f: _Forms) -> bool:
        return phrase in f.firsts or f.words[-1][:1] == (lo,)

    def begins(typed: str, form: str) -> bool:
        return form.startswith(typed) and not (whole and cuts_number(typed, form))

    def prefix(f: _Forms) -> bool:  # one or two exact forms
        return begins(phrase, f.exact[0]) or begins(phrase, f.exact[-1]) or begins(lo, f.loose)

    def word_prefix(f: _Forms) -> bool:
        def starts(w: str, n: str) -> bool:
            return _starts_word(w, n, whole)

        if not (initials[0] <= f.initials or initials[1] <= f.initials):
            return False
        return any(_word_prefix(words, ws, starts) for ws in f.words[:-1]) or _word_prefix(
            lo_words, f.words[-1], starts
        )

    def numbers(f: _Forms) -> bool:  # word_prefix, a number typed without its zeros
        return any(_word_prefix(words, ws, _same_number) for ws in f.words[:-1]) or (
            _word_prefix(lo_words, f.words[-1], _same_number)
        )

    def letters(f: _Forms) -> bool:
        if len(squashed) < 2 or not (letters_in[0] <= f.letters or letters_in[1] <= f.letters):
            return False
        if whole and numbered and not _numbers_kept(phrase, f.exact[0]):
            return False
        return any(_subsequence(squashed, s) for s in f.squashed[:-1]) or _subsequence(
            lo_squashed, f.squashed[-1]
        )

    # a test that can match nothing for this phrase is :func:`_never` (not asked of every name)
    return [
        exact,
        first if len(words) == 1 else _never,
        prefix,
        word_prefix,
        numbers if whole and numbered else _never,
        letters if len(squashed) >= 2 else _never,
    ]


def _never(f: _Forms) -> bool:
    return False


@lru_cache(maxsize=64)
def _forms_of(candidates: tuple[str, ...]) -> tuple[tuple[str, _Forms], ...]:
    """Each candidate with its forms: the same list of names is ranked for every phrase of
    every keystroke, so it is paired once (a tuple hashes in microseconds)."""
    return tuple((c, _forms(c)) for c in candidates)


@lru_cache(maxsize=64)
def _index_of(candidates: tuple[str, ...]) -> NameIndex:
    return NameIndex([f for _c, f in _forms_of(candidates)])


@lru_cache(maxsize=64)
def _longest(candidates: tuple[str, ...]) -> int:
    return max((_forms(c).size for c in candidates), default=0)


class Names(tuple[str, ...]):
    """A list of names as the rankings take it: a tuple whose hash is worked out once.

    Every ranking, completion and "did you mean" is kept per (phrase, names); the names of
    800 characters hashed anew for each of a key's dozen look-ups, and copied from the
    caller's list first, cost a tenth of the key. :func:`names_of` keeps one per names map.
    """

    def __hash__(self) -> int:
        known = self.__dict__.get("hash")
        if known is None:
            known = self.__dict__["hash"] = tuple.__hash__(self)
        return known


def _names(candidates: Iterable[str]) -> tuple[str, ...]:
    """``candidates`` as a tuple (a :class:`Names` or a tuple as it is, never copied)."""
    return candidates if isinstance(candidates, tuple) else tuple(candidates)


_NAMES_OF: KeptByIdentity[Mapping[str, str], Names] = KeptByIdentity(Names, 16)


def names_of(names: Mapping[str, str]) -> Names:
    """The names of ``names`` (a map of names to what they name, kept per campaign state) as
    the rankings take them, made once per map (again for one grown in place)."""
    return _NAMES_OF(names, still=lambda m, kept: len(kept) == len(m))


def _rank(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    """Candidates matching ``phrase``: exact, else first word, prefix, word-prefix, letters."""
    return _ranked(phrase, candidates)


@lru_cache(maxsize=512)
def _ranked(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    # cached: while the GM types the skill, the character's words are ranked again per key;
    # the first tiers are looked up (tui.session.entry.name_index), the others test only
    # the names the index says they may find
    one_word = len(phrase.split()) == 1
    index = _index_of(candidates)
    for looked_up in tiers_found(index, phrase, loose(phrase), one_word=one_word):
        if looked_up:
            return tuple(map(candidates.__getitem__, looked_up))
    forms = _forms_of(candidates)
    word_prefix, numbers, letters = _tiers(phrase)[3:]
    walks: tuple[tuple[Callable[[_Forms], bool], Callable[[], list[int]]], ...] = (
        (word_prefix, lambda: _with_words(index, phrase, numbers=False)),
        (numbers, lambda: _with_words(index, phrase, numbers=True)),
        (letters, lambda: _with_letters(index, phrase)),
    )
    for test, places in walks:
        if test is _never:
            continue
        found = tuple(forms[i][0] for i in places() if test(forms[i][1]))
        if found:
            return found
    return ()


def _with_words(index: NameIndex, phrase: str, *, numbers: bool) -> list[int]:
    """Places (in order) of the names with a word each word of ``phrase`` (or of its loose
    form) may begin, or be the number of: all the word-prefix tiers can find."""
    found: set[int] = set()
    for words in (phrase.split(), loose(phrase).split()):
        mine: set[int] | None = None
        for word in words:
            got = index.starting(word, numbers=numbers)
            mine = got if mine is None else mine & got
            if not mine:
                break
        found |= mine or set()
    return sorted(found)


def _with_letters(index: NameIndex, phrase: str) -> list[int]:
    """Places (in order) of the names with every letter of ``phrase`` (or of its loose
    form): all that letters in order can find."""
    squashed = phrase.replace(" ", "")
    return sorted(index.having(squashed) | index.having(loose(phrase).replace(" ", "")))


def _rank_typo(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    """Candidates ``phrase`` names with one typo per word (the last resort)."""
    return _ranked_typo(phrase, candidates)


@lru_cache(maxsize=64)
def _typo_index_of(candidates: tuple[str, ...]) -> NearIndex:
    """The candidates' loose words, by every prefix: what a typed word may be one typo from."""
    return NearIndex([((), f.words[-1]) for _c, f in _forms_of(candidates)], reach=1)


@lru_cache(maxsize=512)
def _ranked_typo(phrase: str, candidates: tuple[str, ...], whole: bool = True) -> tuple[str, ...]:
    typed = loose(phrase).split()
    if not any(len(w) >= 4 for w in typed):
        return ()

    def near(w: str, n: str) -> bool:
        return _near_word(w, n, whole)

    # the names with a word each typed word begins, or is one typo from (the words a typo
    # is forgiven in), found in the indexes; then tested
    index, typos = _index_of(candidates), _typo_index_of(candidates)
    places: set[int] | None = None
    for w in typed:
        mine = index.starting(w)
        if len(w) >= 4 and not any(c.isdigit() for c in w):
            mine = mine | typos.around(w, 1)
        places = mine if places is None else places & mine
        if not places:
            return ()
    forms = _forms_of(candidates)
    return tuple(
        forms[i][0]
        for i in sorted(places or ())
        if _word_prefix(typed, forms[i][1].words[-1], near)
    )


@lru_cache(maxsize=64)
def _near_index_of(candidates: tuple[str, ...]) -> NearIndex:
    """What :func:`nearest` compares of each candidate: its loose words whole, its loose form
    without spaces whole and by the phrase's length."""
    return NearIndex([(f.words[-1], (f.squashed[-1],)) for _c, f in _forms_of(candidates)])


def nearest(typed: str, candidates: Iterable[str], *, count: int = 3) -> list[str]:
    """Up to ``count`` candidates closest to ``typed`` (two edits at most), closest first.

    Only the candidates :class:`~tui.session.entry.near_index.NearIndex` finds near are
    compared letter by letter, so a failed name costs look-ups, not one comparison per
    character of the campaign. The answer is kept for the last few phrases and lists: the
    preview tries a line on the other keyboard layout too ("cultist 512" read as «сгдешые
    512»), and the same word failing on every key cost 1.4 ms a key among 800 names.
    """
    phrase = loose(normal(typed)).replace(" ", "")
    if len(phrase) < 2:
        return []
    return list(_nearest(phrase, _names(candidates), count))


@lru_cache(maxsize=128)
def _nearest(phrase: str, names: tuple[str, ...], count: int) -> tuple[str, ...]:
    reach = 1 if len(phrase) < 5 else 2
    forms = _forms_of(names)
    scored: list[tuple[int, str]] = []
    for i in _near_index_of(names).around(phrase, reach):
        c, f = forms[i]
        best = min(
            distance(phrase, f.squashed[-1][: len(phrase) + 1], 2),
            distance(phrase, f.squashed[-1], 2),
        )
        for word in f.words[-1]:
            best = min(best, distance(phrase, word, 2))
        if best <= reach:
            scored.append((best, c))
    scored.sort(key=lambda s: (s[0], s[1].casefold()))
    return tuple(c for _, c in scored[:count])


def _or(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("{some} or {last}").format(some=", ".join(names[:-1]), last=names[-1])


#: what a name may be, as the messages say it (translated there)
WHATS = (
    N_("character"),
    N_("extended check"),
    N_("maneuver"),
    N_("modifier"),
    N_("resource"),
    N_("student"),
)


def _what(what: str) -> str:
    """``what`` in the GM's language (``skill of Alice`` keeps the name)."""
    if what.startswith("skill of "):
        return _("skill of {name}").format(name=what.removeprefix("skill of "))
    return tr(what)


def _number_left(phrase: str, name: str) -> bool:
    """``name`` has a number that ``phrase`` (its words matched, a number typed next) does
    not: that number was the name's own, typed otherwise ("cultist" then "1" is not Cultist
    12, whose first word it is)."""
    typed = {n.lstrip("0") for n in _DIGITS.findall(phrase)}
    return any(n.lstrip("0") not in typed for n in _DIGITS.findall(_forms(name).exact[0]))


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
    if not words:
        raise NameError_(_("missing {what}").format(what=_what(what)))
    # A phrase longer (without spaces) than every candidate matches none of them: skipping
    # those keeps a 10 kB line from costing one ranking per word.
    candidates = _names(candidates)
    limit = _longest(candidates) + 1
    parts = [normal(w) for w in words]
    longest, size = 0, 0
    for part in parts:
        size += len(part.replace(" ", ""))
        if size > limit:
            break
        longest += 1
    ambiguous: Sequence[str] = ()
    missed = ""  # the words and the number after them that no name has ("cultist 013")
    for rank in (_rank, _rank_typo):
        for k in range(longest, 0, -1):
            phrase = " ".join(p for p in parts[:k] if p)
            if not phrase:
                continue
            found: Sequence[str] = rank(phrase, candidates)
            if found and k < len(parts) and _number(parts[k]) is not None:
                kept = [f for f in found if not _number_left(phrase, f)]
                if not kept and not missed:
                    missed = " ".join(words[: k + 1])
                found = kept
            if same is not None and found:
                # one thing behind every name found (an alias and its name)? The first two
                # that differ say no: 800 cultists are not folded into a set per key
                target = same.get(found[0], found[0])
                if all(same.get(c, c) == target for c in found):
                    found = [target]
            if len(found) == 1:
                return Match(found[0], k)
            if len(found) > 1 and not ambiguous:
                ambiguous = found
                # an exact or prefix tie on a longer phrase beats shorter phrases: report it
                if k == len(words) or any(normal(f) == phrase for f in found):
                    break
        if ambiguous:
            break
    word = words[0]
    if missed and not ambiguous:  # "no character matches 'cultist 013'", not 'cultist'
        word = missed
    if ambiguous:
        shown = _distinct(ambiguous, same, count=5)
        raise NameError_(
            _("{what} {word} is ambiguous: did you mean {names}?").format(
                what=_what(what), word=repr(word), names=_or(shown)
            ),
            word=word,
            candidates=shown,
            ambiguous=True,
        )
    near = _distinct(nearest(word, candidates), same)
    hint = _("; did you mean {names}?").format(names=_or(near)) if near else ""
    raise NameError_(
        _("no {what} matches {word}{hint}").format(what=_what(what), word=repr(word), hint=hint),
        word=word,
        candidates=near,
    )


def _distinct(
    names: Sequence[str], same: Mapping[str, str] | None, *, count: int | None = None
) -> list[str]:
    """The real names behind ``names`` (aliases resolved), each once, sorted (the first
    ``count`` of them).

    Kept for the last few lists (by their names, and the alias map by identity): "cultist"
    among 800 cultists is refused on every key while the GM types on, in the preview and in
    the completion both, and choosing five of 800 costs 0.3 ms each time."""
    key = (tuple(names), id(same), count)
    kept = _DISTINCT.get(key)
    if kept is not None and kept[0] is same:
        return list(kept[1])
    real = set(map(same.get, names, names)) if same else set(names)
    if count is not None:  # five of 800 cultists named in a refusal: no sort of all 800
        shown = heapq.nsmallest(count, real, key=str.casefold)
    else:
        shown = sorted(real, key=str.casefold)
    if len(_DISTINCT) >= 16:
        _DISTINCT.pop(next(iter(_DISTINCT)))
    _DISTINCT[key] = (same, tuple(shown))
    return shown


#: :func:`_distinct`'s answers: (names, id of the alias map, count) → (that map, the answer)
_DISTINCT: dict[
    tuple[tuple[str, ...], int, int | None], tuple[Mapping[str, str] | None, tuple[str, ...]]
] = {}


def complete(fragment: str, candidates: Iterable[str]) -> list[str]:
    """Candidates the typed ``fragment`` could become, best first (for Tab completion).

    The names the fragment starts (exact first), then those whose words it starts
    ("da" → "Сир Даллах" after "Даймитрий"); only when there are none, names with its
    letters in order, then names one typo away.
    """
    return list(_completed(normal(fragment), _names(candidates)))


@lru_cache(maxsize=512)
def _completed(phrase: str, cands: tuple[str, ...]) -> tuple[str, ...]:
    if not phrase:
        return tuple(sorted(cands, key=str.casefold))
    forms = _forms_of(cands)
    *_looked_up, word_prefix, _numbers, letters = _tiers(phrase, whole=False)
    index, lo = _index_of(cands), loose(phrase)
    exact = index.exact(phrase, lo)  # each candidate in its best tier, in the list's order
    seen = set(exact)
    prefix = [i for i in index.prefix(phrase, lo, whole=False) if i not in seen]
    taken = {*exact, *prefix}
    found = [cands[i] for i in (*exact, *prefix)] + [
        forms[i][0]
        for i in _with_words(index, phrase, numbers=False)
        if i not in taken and word_prefix(forms[i][1])
    ]
    if not found and letters is not _never:
        found = [forms[i][0] for i in _with_letters(index, phrase) if letters(forms[i][1])]
    return tuple(found) or _ranked_typo(phrase, cands, False)
