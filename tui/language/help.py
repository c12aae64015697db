"""The long help pages in the GM's language: text files beside each catalog, not message ids.

A system's roll-entry help is a page of its own (twenty-odd lines a translator reads and
writes as a whole, which a paragraph-long ``msgid`` is not fit for). Its English stays in the
code; each language's translation is ``locale/<lang>/help/<name>.txt``, whose first lines say
which English it translates: ``# english: <fingerprint>`` (:func:`fingerprint`). The page is
found by that fingerprint, so when the English changes the old translation is no longer
shown (as gettext shows an edited message in English until it is translated again), and the
catalog test names the file to bring up to date.
"""

from __future__ import annotations

import os

__all__ = ["HEADER", "fingerprint", "help_page", "pages", "read_page"]

HEADER = "# english: "


def fingerprint(english: str) -> str:
    """A short, stable name of one English text (the first 12 hex digits of its SHA-1)."""
    import hashlib

    return hashlib.sha1(english.encode("utf-8")).hexdigest()[:12]


def read_page(path: str) -> tuple[str, str]:
    """(the fingerprint it translates, the text without its ``#`` header lines)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    translates, i = "", 0
    while i < len(lines) and lines[i].startswith("#"):
        if lines[i].startswith(HEADER):
            translates = (lines[i][len(HEADER) :].split() or [""])[0]
        i += 1
    return translates, "".join(lines[i:])


def pages(lang: str) -> dict[str, str]:
    """``lang``'s help pages: file path → the fingerprint it translates."""
    from tui.language import LOCALE

    folder = os.path.join(LOCALE, lang, "help")
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".txt"))
    except OSError:
        return {}
    return {os.path.join(folder, n): read_page(os.path.join(folder, n))[0] for n in names}


def help_page(english: str) -> str:
    """``english`` in the current language: its page's translation, else itself."""
    from tui.language import SOURCE, current

    lang = current()
    if lang == SOURCE or not english:
        return english
    wanted = fingerprint(english)
    for path, translates in pages(lang).items():
        if translates == wanted:
            return read_page(path)[1]
    return english
