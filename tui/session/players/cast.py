"""Who is hidden from the players, and the stand-in names the players' view gives them."""

from __future__ import annotations

from collections.abc import Iterable
from string import ascii_uppercase

from tui.session.campaign.hidden import HiddenNames, fold
from tui.session.campaign.model import Campaign

__all__ = ["STAND_IN", "Cast"]

#: The stand-in name of a hidden character: "Unknown A", "Unknown B" …
STAND_IN = "Unknown"


def _letters(n: int) -> str:
    """A, B … Z, AA, AB …"""
    out = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        out = ascii_uppercase[r] + out
    return out


class Cast:
    """The hidden characters of one view: their names, and a stand-in for each (given on
    first use, so the letters follow what the players see)."""

    def __init__(self, campaign: Campaign, logged: Iterable[str] = ()) -> None:
        self.hidden = HiddenNames((campaign,), logged)
        self._taken = {fold(c.name) for c in campaign.characters if not c.gm_only}
        self._labels: dict[str, str] = {}

    def is_hidden(self, name: str) -> bool:
        return self.hidden.is_hidden(name)

    def label(self, name: str) -> str:
        """The stand-in for the hidden character ``name`` (its alias works too)."""
        real = self.hidden.who(name)
        found = self._labels.get(real)
        if found is None:
            n = len(self._labels)
            while True:
                found = f"{STAND_IN} {_letters(n)}"
                if fold(found) not in self._taken:
                    break
                n += 1
            self._taken.add(fold(found))
            self._labels[real] = found
        return found

    def redact(self, text: str) -> str:
        """``text`` with every hidden character's name or alias replaced by its stand-in."""
        return self.hidden.replace(text, self.label)
