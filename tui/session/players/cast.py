"""Who is hidden from the players, and the stand-in names the players' view gives them."""

from __future__ import annotations

from collections.abc import Iterable

from tui.session.campaign.hidden import HiddenNames, fold
from tui.session.campaign.model import Campaign
from tui.session.campaign.stand_ins import kept_letters, letters

__all__ = ["STAND_IN", "Cast"]

#: The stand-in name of a hidden character: "Unknown A", "Unknown B" …
STAND_IN = "Unknown"


class Cast:
    """The hidden characters of one view: their names, and a stand-in for each.

    The letter is the one the campaign keeps for the character
    (:mod:`tui.session.campaign.stand_ins`); one it keeps none for yet (a save older than the
    kept letters) gets the first free letter on first use, so the letters follow what the
    players see."""

    def __init__(
        self, campaign: Campaign, logged: Iterable[str] = (), *, again: Iterable[str] = ()
    ) -> None:
        shown = {fold(c.name) for c in campaign.characters if not c.gm_only}
        logged = tuple(dict.fromkeys(n for n in logged if n.strip()))
        self._campaign = campaign
        #: names entries recorded hidden that no visible character bears (a hidden character
        #: renamed or removed since): hidden now, as the GM-only characters are
        self._still = tuple(n for n in logged if fold(n) not in shown)
        #: names entries recorded hidden that a visible character bears now: shown since
        self._revealed = frozenset(n for n in logged if fold(n) in shown)
        self.hidden = HiddenNames((campaign,), (*self._still, *again))
        #: names a stand-in must not take (a visible "Unknown A" keeps its own)
        self._taken = shown
        self._kept = {fold(name): letter for name, letter in kept_letters(campaign).items()}
        self._used = set(self._kept.values())  # letters given (a renamed one has two names)
        self._labels: dict[str, str] = {}
        self._past: dict[frozenset[str], Cast] = {}

    def past(self, hidden: Iterable[str]) -> Cast:
        """The cast for an entry made while ``hidden`` (its ``LogEntry.hidden``) were GM-only:
        those of them shown since are hidden again, for that entry alone, with the same
        letters — revealing a character gives it back its name in the state and in what
        comes after, never in its past."""
        again = frozenset(n for n in hidden if n in self._revealed)
        if not again:
            return self
        found = self._past.get(again)
        if found is None:
            found = Cast(self._campaign, self._still, again=again)
            found._labels, found._used = self._labels, self._used  # one letter per character
            self._past[again] = found
        return found

    def is_hidden(self, name: str) -> bool:
        return self.hidden.is_hidden(name)

    def label(self, name: str) -> str:
        """The stand-in for the hidden character ``name`` (its alias works too)."""
        real = self.hidden.who(name)
        found = self._labels.get(real)
        if found is None:
            kept = self._kept.get(fold(real))
            found = f"{STAND_IN} {kept}" if kept else ""
            n = 0
            while not found or fold(found) in self._taken:
                while letters(n) in self._used:
                    n += 1
                self._used.add(letters(n))
                found = f"{STAND_IN} {letters(n)}"
            self._labels[real] = found
        return found

    def redact(self, text: str) -> str:
        """``text`` with every hidden character's name or alias replaced by its stand-in."""
        return self.hidden.replace(text, self.label)
