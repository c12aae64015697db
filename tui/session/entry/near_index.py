"""The names a phrase may be a misspelling of, found by look-ups instead of a comparison each.

"Did you mean …" (:func:`tui.session.entry.names.nearest`) asks which names are within two
edits (a letter changed, added, removed, or two swapped) of what the GM typed. Comparing the
phrase with each name costs a table of letters per name: with 800 characters, 45 ms on every
key of a line that names nobody (and the roll entry tries each line on the other keyboard
layout too, which names nobody on most keys).

Two strings within ``k`` such edits have a common string each reaches by deleting at most
``k`` of its letters (an edit deletes at most one letter on each side: a changed letter on
both, an added one on one side, two swapped ones one on each); and so have their first ``P``
letters, their *heads*: where the common letters sit among the first ``P`` of each, the
shorter run of them is reached from both heads by deleting at most ``k`` letters. So the
index keeps, for every string a name is compared by, the deletions of its head; a phrase
looks up the deletions of its own head, and only the names found there are compared letter
by letter. A string compared as a prefix of the phrase's length (the name's first letters)
is indexed by the head of each length, so its phrase-long prefix has its own entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["HEAD", "REACH", "NearIndex", "deletions"]

#: the head's length: longer means fewer names to compare and more entries per name
HEAD = 6
#: the most edits a phrase is forgiven ("did you mean" goes to two)
REACH = 2


def deletions(text: str, reach: int) -> set[str]:
    """``text`` and every string made from it by deleting at most ``reach`` letters."""
    found = {text}
    edge = {text}
    for _step in range(reach):
        edge = {w[:i] + w[i + 1 :] for w in edge for i in range(len(w))}
        found |= edge
    return found


class NearIndex:
    """For each item (a name), the strings it is compared by: ``whole`` ones compared as
    they are, and ``prefixed`` ones whose prefix as long as the phrase (or one letter
    longer) is compared. :meth:`around` gives the items that may be within reach."""

    def __init__(
        self, items: Sequence[tuple[Iterable[str], Iterable[str]]], reach: int = REACH
    ) -> None:
        self.reach = reach
        self._items: dict[str, set[int]] = {}
        heads: dict[str, set[str]] = {}  # one string's deletions are made once for all items
        for i, (whole, prefixed) in enumerate(items):
            mine = {w[:HEAD] for w in whole}
            for text in prefixed:
                mine.update(text[:n] for n in range(1, min(HEAD, len(text)) + 1))
            for head in mine:
                if head not in heads:
                    heads[head] = deletions(head, reach)
                for key in heads[head]:
                    self._items.setdefault(key, set()).add(i)

    def around(self, phrase: str, reach: int) -> set[int]:
        """The items with a string that may be within ``reach`` edits of ``phrase`` (at most
        the index's own reach): a superset of those that are, so each is compared after."""
        if reach > self.reach:
            raise ValueError(f"the index reaches {self.reach} edits, not {reach}")
        found: set[int] = set()
        for key in deletions(phrase[:HEAD], reach):
            found |= self._items.get(key, set())
        return found
