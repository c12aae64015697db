"""Words for the GM: plurals, and the rules' internal phrasing turned into sentences.

The rules name their arguments as a program does (``modifiers[0] div amount must be within
1..+inf``); :func:`humane` rewrites such phrases for the GM wherever a rules message is shown
(``the 1st modifier: the divisor of /N must be at least 1``). :func:`plural` says "1 hit",
"2 hits". :func:`where` finds the place in a refused line that an error is about.
"""

from __future__ import annotations

import re

__all__ = ["humane", "plural", "where"]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 hit``, ``2 hits``; ``plural(1, "die", "dice")`` → ``1 die``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


_PATH = re.compile(r"\b([a-z_]+)\[(\d+)\]\s*")
_RANGE_UP = re.compile(r"within (-?\d+)\.\.\+?inf\b")
_RANGE_DOWN = re.compile(r"within -inf\.\.(-?\d+)\b")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_KIND_WORDS = {
    "mul": "the factor of xN",
    "div": "the divisor of /N",
    "add": "+N",
    "sub": "-N",
    "set": "the value of set=N",
}
_KIND_AMOUNT = re.compile(r"\b(mul|div|add|sub|set) amount\b")


def humane(message: str) -> str:
    """A rules message as a sentence for the GM: ``modifiers[0] div amount must be within
    1..+inf`` → ``the 1st modifier: the divisor of /N must be at least 1``."""
    message = _KIND_AMOUNT.sub(lambda m: _KIND_WORDS[m.group(1)], message)
    message = _RANGE_UP.sub(lambda m: f"at least {m.group(1)}", message)
    message = _RANGE_DOWN.sub(lambda m: f"at most {m.group(1)}", message)

    def path(m: re.Match[str]) -> str:
        noun = m.group(1).replace("_", " ").removesuffix("s")
        return f"the {_ordinal(int(m.group(2)) + 1)} {noun}: "

    return _PATH.sub(path, message)


_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")


def where(line: str, exc: BaseException) -> int:
    """Where in ``line`` the problem ``exc`` describes is: its own ``at``, else the first
    word it quotes that the line holds (as a whole word if it can), else the line's end."""
    at = getattr(exc, "at", None)
    text = line.strip()
    offset = len(line) - len(line.lstrip())
    if isinstance(at, int):
        return offset + max(0, min(at, len(text)))
    folded = text.casefold()
    for m in _QUOTED.finditer(str(exc)):
        word = (m.group(1) or m.group(2)).casefold()
        whole = re.search(rf"(?<!\S){re.escape(word)}(?!\S)", folded)
        found = whole.start() if whole else folded.find(word)
        if found >= 0:
            return offset + found
    return offset + len(text)
