"""Which GM-only characters a piece of text mentions (the players' view keeps them hidden).

A GM-only character answers to its name and its ``extra.aliases``, found in every spelling
the roll entry forgives (:mod:`tui.session.campaign.name_forms`: any case, script,
apostrophe, dash or spacing, accents and combining marks, Russian endings, one typo in a
long name); an alias is found exactly as a name is. A name or alias of four letters or more
is found at a word's start with the rest of the word; a three-letter one as a whole word
with at most a plural or case ending ("Orcs", "Орка", "Орков" for "Orc"); a shorter one only
as a whole word — so the alias "Orc" does not make "force" a secret. A visible
character's own name is never taken for a hidden one's ending or typo ("Ivanov" is not
"Ivan"). Finding too much only hides more from the players; a short form of a name the GM
uses in notes ("Балгруф" for "ярл Балгруф") belongs in the character's aliases.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from tui.session.campaign.model import Campaign, Character
from tui.session.campaign.name_forms import NameForms, name_key, nfkc, words_of

__all__ = ["HiddenNames", "fold", "strings_in"]

_KEEP_FROM = 256  # texts this long or longer are searched once (see HiddenNames._spans)
_KEEP = 512  # how many of them are kept


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
        seen: frozenset[str] = frozenset()
        for campaign in campaigns:
            hidden, visible = _roster(campaign.characters)
            for key, name in hidden.items():
                tokens.setdefault(key, name)
            seen = visible if not seen or seen is visible else seen | visible
        for name in extra:
            if name.strip():
                tokens.setdefault(name_key(name), name)
        tokens.pop("", None)
        #: a name's or alias's key (:func:`~tui.session.campaign.name_forms.name_key`) →
        #: the character's name
        self.tokens: Mapping[str, str] = tokens
        self.names: frozenset[str] = frozenset(tokens.values())
        self._forms = _forms(frozenset(tokens))
        if tokens:  # the visible names matter only beside hidden ones
            self._seen = _forms(frozenset(seen - tokens.keys()) if seen & tokens.keys() else seen)
        else:
            self._seen = _forms(frozenset())
        self._found = _found(self._forms, self._seen)

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def is_hidden(self, name: str) -> bool:
        """Whether ``name`` is (an alias of) a GM-only character, in any spelling."""
        return name_key(name) in self.tokens

    def who(self, name: str) -> str:
        """The GM-only character ``name`` (a name or alias in any spelling) stands for."""
        return self.tokens.get(name_key(name), name)

    def mentioned(self, texts: Iterable[str]) -> tuple[str, ...]:
        """The GM-only characters named anywhere in ``texts`` (in the order of the save)."""
        if not self.tokens:
            return ()
        found: list[str] = []
        for text in texts:
            for _a, _b, key in self._spans(nfkc(text)):
                if self.tokens[key] not in found:
                    found.append(self.tokens[key])
        return tuple(found)

    def replace(self, text: str, label: Callable[[str], str]) -> str:
        """``text`` with every mention of a GM-only character replaced by ``label(name)``."""
        if not self.tokens or not text:
            return text
        normal = nfkc(text)
        spans = self._spans(normal)
        if not spans:
            return text
        out = normal
        for a, b, key in sorted(spans, reverse=True):
            out = out[:a] + label(self.tokens[key]) + out[b:]
        return out

    def _spans(self, text: str) -> tuple[tuple[int, int, str], ...]:
        """:meth:`_find` of ``text``, kept for long texts: the players' filter reads the whole
        campaign again on every change, and a long text (notes, a scene) rarely changes."""
        if len(text) < _KEEP_FROM:
            return self._find(text)
        found = self._found.get(text)
        if found is None:
            if len(self._found) >= _KEEP:
                self._found.clear()
            found = self._found[text] = self._find(text)
        return found

    def _find(self, text: str) -> tuple[tuple[int, int, str], ...]:
        """Where ``text`` (NFKC) names a GM-only character: ``(start, end, key)``, longest
        first where two overlap; an ending or typo that is a visible character's name is
        theirs."""
        words = words_of(text)
        found = list(self._forms.find(words))
        if not found:
            return ()
        near = sorted({i for f in found for i in range(max(0, f.first - 3), f.last + 1)})
        theirs = [(f.first, f.last) for f in self._seen.find(words, near) if f.exact]
        taken: list[tuple[int, int, str]] = []
        for f in sorted(found, key=lambda f: (f.first - f.last, not f.exact, f.first)):
            if not f.exact and any(a <= f.last and f.first <= b for a, b in theirs):
                continue
            start, end = words[f.first][0], words[f.last][1]
            if all(end <= a or b <= start for a, b, _k in taken):
                taken.append((start, end, f.key))
        return tuple(taken)


@lru_cache(maxsize=16)
def _forms(keys: frozenset[str]) -> NameForms:
    """One :class:`NameForms` per set of names: it keeps what it learnt of each word, and
    the filter is built anew on every change while the names stay the same."""
    return NameForms(keys)


@lru_cache(maxsize=16)
def _found(hidden: NameForms, seen: NameForms) -> dict[str, tuple[tuple[int, int, str], ...]]:
    """The long texts already searched for one set of hidden and visible names."""
    return {}


#: each character's name keys, by the character's id (with a weak reference to it, so that
#: the id is not a dead one's reused): a change makes one new character, the other 199 are
#: the same objects
_KEYS: dict[int, tuple[weakref.ref[Character], tuple[str, ...]]] = {}
_KEYS_MOST = 8192


#: each cast's names: the characters' tuple → (its GM-only names' keys → names, the keys
#: of the visible ones), for the last few tuples (by id, checked by identity)
_ROSTERS: dict[int, tuple[tuple[Character, ...], dict[str, str], frozenset[str]]] = {}
_ROSTERS_MOST = 4
_NEAR = 8  # a new cast this close to a kept one (characters changed) is worked out from it


def _roster(roster: tuple[Character, ...]) -> tuple[dict[str, str], frozenset[str]]:
    """The names of one cast: those of its GM-only characters (key → name) and the keys of
    its visible ones. A change replaces a character or two and keeps the rest, so a cast is
    worked out from the kept one it differs from in a few places, when those kept their
    names and their flags: what a change costs does not grow with the party."""
    hit = _ROSTERS.get(id(roster))
    if hit is not None and hit[0] is roster:
        return hit[1], hit[2]
    found: tuple[dict[str, str], frozenset[str]] | None = None
    for old, hidden, visible in reversed(list(_ROSTERS.values())):
        if len(old) != len(roster):
            continue
        changed = [i for i, (a, b) in enumerate(zip(old, roster, strict=True)) if a is not b]
        if len(changed) <= _NEAR and all(
            old[i].gm_only == roster[i].gm_only and _keys_of(old[i]) == _keys_of(roster[i])
            for i in changed
        ):
            found = hidden, visible
            break
    if found is None:
        hidden = {}
        keys: set[str] = set()
        for ch in roster:
            if ch.gm_only:
                for key in _keys_of(ch):
                    hidden.setdefault(key, ch.name)
            else:
                keys.update(_keys_of(ch))
        found = hidden, frozenset(keys)
    if len(_ROSTERS) >= _ROSTERS_MOST:
        _ROSTERS.pop(next(iter(_ROSTERS), id(roster)), None)
    _ROSTERS[id(roster)] = (roster, *found)
    return found


def _keys_of(ch: Character) -> tuple[str, ...]:
    """The keys of ``ch``'s name and aliases (:func:`name_key`), kept per character."""
    hit = _KEYS.get(id(ch))
    if hit is not None and hit[0]() is ch:
        return hit[1]
    keys = tuple(name_key(w) for w in _names_of(ch))
    if len(_KEYS) >= _KEYS_MOST:
        _KEYS.clear()
    _KEYS[id(ch)] = (weakref.ref(ch), keys)
    return keys


def _names_of(ch: Character) -> list[str]:
    aliases = ch.extra.get("aliases", [])
    words = [ch.name]
    if isinstance(aliases, list):
        words.extend(a for a in aliases if isinstance(a, str))
    return [w for w in words if w.strip()]
