"""A message with its arguments, rendered in the GM's language when shown (:class:`Msg`).

Built by :func:`tui.language.msg` and its siblings and re-exported as ``tui.language.Msg``;
a module of its own so that importing the translation layer does not load the dataclasses
machinery (``tablekeeper --help`` shows no message of this kind). Imports no Textual or Rich.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tui.language import _, ngettext

__all__ = ["Msg"]


@dataclass(frozen=True)
class Msg:
    """A message with its arguments, rendered in the current language when shown.

    The log keeps structured facts, not only sentences: a log entry's ``msg`` table stores
    the id and its arguments, so a campaign logged in one language reads in the other (an
    entry without one, from an older log, shows its text).

    ``plural`` (with an ``n`` argument) makes it a counted message. Arguments that are
    themselves :class:`Msg` (a grade, a verdict) are rendered too; other values are shown
    as they are (names, numbers, dice). ``kind`` says what the message is for where that
    matters beyond its words: :data:`GM_HINT` (:func:`gm_hint`) is a suggestion to the GM
    (the next command to type), which the players' surfaces leave out by that kind.
    """

    id: str
    args: tuple[tuple[str, str | int | Msg], ...] = ()
    plural: str = ""
    kind: str = ""

    def render(self) -> str:
        values = {k: v.render() if isinstance(v, Msg) else v for k, v in self.args}
        if self.plural:
            n = values.get("n", 0)
            template = ngettext(self.id, self.plural, n if isinstance(n, int) else 0)
        else:
            template = _(self.id)
        return _fill(template, values, self.id)

    def english(self) -> str:
        """The message in English whatever the language (a log entry's ``text``)."""
        values = {k: v.english() if isinstance(v, Msg) else v for k, v in self.args}
        template = self.id
        if self.plural and values.get("n", 0) != 1:
            template = self.plural
        return _fill(template, values, self.id)

    def __str__(self) -> str:
        return self.render()

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"id": self.id}
        if self.plural:
            doc["plural"] = self.plural
        if self.kind:
            doc["kind"] = self.kind
        if self.args:
            doc["args"] = {k: v.to_doc() if isinstance(v, Msg) else v for k, v in self.args}
        return doc


def _fill(template: str, values: Mapping[str, object], fallback: str) -> str:
    """``template`` filled in; a slip (a stored message naming an argument it lacks, a
    catalog typo) shows the English template or the bare id, never an exception."""
    for text in (template, fallback):
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError):
            continue
    return fallback
