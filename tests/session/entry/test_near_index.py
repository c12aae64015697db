"""The near-name index finds every name the letter-by-letter comparison would.

:mod:`tui.session.entry.near_index` hands "did you mean" (:func:`names.nearest`) and the typo
tier (:func:`names._ranked_typo`) only the names a phrase may be within reach of; the
references here compare the phrase with every candidate, as both did before. They are
compared on misspellings (a letter changed, missing, extra, two swapped, two of these) of
every list :mod:`tests.session.entry.test_name_index` ranks, and the index's own promise
(a superset of the strings within reach, heads of every length) is checked on random words.
"""

from __future__ import annotations

import random
import string

import pytest

from tests.session.entry.test_name_index import _lists, _phrases
from tui.session.campaign.name_forms import distance
from tui.session.entry import names
from tui.session.entry.near_index import HEAD, NearIndex, deletions


def _walked_nearest(typed: str, candidates: tuple[str, ...], count: int = 3) -> list[str]:
    phrase = names.loose(names.normal(typed)).replace(" ", "")
    if len(phrase) < 2:
        return []
    scored: list[tuple[int, str]] = []
    for c in candidates:
        f = names._forms(c)
        best = min(
            distance(phrase, f.squashed[-1][: len(phrase) + 1], 2),
            distance(phrase, f.squashed[-1], 2),
            *(distance(phrase, w, 2) for w in f.words[-1]),
        )
        if best <= (1 if len(phrase) < 5 else 2):
            scored.append((best, c))
    scored.sort(key=lambda s: (s[0], s[1].casefold()))
    return [c for _, c in scored[:count]]


def _walked_typo(phrase: str, candidates: tuple[str, ...], whole: bool) -> tuple[str, ...]:
    typed = names.loose(phrase).split()
    if not any(len(w) >= 4 for w in typed):
        return ()
    return tuple(
        c
        for c in candidates
        if names._word_prefix(
            typed, names._forms(c).words[-1], lambda w, n: names._near_word(w, n, whole)
        )
    )


def _misspelt(word: str, rnd: random.Random, edits: int) -> str:
    letters = string.ascii_lowercase + "0123456789 "
    for _ in range(edits):
        at = rnd.randrange(len(word) + 1)
        kind = rnd.randrange(4)
        if kind == 0 and at < len(word):
            word = word[:at] + rnd.choice(letters) + word[at + 1 :]
        elif kind == 1:
            word = word[:at] + rnd.choice(letters) + word[at:]
        elif kind == 2 and at < len(word):
            word = word[:at] + word[at + 1 :]
        elif at + 1 < len(word):
            word = word[:at] + word[at + 1] + word[at] + word[at + 2 :]
    return word


def _typos(candidates: tuple[str, ...], rnd: random.Random) -> set[str]:
    out = set(_phrases(candidates, rnd))
    for name in rnd.sample(candidates, min(len(candidates), 30)):
        form = names.normal(name)
        for edits in (1, 1, 2, 2, 3):
            out.add(_misspelt(form, rnd, edits))
            cut = rnd.randrange(1, len(form) + 1)
            out.add(_misspelt(form[:cut], rnd, edits))
    kept = sorted(p for p in out if p.strip())
    return set(rnd.sample(kept, min(len(kept), 60)))


@pytest.mark.parametrize("which", range(len(_lists())))
def test_did_you_mean_names_what_comparing_each_name_names(which: int) -> None:
    candidates = _lists()[which]
    phrases = sorted(_typos(candidates, random.Random(which)))
    some = 0
    for phrase in phrases:
        found = names.nearest(phrase, candidates)
        assert found == _walked_nearest(phrase, candidates), phrase
        some += bool(found)
    assert some > len(phrases) // 4  # the phrases do name something near


@pytest.mark.parametrize("which", range(len(_lists())))
def test_the_typo_tier_finds_what_comparing_each_name_finds(which: int) -> None:
    candidates = _lists()[which]
    phrases = sorted(_typos(candidates, random.Random(which + 100)))
    some = 0
    for phrase in phrases:
        for whole in (True, False):
            found = names._ranked_typo(phrase, candidates, whole)
            assert found == _walked_typo(phrase, candidates, whole), (phrase, whole)
            some += bool(found)
    assert some > len(phrases) // 4


def test_the_index_holds_every_string_within_reach_by_its_heads() -> None:
    """Random short words over a small alphabet (so many are near): for both reaches, the
    items :meth:`NearIndex.around` gives include every item with a string (or, for the
    prefixed ones, a prefix one letter longer than the phrase) within reach."""
    rnd = random.Random(7)

    def word() -> str:
        return "".join(rnd.choice("abcd") for _ in range(rnd.randrange(1, 12)))

    items = [((word(),), (word(),)) for _ in range(200)]
    for reach in (1, 2):
        index = NearIndex(items, reach=reach)
        for _ in range(150):
            phrase = word()
            within = {
                i
                for i, ((whole,), (prefixed,)) in enumerate(items)
                if min(
                    distance(phrase, whole, reach),
                    distance(phrase, prefixed, reach),
                    *(distance(phrase, prefixed[:n], reach) for n in range(1, len(prefixed))),
                )
                <= reach
            }
            found = index.around(phrase, reach)
            assert within <= found, phrase
        assert any(len(index.around(w, reach)) < len(items) for w in ("abcdabcdab", "dddddddd"))


def test_deletions_are_every_string_a_few_deletions_make() -> None:
    assert deletions("abc", 1) == {"abc", "bc", "ac", "ab"}
    assert deletions("abc", 2) == {"abc", "bc", "ac", "ab", "a", "b", "c"}
    assert deletions("aa", 2) == {"aa", "a", ""}
    assert HEAD >= 4  # a head shorter than a typo-forgiving word would find nearly everything
    with pytest.raises(ValueError):
        NearIndex([], reach=1).around("abc", 2)
