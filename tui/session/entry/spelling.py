"""Lines typed the Russian way: the other keyboard layout and Russian dice notation.

A GM who switches between ЙЦУКЕН and QWERTY types ``rbhvf ghjdthrf`` meaning «кирма
проверка», or ``/ысутуы`` (``.ысутуы``, where the Russian layout puts a full stop on the
slash key) meaning ``/scene``. :func:`other_layouts` gives the line as the other layout
would have typed it; the table tries it only when the line as typed means nothing and the
other reading does, and says which reading it took.

Russian dice notation writes the die with ``к`` (кость) or ``д``: ``3к6+2``, ``3д6+2``,
``к100``; :func:`latin_dice` writes such a term the way the dice parser reads it.
"""

from __future__ import annotations

import re

__all__ = ["latin_dice", "other_layouts"]

_LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"
_CYRILLIC = "йцукенгшщзхъфывапролджэячсмитьбюё"
_TO_CYRILLIC = str.maketrans(_LATIN + _LATIN.upper(), _CYRILLIC + _CYRILLIC.upper())
_TO_LATIN = str.maketrans(_CYRILLIC + _CYRILLIC.upper(), _LATIN + _LATIN.upper())
_HAS_LATIN = re.compile(r"[a-zA-Z]")
_HAS_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
#: a die term in Russian notation: digits, к or д, the faces (or %), inside a dice expression
_SEPARATOR = re.compile(r"\s+|=|[+\-−]")
_RUSSIAN_DIE = re.compile(r"(?<![^\s=+\-−(])(\d*)[кКдД](\d+|%)(?=$|[\s+\-−=)])")


def latin_dice(text: str) -> str:
    """``text`` with each die term in Russian notation written with ``d``: ``3к6+2`` →
    ``3d6+2``, ``к100`` → ``d100``, ``куб=к12`` → ``куб=d12``; other words untouched."""
    return _RUSSIAN_DIE.sub(lambda m: f"{m[1]}d{m[2]}", text)


def _word(word: str) -> str:
    """One word as the other layout types it (a word in neither script stays as it is)."""
    if _HAS_CYRILLIC.search(word) and not _HAS_LATIN.search(word):
        return word.translate(_TO_LATIN)
    if _HAS_LATIN.search(word) and not _HAS_CYRILLIC.search(word):
        # only the letters: the punctuation keys (',' '.' ';' …) read as punctuation here
        return re.sub(r"[a-zA-Z`\[\];',.]+", lambda m: m[0].translate(_TO_CYRILLIC), word)
    return word


def other_layouts(line: str) -> list[str]:
    """``line`` as typed on the other keyboard layout: its first word alone (a name or a
    command typed on the wrong layout, the rest right), then every word; the readings that
    differ from ``line``, in that order. ``key=value`` keeps its ``=`` and numbers."""
    stripped = line.lstrip()
    lead, text = "", stripped
    if stripped[:1] == "/" or (stripped[:1] == "." and _HAS_CYRILLIC.search(stripped[1:2])):
        lead, text = "/", stripped[1:]  # the slash key types "." on the Russian layout
    parts = re.split(r"(\s+|=|[+\-−])", text)
    first = next((i for i, p in enumerate(parts) if p and not _SEPARATOR.fullmatch(p)), None)
    readings: list[str] = []
    if first is not None:
        one = list(parts)
        one[first] = _word(one[first])
        readings.append(lead + "".join(one))
    readings.append(lead + "".join(p if _SEPARATOR.fullmatch(p) else _word(p) for p in parts))
    return list(dict.fromkeys(r for r in readings if r != line))
