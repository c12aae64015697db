"""The scene history: past scenes, read only when someone looks at them.

A long campaign has thousands of past scenes. Opening it must not parse them all (the first
frame would wait), hold them all in memory, or rewrite them with every change. A
:class:`History` is an immutable sequence of past scenes (plain TOML-able tables) made of a
*base* — a tuple, or the unparsed text of the save's ``[[scene_history]]`` blocks with their
count — and the scenes *appended* since. Its length is known without parsing; the base is
parsed on the first look at a scene (and kept). Appending (ending a scene) never parses:
:meth:`History.appended` shares the base, so a patch can say "these were added" and a save
can reuse the base's text as it stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

__all__ = ["History", "Scenes", "appended"]

Scenes = tuple[Mapping[str, Any], ...]


class _Lazy:
    """Unparsed past scenes: their count and how to parse them (once, on demand)."""

    __slots__ = ("_items", "_parse", "count", "text")

    def __init__(self, text: str, count: int, parse: Callable[[str], Scenes]) -> None:
        self.text = text
        self.count = count
        self._parse = parse
        self._items: Scenes | None = None

    def items(self) -> Scenes:
        if self._items is None:
            self._items = self._parse(self.text)
            self.count = len(self._items)
        return self._items


class History(Sequence[Mapping[str, Any]]):
    """Past scenes, oldest first (see the module docstring)."""

    __slots__ = ("_base", "_extra")

    def __init__(self, items: Sequence[Mapping[str, Any]] = ()) -> None:
        self._base: Scenes | _Lazy = tuple(items)
        self._extra: Scenes = ()

    @classmethod
    def lazy(cls, text: str, count: int, parse: Callable[[str], Scenes]) -> History:
        """``count`` past scenes held as ``text``, parsed by ``parse`` when first needed."""
        history = cls()
        history._base = _Lazy(text, count, parse)
        return history

    # -- reading -------------------------------------------------------------------------
    def _all(self) -> Scenes:
        base = self._base.items() if isinstance(self._base, _Lazy) else self._base
        return base + self._extra if self._extra else base

    def __len__(self) -> int:
        base = self._base.count if isinstance(self._base, _Lazy) else len(self._base)
        return base + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> Mapping[str, Any]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Mapping[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, int) and index < 0 and -index <= len(self._extra):
            return self._extra[index]  # the newest scenes without parsing the old ones
        return self._all()[index]

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            if other._base is self._base:
                return other._extra == self._extra
            return len(self) == len(other) and self._all() == other._all()
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(self) == len(other) and self._all() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to tuples, so not hashable

    def __repr__(self) -> str:
        lazy = "lazy " if isinstance(self._base, _Lazy) and self._base._items is None else ""
        return f"History({lazy}{len(self)} scenes)"

    # -- changing (new values) -----------------------------------------------------------
    def appended(self, *scenes: Mapping[str, Any]) -> History:
        """This history with ``scenes`` added at the end; the base is shared, not parsed."""
        history = History()
        history._base = self._base
        history._extra = self._extra + tuple(scenes)
        return history

    def added_since(self, before: Sequence[Mapping[str, Any]]) -> Scenes | None:
        """The scenes appended to ``before`` to make this one, if it was made that way
        (``None`` otherwise: the caller compares the scenes themselves)."""
        if isinstance(before, History) and before._base is self._base:
            n = len(before._extra)
            if self._extra[:n] == before._extra:
                return self._extra[n:]
        return None

    @property
    def base_text(self) -> str | None:
        """The unparsed text of the base scenes, when it came from a save unchanged."""
        return self._base.text if isinstance(self._base, _Lazy) else None

    @property
    def extra(self) -> Scenes:
        """The scenes appended after the base."""
        return self._extra


def appended(history: Sequence[Mapping[str, Any]], scene: Mapping[str, Any]) -> History:
    """``history`` (a :class:`History` or a plain sequence) with ``scene`` at the end."""
    base = history if isinstance(history, History) else History(history)
    return base.appended(scene)
