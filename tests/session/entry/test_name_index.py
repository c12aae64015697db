"""The ranking's looked-up tiers give exactly what walking every candidate gives.

:mod:`tui.session.entry.name_index` answers the first tiers of the ranking (the phrase is
the name, its first word, its beginning) by lookups; the reference here walks each candidate
through the same tests (``names._tiers``), as the ranking did before. They are compared on
many phrases (every prefix of every candidate, words from the middle, loose spellings,
letters in order, typos) over big lists, aliases and Cyrillic names with their
transliterations.
"""

from __future__ import annotations

import random

import pytest

from tests.bench.big import big_campaign
from tui.session.entry import names
from tui.store import demo_paths, read_campaign


def _walked_rank(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    forms = [(c, names._forms(c)) for c in candidates]
    for test in names._tiers(phrase):
        if test is names._never:
            continue
        found = tuple(c for c, f in forms if test(f))
        if found:
            return found
    return ()


def _walked_completion(phrase: str, candidates: tuple[str, ...]) -> tuple[str, ...]:
    forms = [(c, names._forms(c)) for c in candidates]
    exact, _first, prefix, word_prefix, _numbers, letters = names._tiers(phrase, whole=False)
    tiers: tuple[list[str], list[str], list[str]] = ([], [], [])
    for c, f in forms:
        if exact(f):
            tiers[0].append(c)
        elif prefix(f):
            tiers[1].append(c)
        elif word_prefix(f):
            tiers[2].append(c)
    found = tiers[0] + tiers[1] + tiers[2]
    if not found and letters is not names._never:
        found = [c for c, f in forms if letters(f)]
    return tuple(found) or names._ranked_typo(phrase, candidates, False)


def _lists() -> list[tuple[str, ...]]:
    big = big_campaign(characters=300, past_scenes=0)
    lists = [
        tuple(c.name for c in big.characters),
        tuple(big.characters[0].skills),
        tuple(s for c in big.characters[:3] for s in c.skills),
    ]  # repeats: places count
    for path in demo_paths():
        campaign = read_campaign(path)
        lists.append(tuple(c.name for c in campaign.characters))
        lists.append(tuple({s for c in campaign.characters for s in c.skills}))
    lists.append(
        (
            "Сир Даллах",
            "Даймитрий",
            "Dallah",
            "Alice Moore",
            "alice",
            "Ёжик Ёлкин",
            "Boris",
            "Борис",
            "Верховая",
            "Цапля Хорошая",
            "Юрий Ткач",
            "Юрий",
            "Цапля",
            "Kharkov",
            "Tsar Yuri",
            "Spot Hidden",
            "Spot",
            "Hidden Spot",
            "Ann-Marie O'Neil",
        )
    )
    return lists


def _phrases(candidates: tuple[str, ...], rnd: random.Random) -> set[str]:
    out: set[str] = {"a", "zz", "-", "x y", "spot hid", "сир", "da", "bor"}
    for name in rnd.sample(candidates, min(len(candidates), 40)):
        form = names.normal(name)
        words = form.split()
        out.update(form[:n] for n in range(1, len(form) + 1))
        out.update(" ".join(w[:2] for w in words[i:]) for i in range(len(words)))
        lo = names.loose(form)
        out.update(lo[:n] for n in range(1, len(lo) + 1))  # as typed without ё, ' or -
        out.update(lo.split()[:1])
        out.add(form.replace(" ", "")[::2])  # letters in order
        if len(form) > 4:
            out.add(form[:2] + form[3:])  # a letter missing
    return {p for p in out if p}


@pytest.mark.parametrize("which", range(len(_lists())))
def test_looked_up_tiers_rank_as_the_walk_does(which: int) -> None:
    candidates = _lists()[which]
    rnd = random.Random(which)
    phrases = _phrases(candidates, rnd)
    assert len(phrases) > 20
    for phrase in sorted(phrases):
        assert names._ranked(phrase, candidates) == _walked_rank(phrase, candidates), phrase
        assert names._completed(phrase, candidates) == _walked_completion(phrase, candidates), (
            phrase
        )


@pytest.mark.parametrize("which", range(len(_lists())))
def test_each_looked_up_tier_finds_what_its_test_finds(which: int) -> None:
    """Tier by tier (not only the first that answers): the places the index gives are the
    places of the candidates the tier's test accepts."""
    candidates = _lists()[which]
    index = names._index_of(candidates)
    forms = [names._forms(c) for c in candidates]
    for phrase in sorted(_phrases(candidates, random.Random(which))):
        exact, first, prefix, *_ = names._tiers(phrase)
        lo = names.loose(phrase)
        assert index.exact(phrase, lo) == [i for i, f in enumerate(forms) if exact(f)], phrase
        assert index.prefix(phrase, lo) == [i for i, f in enumerate(forms) if prefix(f)], phrase
        begun = names._tiers(phrase, whole=False)[2]  # completing: a number may go on
        assert index.prefix(phrase, lo, whole=False) == [
            i for i, f in enumerate(forms) if begun(f)
        ], phrase
        if first is not names._never:
            assert index.first(phrase, lo) == [i for i, f in enumerate(forms) if first(f)]
