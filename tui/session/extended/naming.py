"""How the GM names an extended check: by name (prefix or fuzzy), or the one selected with
``/ext use NAME``; and the ``/ext`` usage shown when a name or a setting is missing.

Cheap (no AGE rules): the commands, the roll hooks and the counting all need it.
"""

from __future__ import annotations

from tui.language import _
from tui.session.campaign.model import Campaign, ExtendedCheck
from tui.session.entry.entry import EntryError
from tui.session.entry.names import NameError_, match_prefix_words

__all__ = ["ACTIVE", "OPT_OUT", "USAGE", "match_check", "selected"]

OPT_OUT = frozenset({"none", "off", "-"})
ACTIVE = "active_check"
USAGE = (
    '/ext NAME threshold=N|easy…very-hard time=30m [per=10m] [tn=N] [every=N] [minor="…"] '
    '[major="…"] [serious="…"] [skills="…"] · /ext NAME race="A vs B" '
    "threshold=N [time=…] · /ext use NAME|none · /ext drop NAME"
)


def selected(campaign: Campaign) -> ExtendedCheck | None:
    """The check chosen with ``/ext use NAME``, if it still exists."""
    name = campaign.options.get(ACTIVE)
    if not isinstance(name, str) or not name:
        return None
    try:
        return campaign.check(name)
    except KeyError:
        return None


def match_check(campaign: Campaign, typed: str) -> ExtendedCheck:
    """The check called ``typed`` (prefix or fuzzy match), or an EntryError naming the choice."""
    names = [c.name for c in campaign.checks]
    if not names:
        raise EntryError(
            _("no extended check called {typed!r}: there are none (create one: /ext)").format(
                typed=typed
            )
        )
    try:
        found = match_prefix_words([typed], names, what="extended check")
    except NameError_ as exc:
        raise EntryError(
            _("{exc} (checks: {names})").format(exc=exc, names=", ".join(names))
        ) from None
    return campaign.check(found.name)
