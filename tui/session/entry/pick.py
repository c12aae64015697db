"""The characters a command's leading words name: :func:`pick_character` and
:func:`pick_characters`, through whatever names characters (the table with its aliases, or
:class:`ByName` for pure use without one)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tui.language import _
from tui.session.campaign.model import Campaign
from tui.session.campaign.session import CommandError
from tui.session.entry.names import Match, match_prefix_words
from tui.session.protocol.context import Named

__all__ = ["ByName", "Matcher", "pick_character", "pick_characters"]


class Matcher(Protocol):
    """What names characters: the table (aliases included) or :class:`ByName`."""

    def match_character(self, words: Sequence[str]) -> Named: ...


@dataclass(frozen=True)
class ByName:
    """Match a campaign's characters by name only (for pure use without a table)."""

    campaign: Campaign

    def match_character(self, words: Sequence[str]) -> Match:
        return match_prefix_words(
            list(words), [c.name for c in self.campaign.characters], what="character"
        )


def pick_character(who: Matcher, words: Sequence[str]) -> tuple[str, list[str]]:
    """The character named by the leading words, and the words left over."""
    found = who.match_character(list(words))
    return found.name, list(words[found.consumed :])


def pick_characters(who: Matcher, words: Sequence[str]) -> list[str]:
    """Every character named by ``words`` in turn (``vic ruth "guard moss"``), no repeats."""
    rest = list(words)
    names: list[str] = []
    while rest:
        name, rest = pick_character(who, rest)
        if name in names:
            raise CommandError(_("{name} is named twice").format(name=name))
        names.append(name)
    return names
