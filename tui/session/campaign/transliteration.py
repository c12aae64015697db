"""Cyrillic names in Latin letters, for matching what the GM types (see
:mod:`tui.session.entry.names`, which re-exports these) and for finding GM-only names in
any spelling (:mod:`tui.session.campaign.name_forms`).

:func:`normal` is the comparison form (NFKC, case-folded, every combining mark folded away
(:func:`plain`), Russian, Ukrainian and Belarusian letters
transliterated, punctuation runs as one space); :func:`loose` makes the common romanisation
variants equal; :func:`romanise` keeps case and punctuation, for completing a Cyrillic name
in a Latin line; :func:`script_of` tells which script a line is being typed in.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["alternate", "loose", "normal", "plain", "romanise", "script_of"]

_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)
_ROMAN = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya",
    # Ukrainian and Belarusian letters
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u",
}  # fmt: skip
_LATIN = str.maketrans(_ROMAN)
#: A second common romanisation (й → i, х → kh …), so "daimitrii" finds "Даймитрий" too.
_ALTERNATE_ROMAN = {"й": "i", "х": "kh", "щ": "shch", "ц": "c", "ю": "iu", "я": "ia"}
_ALTERNATE = str.maketrans(_ALTERNATE_ROMAN)
_LOOSE = (("shch", "sch"), ("kh", "h"), ("ts", "c"), ("j", "i"), ("y", "i"))
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
#: letters with a stroke or a ligature, which Unicode does not decompose into a plain one
_UNMARKED = {
    "ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "ŧ": "t", "æ": "ae", "œ": "oe",
    "þ": "th", "ð": "d",
}  # fmt: skip
_LATIN_LETTER = re.compile(r"[A-Za-z]")


@lru_cache(maxsize=8192)
def normal(text: str) -> str:
    """The comparison form of a name: Cyrillic is transliterated, so a GM on a Latin
    keyboard can type ``dallah`` for "Даллах" (and ``даллах`` still works)."""
    return _NON_WORD.sub(" ", plain(_nfkc(text).casefold()).translate(_LATIN)).strip()


def plain(text: str) -> str:
    """``text`` with every combining mark folded away: a Latin letter's accents go
    (``Mördecaï`` → ``Mordecai``, ``Zörín`` → ``Zorin``), as do marks no letter absorbs (a
    stress mark over a Russian vowel, ``Зо́рин``); a few letters with no decomposition are
    their plain ones (``ø`` → ``o``, ``ł`` → ``l``, ``æ`` → ``ae``). Cyrillic letters keep
    what makes them letters of their own (``й``, ``ё``, ``ї`` are not ``и``, ``е``, ``і``
    to the transliteration)."""
    if text.isascii():
        return text
    return "".join(_plain_letter(ch) for ch in text)


@lru_cache(maxsize=4096)
def _plain_letter(ch: str) -> str:
    if ch in _UNMARKED:
        return _UNMARKED[ch]
    if unicodedata.combining(ch):
        return ""
    if ch.isascii() or _CYRILLIC.match(ch):
        return ch
    return "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))


def alternate(text: str) -> str:
    """The normal form with the second romanisation (``Даймитрий`` → ``daimitrii``)."""
    return _NON_WORD.sub(
        " ", plain(_nfkc(text).casefold()).translate(_ALTERNATE).translate(_LATIN)
    ).strip()


def _nfkc(text: str) -> str:
    """``text`` in Unicode NFKC: full-width letters, ligatures and a decomposed "й" compare
    as their plain forms."""
    return text if unicodedata.is_normalized("NFKC", text) else unicodedata.normalize("NFKC", text)


@lru_cache(maxsize=8192)
def loose(form: str) -> str:
    """A normal form with romanisation variants made equal (``verkhovaia`` = ``verhovaya``)."""
    for old, new in _LOOSE:
        form = form.replace(old, new)
    return form


@lru_cache(maxsize=8192)  # Tab asks it of the 40 names it offers, on every key
def script_of(text: str) -> str:
    """``"cyrillic"``, ``"latin"`` or ``""``: the script of the last letter in ``text``."""
    for ch in reversed(text):
        if _CYRILLIC.match(ch):
            return "cyrillic"
        if _LATIN_LETTER.match(ch):
            return "latin"
    return ""


def romanise(name: str, *, alternate: bool = False) -> str:
    """``name`` in Latin letters, case and punctuation kept ("Ог'лай" → "Og'lay"; with
    ``alternate`` the second romanisation: "Og'lai")."""
    out: list[str] = []
    for ch in name:
        latin = (_ALTERNATE_ROMAN.get(ch.lower()) if alternate else None) or _ROMAN.get(ch.lower())
        if latin is None:
            out.append(ch)
        elif ch.isupper():
            out.append(latin[:1].upper() + latin[1:])
        else:
            out.append(latin)
    return "".join(out)
