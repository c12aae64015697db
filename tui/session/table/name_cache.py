"""The names a table looks up on every keystroke, built once per tuple of characters.

The model is immutable, so a new ``characters`` tuple is the only way names change; a
table keeps one :class:`NameCache` and replaces it when the tuple is another object. With
800 characters this turns a walk over every character per key into a dict lookup.
"""

from __future__ import annotations

from tui.session.campaign.model import Character

__all__ = ["NameCache"]


class NameCache:
    """What a name lookup needs for one tuple of characters (the model is immutable: a new
    tuple means a change). Callers get the cached dicts and must not change them."""

    def __init__(self, characters: tuple[Character, ...]) -> None:
        self.characters = characters
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
        self.skills: dict[str, dict[str, str]] = {}
        self.every_skill: dict[str, str] | None = None
        self.places: dict[str, int] | None = None

    def character(self, name: str) -> Character:
        """Like :meth:`Campaign.character` (case-insensitive), from a dict."""
        found = self._by_folded.get(name.casefold())
        if found is None:
            raise KeyError(name)
        return found
