"""The names a table looks up on every keystroke, built once per tuple of characters.

The model is immutable, so a new ``characters`` tuple is the only way names change; a
table keeps one :class:`NameCache` and replaces it when the tuple is another object. With
800 characters this turns a walk over every character per key into a dict lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from tui.session.campaign.model import Character

__all__ = ["NameCache"]

Rollables = Callable[[Character], Sequence[str]]


class NameCache:
    """What a name lookup needs for one tuple of characters (the model is immutable: a new
    tuple means a change). Callers get the cached dicts and must not change them."""

    def __init__(
        self, characters: tuple[Character, ...], skill_words: Mapping[str, str] | None = None
    ) -> None:
        self.characters = characters
        #: the system's words in other languages → its own (``уклонение`` → ``dodge``): a
        #: rollable spelt as one of its own words answers to the others too
        self._skill_words = dict(skill_words or {})
        self.aliases: dict[str, str] = {}
        self._by_folded: dict[str, Character] = {}
        for ch in characters:
            self.aliases[ch.name] = ch.name
            self._by_folded.setdefault(ch.name.casefold(), ch)
            aliases = ch.extra.get("aliases", [])
            if isinstance(aliases, list):
                for alias in aliases:
                    if isinstance(alias, str) and alias.strip():
                        self.aliases.setdefault(alias, ch.name)
        self._skills: dict[str, dict[str, str]] = {}
        self._every_skill: dict[str, str] | None = None
        self._places: dict[str, int] | None = None

    def character(self, name: str) -> Character:
        """Like :meth:`Campaign.character` (case-insensitive), from a dict."""
        found = self._by_folded.get(name.casefold())
        if found is None:
            raise KeyError(name)
        return found

    def skills_of(self, name: str, rollables: Rollables) -> dict[str, str]:
        """What the character called ``name`` (or an alias) can roll, ``extra.skill_aliases``
        and the system's words for a rollable in other languages (GURPS ``Dodge`` typed
        «уклонение») included → the real skill."""
        real = self.aliases.get(name, name)
        found = self._skills.get(real)
        if found is None:
            ch = self.character(real)
            found = {n: n for n in rollables(ch)}
            aliases = ch.extra.get("skill_aliases", {})
            if isinstance(aliases, dict):
                for alias, skill in aliases.items():
                    if isinstance(skill, str) and skill in found:
                        found.setdefault(alias, skill)
            if self._skill_words:
                own = {n.casefold(): n for n in rollables(ch)}
                for word, english in self._skill_words.items():
                    skill = own.get(english.casefold())
                    if skill is not None:
                        found.setdefault(word, skill)
            self._skills[real] = found
        return found

    def every_skill(self, rollables: Rollables) -> dict[str, str]:
        """What any character can roll (aliases included) → the real skill."""
        if self._every_skill is None:
            out: dict[str, str] = {}
            for ch in self.characters:
                out.update(self.skills_of(ch.name, rollables))
            self._every_skill = out
        return self._every_skill

    def places(self) -> dict[str, int]:
        """Each character's name → its place in the campaign."""
        if self._places is None:
            self._places = {c.name: i for i, c in enumerate(self.characters)}
        return self._places
